/**
 * The returned-payments dialog of a paid batch: search the batch's credits, tick those the bank sent
 * back, give the bank's reason, review the people and the amount with what happens next, confirm,
 * and read what happens now. The flow is returned-payments-machine.ts; this view only renders it.
 * Also the payments panel's "owed again" list: the returned payments not re-paid yet, with the way
 * to pay them once.
 */
import { useLayoutEffect, useRef } from 'react';
import { countOf } from '../../../shared/format';
import type { PaymentBatch } from '../../../shared/schemas/payroll-payments';
import { ColumnHeads } from '../../components/column-heads';
import { Dialog } from '../../components/dialog';
import { ScrollTable } from '../../components/scroll-table';
import { Spinner } from '../../components/spinner';
import { TextField } from '../../components/text-field';
import { matchLines, openLines, OTHER_REASON, REASON_MAX, reasonOf, RETURN_REASONS, selectedLines, type ReturnedContext, type ReturnedEvent } from './returned-payments-machine';

const RUPEES = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', maximumFractionDigits: 2 });
const money = (n: number) => RUPEES.format(n);

/** The search shows at most this many credits; the rest are found by searching. */
const SHOWN_MAX = 50;

export const RETURNED_COPY = {
  open: 'Returned payments',
  title: (seq: number) => `Returned payments of batch ${seq}`,
  selectMessage: (b: PaymentBatch) =>
    `Batch ${b.seq} was paid${b.paidOn ? ` on ${b.paidOn}` : ''}${b.bankReference ? ` (${b.bankReference})` : ''}. Tick the people whose payment the bank sent back, and give the bank's reason.`,
  search: 'Find a person',
  searchHint: 'Name, employee ID or the last digits of the account',
  shown: (shown: number, matched: number) => (shown < matched ? `Showing ${shown} of ${countOf(matched, 'credit')}: search to find the others.` : countOf(matched, 'credit')),
  matches: (shown: number, matched: number) => (shown < matched ? `${countOf(matched, 'match', 'matches')}: showing the first ${shown}; type more to narrow them.` : countOf(matched, 'match', 'matches')),
  noMatch: (q: string) => `No credit of this batch matches \u201c${q}\u201d.`,
  tickShown: (n: number, all: boolean) => (all ? `Untick the ${n} shown` : `Tick the ${n} shown`),
  credits: 'Credits of the batch',
  ticked: (n: number, total: number) => (n ? `${countOf(n, 'person', 'people')} ticked, ${money(total)}.` : 'Nobody ticked yet.'),
  already: (n: number) => `${countOf(n, 'payment')} of this batch ${n === 1 ? 'is' : 'are'} marked returned already and not listed.`,
  reason: "Bank's reason",
  choose: 'Choose the reason',
  other: "Other (type the bank's words)",
  otherText: "The bank's words",
  cancel: 'Cancel',
  review: 'Review',
  reviewHeading: 'Check, then mark returned',
  reviewMessage: (n: number, total: number, seq: number) => `Mark ${countOf(n, 'payment')} of batch ${seq} as returned by the bank: ${money(total)}.`,
  reviewReason: (r: string) => `Reason: ${r}`,
  people: 'Payments to mark returned',
  next: 'What happens then',
  nextSteps: (label: string) => [
    `Their ${label} pay is owed again; the batch's file stays as it was, so it is never paid twice.`,
    "Fix each person's bank account or IFSC on their employee record.",
    `Re-run ${label} with a reason, so the payroll uses the new details.`,
    'Make the next bank file: it pays only them, once.',
  ],
  back: 'Back',
  confirm: 'Mark returned',
  doneMessage: (n: number, total: number) => `${countOf(n, 'payment')} marked returned: ${money(total)} owed again.`,
  close: 'Close',
  owedTitle: (n: number) => `Owed again: ${countOf(n, 'returned payment')}`,
  owedText: (label: string, total: number) =>
    `${money(total)} came back from the bank. Fix these people's bank details, re-run ${label} with a reason, then make the next bank file: it pays them once.`,
  owedLine: (seq: number, reason: string) => `batch ${seq}, ${reason}`,
  employee: 'Employee',
  amount: 'Amount',
} as const;

interface DialogProps {
  label: string;
  state: 'selecting' | 'reviewing' | 'submitting' | 'done';
  context: ReturnedContext;
  send: (event: ReturnedEvent) => void;
}

