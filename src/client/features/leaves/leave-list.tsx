/**
 * The leave list (product.md, Screens): 'My Leave Requests' or 'All Leave Requests'. Admins get the
 * Employee ID and Actions columns, with Approve and Reject only on pending requests; each asks first in
 * the decision dialog (a remark, required to reject) and runs through the remark machine and the list refreshes by cache invalidation.
 */
import { LEAVE_STATUSES } from '../../../shared/constants';
import { capitalise } from '../../../shared/format';
import { LoadingLine } from '../../components/loading-line';
import { EMPTY, FALLBACK, PREFIX } from '../../copy';
import { LEAVE_LIST_UI, LEAVE_UI } from './leave-copy';
import { errorMessage } from '../../api/base-api';
import { mutationCall } from '../../flows/from-mutation';
import { useAppDispatch } from '../../app/hooks';
import { Banner } from '../../components/banner';
import { LIST_UI } from '../../components/list-copy';
import { StatusSearchTools, useStatusSearch } from '../../components/status-search-tools';
import { useRemarkAction } from '../../flows/use-remark-action';
import { RemarkDialog } from '../../components/remark-dialog';
import { REMARK_UI } from '../../components/remark-copy';
import type { AreaRole } from '../session/session-machine';
import { leaveRemarkMachine, leaveRemarkRequest } from './leave-decision-machine';
import { LeaveTable } from './leave-table';
import { LeaveCancelDialog, useLeaveCancel } from './leave-cancel-dialog';
import { selectLeavesByEmployee, selectOwnLeaves } from './leave-view';
import { leavesApi, useGetLeavesQuery } from './leaves-api';

const STATUS_OPTIONS = LEAVE_STATUSES.map((status) => ({ value: status, label: capitalise(status) }));

export function LeaveList({ role }: { role: AreaRole }) {
  const isAdmin = role === 'admin';
  const dispatch = useAppDispatch();
  // Fresh on every visit and when the tab regains focus: the other side (admin or employee) may
  // have changed a request from another browser since this cache was filled.
  // The status filter goes to the server (?status=), so older requests of that status beyond the
  // newest LIST_DEFAULT_LIMIT still show; the search runs over the rows in hand (?q= in the address).
  const filter = useStatusSearch(LEAVE_STATUSES);
  const { status } = filter;
  const { data, currentData, error, isLoading, isFetching } = useGetLeavesQuery(status ? { status } : undefined, {
    refetchOnMountOrArgChange: true,
    refetchOnFocus: true,
  });
  // Approve and Reject ask first, in the decision dialog (a remark is required to reject).
  const decision = useRemarkAction(leaveRemarkMachine, mutationCall(leavesApi.endpoints.decideLeave, dispatch));
  // Withdraw, ask to cancel, or cancel approved leave: each asks first, in the cancel dialog.
  const cancel = useLeaveCancel();

  const title = isAdmin ? LEAVE_UI.allTitle : LEAVE_UI.myTitle;
  const leaves = data?.leaves ?? [];
  // Filtered again here: a decision shows at once (optimistic), before the refetch drops the row.
  const shown = (isAdmin ? selectLeavesByEmployee : selectOwnLeaves)(leaves, status, filter.searched);
  // A new status is being fetched: the rows in hand are another status's, so wait for them.
  const loading = isLoading || (isFetching && !currentData);

  return (
    <section className="card card--wide" aria-labelledby="leave-list-title">
      <h2 id="leave-list-title">{title}</h2>
      {error && <Banner tone="error">{PREFIX.fetchLeaves + errorMessage(error, FALLBACK.server)}</Banner>}
      <StatusSearchTools
        idPrefix="leave"
        label={LEAVE_LIST_UI.tools}
        searchLabel={isAdmin ? LIST_UI.searchByEmployee : LEAVE_LIST_UI.searchReason}
        searchHint={isAdmin ? LIST_UI.employeeHint : undefined}
        options={STATUS_OPTIONS}
        filter={filter}
        shown={shown.length}
        total={leaves.length}
        loading={loading}
      />
      {loading ? (
        <LoadingLine>{LEAVE_UI.loading}</LoadingLine>
      ) : data && shown.length === 0 ? (
        <p>{EMPTY.leaves}</p>
      ) : (
        data && (
          <LeaveTable
            leaves={shown}
            isAdmin={isAdmin}
            labelledBy="leave-list-title"
            regionLabel={LIST_UI.tableRegion(title)}
            pendingId={decision.runningId ?? cancel.runningId}
            onDecide={(leave, status) => decision.open(leaveRemarkRequest(leave, status))}
            onCancel={cancel.open}
          />
        )
      )}
      {data?.hasMore && <p className="muted">{LEAVE_UI.truncated(leaves.length)}</p>}
      {decision.asking && <RemarkDialog context={decision.state.context} send={decision.send} copy={REMARK_UI} />}
      {cancel.asking && <LeaveCancelDialog context={cancel.state.context} send={cancel.send} />}
    </section>
  );
}
