/**
 * Edit Employee (product.md, Screens) at /admin/employees/edit/:id, with the employee's leave balance
 * salary history and exit (with its full and final settlement) below the form, their working hours and
 * their web punch rule: an admin changing someone's record sees what leave they
 * have left. In app/, as the leave screen is: it composes the employees and leave-policy features.
 */
import { useParams } from 'react-router-dom';
import { skipToken } from '@reduxjs/toolkit/query';
import { useGetEmployeeQuery } from '../../api/employee-api';
import { EditEmployeePage } from '../../features/employees/edit-employee-page';
import { EmployeeLeaveBalanceCard } from '../../features/leave-policy/leave-balance-card';
import { SalaryHistoryCard } from '../../features/salary/salary-history-card';
import { ExitCard } from '../../features/exits/exit-card';
import { EmployeePunchRuleSection } from '../../features/day-rules/employee-punch-rule-section';

export function EmployeeEditPage() {
  const { id } = useParams();
  // The same cache entry the form reads: one request serves both.
  const { data } = useGetEmployeeQuery(id ?? skipToken);
  return (
    <>
      <EditEmployeePage />
      {data?.employeeId && id && <EmployeePunchRuleSection id={id} />}
      {data?.employeeId && id && <SalaryHistoryCard id={id} />}
      {data?.employeeId && id && <ExitCard id={id} name={data.name} />}
      {data?.employeeId && <EmployeeLeaveBalanceCard employeeId={data.employeeId} />}
    </>
  );
}
