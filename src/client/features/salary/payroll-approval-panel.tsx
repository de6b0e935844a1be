/**
 * The Payroll Register's approval state and actions: a draft preview offers "Approve and send slips"
 * (after an in-app confirm); an approved month says when and by whom, how many re-runs it has had,
 * links to its slip run, and offers "Re-run with reason" in a dialog with a labelled reason field.
 * The flow is payroll-approval-machine.ts; this view only renders it.
 */
import { countOf } from '../../../shared/format';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { useMachine } from '@xstate/react';
import { fromPromise } from 'xstate';
import { RERUN_REASON_MAX, type PayrollApprovalState } from '../../../shared/schemas/payroll-approval';
import { errorMessage } from '../../api/error-message';
import { useAppDispatch } from '../../app/hooks';
import { BusyText } from '../../components/busy-text';
import { ColumnHeads } from '../../components/column-heads';
import { Banner } from '../../components/banner';
import { Dialog } from '../../components/dialog';
import { ScrollTable } from '../../components/scroll-table';
import { Spinner } from '../../components/spinner';
import { StatusBadge } from '../../components/status-badge';
import { TextAreaField } from '../../components/text-field';
import { PATHS } from '../../config/paths';
import { useEffects } from '../../feedback/effects-context';
import { fromMutation } from '../../flows/from-mutation';
import type { ConfirmQuestion } from '../../flows/row-action-machine';
import { payrollApprovalMachine } from './payroll-approval-machine';
import { payrollRegisterApi, useGetPayrollApprovalQuery, useGetRerunPreviewQuery, type ApprovalOverride } from './payroll-register-api';
import type { RerunPreview } from '../../../shared/schemas/payroll-payments';

const UI = {
  title: 'Approval',
  checking: 'Checking whether this month is approved...',
  loadFailed: 'Error loading the approval state: ',
  loadFallback: 'Failed to load the approval state',
  draft: 'Draft preview',
  draftText: 'Not approved yet: nothing is stored or sent. Check the figures and warnings below, then approve to lock the month and email every slip.',
  approved: 'Approved',
  approvedText: (at: string, by: string | null) => `Approved on ${at}${by ? ` by ${by}` : ''}. The month is locked.`,
  reruns: (n: number) => (n === 0 ? 'No re-runs.' : `${countOf(n, 're-run')}.`),
  asApproved: (at: string, rerunAt: string | null) =>
    `Figures as approved on ${at}${rerunAt ? `, updated by the re-run on ${rerunAt}` : ''}. A re-run computes them again from today\u2019s data, stores them and emails only the slips that changed.`,
  lastRerun: (at: string, by: string | null, reason: string) => `Last re-run on ${at}${by ? ` by ${by}` : ''}: \u201c${reason}\u201d`,
  followRun: 'Follow the slips on Payroll Run',
  approve: 'Approve and send slips',
  approving: 'Approving...',
  nothingToApprove: 'No employees are paid this month: there is nothing to approve.',
  rerun: 'Re-run with reason',
  rerunning: 'Re-running...',
  dialogTitle: (label: string) => `Re-run ${label}`,
  dialogMessage: 'The slips are computed again from today\u2019s data. These are the slips that change; only their employees are emailed. The reason is kept in the audit log.',
  previewLoading: 'Finding the slips that change...',
  previewFailed: 'Error finding the slips that change: ',
  previewNone: 'No slip changes: a re-run now stores and sends nothing new.',
  nothingToRerun: 'Nothing to re-run: no slip would change and no bank details need bringing up to date. Change the data first (attendance, leave, a correction, a revision), then re-run.',
  refreshOnly: (n: number) =>
    `${countOf(n, 'person', 'people')}’s bank or identity details changed since approval: a re-run puts the new details in the files and sends no slip.`,
  submitRefresh: 'Re-run to update bank details',
  close: 'Close',
  previewCaption: (n: number, unchanged: number) => `${countOf(n, 'slip')} will change; ${countOf(unchanged, 'slip')} stay as approved.`,
  previewTable: 'Slips that change',
  keptTitle: 'Kept as approved, so nothing is paid twice.',
  keptPaidIn: (months: readonly string[]) => `difference paid as arrears in ${months.join(', ')}`,
  keptMore: (n: number) => `and ${n} more`,
  keptShow: (n: number) => (n === 1 ? 'Show the person' : `Show the ${n} people`),
  netBefore: 'Net before',
  netAfter: 'Net after',
  notPaid: 'not paid',
  blockingOpen: (n: number) => `${countOf(n, 'blocking warning')} ${n === 1 ? 'is' : 'are'} open: resolve ${n === 1 ? 'it' : 'them'}, or give a reason to approve anyway under Warnings below.`,
  approveHold: 'Approve',
  held: 'Slips held until released',
  released: (at: string) => `Slips released on ${at}.`,
  reason: 'Reason for the re-run',
  reasonHint: `3 to ${RERUN_REASON_MAX} characters, e.g. "Arrears for EMP0042 after a salary revision".`,
  cancel: 'Cancel',
  submit: 'Re-run and send changed slips',
} as const;

