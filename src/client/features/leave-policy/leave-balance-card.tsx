/**
 * One person's balance of each leave type: the employee's own (their dashboard home and beside the
 * form that spends it, /employee/leaves) and, for an admin, the employee being edited.
 */
import { Banner } from '../../components/banner';
import { errorMessage } from '../../api/error-message';
import { LEAVE_BALANCE_UI as UI } from './leave-balance-copy';
import { availableText, formatDays } from './leave-balance-report';
import { useGetOwnLeaveBalancesQuery } from '../../api/leave-calendar-api';
import type { EmployeeBalances } from '../../../shared/schemas/leave-policy';
import { useGetEmployeeLeaveBalancesQuery } from './leave-policy-api';
import './leave-balance.css';

/** The caller's own balances (employee). */
export function LeaveBalanceCard() {
  const { data, error, isLoading } = useGetOwnLeaveBalancesQuery();
  return <BalanceCard title={UI.ownTitle} loadFailed={UI.loadFailed} data={data} error={error} isLoading={isLoading} />;
}

/** An employee's balances, for the admin editing them (employeeId: EMP0001). */
export function EmployeeLeaveBalanceCard({ employeeId }: { employeeId: string }) {
  const { data, error, isLoading } = useGetEmployeeLeaveBalancesQuery(employeeId);
  return <BalanceCard title={UI.employeeTitle} loadFailed={UI.employeeLoadFailed} data={data} error={error} isLoading={isLoading} />;
}

interface BalanceCardProps {
  title: string;
  loadFailed: string;
  data?: EmployeeBalances;
  error?: unknown;
  isLoading: boolean;
}

function BalanceCard({ title, loadFailed, data, error, isLoading }: BalanceCardProps) {
  const year = data?.balances[0]?.year;

  return (
    <section className="card card--wide" aria-labelledby="leave-balance-title">
      <h2 id="leave-balance-title">{title}</h2>
      {error ? (
        <Banner tone="error">{loadFailed + errorMessage(error, '')}</Banner>
      ) : isLoading ? (
        <p role="status">{UI.loading}</p>
      ) : !data?.balances.length ? (
        <p>{UI.none}</p>
      ) : (
        <>
          {year && <p className="muted">{UI.yearNote(year)}</p>}
          {/* Focusable, so a keyboard can scroll the columns when they overflow (many or long types). */}
          <div className="table-scroll" tabIndex={0} role="region" aria-label={`${title} (scrolls)`}>
            <table className="table balance-table" aria-labelledby="leave-balance-title">
              <thead>
                <tr>
                  <th scope="col">{UI.columnType}</th>
                  <th scope="col" className="table__number">{UI.columnAvailable}</th>
                  <th scope="col" className="table__number">{UI.columnAccrued}</th>
                  <th scope="col" className="table__number">{UI.columnCarried}</th>
                  <th scope="col" className="table__number">{UI.columnTaken}</th>
                  <th scope="col" className="table__number">{UI.columnPending}</th>
                </tr>
              </thead>
              <tbody>
                {data.balances.map((b) => (
                  <tr key={b.leaveTypeId}>
                    <th scope="row">
                      {b.leaveType}
                      {!b.paid && <span className="muted"> ({UI.unpaid})</span>}
                    </th>
                    <td className="table__number" data-label={UI.columnAvailable}>
                      <strong>{availableText(b)}</strong>
                    </td>
                    <td className="table__number" data-label={UI.columnAccrued}>{formatDays(b.accrued)}</td>
                    <td className="table__number" data-label={UI.columnCarried}>{formatDays(b.carriedForward)}</td>
                    <td className="table__number" data-label={UI.columnTaken}>{formatDays(b.taken)}</td>
                    <td className="table__number" data-label={UI.columnPending}>{formatDays(b.pending)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
    </section>
  );
}
