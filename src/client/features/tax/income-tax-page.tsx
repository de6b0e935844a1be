/**
 * Income Tax (employee): the year's regime, the old regime's declarations with their proofs and
 * status, an earlier employer, and the year's statement. Rendered from the tax flows
 * (tax-machines.ts) and the tax endpoints; the server decides what may change and until when.
 */
import { useState, type ChangeEvent } from 'react';
import { companyToday } from '../../../shared/format';
import { financialYearOf } from '../../../shared/payroll/statutory/financial-year';
import { HRA_CITIES } from '../../../shared/payroll/statutory/tax-declarations';
import { DECLARATION_SECTIONS, type Declaration, type TaxYear } from '../../../shared/schemas/tax';
import { useAppDispatch } from '../../app/hooks';
import { taxApi, useGetOwnTaxYearQuery } from '../../api/tax-api';
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
import { useSessionSelector } from '../session/session-context';
import { checkToken } from '../session/token';
import { CITY_LABEL, STATUS_LABEL, TAX_UI } from './tax-copy';
import { BLANK_DECLARATION, BLANK_PREVIOUS, declarationMachine, previousEmploymentMachine, proofMachine, regimeMachine, type DeclarationValues } from './tax-machines';
import './tax.css';

const rupees = (n: number) => `₹${n.toLocaleString('en-IN', { maximumFractionDigits: 2 })}`;
const longDate = (d: string) => new Date(`${d}T00:00:00Z`).toLocaleDateString('en-IN', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
const TONE = { declared: 'info', verified: 'success', rejected: 'danger' } as const;

/** The year in progress and the next one: what an employee may act on. */
function yearsOpen(): string[] {
  const current = financialYearOf(companyToday(readRuntimeConfig().timeZone).slice(0, 7));
  return [current, financialYearOf(`${Number(current.slice(0, 4)) + 1}-04`)];
}

export function IncomeTaxPage() {
  const [years] = useState(yearsOpen);
  const [financialYear, setFinancialYear] = useState(years[0]!);
  const { data, error, isLoading } = useGetOwnTaxYearQuery(financialYear);
  return (
    <section className="card card--wide tax" aria-labelledby="tax-title">
      <div className="tax__header">
        <h2 id="tax-title">{TAX_UI.title}</h2>
        <div className="field tax__year">
          <label htmlFor="tax-year">{TAX_UI.year}</label>
          <select id="tax-year" value={financialYear} onChange={(e) => setFinancialYear(e.target.value)}>
            {years.map((y) => (
              <option key={y} value={y}>
                {y}
              </option>
            ))}
          </select>
        </div>
      </div>
      {isLoading && <Spinner />}
      {error && <Banner tone="error">{errorMessage(error, TAX_UI.fallback)}</Banner>}
      {/* Keyed by year: each year's forms start from that year's saved values. */}
      {data && <TaxYearView key={data.financialYear} year={data} />}
    </section>
  );
}

function TaxYearView({ year }: { year: TaxYear }) {
  return (
    <>
      <RegimeForm year={year} />
      <Declarations year={year} />
      <PreviousEmployment year={year} />
      <Statement year={year} />
    </>
  );
}

function RegimeForm({ year }: { year: TaxYear }) {
  const dispatch = useAppDispatch();
  const form = useFormSubmit(regimeMachine, { submit: mutationCall(taxApi.endpoints.chooseRegime, dispatch) }, { values: { regime: year.regime }, target: year.financialYear });
  const closes = year.regimeChoiceCloses;
  return (
    <div className="tax__block">
      <h3 id="tax-regime-title">
        {TAX_UI.regimeTitle} {year.financialYear}
      </h3>
      {form.error && <Banner tone="error">{form.error}</Banner>}
      {form.message && <Banner tone="success">{form.message}</Banner>}
      <p className="field__hint">
        {!year.regimeChosen && `${TAX_UI.regimeDefault} `}
        {year.regimeChoiceOpen ? (closes ? TAX_UI.regimeOpenUntil(longDate(closes)) : '') : closes ? TAX_UI.regimeClosed(longDate(closes)) : ''}
      </p>
      <SubmitForm form={form} labelledBy="tax-regime-title">
        <div role="radiogroup" aria-labelledby="tax-regime-title" className="tax__radios">
          {(['new', 'old'] as const).map((regime) => (
            <label key={regime} className="tax__radio">
              <input type="radio" name="regime" value={regime} checked={form.values.regime === regime} disabled={!year.regimeChoiceOpen} onChange={form.change('regime')} />
              {regime === 'new' ? TAX_UI.regimeNew : TAX_UI.regimeOld}
            </label>
          ))}
        </div>
        {year.regimeChoiceOpen && (
          <SubmitButton busy={form.submitting} block={false}>
            {TAX_UI.saveRegime}
          </SubmitButton>
        )}
      </SubmitForm>
    </div>
  );
}

/** A declaration's details in one line. */
function detailText(d: Declaration): string {
  const x = d.details as Record<string, string | boolean | undefined>;
  if (d.section === 'rent') return `${CITY_LABEL[x.city as keyof typeof CITY_LABEL] ?? x.city}${x.cityName ? ` (${x.cityName})` : ''}, ${x.fromMonth} to ${x.toMonth}; ${x.landlordName}${x.landlordPan ? `, PAN ${x.landlordPan}` : ''}`;
  if (d.section === '24b') return `${x.lenderName}${x.lenderPan ? `, PAN ${x.lenderPan}` : ''}`;
  if (d.section.startsWith('80D')) return x.senior ? 'Senior citizen insured' : '';
  return String(x.description ?? '');
}

function Declarations({ year }: { year: TaxYear }) {
  const dispatch = useAppDispatch();
  const effects = useEffects();
  const upload = useRowAction(proofMachine, {
    run: (input, signal) => {
      const { file } = input as { id: string; file: File };
      return mutationCall(taxApi.endpoints.uploadProof, dispatch)({ financialYear: year.financialYear, section: input.id as Declaration['section'], file }, signal);
    },
  });
  const remove = useRowAction(proofMachine, { run: (input, signal) => mutationCall(taxApi.endpoints.removeProof, dispatch)({ id: input.id, financialYear: year.financialYear }, signal) });
  const download = (id: string, fileName: string) =>
    void mutationCall(taxApi.endpoints.downloadProof, dispatch)({ id, fileName }, new AbortController().signal).then(effects.saveFile, (err: unknown) => effects.toast('error', errorMessage(err, TAX_UI.fallback)));
  const onFile = (section: string) => (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (file) upload.run({ id: section, file } as { id: string });
  };

  return (
    <div className="tax__block">
      <h3 id="tax-declarations-title">{TAX_UI.declarationsTitle}</h3>
      <p className="field__hint">
        {TAX_UI.declarationsNote(year.names.declarationForm)} {year.proofWindowCloses && TAX_UI.proofWindow(longDate(year.proofWindowCloses))}
      </p>
      {year.declarations.length === 0 ? (
        <p>{TAX_UI.none}</p>
      ) : (
        <div className="table-scroll">
          <table className="table tax__table">
            <caption className="visually-hidden">{TAX_UI.declarationsTitle}</caption>
            <thead>
              <tr>
                <th scope="col">{TAX_UI.section}</th>
                <th scope="col" className="tax__num">
                  {TAX_UI.amount}
                </th>
                <th scope="col">{TAX_UI.status}</th>
                <th scope="col">{TAX_UI.proofs}</th>
              </tr>
            </thead>
            <tbody>
              {year.declarations.map((d) => (
                <tr key={d._id}>
                  <td>
                    <strong>{year.names.sections[d.section]}</strong>
                    <div className="tax__detail">{detailText(d)}</div>
                    {d.problems.map((p) => (
                      <div key={p} className="tax__problem">
                        {p}
                      </div>
                    ))}
                  </td>
                  <td className="tax__num" data-label={TAX_UI.amount}>
                    {rupees(d.amount)}
                    {d.section === 'rent' && <div className="tax__detail">a month</div>}
                    {d.verifiedAmount !== null && d.verifiedAmount !== d.amount && <div className="tax__detail">verified {rupees(d.verifiedAmount)}</div>}
                  </td>
                  <td data-label={TAX_UI.status}>
                    <StatusBadge tone={TONE[d.status]}>{STATUS_LABEL[d.status]}</StatusBadge>
                    {d.note && <div className="tax__detail">{d.note}</div>}
                  </td>
                  <td data-label={TAX_UI.proofs}>
                    <ul className="tax__proofs">
                      {d.proofs.map((p) => (
                        <li key={p._id}>
                          <button type="button" className="link-button" onClick={() => download(p._id, p.fileName)}>
                            {p.fileName}
                          </button>
                          {d.status !== 'verified' && (
                            <button type="button" className="button button--small button--secondary" disabled={remove.pending !== null} onClick={() => remove.run({ id: p._id })} aria-label={`${TAX_UI.remove} ${p.fileName}`}>
                              {TAX_UI.remove}
                            </button>
                          )}
                        </li>
                      ))}
                    </ul>
                    <label className="button button--small button--secondary tax__upload">
                      {upload.pending?.id === d.section ? <Spinner /> : null} {TAX_UI.upload}
                      <input type="file" accept="application/pdf,image/png,image/jpeg" className="visually-hidden" onChange={onFile(d.section)} aria-describedby="tax-upload-hint" />
                    </label>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <p id="tax-upload-hint" className="field__hint">
            {TAX_UI.uploadHint}
          </p>
        </div>
      )}
      <DeclarationForm year={year} />
    </div>
  );
}

function DeclarationForm({ year }: { year: TaxYear }) {
  const dispatch = useAppDispatch();
  const form = useFormSubmit(declarationMachine, { submit: mutationCall(taxApi.endpoints.declare, dispatch) }, { values: BLANK_DECLARATION, target: year.financialYear });
  const v = form.values;
  const field = (name: keyof DeclarationValues, label: string, extra: Record<string, unknown> = {}) => (
    <TextField id={`tax-${name}`} label={label} value={v[name]} onChange={form.change(name)} {...extra} />
  );
  const first = `${year.financialYear.slice(0, 4)}-04`;
  const last = `${Number(year.financialYear.slice(0, 4)) + 1}-03`;
  return (
    <div className="tax__subblock">
      <h4 id="tax-declare-title">Declare or change a section</h4>
      {form.error && <Banner tone="error">{form.error}</Banner>}
      {form.message && <Banner tone="success">{form.message}</Banner>}
      <SubmitForm form={form} labelledBy="tax-declare-title" noValidate>
        <div className="tax__grid">
          <div className="field">
            <label htmlFor="tax-section">{TAX_UI.section}</label>
            <select id="tax-section" value={v.section} onChange={form.change('section')}>
              {DECLARATION_SECTIONS.map((s) => (
                <option key={s} value={s}>
                  {year.names.sections[s]}
                </option>
              ))}
            </select>
          </div>
          {field('amount', v.section === 'rent' ? TAX_UI.monthlyRent : TAX_UI.amount, { inputMode: 'decimal', required: true })}
        </div>
        {v.section === 'rent' && (
          <div className="tax__grid">
            {field('fromMonth', TAX_UI.fromMonth, { type: 'month', min: first, max: last, required: true })}
            {field('toMonth', TAX_UI.toMonth, { type: 'month', min: first, max: last, required: true })}
            <div className="field">
              <label htmlFor="tax-city">{TAX_UI.city}</label>
              <select id="tax-city" value={v.city} onChange={form.change('city')}>
                {HRA_CITIES.map((c) => (
                  <option key={c} value={c}>
                    {CITY_LABEL[c]}
                  </option>
                ))}
              </select>
            </div>
            {v.city === 'other' && field('cityName', TAX_UI.cityName, { required: true })}
            {field('landlordName', TAX_UI.landlordName, { required: true, autoComplete: 'off' })}
            {field('landlordAddress', TAX_UI.landlordAddress, { required: true, autoComplete: 'off' })}
            {field('landlordPan', TAX_UI.landlordPan, { hint: TAX_UI.landlordPanHint, autoCapitalize: 'characters' })}
            {field('landlordRelationship', TAX_UI.landlordRelationship)}
          </div>
        )}
        {v.section === '24b' && (
          <div className="tax__grid">
            {field('lenderName', TAX_UI.lenderName, { required: true })}
            {field('lenderAddress', TAX_UI.lenderAddress)}
            {field('lenderPan', TAX_UI.lenderPan, { required: true, autoCapitalize: 'characters' })}
          </div>
        )}
        {v.section.startsWith('80D') && (
          <label className="tax__radio">
            <input type="checkbox" checked={v.senior === 'yes'} onChange={(e) => form.setValue('senior', e.target.checked ? 'yes' : 'no')} />
            {TAX_UI.senior}
          </label>
        )}
        {(v.section === '80C' || v.section === '80CCD1B') && field('description', TAX_UI.description)}
        <SubmitButton busy={form.submitting} block={false}>
          {TAX_UI.declare}
        </SubmitButton>
      </SubmitForm>
    </div>
  );
}

function PreviousEmployment({ year }: { year: TaxYear }) {
  const dispatch = useAppDispatch();
  const p = year.previousEmployment;
  const initial = p
    ? { employerName: p.employerName, employerTan: p.employerTan ?? '', salary: String(p.salary), exemptions: String(p.exemptions), providentFund: String(p.providentFund), professionalTax: String(p.professionalTax), tds: String(p.tds) }
    : BLANK_PREVIOUS;
  const form = useFormSubmit(previousEmploymentMachine, { submit: mutationCall(taxApi.endpoints.savePreviousEmployment, dispatch) }, { values: initial, target: year.financialYear });
  const field = (name: keyof typeof initial, label: string, extra: Record<string, unknown> = {}) => (
    <TextField id={`tax-prev-${name}`} label={label} value={form.values[name]} onChange={form.change(name)} {...extra} />
  );
  return (
    <details className="tax__block" open={!!p}>
      <summary>
        <h3 id="tax-previous-title" className="tax__summary">
          {TAX_UI.previousTitle}
        </h3>
      </summary>
      <p className="field__hint">{TAX_UI.previousNote(year.names.previousEmployerForm)}</p>
      {form.error && <Banner tone="error">{form.error}</Banner>}
      {form.message && <Banner tone="success">{form.message}</Banner>}
      <SubmitForm form={form} labelledBy="tax-previous-title" noValidate>
        <div className="tax__grid">
          {field('employerName', TAX_UI.employerName, { required: true })}
          {field('employerTan', TAX_UI.employerTan, { autoCapitalize: 'characters' })}
          {field('salary', TAX_UI.salary, { inputMode: 'decimal', required: true })}
          {field('exemptions', TAX_UI.exemptions, { inputMode: 'decimal' })}
          {field('providentFund', TAX_UI.providentFund, { inputMode: 'decimal' })}
          {field('professionalTax', TAX_UI.professionalTax, { inputMode: 'decimal' })}
          {field('tds', TAX_UI.tds, { inputMode: 'decimal' })}
        </div>
        <SubmitButton busy={form.submitting} block={false}>
          {TAX_UI.savePrevious}
        </SubmitButton>
      </SubmitForm>
    </details>
  );
}

function Statement({ year }: { year: TaxYear }) {
  const dispatch = useAppDispatch();
  const effects = useEffects();
  const employeeId = useSessionSelector((snapshot) => {
    const check = checkToken(snapshot.context.token);
    return check.kind === 'valid' ? check.employeeId : null;
  });
  const [busy, setBusy] = useState(false);
  const download = () => {
    if (!employeeId) return;
    setBusy(true);
    mutationCall(taxApi.endpoints.downloadTaxStatement, dispatch)({ employeeId, financialYear: year.financialYear }, new AbortController().signal)
      .then(effects.saveFile, (err: unknown) => effects.toast('error', errorMessage(err, TAX_UI.fallback)))
      .finally(() => setBusy(false));
  };
  return (
    <div className="tax__block">
      <h3>{TAX_UI.statementTitle}</h3>
      <p className="field__hint">{TAX_UI.statementNote(year.names.certificate)}</p>
      <button type="button" className="button button--secondary" onClick={download} disabled={busy || !employeeId}>
        {busy && <Spinner />} {TAX_UI.downloadStatement}
      </button>
    </div>
  );
}
