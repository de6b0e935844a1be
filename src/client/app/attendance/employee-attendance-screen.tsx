/**
 * The employee's Attendance screen with the correction request composed in: 'Fix this day' on a row
 * (or on a missed punch-out) opens the attendance corrections' form for that day. Below, the punches of
 * theirs an admin reviewed (held-punches-card.tsx), when there are any.
 */
import { EmployeeAttendancePage, type FixStart } from '../../features/attendance/employee-attendance-page';
import { HeldPunchesCard } from '../../features/attendance/held-punches-card';
import { CorrectionRequestForm } from '../../features/attendance-corrections/correction-request-form';
import '../../features/attendance-corrections/corrections.css';

const fixForm = (start: FixStart) => <CorrectionRequestForm key={start.date} start={start} />;

export function EmployeeAttendanceScreen() {
  return (
    <>
      <EmployeeAttendancePage fixForm={fixForm} />
      <HeldPunchesCard />
    </>
  );
}