const WHEN = new Intl.DateTimeFormat('en-IN', { dateStyle: 'medium', timeStyle: 'short' });
const when = (iso: string) => WHEN.format(new Date(iso));

interface PanelProps {
  month: string;
  label: string;
  /** Employees in the register, once it has loaded (undefined while it loads or failed). */
  employees: number | undefined;
  /** Blocking warnings neither resolved nor given a reason: approval waits for them. */
  blockingOpen?: number;
  /** The reasons given for blocking warnings, by kind, and how many warnings they cover. */
  overrides?: ApprovalOverride[];
  overridden?: number;
}

export function PayrollApprovalPanel({ month, label, employees, blockingOpen = 0, overrides = [], overridden = 0 }: PanelProps) {
  const dispatch = useAppDispatch();
  const effects = useEffects();
  const [logic] = useState(() =>
    payrollApprovalMachine.provide({
      actors: {
        approve: fromMutation(payrollRegisterApi.endpoints.approvePayrollMonth, dispatch),
        rerun: fromMutation(payrollRegisterApi.endpoints.rerunPayrollMonth, dispatch),
        confirm: fromPromise<boolean, ConfirmQuestion>(({ input, signal }) => effects.confirm(input, signal)),
      },
      actions: { notify: (_, { tone, message }) => effects.toast(tone, message) },
    }),
  );
  const [state, send] = useMachine(logic);
  const { currentData: approval, error, isFetching } = useGetPayrollApprovalQuery(month, { refetchOnMountOrArgChange: true });

  let body;
  if (error) body = <Banner tone="error">{UI.loadFailed + errorMessage(error, UI.loadFallback)}</Banner>;
  else if (!approval) body = <p className="muted">{isFetching ? UI.checking : ''}</p>;
  else if (approval.approved) body = <Approved approval={approval} busy={state.matches('rerunning')} onRerun={() => send({ type: 'OPEN_RERUN', month })} />;
  else {
    const busy = state.matches('confirming') || state.matches('approving');
    const hold = approval.slipRelease === 'release';
    body = (
      <>
        <p>
          <StatusBadge tone="warning">{UI.draft}</StatusBadge> {UI.draftText}
        </p>
        {employees === 0 ? (
          <p className="muted">{UI.nothingToApprove}</p>
        ) : (
          <>
            {blockingOpen > 0 && (
              <p className="form-error" id="payroll-approve-blocked">
                {UI.blockingOpen(blockingOpen)}
              </p>
            )}
            <button
              type="button"
              className="button"
              disabled={busy || employees === undefined || blockingOpen > 0}
              aria-describedby={blockingOpen > 0 ? 'payroll-approve-blocked' : undefined}
              onClick={() => employees !== undefined && send({ type: 'APPROVE', month, label, employees, hold, overrides, overridden })}
            >
              <BusyText busy={state.matches('approving')} busyText={UI.approving}>
                {hold ? UI.approveHold : UI.approve}
              </BusyText>
            </button>
          </>
        )}
      </>
    );
  }

  return (
    <section className="payroll-approval" aria-labelledby="payroll-approval-title">
      <h3 id="payroll-approval-title">{UI.title}</h3>
      {body}
      {(state.matches('rerunDialog') || state.matches('rerunning')) && (
        <RerunDialog
          month={month}
          label={label}
          reason={state.context.reason}
          error={state.context.error}
          busy={state.matches('rerunning')}
          onReason={(value) => send({ type: 'REASON', value })}
          onSubmit={(previewHash) => send({ type: 'SUBMIT_RERUN', previewHash })}
          onCancel={() => send({ type: 'CANCEL' })}
        />
      )}
    </section>
  );
}

