/**
 * The leave list (spec section 2): 'My Leave Requests' or 'All Leave Requests'. Admins get the
 * Employee ID and Actions columns, with Approve and Reject only on pending requests; decisions run
 * through the decision machine and the list refreshes by cache invalidation.
 */
import { EMPTY, FALLBACK, LEAVE_UI, PREFIX } from '../../../shared/messages';
import type { Leave } from '../../../shared/schemas/leave';
import { errorMessage } from '../../api/base-api';
import { cancellable } from '../../api/cancellable';
import { useAppDispatch } from '../../app/hooks';
import { Banner } from '../../components/banner';
import { Spinner } from '../../components/spinner';
import { useRowAction } from '../../flows/use-row-action';
import type { AreaRole } from '../session/session-machine';
import { leaveDecisionMachine } from './leave-decision-machine';
import { LeaveStatusBadge } from './leave-status-badge';
import { leavesApi, useGetLeavesQuery } from './leaves-api';

export function LeaveList({ role }: { role: AreaRole }) {
  const isAdmin = role === 'admin';
  const dispatch = useAppDispatch();
  // Fresh on every visit and when the tab regains focus: the other side (admin or employee) may
  // have changed a request from another browser since this cache was filled.
  const { data, error, isLoading } = useGetLeavesQuery(undefined, { refetchOnMountOrArgChange: true, refetchOnFocus: true });
  const decision = useRowAction(leaveDecisionMachine, {
    run: (input, signal) => cancellable(dispatch(leavesApi.endpoints.decideLeave.initiate(input, { track: false })), signal),
    alert: (message) => window.alert(message),
  });
  const { pending, message } = decision;

  const title = isAdmin ? LEAVE_UI.allTitle : LEAVE_UI.myTitle;
  const leaves = data?.leaves ?? [];

  return (
    <section className="card card--wide" aria-labelledby="leave-list-title">
      <h2 id="leave-list-title">{title}</h2>
      {error && <Banner tone="error">{PREFIX.fetchLeaves + errorMessage(error, FALLBACK.server)}</Banner>}
      {message && <Banner tone="success">{message}</Banner>}
      {isLoading ? (
        <p role="status" className="muted loading-line">
          <Spinner /> {LEAVE_UI.loading}
        </p>
      ) : data && leaves.length === 0 ? (
        <p>{EMPTY.leaves}</p>
      ) : (
        data && (
          <div className="table-scroll">
            <table className="table" aria-labelledby="leave-list-title">
              <thead>
                <tr>
                  {isAdmin && <th scope="col">{LEAVE_UI.employeeId}</th>}
                  <th scope="col">{LEAVE_UI.startDate}</th>
                  <th scope="col">{LEAVE_UI.endDate}</th>
                  <th scope="col">{LEAVE_UI.reason}</th>
                  <th scope="col">{LEAVE_UI.status}</th>
                  {isAdmin && <th scope="col">{LEAVE_UI.actions}</th>}
                </tr>
              </thead>
              <tbody>
                {leaves.map((leave) => (
                  <LeaveRow
                    key={leave._id}
                    leave={leave}
                    isAdmin={isAdmin}
                    busy={pending !== null}
                    deciding={pending?.id === leave._id}
                    onDecide={(status) => decision.run({ id: leave._id, status })}
                  />
                ))}
              </tbody>
            </table>
          </div>
        )
      )}
      {data?.hasMore && <p className="muted">{LEAVE_UI.truncated(leaves.length)}</p>}
    </section>
  );
}

interface LeaveRowProps {
  leave: Leave;
  isAdmin: boolean;
  /** A decision is in flight (on any row): one at a time. */
  busy: boolean;
  /** The decision in flight is this row's. */
  deciding: boolean;
  onDecide: (status: 'approved' | 'rejected') => void;
}

function LeaveRow({ leave, isAdmin, busy, deciding, onDecide }: LeaveRowProps) {
  const { employeeId, startDate, endDate, reason, status } = leave;
  return (
    <tr aria-busy={deciding || undefined}>
      {isAdmin && <td>{employeeId}</td>}
      <td>{startDate}</td>
      <td>{endDate}</td>
      <td>{reason}</td>
      <td>
        <LeaveStatusBadge status={status} />
      </td>
      {isAdmin && (
        <td>
          {status === 'pending' && (
            <div className="button-row">
              <button
                type="button"
                className="button button--small"
                disabled={busy}
                aria-label={LEAVE_UI.approveFor(employeeId, startDate, endDate)}
                onClick={() => onDecide('approved')}
              >
                {LEAVE_UI.approve}
              </button>
              <button
                type="button"
                className="button button--small button--danger"
                disabled={busy}
                aria-label={LEAVE_UI.rejectFor(employeeId, startDate, endDate)}
                onClick={() => onDecide('rejected')}
              >
                {LEAVE_UI.reject}
              </button>
            </div>
          )}
        </td>
      )}
    </tr>
  );
}
