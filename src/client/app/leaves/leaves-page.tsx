/**
 * Leave Management (product.md, Screens) at /admin/leaves and /employee/leaves: employees get the
 * 'Request a Leave' form, then their leave balance, above their own list; admins get every request with the
 * decision buttons, and the links to the other leave screens (Who's off, balances, holidays, types,
 * settings). Attendance corrections and comp-off sit beside them: employees ask below their leave
 * list, admins decide the pending ones above it. In app/, as the dashboards are: it composes three features.
 */
import { PATHS } from '../../config/paths';
import { LeaveAdminNav } from '../../features/leave-policy/leave-admin-nav';
import { LeaveBalanceCard } from '../../features/leave-policy/leave-balance-card';
import type { AreaRole } from '../../features/session/session-machine';
import { LeaveList } from '../../features/leaves/leave-list';
import { LeaveRequestForm } from '../../features/leaves/leave-request-form';
// Last: its styles come after the leave list's, the order every other list screen loads them in.
import { CorrectionsSection } from '../../features/attendance-corrections/corrections-section';
import { CompOffSection } from '../../features/comp-off/comp-off-section';
import { useGetDayRulesQuery } from '../../features/day-rules/day-rules-api';

/** The comp-off requests waiting for an admin, with the company's comp-off rule from the day's rules. */
function AdminCompOff() {
  const rules = useGetDayRulesQuery();
  return <CompOffSection role="admin" rule={rules.data?.compOff} />;
}

export function LeavesPage({ role }: { role: AreaRole }) {
  return (
    <>
      {/* The form first: on a phone the balance card's types are a screen of cards, and the form
          already names each type's balance in its select and under it. */}
      {role === 'employee' && <LeaveRequestForm />}
      {role === 'employee' && <LeaveBalanceCard />}
      {/* Who's off, balances, holidays, leave types and settings: the leave screens beyond the spec's sidebar. */}
      {role === 'admin' && <LeaveAdminNav exclude={PATHS.adminLeaves} />}
      {/* Admins decide pending corrections above the long list of every request; employees ask below their own. */}
      {role === 'admin' && <CorrectionsSection role="admin" />}
      {role === 'admin' && <AdminCompOff />}
      <LeaveList role={role} />
      {role === 'employee' && <CompOffSection role="employee" />}
      {role === 'employee' && <CorrectionsSection role="employee" />}
    </>
  );
}

/** /admin/leaves: all requests, with Approve and Reject on pending ones. */
export const AdminLeavesPage = () => <LeavesPage role="admin" />;

/** /employee/leaves: the request form, the balance and the caller's own requests. */
export const EmployeeLeavesPage = () => <LeavesPage role="employee" />;
