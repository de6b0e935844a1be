/**
 * My Team (/employee/team), for an employee who manages someone now: the requests waiting for their
 * decision (leave, attendance corrections and comp-off, Approve / Reject asking first in the decision dialog,
 * a remark required to reject), today's attendance of the team, live with the dashboard's 10-second
 * poll, the team's leave requests (approved leave cancelled from there, with a reason; a requester's
 * ask to cancel waits among the requests to decide), who is off (this week or a month), the team's
 * leave balances, and the stand-ins who decide
 * while the manager is away. Everything comes from the team routes, computed by the server from the
 * reporting line at each call; nothing here shows pay.
 */
import { errorMessage } from '../../api/base-api';
import { useAppDispatch } from '../../app/hooks';
import { Banner } from '../../components/banner';
import { DataTable, type DataColumn } from '../../components/data-table';
import { DecisionButtons } from '../../components/decision-buttons';
import { EmployeeRef } from '../../components/employee-ref';
import { LoadingLine } from '../../components/loading-line';
import { FALLBACK } from '../../copy';
import { createRemarkActionMachine, type RemarkRequest } from '../../flows/remark-action-machine';
import { mutationCall } from '../../flows/from-mutation';
import { useRemarkAction } from '../../flows/use-remark-action';
import { formatLocalTime } from '../../../shared/format';
import type { Correction } from '../../../shared/schemas/attendance-correction';
import type { CompOff } from '../../../shared/schemas/comp-off';
import { compOffApi, useGetCompOffsQuery } from '../../features/comp-off/comp-off-api';
import { COMP_OFF_UI } from '../../features/comp-off/comp-off-copy';
import type { Leave } from '../../../shared/schemas/leave';
import type { TeamAttendance } from '../../../shared/schemas/team';
import { correctionsApi } from '../../features/attendance-corrections/corrections-api';
import { CORRECTION_UI } from '../../features/attendance-corrections/corrections-copy';
import { leaveRemarkMachine, leaveRemarkRequest, leaveWhat } from '../../features/leaves/leave-decision-machine';
import { LeaveCancelButton, LeaveCancelDialog, useLeaveCancel } from '../../features/leaves/leave-cancel-dialog';
import { TeamLeaveSection } from './team-leave';
import { leavesApi } from '../../features/leaves/leaves-api';
import { RemarkDialog } from '../../components/remark-dialog';
import { REMARK_UI } from '../../components/remark-copy';
import { useGetTeamAttendanceQuery, useGetTeamCorrectionsQuery, useGetTeamLeavesQuery } from '../../features/team/team-api';
import { TEAM_UI } from '../../features/team/team-copy';
import { TeamBalances } from './team-balances';
import { TeamStandIns } from './team-stand-ins';
import { TeamWhosOff } from './team-whos-off';
import './team.css';

// The admin dashboard's live attendance poll.
const POLL_MS = 10_000;

const correctionRemarkMachine = createRemarkActionMachine({
  id: 'correctionRemark',
  failure: (error) => CORRECTION_UI.decideFailed + errorMessage(error, CORRECTION_UI.fallback),
});

const compOffRemarkMachine = createRemarkActionMachine({
  id: 'compOffRemark',
  failure: (error) => COMP_OFF_UI.decideFailed + errorMessage(error, COMP_OFF_UI.fallback),
});

const KIND_WORD = { leave: TEAM_UI.leaveKind, correction: TEAM_UI.correctionKind, 'comp-off': TEAM_UI.compOffKind, 'cancel-ask': TEAM_UI.cancelAskKind } as const;

/** One row of "Requests to decide": a leave request or a correction, with what the dialog names. */
interface PendingRow {
  key: string;
  /** A leave request, correction or comp-off to decide, or approved leave its requester asks to cancel. */
  kind: 'leave' | 'correction' | 'comp-off' | 'cancel-ask';
  employeeId: string;
  name: string;
  what: string;
  reason: string;
  escalated: boolean;
  request: (status: 'approved' | 'rejected') => RemarkRequest;
  /** The approved leave a cancel-ask row cancels. */
  leave?: Leave;
}

const whoOf = (r: { requester?: { employeeId: string; name: string }; employeeId: string; name: string }) => r.requester ?? { employeeId: r.employeeId, name: r.name };