function Approved({ approval, busy, onRerun }: { approval: PayrollApprovalState; busy: boolean; onRerun: () => void }) {
  const { lastRerun } = approval;
  return (
    <>
      <p>
        <StatusBadge tone="success">{UI.approved}</StatusBadge> {UI.approvedText(when(approval.approvedAt!), approval.approvedBy)} {UI.reruns(approval.reruns)}{' '}
        {approval.slipRelease === 'release' && (approval.releasedAt ? UI.released(when(approval.releasedAt)) : <StatusBadge tone="warning">{UI.held}</StatusBadge>)}
      </p>
      {lastRerun && <p className="muted payroll-approval__rerun">{UI.lastRerun(when(lastRerun.at), lastRerun.by, lastRerun.reason)}</p>}
      <p className="muted">{UI.asApproved(when(approval.approvedAt!), lastRerun ? when(lastRerun.at) : null)}</p>
      <div className="payroll-approval__actions">
        <button type="button" className="button button--secondary" disabled={busy} onClick={onRerun}>
          <BusyText busy={busy} busyText={UI.rerunning}>
            {UI.rerun}
          </BusyText>
        </button>
        {approval.runId && <Link to={`${PATHS.adminPayroll}?run=${encodeURIComponent(approval.runId)}`}>{UI.followRun}</Link>}
      </div>
    </>
  );
}

interface RerunDialogProps {
  month: string;
  label: string;
  reason: string;
  error: string | null;
  busy: boolean;
  onReason: (value: string) => void;
  onSubmit: (previewHash: string | undefined) => void;
  onCancel: () => void;
}

/** Kept slips named in the dialog; the warning counts them all. */
const KEPT_LISTED = 20;

const NET = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', maximumFractionDigits: 2 });

