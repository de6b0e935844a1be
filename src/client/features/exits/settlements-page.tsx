/**
 * Leavers and their settlements: who is leaving or has left, when each settlement is due, its state
 * and amount. The whole list is a screen (/admin/final-settlements); the dashboard shows the overdue
 * ones only.
 */
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { Banner } from '../../components/banner';
import { StatusBadge } from '../../components/status-badge';
import { errorMessage } from '../../api/error-message';
import { PATHS } from '../../config/paths';
import { SETTLEMENT_UI as UI } from './exit-copy';
import { useGetSettlementsQuery } from './exits-api';
import './exits.css';

const RUPEES = new Intl.NumberFormat('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const tone = { 'not-started': 'neutral', 'before-go-live': 'neutral', draft: 'info', approved: 'warning', paid: 'success' } as const;

function SettlementsTable({ which, empty, titleId }: { which: 'open' | 'overdue' | 'all'; empty: string; titleId: string }) {
  const { data, error, isLoading } = useGetSettlementsQuery(which);
  if (error) return <Banner tone="error">{UI.loadFailed + errorMessage(error, '')}</Banner>;
  if (isLoading || !data) return <p role="status">{UI.loading}</p>;
  if (!data.length) return <p>{empty}</p>;
  return (
    <div className="table-scroll" tabIndex={0} role="region" aria-labelledby={titleId}>
      <table className="table settlements__table">
        <thead>
          <tr>
            <th scope="col">{UI.columns.employee}</th>
            <th scope="col">{UI.columns.left}</th>
            <th scope="col">{UI.columns.due}</th>
            <th scope="col">{UI.columns.state}</th>
            <th scope="col" className="table__number">
              {UI.columns.payable}
            </th>
          </tr>
        </thead>
        <tbody>
          {data.map((r) => (
            <tr key={r._id}>
              <th scope="row" data-label={UI.columns.employee}>
                <Link to={PATHS.adminSettlement(r._id)}>
                  {r.name} ({r.employeeId})
                </Link>
              </th>
              <td data-label={UI.columns.left}>
                <span className="settlement__day">{r.leftOn}</span>
              </td>
              <td data-label={UI.columns.due}>
                {/* One piece, so a phone's card keeps the day and its "Overdue" together. */}
                {/* Settled in the old system: no day here is due. */}
                <span>
                  {r.state === 'before-go-live' ? '—' : <span className="settlement__day">{r.dueOn}</span>}
                  {r.overdue && <> <span className="settlement__overdue">· {UI.overdue}</span></>}
                </span>
              </td>
              <td data-label={UI.columns.state}>
                <StatusBadge tone={tone[r.state]}>{UI.state[r.state]}</StatusBadge>
              </td>
              <td className="table__number" data-label={UI.columns.payable}>
                {r.payable === null ? '—' : RUPEES.format(r.payable)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The screen: open settlements, or every one. */
export function SettlementsPage() {
  const [all, setAll] = useState(false);
  return (
    <section className="card card--wide" aria-labelledby="settlements-title">
      <h1 id="settlements-title">{UI.listTitle}</h1>
      <label className="exit-form__choice">
        <input type="checkbox" checked={all} onChange={(e) => setAll(e.target.checked)} />
        {UI.showAll}
      </label>
      <SettlementsTable which={all ? 'all' : 'open'} empty={UI.listEmpty} titleId="settlements-title" />
    </section>
  );
}

/** The dashboard's card: settlements past their due day and not paid; nothing while there are none. */
export function OverdueSettlementsCard() {
  const { data } = useGetSettlementsQuery('overdue');
  if (!data?.length) return null;
  return (
    <section className="card card--wide" aria-labelledby="overdue-settlements-title">
      <h2 id="overdue-settlements-title">{UI.overdueTitle}</h2>
      <SettlementsTable which="overdue" empty={UI.overdueEmpty} titleId="overdue-settlements-title" />
      <p>
        <Link to={PATHS.adminSettlements}>{UI.listTitle}</Link>
      </p>
    </section>
  );
}