function pendingRows(leaves: readonly Leave[], corrections: readonly Correction[], compOffs: readonly CompOff[]): PendingRow[] {
  const fromLeaves = leaves
    .filter((l) => l.status === 'pending' && l.canDecide)
    .map((l): PendingRow => {
      const who = whoOf(l);
      const request = leaveRemarkRequest(l, 'approved');
      return { key: `leave-${l._id}`, kind: 'leave', ...who, what: request.what, reason: l.reason, escalated: l.escalated === true, request: (status) => leaveRemarkRequest(l, status) };
    });
  const fromCorrections = corrections
    .filter((c) => c.status === 'pending' && c.canDecide)
    .map((c): PendingRow => {
      const who = whoOf(c);
      const what = `${c.date}, ${c.inTime} to ${c.outTime}`;
      return {
        key: `correction-${c._id}`,
        kind: 'correction',
        ...who,
        what,
        reason: c.reason,
        escalated: false,
        request: (status) => ({ id: c._id, status, who: `${who.name} (${who.employeeId})`, what }),
      };
    });
  // Approved leave whose requester asked to cancel it, and which the caller may cancel.
  const cancelAsks = leaves
    .filter((l) => l.cancelRequested && l.cancelAction === 'cancel')
    .map((l): PendingRow => {
      const who = whoOf(l);
      return {
        key: `cancel-${l._id}`,
        kind: 'cancel-ask',
        ...who,
        what: leaveWhat(l),
        reason: l.cancelRequested?.reason ?? '',
        escalated: false,
        request: (status) => leaveRemarkRequest(l, status),
        leave: l,
      };
    });
  const fromCompOffs = compOffs
    .filter((c) => c.status === 'pending' && c.canDecide)
    .map((c): PendingRow => {
      const what = COMP_OFF_UI.what(c.workDate, c.days);
      return {
        key: `comp-off-${c._id}`,
        kind: 'comp-off',
        employeeId: c.employeeId,
        name: c.name,
        what,
        reason: c.reason,
        escalated: c.escalated === true,
        request: (status) => ({ id: c._id, status, who: `${c.name} (${c.employeeId})`, what }),
      };
    });
  return [...fromLeaves, ...cancelAsks, ...fromCorrections, ...fromCompOffs];
}

export function TeamPage() {
  const dispatch = useAppDispatch();
  const attendance = useGetTeamAttendanceQuery(undefined, { pollingInterval: POLL_MS, skipPollingIfUnfocused: true, refetchOnMountOrArgChange: true });
  const leaves = useGetTeamLeavesQuery(undefined, { refetchOnMountOrArgChange: true, refetchOnFocus: true });
  const corrections = useGetTeamCorrectionsQuery(undefined, { refetchOnMountOrArgChange: true, refetchOnFocus: true });
  const leaveDecision = useRemarkAction(leaveRemarkMachine, mutationCall(leavesApi.endpoints.decideLeave, dispatch));
  const correctionDecision = useRemarkAction(correctionRemarkMachine, mutationCall(correctionsApi.endpoints.decideCorrection, dispatch));
  const cancel = useLeaveCancel();
  const compOffs = useGetCompOffsQuery({ scope: 'team' }, { refetchOnMountOrArgChange: true, refetchOnFocus: true });
  const compOffDecision = useRemarkAction(compOffRemarkMachine, mutationCall(compOffApi.endpoints.decideCompOff, dispatch));
  const decisions = { leave: leaveDecision, correction: correctionDecision, 'comp-off': compOffDecision };

  const rows = pendingRows(leaves.data ?? [], corrections.data ?? [], compOffs.data ?? []);
  const running = (Object.keys(decisions) as (keyof typeof decisions)[]).find((k) => decisions[k].runningId);
  const runningKey = running ? `${running}-${decisions[running].runningId}` : cancel.runningId ? `cancel-${cancel.runningId}` : null;
  const error = attendance.error ?? leaves.error ?? corrections.error ?? compOffs.error;
  const requestsLoading = leaves.isLoading || corrections.isLoading || compOffs.isLoading;

  const pendingColumns: DataColumn<PendingRow>[] = [
    { id: 'employee', header: TEAM_UI.pendingColumns.employee, clamp: true, text: (r) => `${r.employeeId} ${r.name}`, cell: (r) => <EmployeeRef employeeId={r.employeeId} name={r.name} /> },
    {
      id: 'request',
      header: TEAM_UI.pendingColumns.request,
      clamp: true,
      // A leave request names its type; a correction, a comp-off or an ask to cancel says what it is.
      text: (r) => (r.kind === 'leave' ? r.what : `${KIND_WORD[r.kind]}: ${r.what}`),
      cell: (r) => (
        <>
          {r.kind !== 'leave' && <span className="team-kind">{KIND_WORD[r.kind]}: </span>}
          {r.what}
          {r.escalated && <span className="badge badge--warning team-escalated">{TEAM_UI.escalated}</span>}
        </>
      ),
    },
    { id: 'reason', header: TEAM_UI.pendingColumns.reason, clamp: true, clampOnCards: true, text: (r) => r.reason, cell: (r) => r.reason },
    {
      id: 'actions',
      header: TEAM_UI.pendingColumns.actions,
      widthEm: { min: 6.5, pref: 11.5 },
      cell: (r) => {
        if (r.kind === 'cancel-ask') {
          return (
            <div className="button-row team-actions">
              <LeaveCancelButton leave={r.leave!} action="cancel" busy={runningKey !== null} onOpen={cancel.open} />
            </div>
          );
        }
        const decision = decisions[r.kind];
        const kind = KIND_WORD[r.kind];
        const who = `${r.name} (${r.employeeId})`;
        return (
          <DecisionButtons
            className="team-actions"
            busy={runningKey !== null}
            labels={TEAM_UI}
            names={{ approved: TEAM_UI.approveName(kind, who, r.what), rejected: TEAM_UI.rejectName(kind, who, r.what) }}
            onDecide={(status) => decision.open(r.request(status))}
          />
        );
      },
    },
  ];

  return (
    <>
      <section className="card card--wide" aria-labelledby="team-requests-title">
        <h2 id="team-requests-title">{TEAM_UI.pendingTitle}</h2>
        <p className="muted">{TEAM_UI.intro}</p>
        {error && <Banner tone="error">{TEAM_UI.fetchError + errorMessage(error, FALLBACK.server)}</Banner>}
        {requestsLoading ? (
          <LoadingLine>{TEAM_UI.loading}</LoadingLine>
        ) : rows.length === 0 ? (
          <p>{TEAM_UI.noPending}</p>
        ) : (
          <DataTable
            rows={rows}
            columns={pendingColumns}
            rowKey={(r) => r.key}
            labelledBy="team-requests-title"
            regionLabel={TEAM_UI.pendingRegion}
            busy={runningKey !== null}
            rowBusy={(r) => r.key === runningKey}
          />
        )}
      </section>
      <TodaySection data={attendance.data} loading={attendance.isLoading} />
      <TeamLeaveSection leaves={leaves.data} loading={leaves.isLoading} busyId={cancel.runningId} busy={runningKey !== null} onCancel={cancel.open} />
      <TeamWhosOff />
      <TeamBalances />
      <TeamStandIns />
      {leaveDecision.asking && <RemarkDialog context={leaveDecision.state.context} send={leaveDecision.send} copy={REMARK_UI} />}
      {correctionDecision.asking && <RemarkDialog context={correctionDecision.state.context} send={correctionDecision.send} copy={REMARK_UI} />}
      {cancel.asking && <LeaveCancelDialog context={cancel.state.context} send={cancel.send} />}
      {compOffDecision.asking && <RemarkDialog context={compOffDecision.state.context} send={compOffDecision.send} copy={REMARK_UI} />}
    </>
  );
}

