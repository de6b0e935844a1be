/**
 * The employee dashboard's welcome card (product.md, Screens): what the portal is for, and the
 * employee's email, employee ID, position and salary from GET /api/employee/current.
 */
import { formatRupees } from '../../../shared/format';
import { EMPLOYEE_UI, FALLBACK, LOADING, MSG, PREFIX } from '../../copy';
import type { Employee } from '../../../shared/schemas/employee';
import { errorMessage } from '../../api/error-message';
import { Banner } from '../../components/banner';
import { EmailText } from '../../components/email-text';
import { Spinner } from '../../components/spinner';
import { useGetCurrentEmployeeQuery } from '../../api/employee-api';

// A 200 with an empty body (null, {}) is "nothing returned", not an employee without details.
const isEmpty = (data: Employee | null | undefined): boolean =>
  !data || typeof data !== 'object' || Object.keys(data).length === 0;

export function WelcomeCard() {
  const { data, error, isLoading } = useGetCurrentEmployeeQuery();

  let details;
  if (isLoading)
    details = (
      <p role="status">
        <Spinner /> {LOADING.dashboard}
      </p>
    );
  else if (error) details = <Banner tone="error">{PREFIX.fetchProfile + errorMessage(error, FALLBACK.fetchEmployeeData)}</Banner>;
  else if (isEmpty(data)) details = <Banner tone="info">{MSG.noEmployeeData}</Banner>;
  else
    details = (
      <dl className="details">
        <dt>{EMPLOYEE_UI.email}</dt>
        <dd>
          <EmailText email={data!.email} />
        </dd>
        <dt>{EMPLOYEE_UI.employeeId}</dt>
        <dd>{data!.employeeId}</dd>
        <dt>{EMPLOYEE_UI.position}</dt>
        <dd>{data!.position}</dd>
        <dt>{EMPLOYEE_UI.salary}</dt>
        <dd>{typeof data!.salary === 'number' ? formatRupees(data!.salary) : '-'}</dd>
      </dl>
    );

  return (
    <section className="card card--wide welcome-card" aria-labelledby="welcome-card-title">
      <h2 id="welcome-card-title">{EMPLOYEE_UI.welcomeTitle}</h2>
      <p>{EMPLOYEE_UI.welcomeText}</p>
      {details}
    </section>
  );
}
