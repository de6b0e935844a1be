/**
 * Tax Declarations (admin): the verification list of a year's declarations with their proofs (verify,
 * or reject with a note), every employee's regime (switch one, confirmed and audited), and the
 * year's cut-offs. Rendered from the tax flows; the lists refresh through cache invalidation.
 */
import { useRef, useEffect, useState } from 'react';
import { companyToday, formatCount } from '../../../shared/format';
import { financialYearOf } from '../../../shared/payroll/statutory/financial-year';
import { taxLawNames } from '../../../shared/payroll/statutory/tax-law-names';
import { DECLARATION_STATUSES, type Declaration, type TaxSettings } from '../../../shared/schemas/tax';
import { useAppDispatch } from '../../app/hooks';
import { taxApi, useGetEmployeeTaxYearQuery, useGetTaxDeclarationsQuery, useGetTaxRegimesQuery, useGetTaxSettingsQuery } from '../../api/tax-api';
import { errorMessage } from '../../api/error-message';
import { Banner } from '../../components/banner';
import { CountPager, ListToolbar, SearchField, SelectFilter } from '../../components/list-controls';
import { useDebounced } from '../../components/use-debounced';
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
import { declarationDetail, FormResult, longDate, ProofList, rupees, STATUS_TONE, useSaveDownload, YearSelect } from './tax-form';
import { checkDecision, decisionMachine, regimeSwitchMachine, settingsInput, settingsMachine } from './tax-machines';
import './tax.css';
import { useFocusFirstInvalid } from '../../flows/use-focus-first-invalid';

const REGIME_OPTIONS = [
  { value: 'old', label: 'Old' },
  { value: 'new', label: 'New' },
] as const;
const HEADING: Record<Declaration['status'], string> = { declared: 'Waiting for a decision', verified: 'Verified declarations', rejected: 'Rejected declarations' };
const SECTION_SHORT_1961: Record<Declaration['section'], string> = { rent: 'House rent', '80C': '80C', '80CCD1B': 'NPS 80CCD(1B)', '80D-self': '80D self', '80D-parents': '80D parents', '24b': 'Home-loan interest' };
// From Tax Year 2026-27 the Income-tax Act 2025's numbers (see tax-law-names.ts); the HRA exemption's is not confirmed, so it stays in words.
// The new numbers are unfamiliar in the Act's first years, so each says what it is for too.
const SECTION_SHORT_2025: Record<Declaration['section'], string> = {
  rent: 'House rent',
  '80C': 'Investments (s.123)',
  '80CCD1B': 'NPS (s.124)',
  '80D-self': 'Health insurance, self (s.126)',
  '80D-parents': 'Health insurance, parents (s.126)',
  '24b': 'Home-loan interest (s.22(1)(b))',
};
const sectionShort = (financialYear: string) => (taxLawNames(financialYear).yearWord === 'Tax year' ? SECTION_SHORT_2025 : SECTION_SHORT_1961);

function yearChoices(): string[] {
  const current = financialYearOf(companyToday(readRuntimeConfig().timeZone).slice(0, 7));
  const start = Number(current.slice(0, 4));
  return [start - 1, start, start + 1].map((y) => financialYearOf(`${y}-04`));
}

export function TaxDeclarationsPage() {
  const [years] = useState(yearChoices);
  const [financialYear, setFinancialYear] = useState(years[1]!);
  return (
    <section className="card card--wide tax" aria-labelledby="tax-admin-title">
      <div className="tax__header">
        <h2 id="tax-admin-title">{TAX_UI.adminTitle}</h2>
        <div className="tax__filters">
          <YearSelect id="tax-admin-year" label={taxLawNames(financialYear).yearWord} value={financialYear} years={years} onChange={setFinancialYear} />
        </div>
      </div>
      <VerificationList financialYear={financialYear} />
      <Regimes financialYear={financialYear} />
      <YearFiles financialYear={financialYear} />
      <Settings key={financialYear} financialYear={financialYear} />
    </section>
  );
}

/** Rows a page of the admin lists shows. */
const PAGE = 50;
const SEARCH_PAUSE_MS = 250;

