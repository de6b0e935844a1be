/**
 * The employee dashboard's home screen (the /employee index route): the figures and the leave
 * balance under the frame's welcome card. The child screens show the welcome card without them.
 */
import { LeaveBalanceCard } from '../../features/leave-policy/leave-balance-card';
import { EmployeeFigures } from './employee-figures';

export function EmployeeHome() {
  return (
    <>
      <EmployeeFigures />
      <LeaveBalanceCard />
    </>
  );
}
