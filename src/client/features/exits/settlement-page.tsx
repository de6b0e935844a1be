/**
 * The full and final settlement of one leaver (/admin/employees/:id/final-settlement): when it is
 * due, the statement line by line with how gratuity, notice and tax were worked out, the other
 * recoveries of a draft, and the cycle's actions: approve and lock (it is then emailed to the
 * leaver), make its bank file, download the PDF.
 */
import { useRef } from 'react';
import { Link, useParams } from 'react-router-dom';
import { ColumnHeads } from '../../components/column-heads';
import { Banner } from '../../components/banner';
import { Spinner } from '../../components/spinner';
import { StatusBadge } from '../../components/status-badge';
import { TextField } from '../../components/text-field';
import { errorMessage } from '../../api/error-message';
import { useAppDispatch } from '../../app/hooks';
import { PATHS } from '../../config/paths';
import { mutationCall } from '../../flows/from-mutation';
import { useFileDownload } from '../../flows/use-file-download';
import { useFormSubmit } from '../../flows/use-form-submit';
import { useRowAction } from '../../flows/use-row-action';
import type { FinalSettlement } from '../../../shared/schemas/exit';
import { EMPLOYMENT_TYPE_LABELS } from '../../../shared/schemas/employee-statutory';
import { SETTLEMENT_UI as UI } from './exit-copy';
import { recoveriesFormMachine, settlementActionMachine, settlementPdfDownload, type SettlementActionInput } from './exit-machines';
import { exitsApi, useGetSettlementQuery } from './exits-api';
import './exits.css';
import { useFocusFirstInvalid } from '../../flows/use-focus-first-invalid';

