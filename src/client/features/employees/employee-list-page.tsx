/**
 * /admin/employees/list (spec section 2): every employee with Edit, Delete and Email Salary Slip.
 * 'Loading Employees...', 'No employees found.', or 'Error fetching employees: ' + msg instead of
 * the table. Row actions run in employeeActionsMachine; the table re-renders from tag invalidation.
 */
import { useState } from 'react';
import { useMachine } from '@xstate/react';
import { fromPromise } from 'xstate';
import { EMPLOYEE_UI, EMPTY, FALLBACK, LOADING, MSG, PREFIX } from '../../../shared/messages';
import type { SalaryEmail } from '../../../shared/schemas/salary';
import { errorMessage } from '../../api/error-message';
import { useAppDispatch } from '../../app/hooks';
import { Banner } from '../../components/banner';
import { LoadingScreen } from '../../components/loading-screen';
import { employeeActionsMachine, type SlipPeriod } from './employee-actions-machine';
import { EmployeeTable } from './employee-table';
import { employeesApi, useGetEmployeesQuery } from './employees-api';

/** Spec: month and year are typed freely; cancelling either prompt cancels the email. */
function askSlipPeriod(): SlipPeriod | null {
  const month = window.prompt(EMPLOYEE_UI.promptMonth);
  if (month === null) return null;
  const year = window.prompt(EMPLOYEE_UI.promptYear);
  return year === null ? null : { month, year };
}

export function EmployeeListPage() {
  const dispatch = useAppDispatch();
  const { data: employees, error, isLoading } = useGetEmployeesQuery();
  const [logic] = useState(() =>
    employeeActionsMachine.provide({
      actors: {
        confirmDelete: fromPromise(async () => window.confirm(MSG.confirmDelete)),
        askSlipPeriod: fromPromise(async () => askSlipPeriod()),
        deleteEmployee: fromPromise<unknown, string>(({ input }) =>
          dispatch(employeesApi.endpoints.deleteEmployee.initiate(input, { track: false })).unwrap(),
        ),
        emailSalarySlip: fromPromise<{ msg?: string }, SalaryEmail>(({ input }) =>
          dispatch(employeesApi.endpoints.emailEmployeeSalarySlip.initiate(input, { track: false })).unwrap(),
        ),
      },
      actions: { alert: (_, { message }) => window.alert(message) },
    }),
  );
  const [state, send] = useMachine(logic);
  const busyWith = state.matches('idle') ? null : state.context.target;

  let body;
  if (isLoading) body = <LoadingScreen text={LOADING.employees} />;
  else if (error) body = <Banner tone="error">{PREFIX.fetchEmployees + errorMessage(error, FALLBACK.fetchEmployees)}</Banner>;
  else if (!employees?.length) body = <p role="status">{EMPTY.employees}</p>;
  else
    body = (
      <EmployeeTable
        employees={employees}
        labelledBy="employee-list-title"
        busyWith={busyWith}
        onDelete={(id) => send({ type: 'DELETE', id })}
        onEmailSlip={(employeeId) => send({ type: 'EMAIL_SLIP', employeeId })}
      />
    );

  return (
    <section className="card card--wide" aria-labelledby="employee-list-title">
      <h2 id="employee-list-title">{EMPLOYEE_UI.listTitle}</h2>
      {body}
    </section>
  );
}