export function ReturnedPaymentsDialog({ label, state, context, send }: DialogProps) {
  const batch = context.batch!;
  const searchRef = useRef<HTMLInputElement>(null);
  const reviewRef = useRef<HTMLHeadingElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);
  // Each step replaces the last one's fields, and the focused control with them: focus moves to the
  // new step (the review's heading, the search again after Back, Close when done), so a keyboard or
  // screen-reader user goes on from there instead of from the top of the page. The dialog itself
  // focuses the search when it opens.
  const lastState = useRef(state);
  useLayoutEffect(() => {
    const was = lastState.current;
    lastState.current = state;
    if (was === state) return;
    if (state === 'reviewing') reviewRef.current?.focus();
    else if (state === 'selecting') searchRef.current?.focus();
    else if (state === 'done') closeRef.current?.focus();
  }, [state]);
  const { lines: ticked, total } = selectedLines(context);
  const close = () => state !== 'submitting' && send({ type: 'CLOSE' });

  let message;
  let body;
  if (state === 'selecting') {
    message = RETURNED_COPY.selectMessage(batch);
    body = <Selecting context={context} send={send} searchRef={searchRef} ticked={ticked.length} total={total} />;
  } else if (state === 'done') {
    message = RETURNED_COPY.doneMessage(ticked.length, total);
    body = (
      <>
        <NextSteps label={label} />
        <div className="dialog__actions">
          <button type="button" className="button" ref={closeRef} onClick={close}>
            {RETURNED_COPY.close}
          </button>
        </div>
      </>
    );
  } else {
    const busy = state === 'submitting';
    message = RETURNED_COPY.reviewMessage(ticked.length, total, batch.seq);
    body = (
      <>
        <h3 className="returned-payments__step" ref={reviewRef} tabIndex={-1}>
          {RETURNED_COPY.reviewHeading}
        </h3>
        <p>{RETURNED_COPY.reviewReason(reasonOf(context))}</p>
        <ScrollTable label={RETURNED_COPY.people} className="returned-payments__scroll" tableClassName="returned-payments__table">
          <ColumnHeads names={[RETURNED_COPY.employee, RETURNED_COPY.amount]} numeric={[RETURNED_COPY.amount]} />
          <tbody>
            {ticked.map((l) => (
              <tr key={l.employeeId}>
                <th scope="row">
                  {l.name} <span className="muted">{l.employeeId}</span>
                  <span className="returned-payments__bank muted">
                    {l.account} · {l.ifsc}
                  </span>
                </th>
                <td className="table__number" data-label={RETURNED_COPY.amount}>
                  {money(l.amount)}
                </td>
              </tr>
            ))}
          </tbody>
        </ScrollTable>
        <NextSteps label={label} />
        {context.error && (
          <p className="form-error" role="alert">
            {context.error}
          </p>
        )}
        <div className="dialog__actions">
          <button type="button" className="button button--secondary" disabled={busy} onClick={() => send({ type: 'BACK' })}>
            {RETURNED_COPY.back}
          </button>
          <button type="button" className="button" disabled={busy} onClick={() => send({ type: 'CONFIRM' })}>
            {busy && <Spinner />} {RETURNED_COPY.confirm}
          </button>
        </div>
      </>
    );
  }
  return (
    <Dialog title={RETURNED_COPY.title(batch.seq)} message={message} initialFocus={state === 'selecting' ? searchRef : undefined} onCancel={close}>
      <div className="returned-payments">{body}</div>
    </Dialog>
  );
}

function NextSteps({ label }: { label: string }) {
  return (
    <div className="returned-payments__next">
      <h3>{RETURNED_COPY.next}</h3>
      <ol>
        {RETURNED_COPY.nextSteps(label).map((s) => (
          <li key={s}>{s}</li>
        ))}
      </ol>
    </div>
  );
}

interface SelectingProps {
  context: ReturnedContext;
  send: (event: ReturnedEvent) => void;
  searchRef: React.RefObject<HTMLInputElement | null>;
  ticked: number;
  total: number;
}

