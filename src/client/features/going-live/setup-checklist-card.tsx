/**
 * The set-up checklist on an empty company's dashboard: each step links to its screen and ticks
 * itself when done (the server computes it from the database). Gone once every step is done.
 */
import { Link } from 'react-router-dom';
import type { SetupStep } from '../../../shared/schemas/setup-checklist';
import { PATHS } from '../../config/paths';
import { GOING_LIVE_UI as UI } from './going-live-copy';
import { useGetSetupChecklistQuery } from './going-live-api';
import './going-live.css';

/** Where each step is done. */
export const STEP_PATHS: Record<SetupStep, string> = {
  profile: PATHS.adminCompany,
  'leave-policy': PATHS.adminLeaveTypes,
  holidays: PATHS.adminHolidays,
  employees: PATHS.adminAddEmployee,
  statutory: PATHS.adminEmployeeList,
  'opening-balances': PATHS.adminGoingLive,
  'first-payroll': PATHS.adminPayrollRegister,
};

export function SetupChecklistCard() {
  const { data } = useGetSetupChecklistQuery();
  if (!data || data.complete) return null;
  const done = data.steps.filter((s) => s.done).length;
  return (
    <section className="card card--wide setup-checklist" aria-labelledby="setup-title">
      <h2 id="setup-title">{UI.checklistTitle}</h2>
      <p>{UI.checklistIntro(done, data.steps.length)}</p>
      <ol>
        {data.steps.map((s) => (
          <li key={s.key} data-done={s.done}>
            <Link to={STEP_PATHS[s.key]}>
              <span className="setup-checklist__mark" aria-hidden="true">
                {s.done ? '✓' : ''}
              </span>
              <span>
                {s.label} <span className="visually-hidden">({s.done ? UI.stepDone : UI.stepToDo})</span>
              </span>
            </Link>
          </li>
        ))}
      </ol>
    </section>
  );
}
