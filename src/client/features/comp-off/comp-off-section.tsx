/**
 * Comp-off beside the leave requests. Employees get their balance, the form to ask for a day off
 * worked (chosen from the days the server lists) and their requests, a pending one with Withdraw
 * behind an in-app question; admins get the requests waiting for a decision, with Approve and Reject
 * behind an in-app question. Lists refresh through cache
 * invalidation; the flows run in their machines, this only renders them.
 */
import type { CompOff, CompOffMine } from '../../../shared/schemas/comp-off';
import { capitalise } from '../../../shared/format';
import { errorMessage } from '../../api/error-message';
import { useAppDispatch } from '../../app/hooks';
import { Banner } from '../../components/banner';
import { DataTable, type DataColumn } from '../../components/data-table';
import { DecisionButtons } from '../../components/decision-buttons';
import { EmployeeRef } from '../../components/employee-ref';
import { LIST_UI } from '../../components/list-copy';
import { LoadingLine } from '../../components/loading-line';
import { RemarkDialog } from '../../components/remark-dialog';
import { StatusBadge, type BadgeTone } from '../../components/status-badge';
import { SubmitButton } from '../../components/submit-button';
import { SubmitForm } from '../../components/submit-form';
import { TextAreaField } from '../../components/text-field';
import { mutationCall } from '../../flows/from-mutation';
import { useFormSubmit } from '../../flows/use-form-submit';
import { useRemarkAction } from '../../flows/use-remark-action';
import { useRowAction } from '../../flows/use-row-action';
import type { AreaRole } from '../session/session-machine';
import { compOffApi, useGetCompOffsQuery, useGetMyCompOffQuery } from './comp-off-api';
import { COMP_OFF_UI as UI } from './comp-off-copy';
import { compOffDecisionMachine, compOffRequestMachine, compOffWithdrawMachine, compOffWithdrawRequest, withdrawCallOf } from './comp-off-machines';
import './comp-off.css';

const FRESH = { refetchOnMountOrArgChange: true, refetchOnFocus: true } as const;

function Loading() {
  return <LoadingLine>{UI.loading}</LoadingLine>;
}

const STATUS_TONE = { approved: 'success', rejected: 'danger', pending: 'warning', withdrawn: 'neutral' } as const satisfies Record<CompOff['status'], BadgeTone>;
const statusBadge = (c: CompOff) => <StatusBadge tone={STATUS_TONE[c.status]}>{capitalise(c.status)}</StatusBadge>;

function RequestForm({ mine }: { mine: CompOffMine }) {
  const dispatch = useAppDispatch();
  const form = useFormSubmit(compOffRequestMachine, { submit: mutationCall(compOffApi.endpoints.requestCompOff, dispatch) });
  const { values, message, error, submitting } = form;
  return (
    <div className="comp-off__form">
      <h3 id="comp-off-request-title">{UI.requestTitle}</h3>
      {error && <Banner tone="error">{error}</Banner>}
      {message && <Banner tone="success">{message}</Banner>}
      {mine.eligible.length === 0 ? (
        <p className="muted">{UI.noDays(mine.expiryDays)}</p>
      ) : (
        <SubmitForm form={form} labelledBy="comp-off-request-title" noValidate>
          <div className="field">
            <label htmlFor="comp-off-day">{UI.day}</label>
            <select id="comp-off-day" required value={values.workDate} onChange={form.change('workDate')}>
              <option value="">{UI.pick}</option>
              {mine.eligible.map((d) => (
                <option key={d.date} value={d.date}>
                  {UI.dayOption(d.date, d.dayOff, d.workedMinutes, d.days)}
                </option>
              ))}
            </select>
          </div>
          <TextAreaField id="comp-off-reason" label={UI.reason} required rows={2} maxLength={500} value={values.reason} onChange={form.change('reason')} />
          <SubmitButton busy={submitting} block={false}>{UI.submit}</SubmitButton>
        </SubmitForm>
      )}
    </div>
  );
}

/** The employee's own requests; a pending one may be withdrawn after the in-app question. */
function OwnTable({ rows }: { rows: readonly CompOff[] }) {
  const dispatch = useAppDispatch();
  const withdrawCall = mutationCall(compOffApi.endpoints.withdrawCompOff, dispatch);
  const withdraw = useRemarkAction(compOffWithdrawMachine, (call, signal) => withdrawCall(withdrawCallOf(call), signal));
  const busy = withdraw.runningId !== null;
  const columns: DataColumn<CompOff>[] = [
    { id: 'day', header: UI.columns.day, nowrap: true, text: (c) => c.workDate, cell: (c) => c.workDate },
    { id: 'dayOff', header: UI.columns.dayOff, nowrap: true, text: (c) => UI.dayOffText(c.dayOff), cell: (c) => UI.dayOffText(c.dayOff) },
    { id: 'earns', header: UI.columns.earns, nowrap: true, text: (c) => UI.earns(c.days), cell: (c) => UI.earns(c.days) },
    { id: 'lastDay', header: UI.columns.lastDay, nowrap: true, text: (c) => c.expiresOn ?? '–', cell: (c) => c.expiresOn ?? '–' },
    { id: 'reason', header: UI.columns.reason, clamp: true, clampOnCards: true, text: (c) => c.reason, cell: (c) => c.reason },
    { id: 'status', header: UI.columns.status, widthEm: { min: 6.5 }, cell: statusBadge },
    {
      id: 'actions',
      header: UI.columns.actions,
      widthEm: { min: 6.5 },
      cell: (c) =>
        c.status === 'pending' && (
          <button type="button" className="button button--small button--secondary" disabled={busy} aria-label={UI.withdrawFor(c.workDate)} onClick={() => withdraw.open(compOffWithdrawRequest(c))}>
            {UI.withdraw}
          </button>
        ),
    },
  ];
  return (
    <>
      <DataTable
        rows={rows}
        columns={columns}
        rowKey={(c) => c._id}
        labelledBy="own-comp-off-title"
        regionLabel={LIST_UI.tableRegion(UI.myTitle)}
        virtualizeAbove={200}
        busy={busy}
        rowBusy={(c) => c._id === withdraw.runningId}
      />
      {withdraw.asking && <RemarkDialog context={withdraw.state.context} send={withdraw.send} copy={UI.withdrawDialog} remarkRequired={() => false} danger={() => true} />}
    </>
  );
}

