/**
 * Income Tax (employee): the year's regime, the old regime's declarations with their proofs and
 * status, an earlier employer, and the year's statement. Rendered from the tax flows
 * (tax-machines.ts) and the tax endpoints; the server decides what may change and until when.
 */
import { useRef, useState, type ChangeEvent } from 'react';
import { companyToday } from '../../../shared/format';
import { financialYearOf } from '../../../shared/payroll/statutory/financial-year';
import { HRA_CITIES } from '../../../shared/payroll/statutory/tax-declarations';
import { declarationBody, DECLARATION_SECTIONS, type Declaration, type TaxYear } from '../../../shared/schemas/tax';
import { useAppDispatch } from '../../app/hooks';
import { taxApi, useGetOwnTaxYearQuery } from '../../api/tax-api';
import { errorMessage } from '../../api/error-message';
import { ColumnHeads } from '../../components/column-heads';
import { Banner } from '../../components/banner';
import { Spinner } from '../../components/spinner';
import { StatusBadge } from '../../components/status-badge';
import { SubmitButton } from '../../components/submit-button';
import { SubmitForm } from '../../components/submit-form';
import { readRuntimeConfig } from '../../config/runtime-config';
import { mutationCall } from '../../flows/from-mutation';
import { useFormSubmit } from '../../flows/use-form-submit';
import { useRowAction } from '../../flows/use-row-action';
import { useSessionSelector } from '../session/session-context';
import { checkToken } from '../session/token';
import { CITY_LABEL, STATUS_LABEL, TAX_UI } from './tax-copy';
import { CheckedField, declarationDetail, fieldErrors, FormResult, type FieldErrors, longDate, ProofList, rupees, STATUS_TONE, useSaveDownload, YearSelect } from './tax-form';
import { taxLawNames } from '../../../shared/payroll/statutory/tax-law-names';
import {
  BLANK_DECLARATION,
  declarationInput,
  declarationMachine,
  declarationValues,
  emptyRequired,
  proofMachine,
  regimeMachine,
  type DeclarationValues,
} from './tax-machines';
import { PreviousEmploymentForm } from './previous-employment-form';
import './tax.css';


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
        <YearSelect id="tax-year" label={taxLawNames(financialYear).yearWord} value={financialYear} years={years} onChange={setFinancialYear} />
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
      <FormResult form={form} />
      <p className="field__hint">
        {!year.regimeChosen && `${TAX_UI.regimeDefault} `}
        {year.regimeChoiceOpen ? (closes ? TAX_UI.regimeOpenUntil(longDate(closes)) : '') : closes ? TAX_UI.regimeClosed(longDate(closes)) : ''}
      </p>
      {/* Once closed the radios are disabled, and a disabled radio is faint: the regime is said in words too. */}
      {!year.regimeChoiceOpen && <p className="tax__regime-now">{TAX_UI.regimeNow(year.regime)}</p>}
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

