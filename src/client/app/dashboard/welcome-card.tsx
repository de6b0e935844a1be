/**
 * The employee dashboard's welcome card (product.md, Screens): what the portal is for, and the
 * employee's email, employee ID, position and salary from GET /api/employee/current. On a phone,
 * above a child screen (attendance, leave, tasks…), it folds to one line with the name and ID that
 * opens the whole card, so the screen's own heading is in the first screenful; the dashboard home
 * and larger screens keep the spec's card whole.
 */
import { useId, useState } from 'react';
import { formatRupees } from '../../../shared/format';
import { EMPLOYEE_UI, FALLBACK, LOADING, MSG, PREFIX } from '../../copy';
import type { Employee } from '../../../shared/schemas/employee';
import { errorMessage } from '../../api/error-message';
import { Banner } from '../../components/banner';
import { EmailText } from '../../components/email-text';
import { Spinner } from '../../components/spinner';
import { useGetCurrentEmployeeQuery } from '../../api/employee-api';
import { PHONE_QUERY, useMediaQuery } from '../../components/use-media-query';

// A 200 with an empty body (null, {}) is "nothing returned", not an employee without details.
const isEmpty = (data: Employee | null | undefined): boolean =>
  !data || typeof data !== 'object' || Object.keys(data).length === 0;

export function WelcomeCard({ foldOnPhone = false }: { foldOnPhone?: boolean }) {
  const { data, error, isLoading } = useGetCurrentEmployeeQuery();
  const phone = useMediaQuery(PHONE_QUERY);
  const [open, setOpen] = useState(false);
  const foldId = useId();

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

  // Folded from the first paint (the title stands in for the name until it comes), so the child
  // screen below does not jump up when the answer arrives.
  if (foldOnPhone && phone)
    return (
      <section className="card card--wide welcome-card welcome-card--folded" aria-label={EMPLOYEE_UI.welcomeTitle}>
        <button type="button" className="welcome-card__toggle" aria-expanded={open} aria-controls={foldId} onClick={() => setOpen(!open)}>
          {isEmpty(data) ? (
            <span className="welcome-card__who">{EMPLOYEE_UI.welcomeTitle}</span>
          ) : (
            <>
              <span className="welcome-card__who">{data!.name}</span> <span className="muted">{data!.employeeId}</span>
            </>
          )}
        </button>
        <div id={foldId} hidden={!open}>
          <h2 id="welcome-card-title">{EMPLOYEE_UI.welcomeTitle}</h2>
          <p>{EMPLOYEE_UI.welcomeText}</p>
          {details}
        </div>
      </section>
    );

  return (
    <section className="card card--wide welcome-card" aria-labelledby="welcome-card-title">
      <h2 id="welcome-card-title">{EMPLOYEE_UI.welcomeTitle}</h2>
      <p>{EMPLOYEE_UI.welcomeText}</p>
      {details}
    </section>
  );
}
