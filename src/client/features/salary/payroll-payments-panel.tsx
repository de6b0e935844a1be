/**
 * The Payroll Register's payments, once a month is approved: every bank file made for it is a batch
 * (its rows, total, SHA-256 and state), downloaded again byte for byte; the next batch pays only what
 * is owed since (a re-run's difference, a returned payment once fixed), and recoveries are listed for
 * HR, never paid. A batch is marked paid with the date and the bank's reference. Where slips wait
 * for payment (payroll settings), the release button emails them and shows them to employees, once.
 */
import { useMachine } from '@xstate/react';
import { useState, type FormEvent } from 'react';
import { countOf, formatCount } from '../../../shared/format';
import type { PaymentBatch } from '../../../shared/schemas/payroll-payments';
import { errorMessage } from '../../api/error-message';
import { useAppDispatch } from '../../app/hooks';
import { Banner } from '../../components/banner';
import { BusyText } from '../../components/busy-text';
import { Dialog } from '../../components/dialog';
import { ScrollTable } from '../../components/scroll-table';
import { Spinner } from '../../components/spinner';
import { StatusBadge } from '../../components/status-badge';
import { TextField } from '../../components/text-field';
import { useToday } from '../../components/use-today';
import { useEffects } from '../../feedback/effects-context';
import { createFileDownloadMachine } from '../../flows/file-download-machine';
import { fromMutation, mutationCall } from '../../flows/from-mutation';
import { useFileDownload } from '../../flows/use-file-download';
import { payrollPaymentsApi, useGetMonthPaymentsQuery, useGetPayrollApprovalQuery } from './payroll-register-api';
import { OwedAgain, RETURNED_COPY, ReturnedPaymentsDialog } from './returned-payments-dialog';
import { returnedPaymentsMachine } from './returned-payments-machine';

const UI = {
  title: 'Payments',
  loading: 'Loading the payments...',
  loadFailed: 'Error loading the payments: ',
  fallback: 'The server did not answer',
  none: 'No bank file has been made for this month yet.',
  owed: (people: number, total: string) => `Owed now: ${countOf(people, 'person', 'people')}, ${total}.`,
  make: (first: boolean) => (first ? 'Make the bank file' : 'Make the next bank file'),
  making: 'Making...',
  made: (b: PaymentBatch) => `Batch ${b.seq} made: ${countOf(b.rows, 'credit')}, ${money(b.total)}.`,
  caption: 'Bank files (payment batches) of this month',
  kind: { salary: 'Salary', difference: 'Difference', repayment: 'Re-payment', settlement: 'Full-and-final settlement' },
  created: 'Not paid yet',
  paid: (on: string, ref: string) => `Paid ${on}, ${ref}`,
  download: 'Download',
  markPaid: 'Mark paid',
  returned: (n: number) => `${countOf(n, 'returned payment')}`,
  leftOut: (n: number) => `${countOf(n, 'person', 'people')} left out`,
  recoveries: 'To recover (paid more than the approved net; not in any bank file)',
  paidTitle: (seq: number) => `Mark batch ${seq} paid`,
  paidMessage: 'The date the bank paid it and its reference (UTR or batch number), as on the bank statement.',
  paidOn: 'Paid on',
  reference: 'Bank reference',
  cancel: 'Cancel',
  save: 'Mark paid',
  release: 'Release slips',
  releasing: 'Releasing...',
  releaseTitle: (label: string) => `Release the slips of ${label}?`,
  releaseMessage: 'Each employee gets their slip by email, once, and can download it from now on. This cannot be undone.',
  releaseHeld: 'Slips are held until you release them.',
  released: (on: string) => `Slips released on ${on}.`,
  failed: 'Error: ',
  /** A batch's file refused: named, since the register screen has other downloads beside it. */
  fileFailed: 'Error downloading the bank file: ',
} as const;

const RUPEES = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', maximumFractionDigits: 2 });
const money = (n: number) => RUPEES.format(n);
const WHEN = new Intl.DateTimeFormat('en-IN', { dateStyle: 'medium' });

const batchFileDownload = createFileDownloadMachine<{ id: string; filename: string }>({
  id: 'paymentBatchFile',
  failure: (error) => UI.fileFailed + errorMessage(error, UI.fallback),
});

export function PayrollPaymentsPanel({ month, label }: { month: string; label: string }) {
  const { currentData: approval } = useGetPayrollApprovalQuery(month, { refetchOnMountOrArgChange: true });
  return approval?.approved ? <Payments month={month} label={label} /> : null;
}