function EmployeeCompOff() {
  const query = useGetMyCompOffQuery(undefined, FRESH);
  const mine = query.data;
  return (
    <section className="card card--wide comp-off" aria-labelledby="comp-off-title">
      <h2 id="comp-off-title">{UI.title}</h2>
      {query.error !== undefined && <Banner tone="error">{UI.loadFailed + errorMessage(query.error, UI.fallback)}</Banner>}
      {query.isLoading || !mine ? (
        !query.error && <Loading />
      ) : (
        <>
          {mine.enabled ? <p className="muted">{UI.intro(mine.expiryDays)}</p> : <p className="muted">{UI.off}</p>}
          {(mine.enabled || mine.balance.earned > 0) && (
            <p className="comp-off__balance">{UI.balance(mine.balance.available, mine.balance.earned, mine.balance.taken + mine.balance.pending, mine.balance.expired)}</p>
          )}
          {mine.enabled && <RequestForm mine={mine} />}
          <h3 id="own-comp-off-title">{UI.myTitle}</h3>
          {mine.requests.length === 0 ? <p className="muted">{UI.emptyOwn}</p> : <OwnTable rows={mine.requests} />}
        </>
      )}
    </section>
  );
}

/** The company's comp-off rule, as the admin's list needs it (read by the page from the day's rules). */
export interface CompOffRule {
  enabled: boolean;
  expiryDays: number;
}

/** Admins: the requests waiting for a decision. */
function PendingCompOff({ rule }: { rule: CompOffRule | undefined }) {
  const dispatch = useAppDispatch();
  const query = useGetCompOffsQuery({ status: 'pending' }, FRESH);
  const decision = useRowAction(compOffDecisionMachine, { run: mutationCall(compOffApi.endpoints.decideCompOff, dispatch) });
  const busy = Boolean(decision.pending);
  // The expiry the question names: the rules' (the server sets the last day on approval).
  const expiry = rule?.expiryDays ?? 90;
  const columns: DataColumn<CompOff>[] = [
    { id: 'employee', header: UI.columns.employee, clamp: true, text: (c) => `${c.employeeId} ${c.name}`, cell: (c) => <EmployeeRef employeeId={c.employeeId} name={c.name} /> },
    { id: 'day', header: UI.columns.day, nowrap: true, text: (c) => c.workDate, cell: (c) => c.workDate },
    { id: 'dayOff', header: UI.columns.dayOff, nowrap: true, text: (c) => UI.dayOffText(c.dayOff), cell: (c) => UI.dayOffText(c.dayOff) },
    { id: 'earns', header: UI.columns.earns, nowrap: true, text: (c) => UI.earns(c.days), cell: (c) => UI.earns(c.days) },
    { id: 'reason', header: UI.columns.reason, clamp: true, clampOnCards: true, text: (c) => c.reason, cell: (c) => c.reason },
    {
      id: 'actions',
      header: UI.columns.actions,
      widthEm: { min: 6.5, pref: 11.5 },
      cell: (c) =>
        c.status === 'pending' && (
          <DecisionButtons
            className="comp-off__actions"
            busy={busy}
            labels={UI}
            names={{ approved: UI.approveFor(c.name, c.workDate), rejected: UI.rejectFor(c.name, c.workDate) }}
            onDecide={(status) => decision.run({ id: c._id, status, name: c.name, workDate: c.workDate, days: c.days, expiryDays: expiry })}
          />
        ),
    },
  ];
  // A company without comp-off sees no empty card for it.
  if (!rule?.enabled && !query.data?.length) return null;
  return (
    <section className="card card--wide comp-off" aria-labelledby="pending-comp-off-title">
      <h2 id="pending-comp-off-title">{UI.pendingTitle}</h2>
      {query.error !== undefined && <Banner tone="error">{UI.loadFailed + errorMessage(query.error, UI.fallback)}</Banner>}
      {query.isLoading ? (
        <Loading />
      ) : query.data && query.data.length === 0 ? (
        <p className="muted">{UI.emptyPending}</p>
      ) : (
        query.data && (
          <DataTable
            rows={query.data}
            columns={columns}
            rowKey={(c) => c._id}
            labelledBy="pending-comp-off-title"
            regionLabel={LIST_UI.tableRegion(UI.pendingTitle)}
            virtualizeAbove={200}
            busy={busy}
            rowBusy={(c) => c._id === decision.pending?.id}
          />
        )
      )}
    </section>
  );
}

/** `rule`: the admin's list only, the company's comp-off rule (the expiry its question names; hidden while off and empty). */
export function CompOffSection({ role, rule }: { role: AreaRole; rule?: CompOffRule }) {
  return role === 'admin' ? <PendingCompOff rule={rule} /> : <EmployeeCompOff />;
}