/**
 * The page an admin list is on: back to the first whenever `key` (year, filter, search) changes, and
 * back to the last one there is when the rows it showed are gone (decided, or out of the search):
 * `settle` is called while rendering with the answer in hand.
 */
function usePage(key: string) {
  const [paging, setPaging] = useState({ key, offset: 0 });
  const offset = paging.key === key ? paging.offset : 0;
  const go = (to: number) => setPaging({ key, offset: Math.max(0, to) });
  return {
    offset,
    go,
    settle(answer: { offset: number; total: number } | undefined) {
      if (answer && answer.offset === offset && offset > 0 && offset >= answer.total) go(Math.floor(Math.max(0, answer.total - 1) / PAGE) * PAGE);
    },
  };
}

/** "Showing 51–100 of 1,200" with Previous and Next; the buttons only when there is more than a page. */
function VerificationList({ financialYear }: { financialYear: string }) {
  const dispatch = useAppDispatch();
  const effects = useEffects();
  const [status, setStatus] = useState<Declaration['status']>('declared');
  const [query, setQuery] = useState('');
  const q = useDebounced(query.trim(), SEARCH_PAUSE_MS);
  const key = `${financialYear}|${status}|${q}`;
  const page = usePage(key);
  const { currentData, isFetching, error } = useGetTaxDeclarationsQuery({ financialYear, status, q, offset: page.offset, limit: PAGE });
  page.settle(currentData);
  const data = currentData?.rows ?? [];
  const SECTION_SHORT = sectionShort(financialYear);
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

  return (
    <div className="tax__block">
      <h3 id="tax-verify-title">
        {/* "2026-27" on one line: a phone broke it at its hyphen. */}
        {HEADING[status]}, <span className="nowrap">{financialYear}</span>
      </h3>
      <ListToolbar label={TAX_UI.declarationTools}>
        <SearchField id="tax-verify-search" label={TAX_UI.searchEmployee} placeholder={TAX_UI.searchHint} value={query} onChange={setQuery} />
        <div className="list-toolbar__field">
          <label htmlFor="tax-admin-status">{TAX_UI.statusFilter}</label>
          <select id="tax-admin-status" value={status} onChange={(e) => setStatus(e.target.value as Declaration['status'])}>
            {DECLARATION_STATUSES.map((s) => (
              <option key={s} value={s}>
                {STATUS_LABEL[s]}
                {currentData ? ` (${formatCount(currentData.counts[s])})` : ''}
              </option>
            ))}
          </select>
        </div>
      </ListToolbar>
      {currentData && <p className="tax__totals">{TAX_UI.declarationTotals(currentData.counts, currentData.rupees, Boolean(q))}</p>}
      {!currentData && !error && <Spinner />}
      {error && <Banner tone="error">{errorMessage(error, TAX_UI.fallback)}</Banner>}
      {currentData && currentData.total === 0 && <p className="tax__empty">{q ? TAX_UI.noMatch : TAX_UI.noneToVerify}</p>}
      {currentData && currentData.total > 0 && data.length > 0 && (
        <CountPager label={TAX_UI.declarationPages} count={TAX_UI.showing(currentData.offset + 1, currentData.offset + data.length, currentData.total)} offset={currentData.offset} last={currentData.offset + data.length} total={currentData.total} pageSize={PAGE} busy={isFetching} go={page.go} />
      )}
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
                      <label className="tax__verified-label" htmlFor={`tax-verified-${d._id}`}>
                        {TAX_UI.verifyOnly}
                      </label>
                    )}
                    {status === 'declared' && (
                      <input
                        id={`tax-verified-${d._id}`}
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
                      <ProofList proofs={d.proofs} />
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
  const { download } = useSaveDownload();
  const [query, setQuery] = useState('');
  const [regime, setRegime] = useState<'' | 'new' | 'old'>('');
  const q = useDebounced(query.trim(), SEARCH_PAUSE_MS);
  const key = `${financialYear}|${regime}|${q}`;
  const page = usePage(key);
  const { currentData, isFetching, error } = useGetTaxRegimesQuery({ financialYear, q, offset: page.offset, limit: PAGE, ...(regime ? { regime } : {}) });
  page.settle(currentData);
  const data = currentData?.rows ?? [];
  const change = useRowAction(regimeSwitchMachine, { run: ({ id, regime: to }, signal) => mutationCall(taxApi.endpoints.changeRegime, dispatch)({ userId: id, financialYear, regime: to }, signal) });
  // The employee whose earlier employer an admin is entering (a joiner), or null.
  const [earlier, setEarlier] = useState<{ id: string; name: string } | null>(null);
  return (
    <details className="tax__block">
      <summary>
        <h3 className="tax__summary">
          {TAX_UI.regimesTitle}
          {currentData && `: ${TAX_UI.regimeCounts(currentData.counts, Boolean(q))}`}
        </h3>
      </summary>
      <ListToolbar label={TAX_UI.regimeTools}>
        <SearchField id="tax-regime-search" label={TAX_UI.searchEmployee} placeholder={TAX_UI.searchHint} value={query} onChange={setQuery} />
        <SelectFilter id="tax-regime-filter" label={TAX_UI.regime} allLabel={TAX_UI.bothRegimes} value={regime} onChange={(v) => setRegime(v as '' | 'new' | 'old')} options={REGIME_OPTIONS} />
      </ListToolbar>
      {!currentData && !error && <Spinner />}
      {error && <Banner tone="error">{errorMessage(error, TAX_UI.fallback)}</Banner>}
      {currentData && currentData.total === 0 && <p className="tax__empty">{TAX_UI.noMatch}</p>}
      {currentData && currentData.total > 0 && data.length > 0 && (
        <CountPager label={TAX_UI.regimePages} count={TAX_UI.showing(currentData.offset + 1, currentData.offset + data.length, currentData.total)} offset={currentData.offset} last={currentData.offset + data.length} total={currentData.total} pageSize={PAGE} busy={isFetching} go={page.go} />
      )}
      {data.length > 0 && (
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
                    <td data-label={TAX_UI.chosen}>{c.chosen ? `${c.chosenAt ? longDate(c.chosenAt.slice(0, 10)) : ''}${c.chosenByAdmin ? ' (by an admin)' : ''}` : 'Not chosen (new by default)'}</td>
                    <td>
                      <div className="tax__row-actions">
                        <button type="button" className="button button--small button--secondary" disabled={change.pending !== null} onClick={() => change.run({ id: c._id, name: c.name, regime: other })}>
                          {TAX_UI.switchTo(other)}
                        </button>
                        <button type="button" className="button button--small button--secondary" onClick={() => download(taxApi.endpoints.downloadTaxStatement, { employeeId: c.employeeId, financialYear })} aria-label={`Statement of ${c.name}`}>
                          Statement
                        </button>
                        <button type="button" className="button button--small button--secondary" onClick={() => setEarlier({ id: c._id, name: c.name })} aria-label={`${TAX_UI.earlierEmployer} of ${c.name}`}>
                          {TAX_UI.earlierEmployer}
                        </button>
                      </div>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
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
  const { download } = useSaveDownload();
  return (
    <div className="tax__block">
      <h3>Salary annexure {financialYear}</h3>
      <p className="field__hint">One row per employee paid in the year, with the salary details of the year&apos;s last quarterly TDS return, from the approved months.</p>
      <button type="button" className="button button--secondary" onClick={() => download(taxApi.endpoints.downloadTaxAnnexure, financialYear)}>
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
  const ref = useRef<HTMLDivElement>(null);
  useFocusFirstInvalid(ref, form.fieldErrors);
  return (
    <div ref={ref} className="tax__block" id="tax-settings">
      <h3 id="tax-settings-title">
        {TAX_UI.settingsTitle}, {financialYear}
      </h3>
      <FormResult form={form} />
      <SubmitForm form={form} labelledBy="tax-settings-title" noValidate>
        <div className="tax__grid">
          <TextField id="tax-cutoff" label={TAX_UI.regimeCutoff} type="date" value={form.values.regimeChoiceCloses} error={form.fieldErrors.regimeChoiceCloses} onChange={form.change('regimeChoiceCloses')} />
          <TextField id="tax-proofs-close" label={TAX_UI.proofCloses} type="date" value={form.values.proofWindowCloses} error={form.fieldErrors.proofWindowCloses} onChange={form.change('proofWindowCloses')} />
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