function Payments({ month, label }: { month: string; label: string }) {
  const dispatch = useAppDispatch();
  const effects = useEffects();
  const { currentData: payments, error, isFetching } = useGetMonthPaymentsQuery(month, { refetchOnMountOrArgChange: true });
  const [acting, setBusy] = useState<string | null>(null);
  const file = useFileDownload(batchFileDownload, { fetchFile: payrollPaymentsApi.endpoints.downloadPaymentBatch, toast: true });
  // One thing at a time on this panel: a batch file on its way holds the other buttons too.
  const busy = acting ?? (file.busy ? `file-${file.key}` : null);
  const [paying, setPaying] = useState<PaymentBatch | null>(null);
  const [returnedLogic] = useState(() =>
    returnedPaymentsMachine.provide({
      actors: { markReturned: fromMutation(payrollPaymentsApi.endpoints.markPaymentsReturned, dispatch) },
      actions: { notify: (_, { tone, message }) => effects.toast(tone, message) },
    }),
  );
  const [returnedState, sendReturned] = useMachine(returnedLogic);
  const returnedStep = (['selecting', 'reviewing', 'submitting', 'done'] as const).find((s) => returnedState.matches(s));

  const act = <T,>(key: string, run: () => Promise<T>, done: (value: T) => void) => {
    setBusy(key);
    run()
      .then(done)
      .catch((e: unknown) => effects.toast('error', UI.failed + errorMessage(e, UI.fallback)))
      .finally(() => setBusy(null));
  };
  const signal = () => new AbortController().signal;
  const make = () => act('make', () => mutationCall(payrollPaymentsApi.endpoints.createPaymentBatch, dispatch)(month, signal()), (b) => effects.toast('success', UI.made(b)));
  const release = async () => {
    const yes = await effects.confirm({ title: UI.releaseTitle(label), message: UI.releaseMessage, confirmLabel: UI.release }, signal());
    if (yes) act('release', () => mutationCall(payrollPaymentsApi.endpoints.releasePayrollMonth, dispatch)(month, signal()), (a) => effects.toast('success', a.msg));
  };

  let body;
  if (error) body = <Banner tone="error">{UI.loadFailed + errorMessage(error, UI.fallback)}</Banner>;
  else if (!payments) body = <p className="muted">{isFetching ? UI.loading : ''}</p>;
  else
    body = (
      <>
        {payments.batches.length === 0 && <p className="muted">{UI.none}</p>}
        {payments.batches.length > 0 && (
          <ScrollTable label={UI.caption} tableClassName="table--cards payroll-payments__table">
              <thead>
                <tr>
                  <th scope="col">Batch</th>
                  <th scope="col" className="table__number">
                    Credits
                  </th>
                  <th scope="col" className="table__number">
                    Total
                  </th>
                  <th scope="col">State</th>
                  <th scope="col">
                    <span className="visually-hidden">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {payments.batches.map((b) => (
                  <tr key={b._id}>
                    <th scope="row">
                      {b.seq}. {UI.kind[b.kind]} <span className="muted payroll-payments__hash" title={`SHA-256 ${b.sha256}`}>SHA-256 {b.sha256.slice(0, 12)}…</span>
                      {b.leftOut.length > 0 && <span className="muted"> · {UI.leftOut(b.leftOut.length)}</span>}
                      {b.returned > 0 && <span className="muted"> · {UI.returned(b.returned)}</span>}
                    </th>
                    <td className="table__number" data-label="Credits">
                      {formatCount(b.rows)}
                    </td>
                    <td className="table__number" data-label="Total">
                      {money(b.total)}
                    </td>
                    <td data-label="State">
                      {b.state === 'paid' ? <StatusBadge tone="success">{UI.paid(b.paidOn ?? '', b.bankReference ?? '')}</StatusBadge> : <StatusBadge tone="warning">{UI.created}</StatusBadge>}
                    </td>
                    <td className="payroll-payments__actions">
                      <button type="button" className="button button--secondary" disabled={busy !== null} onClick={() => file.download({ id: b._id, filename: b.filename }, b._id)}>
                        {busy === `file-${b._id}` && <Spinner />} {UI.download} <span className="visually-hidden">batch {b.seq}</span>
                      </button>
                      {b.state === 'paid' && b.lines.some((l) => !l.returned) && (
                        <button type="button" className="button button--secondary" disabled={busy !== null} onClick={() => sendReturned({ type: 'OPEN', batch: b, month })}>
                          {RETURNED_COPY.open} <span className="visually-hidden">of batch {b.seq}</span>
                        </button>
                      )}
                      {b.state === 'created' && (
                        <button type="button" className="button" disabled={busy !== null} onClick={() => setPaying(b)}>
                          {UI.markPaid} <span className="visually-hidden">batch {b.seq}</span>
                        </button>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
          </ScrollTable>
        )}
        <OwedAgain batches={payments.batches} label={label} />
        {payments.owed.people > 0 && (
          <p className="payroll-payments__owed">
            {UI.owed(payments.owed.people, money(payments.owed.total))}{' '}
            <button type="button" className="button" disabled={busy !== null} onClick={make}>
              <BusyText busy={busy === 'make'} busyText={UI.making}>
                {UI.make(payments.batches.length === 0)}
              </BusyText>
            </button>
          </p>
        )}
        {payments.recoveries.length > 0 && (
          <>
            <h4>{UI.recoveries}</h4>
            <ul>
              {payments.recoveries.map((r) => (
                <li key={r.employeeId}>
                  {r.name} <span className="muted">{r.employeeId}</span>: {money(r.amount)}
                </li>
              ))}
            </ul>
          </>
        )}
        {payments.release.mode === 'release' && (
          <div className="payroll-payments__release">
            {payments.release.releasedAt ? (
              <p>
                <StatusBadge tone="success">{UI.released(WHEN.format(new Date(payments.release.releasedAt)))}</StatusBadge>
              </p>
            ) : (
              <>
                <p id="payroll-release-note" className={payments.release.blockedBy ? 'muted' : undefined}>
                  {payments.release.blockedBy ?? UI.releaseHeld}
                </p>
                <button type="button" className="button" aria-describedby="payroll-release-note" disabled={!payments.release.canRelease || busy !== null} onClick={() => void release()}>
                  <BusyText busy={busy === 'release'} busyText={UI.releasing}>
                    {UI.release}
                  </BusyText>
                </button>
              </>
            )}
          </div>
        )}
      </>
    );

  return (
    <section className="payroll-payments" aria-labelledby="payroll-payments-title">
      <h3 id="payroll-payments-title">{UI.title}</h3>
      {body}
      {paying && <MarkPaidDialog batch={paying} month={month} onClose={() => setPaying(null)} />}
      {returnedStep && <ReturnedPaymentsDialog label={label} state={returnedStep} context={returnedState.context} send={sendReturned} />}
    </section>
  );
}

function MarkPaidDialog({ batch, month, onClose }: { batch: PaymentBatch; month: string; onClose: () => void }) {
  const dispatch = useAppDispatch();
  const effects = useEffects();
  const today = useToday();
  const [paidOn, setPaidOn] = useState(today);
  const [reference, setReference] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!reference.trim()) return setError('Give the bank reference (UTR or batch number)');
    setBusy(true);
    mutationCall(payrollPaymentsApi.endpoints.markBatchPaid, dispatch)({ id: batch._id, month, paidOn, bankReference: reference.trim() }, new AbortController().signal)
      .then((b) => {
        effects.toast('success', `Batch ${b.seq} marked paid on ${b.paidOn}`);
        onClose();
      })
      .catch((e: unknown) => setError(errorMessage(e, UI.fallback)))
      .finally(() => setBusy(false));
  };
  return (
    <Dialog title={UI.paidTitle(batch.seq)} message={UI.paidMessage} onCancel={() => !busy && onClose()}>
      <form onSubmit={submit} noValidate>
        <TextField id="batch-paid-on" label={UI.paidOn} type="date" required max={today} value={paidOn} onChange={(e) => setPaidOn(e.target.value)} />
        <TextField
          id="batch-reference"
          label={UI.reference}
          required
          maxLength={60}
          aria-invalid={error ? true : undefined}
          aria-errormessage={error ? 'batch-paid-error' : undefined}
          value={reference}
          onChange={(e) => (setReference(e.target.value), setError(null))}
        />
        {error && (
          <p id="batch-paid-error" className="form-error" role="alert">
            {error}
          </p>
        )}
        <div className="dialog__actions">
          <button type="button" className="button button--secondary" disabled={busy} onClick={onClose}>
            {UI.cancel}
          </button>
          <button type="submit" className="button" disabled={busy}>
            {busy && <Spinner />} {UI.save}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