function Declarations({ year }: { year: TaxYear }) {
  const dispatch = useAppDispatch();
  // The declaration being changed (its values fill the form), or null for a new one.
  const [editing, setEditing] = useState<Declaration | null>(null);
  const formRef = useRef<HTMLDivElement>(null);
  const upload = useRowAction(proofMachine, {
    run: (input, signal) => {
      const { file } = input as { id: string; file: File };
      return mutationCall(taxApi.endpoints.uploadProof, dispatch)({ financialYear: year.financialYear, section: input.id as Declaration['section'], file }, signal);
    },
  });
  const remove = useRowAction(proofMachine, { run: (input, signal) => mutationCall(taxApi.endpoints.removeProof, dispatch)({ id: input.id, financialYear: year.financialYear }, signal) });
  const onFile = (section: string) => (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (file) upload.run({ id: section, file } as { id: string });
  };
  const change = (d: Declaration) => {
    setEditing(d);
    // The form is below the table: bring it into view and put the caret in the amount.
    requestAnimationFrame(() => {
      formRef.current?.scrollIntoView({ block: 'start' });
      formRef.current?.querySelector<HTMLInputElement>('#tax-amount')?.focus();
    });
  };

  return (
    <div className="tax__block">
      <h3 id="tax-declarations-title">{TAX_UI.declarationsTitle}</h3>
      <p className="field__hint">
        {TAX_UI.declarationsNote(year.names.declarationForm)} {year.proofWindowCloses && TAX_UI.proofWindow(longDate(year.proofWindowCloses))}
      </p>
      {year.declarations.length === 0 ? (
        <p className="tax__empty">{TAX_UI.none}</p>
      ) : (
        <>
          <div className="table-scroll">
            <table className="table tax__table">
              <caption className="visually-hidden">{TAX_UI.declarationsTitle}</caption>
              <ColumnHeads names={[TAX_UI.section, TAX_UI.amount, TAX_UI.status, TAX_UI.proofs]} numeric={[TAX_UI.amount]} numberClassName="tax__num" />
              <tbody>
                {year.declarations.map((d) => (
                  <tr key={d._id}>
                    <td>
                      <strong>{year.names.sections[d.section]}</strong>
                      <div className="tax__detail">{declarationDetail(d)}</div>
                      {d.problems.map((p) => (
                        <div key={p} className="tax__problem">
                          {p}
                        </div>
                      ))}
                      <button type="button" className="link-button tax__change" onClick={() => change(d)} aria-label={`${TAX_UI.change} ${year.names.sections[d.section]}`}>
                        {TAX_UI.change}
                      </button>
                    </td>
                    <td className="tax__num" data-label={TAX_UI.amount}>
                      {rupees(d.amount)}
                      {d.section === 'rent' && <div className="tax__detail">{TAX_UI.aMonth}</div>}
                      {d.verifiedAmount !== null && d.verifiedAmount !== d.amount && <div className="tax__detail">verified {rupees(d.verifiedAmount)}</div>}
                    </td>
                    <td data-label={TAX_UI.status}>
                      <StatusBadge tone={STATUS_TONE[d.status]}>{STATUS_LABEL[d.status]}</StatusBadge>
                      {d.note && <div className="tax__detail">{d.note}</div>}
                    </td>
                    <td data-label={TAX_UI.proofs}>
                      <ProofList
                        proofs={d.proofs}
                        after={(p) =>
                          d.status !== 'verified' && (
                            <button type="button" className="button button--small button--secondary" disabled={remove.pending !== null} onClick={() => remove.run({ id: p._id })} aria-label={`${TAX_UI.remove} ${p.fileName}`}>
                              {TAX_UI.remove}
                            </button>
                          )
                        }
                      />
                      <label className="button button--small button--secondary tax__upload">
                        {upload.pending?.id === d.section ? <Spinner /> : null} {TAX_UI.upload}
                        <input type="file" accept="application/pdf,image/png,image/jpeg" className="visually-hidden" onChange={onFile(d.section)} aria-describedby="tax-upload-hint" />
                      </label>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <p id="tax-upload-hint" className="field__hint tax__upload-hint">
            {TAX_UI.uploadHint}
          </p>
        </>
      )}
      <div ref={formRef}>
        <DeclarationForm key={editing?._id ?? 'new'} year={year} editing={editing} onDone={() => setEditing(null)} />
      </div>
    </div>
  );
}

/** The declaration form's fields as the wire names them, with the labels a person reads. */
const declarationLabels = (section: string) => ({
  amount: section === 'rent' ? TAX_UI.monthlyRent : TAX_UI.amount,
  fromMonth: TAX_UI.fromMonth,
  toMonth: TAX_UI.toMonth,
  city: TAX_UI.city,
  cityName: TAX_UI.cityName,
  landlordName: TAX_UI.landlordName,
  landlordAddress: TAX_UI.landlordAddress,
  landlordPan: TAX_UI.landlordPan,
  landlordRelationship: TAX_UI.landlordRelationship,
  lenderName: TAX_UI.lenderName,
  lenderAddress: TAX_UI.lenderAddress,
  lenderPan: TAX_UI.lenderPan,
  description: TAX_UI.description,
});
type DeclarationField = keyof ReturnType<typeof declarationLabels>;

function DeclarationForm({ year, editing, onDone }: { year: TaxYear; editing: Declaration | null; onDone: () => void }) {
  const dispatch = useAppDispatch();
  const form = useFormSubmit(declarationMachine, { submit: mutationCall(taxApi.endpoints.declare, dispatch) }, { values: editing ? declarationValues(editing) : BLANK_DECLARATION, target: year.financialYear });
  const v = form.values;
  const labels = declarationLabels(v.section);
  // Empty required fields are the machine's own first check; say each where it is, by its label.
  const empty: FieldErrors =
    form.error === TAX_UI.allRequired ? Object.fromEntries(emptyRequired(v).map((f) => [f, f === 'amount' ? TAX_UI.amountRequired : TAX_UI.monthRequired(labels[f])])) : {};
  const errors: FieldErrors = { ...fieldErrors(declarationBody, declarationInput(v, year.financialYear), form.error, labels), ...empty };
  const field = (name: DeclarationField & keyof DeclarationValues, label: string, extra: Record<string, unknown> = {}) => (
    <CheckedField id={`tax-${name}`} label={label} value={v[name]} onChange={form.change(name)} error={errors[name]} {...extra} />
  );
  const first = `${year.financialYear.slice(0, 4)}-04`;
  const last = `${Number(year.financialYear.slice(0, 4)) + 1}-03`;
  return (
    <div className="tax__subblock">
      <h4 id="tax-declare-title">{editing ? `${TAX_UI.changeTitle}: ${year.names.sections[editing.section]}` : TAX_UI.declareTitle}</h4>
      <FormResult form={form} fieldErrors={errors} />
      <SubmitForm form={form} labelledBy="tax-declare-title" noValidate>
        <div className="tax__grid">
          <div className="field">
            <label htmlFor="tax-section">{TAX_UI.section}</label>
            <select id="tax-section" value={v.section} onChange={form.change('section')} disabled={!!editing}>
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
        <div className="tax__actions-row">
          <SubmitButton busy={form.submitting} block={false}>
            {TAX_UI.declare}
          </SubmitButton>
          {editing && (
            <button type="button" className="button button--secondary" onClick={onDone}>
              {TAX_UI.cancelChange}
            </button>
          )}
        </div>
      </SubmitForm>
    </div>
  );
}

function PreviousEmployment({ year }: { year: TaxYear }) {
  const dispatch = useAppDispatch();
  return (
    <details className="tax__block" open={!!year.previousEmployment}>
      <summary>
        <h3 id="tax-prev-title" className="tax__summary">
          {TAX_UI.previousTitle}
        </h3>
      </summary>
      <PreviousEmploymentForm
        idPrefix="tax-prev"
        year={year}
        note={TAX_UI.previousNote(year.names.previousEmployerForm)}
        submit={mutationCall(taxApi.endpoints.savePreviousEmployment, dispatch)}
      />
    </details>
  );
}

function Statement({ year }: { year: TaxYear }) {
  const { busy, download } = useSaveDownload();
  const employeeId = useSessionSelector((snapshot) => {
    const check = checkToken(snapshot.context.token);
    return check.kind === 'valid' ? check.employeeId : null;
  });
  const save = () => employeeId && download(taxApi.endpoints.downloadTaxStatement, { employeeId, financialYear: year.financialYear });
  return (
    <div className="tax__block">
      <h3>{TAX_UI.statementTitle}</h3>
      <p className="field__hint">{TAX_UI.statementNote(year.names.certificate)}</p>
      <button type="button" className="button button--secondary" onClick={save} disabled={busy || !employeeId}>
        {busy && <Spinner />} {TAX_UI.downloadStatement}
      </button>
    </div>
  );
}
