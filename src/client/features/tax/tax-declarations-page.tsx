/**
 * Tax Declarations (admin): the verification list of a year's declarations with their proofs (verify,
 * or reject with a note), every employee's regime (switch one, confirmed and audited), and the
 * year's cut-offs. Rendered from the tax flows; the lists refresh through cache invalidation.
 */
import { useEffect, useState } from 'react';
import { LIST_DEFAULT_LIMIT } from '../../../shared/constants';
import { companyToday } from '../../../shared/format';
import { financialYearOf } from '../../../shared/payroll/statutory/financial-year';
import { DECLARATION_STATUSES, type Declaration, type TaxSettings } from '../../../shared/schemas/tax';
import { useAppDispatch } from '../../app/hooks';
import { taxApi, useGetEmployeeTaxYearQuery, useGetTaxDeclarationsQuery, useGetTaxRegimesQuery, useGetTaxSettingsQuery } from '../../api/tax-api';
import { errorMessage } from '../../api/error-message';
import { Banner } from '../../components/banner';
import { Spinner } from '../../components/spinner';
import { StatusBadge } from '../../components/status-badge';
import { SubmitButton } from '../../components/submit-button';
import { SubmitForm } from '../../components/submit-form';
import { TextField } from '../../components/text-field';
import { readRuntimeConfig } from '../../config/runtime-config';
import { useEffects } from '../../feedback/effects-context';
import { mutationCall } from '../../flows/from-mutation';
import { useFormSubmit } from '../../flows/use-form-submit';
import { useRowAction } from '../../flows/use-row-action';
import { STATUS_LABEL, TAX_UI } from './tax-copy';
import { PreviousEmploymentForm } from './previous-employment-form';
import { declarationDetail, FormResult, rupees, STATUS_TONE, useSaveDownload, YearSelect } from './tax-form';
import { checkDecision, decisionMachine, regimeSwitchMachine, settingsInput, settingsMachine } from './tax-machines';
import './tax.css';

const HEADING: Record<Declaration['status'], string> = { declared: 'Waiting for a decision', verified: 'Verified declarations', rejected: 'Rejected declarations' };
const SECTION_SHORT: Record<Declaration['section'], string> = { rent: 'House rent', '80C': '80C', '80CCD1B': 'NPS 80CCD(1B)', '80D-self': '80D self', '80D-parents': '80D parents', '24b': 'Home-loan interest' };

function yearChoices(): string[] {
  const current = financialYearOf(companyToday(readRuntimeConfig().timeZone).slice(0, 7));
  const start = Number(current.slice(0, 4));
  return [start - 1, start, start + 1].map((y) => financialYearOf(`${y}-04`));
}

export function TaxDeclarationsPage() {
  const [years] = useState(yearChoices);
  const [financialYear, setFinancialYear] = useState(years[1]!);
  const [status, setStatus] = useState<Declaration['status']>('declared');
  return (
    <section className="card card--wide tax" aria-labelledby="tax-admin-title">
      <div className="tax__header">
        <h2 id="tax-admin-title">{TAX_UI.adminTitle}</h2>
        <div className="tax__filters">
          <YearSelect id="tax-admin-year" label={TAX_UI.year} value={financialYear} years={years} onChange={setFinancialYear} />
          <div className="field tax__year">
            <label htmlFor="tax-admin-status">{TAX_UI.statusFilter}</label>
            <select id="tax-admin-status" value={status} onChange={(e) => setStatus(e.target.value as Declaration['status'])}>
              {DECLARATION_STATUSES.map((s) => (
                <option key={s} value={s}>
                  {STATUS_LABEL[s]}
                </option>
              ))}
            </select>
          </div>
        </div>
      </div>
      <VerificationList financialYear={financialYear} status={status} />
      <Regimes financialYear={financialYear} />
      <YearFiles financialYear={financialYear} />
      <Settings key={financialYear} financialYear={financialYear} />
    </section>
  );
}

