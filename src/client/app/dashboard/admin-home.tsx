/**
 * The admin dashboard's home screen (the /admin index route, product.md, Screens): the
 * only admin screen that shows the Attendance Overview in full. Every other admin screen gets the
 * compact live strip from the frame (admin-layout.tsx), which expands to this same overview.
 */
import { AttendanceOverview } from '../../features/attendance/attendance-overview';
import { useToday } from '../../components/use-today';
import { SetupChecklistCard } from '../../features/going-live/setup-checklist-card';
import { AdminFigures } from './admin-figures';
import { OverdueSettlementsCard } from '../../features/exits/settlements-page';

export function AdminHome() {
  const today = useToday();
  return (
    <div className="stack">
      {/* On a company still setting up: what is left, each step linked to its screen. */}
      <SetupChecklistCard />
      {/* The row of dashboard figures, above the overview whose live poll they share. */}
      <AdminFigures />
      <AttendanceOverview date={today} />
      {/* Settlements are due within two working days of leaving: the ones past it are listed here. */}
      <OverdueSettlementsCard />
    </div>
  );
}