/** The slips a re-run will change, asked for when the dialog opens: the admin confirms with this list in view. */
function RerunPreviewList({ month, preview, error, isFetching }: { month: string; preview: RerunPreview | undefined; error: unknown; isFetching: boolean }) {
  if (error) return <p className="form-error">{UI.previewFailed + errorMessage(error, UI.loadFallback)}</p>;
  if (!preview || isFetching) return <p className="muted">{UI.previewLoading}</p>;
  const kept = preview.warning ? (
    <div className="payroll-rerun__kept" role="status">
      <p>
        <strong>{UI.keptTitle}</strong> {preview.warning}
      </p>
      {preview.kept.length > 0 && (
        <details className="payroll-rerun__kept-list">
          <summary>{UI.keptShow(preview.kept.length)}</summary>
          <ul>
            {preview.kept.slice(0, KEPT_LISTED).map((k) => (
              <li key={k.employeeId}>
                {k.name} <span className="muted">{k.employeeId}</span>: {UI.keptPaidIn(k.paidIn)}
              </li>
            ))}
          </ul>
          {preview.kept.length > KEPT_LISTED && <p className="muted">{UI.keptMore(preview.kept.length - KEPT_LISTED)}</p>}
        </details>
      )}
    </div>
  ) : null;
  if (!preview.changes.length)
    return (
      <>
        {kept}
        <p className="muted">{UI.previewNone}</p>
        {preview.refreshed > 0 && <p>{UI.refreshOnly(preview.refreshed)}</p>}
      </>
    );
  const net = (n: number | null) => (n === null ? UI.notPaid : NET.format(n));
  return (
    <>
      {kept}
      <p id={`rerun-preview-${month}`}>{UI.previewCaption(preview.changes.length, preview.unchanged)}</p>
      <ScrollTable label={UI.previewTable} className="payroll-rerun__scroll" tableClassName="table--cards payroll-rerun__table">
          <ColumnHeads names={['Employee', UI.netBefore, UI.netAfter]} numeric={[UI.netBefore, UI.netAfter]} />
          <tbody>
            {preview.changes.map((c) => (
              <tr key={c.employeeId}>
                <th scope="row">
                  {c.name} <span className="muted">{c.employeeId}</span>
                </th>
                <td className="table__number" data-label={UI.netBefore}>
                  {net(c.netBefore)}
                </td>
                <td className="table__number" data-label={UI.netAfter}>
                  {net(c.netAfter)}
                </td>
              </tr>
            ))}
          </tbody>
      </ScrollTable>
    </>
  );
}

function RerunDialog({ month, label, reason, error, busy, onReason, onSubmit, onCancel }: RerunDialogProps) {
  const { currentData: preview, error: previewError, isFetching } = useGetRerunPreviewQuery(month, { refetchOnMountOrArgChange: true });
  const reasonRef = useRef<HTMLTextAreaElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);
  const ready = preview !== undefined && !isFetching;
  // A re-run that would change nothing is not offered: the dialog says so and only closes.
  const nothing = ready && preview.changes.length === 0 && preview.refreshed === 0;
  useEffect(() => {
    if (nothing) closeRef.current?.focus();
  }, [nothing]);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (ready && !nothing) onSubmit(preview.previewHash);
  };
  return (
    // The reason field has the focus when the dialog opens; the list of changes is above it, in view.
    <Dialog title={UI.dialogTitle(label)} message={UI.dialogMessage} initialFocus={reasonRef} onCancel={() => !busy && onCancel()}>
      <form onSubmit={submit} noValidate>
        <RerunPreviewList month={month} preview={preview} error={previewError} isFetching={isFetching} />
        {nothing ? (
          <>
            <p className="payroll-rerun__nothing" role="status">
              {UI.nothingToRerun}
            </p>
            <div className="dialog__actions">
              <button type="button" className="button" ref={closeRef} onClick={onCancel}>
                {UI.close}
              </button>
            </div>
          </>
        ) : (
          <>
            <div className="payroll-approval__reason">
              <TextAreaField
                id="payroll-rerun-reason"
                ref={reasonRef}
                label={UI.reason}
                hint={UI.reasonHint}
                rows={3}
                maxLength={RERUN_REASON_MAX}
                required
                aria-invalid={error ? true : undefined}
                aria-errormessage={error ? 'payroll-rerun-error' : undefined}
                disabled={busy}
                value={reason}
                onChange={(e) => onReason(e.target.value)}
              />
              {error && (
                <p id="payroll-rerun-error" className="form-error" role="alert">
                  {error}
                </p>
              )}
            </div>
            <div className="dialog__actions">
              <button type="button" className="button button--secondary" disabled={busy} onClick={onCancel}>
                {UI.cancel}
              </button>
              <button type="submit" className="button" disabled={busy || !ready}>
                {busy && <Spinner />} {ready && preview.changes.length === 0 ? UI.submitRefresh : UI.submit}
              </button>
            </div>
          </>
        )}
      </form>
    </Dialog>
  );
}