function VerificationList({ financialYear, status }: { financialYear: string; status: Declaration['status'] }) {
  const dispatch = useAppDispatch();
  const effects = useEffects();
  const { data = [], isLoading, error } = useGetTaxDeclarationsQuery({ financialYear, status });
  const [notes, setNotes] = useState<Record<string, string>>({});
  // The amount an admin verifies when less than declared; empty: the whole declared amount.
  const [amounts, setAmounts] = useState<Record<string, string>>({});
  const decide = useRowAction(decisionMachine, { run: (input, signal) => mutationCall(taxApi.endpoints.decideDeclaration, dispatch)(input, signal) });
  const act = (d: Declaration, decision: 'verified' | 'rejected') => {
    const id = d._id;
    const typed = amounts[id]?.replace(/,/g, '').trim();
    const input = { id, status: decision, note: notes[id]?.trim() || undefined, ...(decision === 'verified' && typed ? { amount: Number(typed) } : {}) };
    const problem = checkDecision(input, d.amount);
    if (problem) effects.toast('error', problem);
    else decide.run(input);
  };
  const download = useSaveDownload();

  return (
    <div className="tax__block">
      <h3 id="tax-verify-title">
        {HEADING[status]}, {financialYear}
      </h3>
      {isLoading && <Spinner />}
      {error && <Banner tone="error">{errorMessage(error, TAX_UI.fallback)}</Banner>}
      {!isLoading && !error && data.length === 0 && <p className="tax__empty">{TAX_UI.noneToVerify}</p>}
      {/* The list is cut at the server's default page: say so, and how the rest come up. */}
      {data.length >= LIST_DEFAULT_LIMIT && <p className="field__hint">{TAX_UI.listCut(data.length)}</p>}
      {data.length > 0 && (
        <div className="table-scroll">
          <table className="table tax__table" aria-labelledby="tax-verify-title">
            <thead>
              <tr>
                <th scope="col">{TAX_UI.employee}</th>
                <th scope="col">{TAX_UI.section}</th>
                <th scope="col" className="tax__num">
                  {TAX_UI.amount}
                </th>
                <th scope="col">{TAX_UI.proofs}</th>
                <th scope="col">{TAX_UI.note}</th>
                <th scope="col">
                  <span className="visually-hidden">Decision</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {data.map((d) => (
                <tr key={d._id} aria-busy={decide.pending?.id === d._id}>
                  <td>
                    <strong className="tax__name">{d.name}</strong>
                    <div className="tax__detail">{d.employeeId}</div>
                  </td>
                  <td data-label={TAX_UI.section}>
                    {SECTION_SHORT[d.section]}
                    <div className="tax__detail">{declarationDetail(d, true)}</div>
                    {d.problems.map((p) => (
                      <div key={p} className="tax__problem">
                        {p}
                      </div>
                    ))}
                  </td>
                  <td className="tax__num" data-label={TAX_UI.amount}>
                    {rupees(d.amount)}
                    {d.section === 'rent' && <div className="tax__detail">a month</div>}
                    {status === 'declared' && (
                      <input
                        className="tax__note tax__verified-amount"
                        inputMode="decimal"
                        placeholder={String(d.amount)}
                        aria-label={`${TAX_UI.amountVerified} for ${d.name}, ${SECTION_SHORT[d.section]}`}
                        value={amounts[d._id] ?? ''}
                        onChange={(e) => setAmounts({ ...amounts, [d._id]: e.target.value })}
                      />
                    )}
                    {status === 'verified' && d.verifiedAmount !== null && d.verifiedAmount !== d.amount && <div className="tax__detail">verified {rupees(d.verifiedAmount)}</div>}
                  </td>
                  <td data-label={TAX_UI.proofs}>
                    {d.proofs.length === 0 ? (
                      <span className="tax__detail">None</span>
                    ) : (
                      <ul className="tax__proofs">
                        {d.proofs.map((p) => (
                          <li key={p._id}>
                            <button type="button" className="link-button" onClick={() => void download(taxApi.endpoints.downloadProof, { id: p._id, fileName: p.fileName })}>
                              {p.fileName}
                            </button>
                          </li>
                        ))}
                      </ul>
                    )}
                  </td>
                  <td data-label={TAX_UI.note}>
                    {status === 'declared' ? (
                      <input
                        className="tax__note"
                        aria-label={`${TAX_UI.note} for ${d.name}, ${SECTION_SHORT[d.section]}`}
                        value={notes[d._id] ?? ''}
                        maxLength={500}
                        onChange={(e) => setNotes({ ...notes, [d._id]: e.target.value })}
                      />
                    ) : (
                      <>
                        <StatusBadge tone={STATUS_TONE[d.status]}>{STATUS_LABEL[d.status]}</StatusBadge>
                        {d.note && <div className="tax__detail">{d.note}</div>}
                      </>
                    )}
                  </td>
                  <td className="tax__actions">
                    {status === 'declared' && (
                      <>
                        <button type="button" className="button button--small" disabled={decide.pending !== null} onClick={() => act(d, 'verified')} aria-label={`${TAX_UI.verify} ${d.name}, ${SECTION_SHORT[d.section]}`}>
                          {TAX_UI.verify}
                        </button>
                        <button type="button" className="button button--small button--danger" disabled={decide.pending !== null} onClick={() => act(d, 'rejected')} aria-label={`${TAX_UI.reject} ${d.name}, ${SECTION_SHORT[d.section]}`}>
                          {TAX_UI.reject}
                        </button>
                      </>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}

function Regimes({ financialYear }: { financialYear: string }) {
  const dispatch = useAppDispatch();
  const download = useSaveDownload();
  const { data = [], isLoading } = useGetTaxRegimesQuery(financialYear);
  const change = useRowAction(regimeSwitchMachine, { run: ({ id, regime }, signal) => mutationCall(taxApi.endpoints.changeRegime, dispatch)({ userId: id, financialYear, regime }, signal) });
  const old = data.filter((c) => c.regime === 'old').length;
  // The employee whose earlier employer an admin is entering (a joiner), or null.
  const [earlier, setEarlier] = useState<{ id: string; name: string } | null>(null);
  return (
    <details className="tax__block">
      <summary>
        <h3 className="tax__summary">
          {TAX_UI.regimesTitle}: {old} old, {data.length - old} new
        </h3>
      </summary>
      {isLoading && <Spinner />}
      <div className="table-scroll">
        <table className="table tax__table">
          <thead>
            <tr>
              <th scope="col">{TAX_UI.employee}</th>
              <th scope="col">{TAX_UI.regime}</th>
              <th scope="col">{TAX_UI.chosen}</th>
              <th scope="col">
                <span className="visually-hidden">Change, statement</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {data.map((c) => {
              const other = c.regime === 'new' ? 'old' : 'new';
              return (
                <tr key={c._id}>
                  <td>
                    <strong className="tax__name">{c.name}</strong>
                    <div className="tax__detail">{c.employeeId}</div>
                  </td>
                  <td data-label={TAX_UI.regime}>{c.regime === 'new' ? 'New' : 'Old'}</td>
                  <td data-label={TAX_UI.chosen}>{c.chosen ? `${c.chosenAt?.slice(0, 10) ?? ''}${c.chosenByAdmin ? ' (by an admin)' : ''}` : 'Not chosen (new by default)'}</td>
                  <td>
                    <button type="button" className="button button--small button--secondary" disabled={change.pending !== null} onClick={() => change.run({ id: c._id, name: c.name, regime: other })}>
                      {TAX_UI.switchTo(other)}
                    </button>{' '}
                    <button type="button" className="button button--small button--secondary" onClick={() => void download(taxApi.endpoints.downloadTaxStatement, { employeeId: c.employeeId, financialYear })} aria-label={`Statement of ${c.name}`}>
                      Statement
                    </button>{' '}
                    <button type="button" className="button button--small button--secondary" onClick={() => setEarlier({ id: c._id, name: c.name })} aria-label={`${TAX_UI.earlierEmployer} of ${c.name}`}>
                      {TAX_UI.earlierEmployer}
                    </button>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      {earlier && <AdminPreviousEmployment key={`${earlier.id} ${financialYear}`} userId={earlier.id} name={earlier.name} financialYear={financialYear} />}
    </details>
  );
}

/** An admin enters a joiner's earlier employer: the employee's own form, sent to the admin route. */
function AdminPreviousEmployment({ userId, name, financialYear }: { userId: string; name: string; financialYear: string }) {
  const dispatch = useAppDispatch();
  const { data } = useGetEmployeeTaxYearQuery({ userId, financialYear });
  const loaded = !!data;
  // Below a long list: bring the form to the admin who asked for it.
  useEffect(() => {
    if (loaded) document.getElementById('tax-admin-previous')?.scrollIntoView({ block: 'start' });
  }, [loaded]);
  if (!data) return <Spinner />;
  return (
    <div className="tax__subblock" id="tax-admin-previous">
      <PreviousEmploymentForm
        idPrefix="tax-admin-prev"
        title={TAX_UI.previousFor(name, financialYear)}
        year={data}
        note={TAX_UI.previousAdminNote(data.names.previousEmployerForm)}
        submit={(body, signal) => mutationCall(taxApi.endpoints.saveEmployeePreviousEmployment, dispatch)({ ...body, userId }, signal)}
      />
    </div>
  );
}

function YearFiles({ financialYear }: { financialYear: string }) {
  const download = useSaveDownload();
  return (
    <div className="tax__block">
      <h3>Salary annexure {financialYear}</h3>
      <p className="field__hint">One row per employee paid in the year, with the salary details of the year&apos;s last quarterly TDS return, from the approved months.</p>
      <button type="button" className="button button--secondary" onClick={() => void download(taxApi.endpoints.downloadTaxAnnexure, financialYear)}>
        Download salary annexure (CSV)
      </button>
    </div>
  );
}

function Settings({ financialYear }: { financialYear: string }) {
  const { data } = useGetTaxSettingsQuery();
  if (!data) return null;
  return <SettingsForm financialYear={financialYear} settings={data} />;
}

function SettingsForm({ financialYear, settings }: { financialYear: string; settings: TaxSettings }) {
  const dispatch = useAppDispatch();
  const year = settings.years[financialYear];
  const form = useFormSubmit(
    settingsMachine,
    { submit: ({ values, financialYear: fy }, signal) => mutationCall(taxApi.endpoints.saveTaxSettings, dispatch)(settingsInput(values, fy, settings.years), signal) },
    { values: { declaredCounts: settings.declaredUntilProofWindowCloses ? 'yes' : 'no', regimeChoiceCloses: year?.regimeChoiceCloses ?? '', proofWindowCloses: year?.proofWindowCloses ?? '' }, target: financialYear },
  );
  return (
    <div className="tax__block" id="tax-settings">
      <h3 id="tax-settings-title">
        {TAX_UI.settingsTitle}, {financialYear}
      </h3>
      <FormResult form={form} />
      <SubmitForm form={form} labelledBy="tax-settings-title" noValidate>
        <div className="tax__grid">
          <TextField id="tax-cutoff" label={TAX_UI.regimeCutoff} type="date" value={form.values.regimeChoiceCloses} onChange={form.change('regimeChoiceCloses')} />
          <TextField id="tax-proofs-close" label={TAX_UI.proofCloses} type="date" value={form.values.proofWindowCloses} onChange={form.change('proofWindowCloses')} />
        </div>
        <label className="tax__radio">
          <input type="checkbox" checked={form.values.declaredCounts === 'yes'} onChange={(e) => form.setValue('declaredCounts', e.target.checked ? 'yes' : 'no')} />
          {TAX_UI.declaredCounts}
        </label>
        <SubmitButton busy={form.submitting} block={false}>
          {TAX_UI.saveSettings}
        </SubmitButton>
      </SubmitForm>
    </div>
  );
}