function Selecting({ context, send, searchRef, ticked, total }: SelectingProps) {
  const open = openLines(context.batch);
  const matched = matchLines(open, context.query);
  const shown = matched.slice(0, SHOWN_MAX);
  const shownIds = shown.map((l) => l.employeeId);
  const selected = new Set(context.selected);
  const allShown = shownIds.length > 0 && shownIds.every((e) => selected.has(e));
  const already = context.batch!.lines.length - open.length;
  const searching = context.query.trim() !== '';
  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        send({ type: 'REVIEW' });
      }}
    >
      <TextField
        id="returned-search"
        ref={searchRef}
        type="search"
        label={RETURNED_COPY.search}
        hint={RETURNED_COPY.searchHint}
        autoComplete="off"
        aria-describedby="returned-search-hint returned-search-count"
        value={context.query}
        onChange={(e) => send({ type: 'SEARCH', value: e.target.value })}
      />
      <div className="returned-payments__count">
        {/* Read out as it changes while typing, and with the search field, which it describes. */}
        <p id="returned-search-count" className="muted" role="status">
          {!matched.length ? RETURNED_COPY.noMatch(context.query.trim()) : searching ? RETURNED_COPY.matches(shown.length, matched.length) : RETURNED_COPY.shown(shown.length, matched.length)}
        </p>
        {shown.length > 1 && shown.length === matched.length && context.query.trim() && (
          <button type="button" className="button button--secondary" onClick={() => send({ type: 'TOGGLE_SHOWN', employeeIds: shownIds })}>
            {RETURNED_COPY.tickShown(shown.length, allShown)}
          </button>
        )}
      </div>
      {shown.length > 0 && (
        <ul className="returned-payments__list" aria-label={RETURNED_COPY.credits}>
          {shown.map((l) => (
            <li key={l.employeeId}>
              <label>
                <input type="checkbox" checked={selected.has(l.employeeId)} onChange={() => send({ type: 'TOGGLE', employeeId: l.employeeId })} />
                <span className="returned-payments__who">
                  {l.name} <span className="muted">{l.employeeId}</span>
                </span>
                <span className="returned-payments__account muted">{l.account}</span>
                <span className="returned-payments__amount">{money(l.amount)}</span>
              </label>
            </li>
          ))}
        </ul>
      )}
      {already > 0 && <p className="muted">{RETURNED_COPY.already(already)}</p>}
      <p className="returned-payments__ticked">
        <strong>{RETURNED_COPY.ticked(ticked, total)}</strong>
      </p>
      <div className="field">
        <label htmlFor="returned-reason">{RETURNED_COPY.reason}</label>
        <select id="returned-reason" value={context.reasonChoice} onChange={(e) => send({ type: 'CHOOSE_REASON', value: e.target.value })}>
          <option value="">{RETURNED_COPY.choose}</option>
          {RETURN_REASONS.map((r) => (
            <option key={r} value={r}>
              {r}
            </option>
          ))}
          <option value={OTHER_REASON}>{RETURNED_COPY.other}</option>
        </select>
      </div>
      {context.reasonChoice === OTHER_REASON && (
        <TextField id="returned-reason-text" label={RETURNED_COPY.otherText} maxLength={REASON_MAX} value={context.reasonText} onChange={(e) => send({ type: 'REASON_TEXT', value: e.target.value })} />
      )}
      {context.error && (
        <p className="form-error" role="alert">
          {context.error}
        </p>
      )}
      <div className="dialog__actions">
        <button type="button" className="button button--secondary" onClick={() => send({ type: 'CLOSE' })}>
          {RETURNED_COPY.cancel}
        </button>
        <button type="submit" className="button">
          {RETURNED_COPY.review}
        </button>
      </div>
    </form>
  );
}

/** Returned payments not paid again yet: a returned line with no later re-payment line for the same person. */
function owedAgain(batches: readonly PaymentBatch[]) {
  const sorted = [...batches].sort((a, b) => a.seq - b.seq);
  const owed: { seq: number; line: PaymentBatch['lines'][number] }[] = [];
  for (const [i, b] of sorted.entries()) {
    for (const line of b.lines) {
      if (!line.returned) continue;
      const repaid = sorted.slice(i + 1).some((later) => later.lines.some((l) => l.employeeId === line.employeeId && l.purpose === 'repayment' && !l.returned));
      if (!repaid) owed.push({ seq: b.seq, line });
    }
  }
  return owed;
}

/** The panel's list of returned payments owed again, with the way to pay them once. */
export function OwedAgain({ batches, label }: { batches: readonly PaymentBatch[]; label: string }) {
  const owed = owedAgain(batches);
  if (!owed.length) return null;
  const total = Math.round(owed.reduce((s, o) => s + o.line.amount * 100, 0)) / 100;
  return (
    <div className="returned-payments__owed" role="status">
      <h4>{RETURNED_COPY.owedTitle(owed.length)}</h4>
      <p>{RETURNED_COPY.owedText(label, total)}</p>
      <ul>
        {owed.slice(0, 20).map(({ seq, line }) => (
          <li key={`${seq}-${line.employeeId}`}>
            {line.name} <span className="muted">{line.employeeId}</span>: {money(line.amount)} <span className="muted">({RETURNED_COPY.owedLine(seq, line.returned!.reason)})</span>
          </li>
        ))}
      </ul>
      {owed.length > 20 && <p className="muted">and {owed.length - 20} more</p>}
    </div>
  );
}