type Member = TeamAttendance['members'][number];

function statusText(m: Member): string {
  if (m.onLeave) return TEAM_UI.onLeave;
  return m.status ?? TEAM_UI.notMarked;
}

function TodaySection({ data, loading }: { data: TeamAttendance | undefined; loading: boolean }) {
  const columns: DataColumn<Member>[] = [
    { id: 'employee', header: TEAM_UI.columns.employee, clamp: true, text: (m) => `${m.employeeId} ${m.name}`, cell: (m) => <EmployeeRef employeeId={m.employeeId} name={m.name} /> },
    { id: 'position', header: TEAM_UI.columns.position, clamp: true, text: (m) => m.position, cell: (m) => m.position },
    { id: 'status', header: TEAM_UI.columns.status, nowrap: true, text: statusText, cell: statusText },
    { id: 'in', header: TEAM_UI.columns.punchIn, nowrap: true, text: (m) => formatLocalTime(m.punchIn), cell: (m) => formatLocalTime(m.punchIn) },
    { id: 'out', header: TEAM_UI.columns.punchOut, nowrap: true, text: (m) => formatLocalTime(m.punchOut), cell: (m) => formatLocalTime(m.punchOut) },
  ];
  return (
    <section className="card card--wide" aria-labelledby="team-today-title">
      <h2 id="team-today-title">{data ? TEAM_UI.todayTitle(data.date) : TEAM_UI.todayTitle('…')}</h2>
      {loading ? (
        <LoadingLine>{TEAM_UI.loading}</LoadingLine>
      ) : !data || data.members.length === 0 ? (
        <p>{TEAM_UI.noReports}</p>
      ) : (
        <DataTable rows={data.members} columns={columns} rowKey={(m) => m._id} labelledBy="team-today-title" regionLabel={TEAM_UI.todayRegion} virtualizeAbove={200} />
      )}
    </section>
  );
}