const RUPEES = new Intl.NumberFormat('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const money = (n: number) => `₹${RUPEES.format(n)}`;
const tone = { draft: 'info', approved: 'warning', paid: 'success' } as const;

function Recoveries({ id, s }: { id: string; s: FinalSettlement }) {
  const dispatch = useAppDispatch();
  const save = mutationCall(exitsApi.endpoints.saveSettlementDraft, dispatch);
  const form = useFormSubmit(recoveriesFormMachine, { submit: (input, signal) => save(input, signal).then(() => ({})) }, { target: id, values: { otherRecoveries: String(s.otherRecoveries), recoveriesNote: s.recoveriesNote } });
  const ref = useRef<HTMLFormElement>(null);
  useFocusFirstInvalid(ref, form.fieldErrors);
  return (
    <form ref={ref} className="form" onSubmit={form.onSubmit} noValidate aria-labelledby="settlement-recoveries-title">
      <h3 id="settlement-recoveries-title">{UI.recoveriesTitle}</h3>
      <div className="settlement__recoveries">
        <TextField id="settlement-recoveries" label={UI.recoveries} type="number" min={0} step="0.01" inputMode="decimal" value={form.values.otherRecoveries} error={form.fieldErrors.otherRecoveries} onChange={form.change('otherRecoveries')} disabled={!form.editable} />
        <TextField id="settlement-note" label={UI.recoveriesNote} maxLength={200} value={form.values.recoveriesNote} error={form.fieldErrors.recoveriesNote} onChange={form.change('recoveriesNote')} disabled={!form.editable} />
        <button type="submit" className="button button--secondary" disabled={form.submitting}>
          {UI.saveRecoveries}
        </button>
      </div>
      {form.error && (
        <p className="form__error" role="alert">
          {form.error}
        </p>
      )}
    </form>
  );
}

export function SettlementPage() {
  const { id = '' } = useParams();
  const dispatch = useAppDispatch();
  const { data: s, error, isLoading } = useGetSettlementQuery(id);
  const action = useRowAction<SettlementActionInput>(settlementActionMachine, {
    run: async (input, signal) => {
      if (input.action === 'approve') await mutationCall(exitsApi.endpoints.approveSettlement, dispatch)({ id: input.id }, signal);
      else if (input.action === 'batch') await mutationCall(exitsApi.endpoints.makeSettlementBatch, dispatch)({ id: input.id }, signal);
      return { msg: input.action === 'approve' ? UI.approved : UI.batchMade };
    },
  });
  const pdf = useFileDownload(settlementPdfDownload, { fetchFile: exitsApi.endpoints.downloadSettlementPdf, toast: true });
  const busy = action.pending !== null || pdf.busy;
  const run = (kind: SettlementActionInput['action']) => s && action.run({ id, action: kind, name: s.name, amount: money(s.owedByEmployee > 0 ? -s.owedByEmployee : s.payable) });

  return (
    <section className="card card--wide settlement" aria-labelledby="settlement-title">
      <p>
        <Link to={PATHS.adminEditEmployee(id)}>{UI.back}</Link>
      </p>
      <h1 id="settlement-title">
        {UI.title}
        {s ? `: ${s.name} (${s.employeeId})` : ''}
      </h1>
      {error ? (
        <Banner tone="error">{UI.loadFailed + errorMessage(error, '')}</Banner>
      ) : isLoading || !s ? (
        <p role="status">{UI.loading}</p>
      ) : (
        <>
          <p>
            <StatusBadge tone={tone[s.state]}>{UI.state[s.state]}</StatusBadge> {UI.due.before} <span className="settlement__day">{s.dueOn}</span> {UI.due.after} {s.overdue && <span className="settlement__overdue">· {UI.overdue}</span>}
          </p>
          {s.batch && <p>{UI.batchState(s.batch.state, s.batch.paidOn, s.batch.bankReference)}</p>}
          <dl className="settlement__facts">
            <dt>{UI.facts.joined}</dt>
            <dd>{s.joinedOn}</dd>
            <dt>{UI.facts.left}</dt>
            <dd>{s.leftOn}</dd>
            <dt>{UI.facts.exit}</dt>
            <dd>{s.exitKind}</dd>
            <dt>{UI.facts.employment}</dt>
            <dd>{EMPLOYMENT_TYPE_LABELS[s.employmentType as keyof typeof EMPLOYMENT_TYPE_LABELS] ?? s.employmentType}</dd>
            <dt>{UI.facts.service}</dt>
            <dd>{UI.service(s.gratuity.service.years, s.gratuity.service.months, s.gratuity.service.days)}</dd>
          </dl>
          <h2 id="settlement-lines-title">{UI.linesTitle}</h2>
          <div className="table-scroll" tabIndex={0} role="region" aria-labelledby="settlement-lines-title">
            <table className="table">
              <ColumnHeads names={[UI.item, UI.amount]} numeric={[UI.amount]} />
              <tbody>
                {s.lines.map((l, i) => (
                  <tr key={i}>
                    <th scope="row" data-label={UI.item}>
                      {l.label}
                    </th>
                    <td className="table__number" data-label={UI.amount}>
                      {i === 0 && s.lastMonth.paidThroughPayroll ? UI.paidThroughPayroll : RUPEES.format(l.amount)}
                    </td>
                  </tr>
                ))}
                <tr className="settlement__total">
                  <th scope="row" data-label={UI.item}>
                    {s.owedByEmployee > 0 ? UI.owed : UI.payable}
                  </th>
                  <td className="table__number" data-label={UI.amount}>
                    {RUPEES.format(s.owedByEmployee > 0 ? s.owedByEmployee : s.payable)}
                  </td>
                </tr>
              </tbody>
            </table>
          </div>
          <ul className="settlement__notes muted">
            <li>
              <strong>{UI.gratuity}:</strong> {s.gratuity.eligible ? `${UI.gratuityRule(s.gratuity.countedYears, money(s.gratuity.wage))}${s.gratuity.capped ? ' (capped)' : ''}. ${s.gratuity.rule}` : UI.notEligible(s.gratuity.notEligibleBecause ?? '')}
            </li>
            <li>
              <strong>{UI.notice}:</strong> {UI.noticeLine(s.notice.requiredDays, s.notice.servedDays, s.notice.shortfallDays, s.notice.waived ? 'waived' : s.notice.relievedEarly ? 'paid' : 'recovered at monthly gross ÷ 30')}
            </li>
            <li>
              <strong>{UI.tax}:</strong> {UI.taxLine(money(s.tax.taxable), money(s.tax.tds))}
            </li>
          </ul>
          {s.state === 'draft' && <Recoveries id={id} s={s} />}
          <div className="settlement__actions">
            {s.state === 'draft' && (
              <button type="button" className="button" disabled={busy} onClick={() => run('approve')}>
                {UI.approve}
              </button>
            )}
            {s.state === 'approved' && !s.batch && s.payable > 0 && (
              <button type="button" className="button" disabled={busy} onClick={() => run('batch')}>
                {UI.makeBatch}
              </button>
            )}
            <button type="button" className="button button--secondary" disabled={busy} onClick={() => pdf.download({ id, employeeId: s.employeeId })}>
              {pdf.busy && <Spinner />} {UI.pdf}
            </button>
          </div>
        </>
      )}
    </section>
  );
}
