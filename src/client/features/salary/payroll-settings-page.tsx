/**
 * /admin/payroll-settings, in Settings: when employees get their slips (on approval, or on release
 * once the bank file is paid), whether the emailed slip carries the .xlsx, and the bank file's
 * layout: the generic CSV, or a column template (which columns, in what order, their headers, the
 * date format and the debit account) to match the bulk-upload sheet a bank gives its customer. The
 * form is checked with the shared schema the server uses before anything is sent.
 */
import { useState, type FormEvent } from 'react';
import { BANK_DATE_FORMATS, BANK_FIELDS, bankFormatSchema, READY_BANK_FORMATS, type BankField, type BankFormat, type PayrollSettings, type ReadyBankFormat } from '../../../shared/schemas/payroll-payments';
import { errorMessage } from '../../api/error-message';
import { useAppDispatch } from '../../app/hooks';
import { Banner } from '../../components/banner';
import { LoadingScreen } from '../../components/loading-screen';
import { Spinner } from '../../components/spinner';
import { TextField } from '../../components/text-field';
import { useEffects } from '../../feedback/effects-context';
import { mutationCall } from '../../flows/from-mutation';
import { schemaProblem } from '../../flows/schema-problem';
import { payrollPaymentsApi, useGetPayrollSettingsQuery } from './payroll-register-api';
import './payroll-settings.css';

export const PAYROLL_SETTINGS_UI = {
  title: 'Payroll settings',
  loading: 'Loading the payroll settings...',
  loadFailed: 'Error loading the payroll settings: ',
  release: 'When employees get their slips',
  onApproval: 'On approval: approving a month emails every slip and shows it to employees.',
  onRelease: 'On release: approving stores the month; slips go out when you release them, after marking the bank file paid.',
  attachXlsx: 'Attach the .xlsx beside the PDF in slip emails',
  bankTitle: 'Bank file',
  generic: 'Generic CSV: Beneficiary Account Number, IFSC, Amount, Beneficiary Name, Narration',
  custom: 'Column template: match your bank’s bulk-upload sheet',
  templates:
    'Ready templates are only the layouts checked line by line against a public document. HDFC, ICICI, SBI and Axis bulk-upload layouts are not offered: none could be checked that way. For them, copy the columns from the sample sheet your bank gives you.',
  readySource: 'Layout as described in',
  readyNeeds: (needs: string) => `Fill in ${needs}, then save.`,
  readyLines: 'Lines of the file',
  fileHeaderLine: 'File header',
  debitLine: 'Debit row (your account, the file’s total)',
  creditLine: 'A credit row per employee',
  columns: 'Columns, in file order',
  field: 'Holds',
  header: 'Header',
  fixedValue: 'Text',
  up: 'Move up',
  down: 'Move down',
  remove: 'Remove',
  addColumn: 'Add a column',
  headerRow: 'The file starts with a header row',
  dateFormat: 'Date format',
  debitAccount: 'Debit account (the company’s account the salaries are paid from)',
  save: 'Save payroll settings',
  saving: 'Saving...',
  saved: 'Payroll settings saved',
  failed: 'Error saving the payroll settings: ',
} as const;

/** What each column can hold, as the column picker names it. */
export const FIELD_NAMES: Record<BankField, string> = {
  beneficiaryAccount: 'Beneficiary account number',
  ifsc: 'IFSC',
  amount: 'Amount',
  beneficiaryName: 'Beneficiary name',
  narration: 'Narration (Salary Nov 2026)',
  shortNarration: 'Short narration (SAL NOV 2026)',
  paymentDate: 'Payment date',
  debitAccount: 'Debit account',
  accountBranch: 'Branch Sol ID (first 5 digits of the account)',
  total: 'File total',
  creditCount: 'Number of credits',
  fileSequence: 'File number (261001)',
  employeeId: 'Employee ID',
  email: 'Email',
  batchReference: 'Batch reference',
  fixed: 'Fixed text (e.g. NEFT)',
};

/** A template to start from: the generic file's columns, which every bank sheet asks for in some order. */
const STARTER: BankFormat['columns'] = [
  { field: 'beneficiaryAccount', header: 'Beneficiary Account Number' },
  { field: 'ifsc', header: 'IFSC' },
  { field: 'amount', header: 'Amount' },
  { field: 'beneficiaryName', header: 'Beneficiary Name' },
  { field: 'narration', header: 'Narration' },
];

export function PayrollSettingsPage() {
  const { data, error, isLoading } = useGetPayrollSettingsQuery();
  return (
    <section className="card" aria-labelledby="payroll-settings-title">
      <h2 id="payroll-settings-title">{PAYROLL_SETTINGS_UI.title}</h2>
      {error ? (
        <Banner tone="error">{PAYROLL_SETTINGS_UI.loadFailed + errorMessage(error, 'the server did not answer')}</Banner>
      ) : isLoading || !data ? (
        <LoadingScreen text={PAYROLL_SETTINGS_UI.loading} />
      ) : (
        <SettingsForm settings={data} />
      )}
    </section>
  );
}

function SettingsForm({ settings }: { settings: PayrollSettings }) {
  const dispatch = useAppDispatch();
  const app = useEffects();
  const [values, setValues] = useState(settings);
  const [problem, setProblem] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const bank = values.bankFormat;
  const setBank = (change: Partial<BankFormat>) => setValues((v) => ({ ...v, bankFormat: { ...v.bankFormat, ...change } }));
  const setColumn = (i: number, change: Partial<BankFormat['columns'][number]>) => setBank({ columns: bank.columns.map((c, j) => (j === i ? { ...c, ...change } : c)) });
  const move = (i: number, by: -1 | 1) => {
    const columns = [...bank.columns];
    [columns[i], columns[i + by]] = [columns[i + by]!, columns[i]!];
    setBank({ columns });
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const wrong = schemaProblem(bankFormatSchema, bank);
    setProblem(wrong);
    if (wrong) return;
    setSaving(true);
    mutationCall(payrollPaymentsApi.endpoints.savePayrollSettings, dispatch)(values, new AbortController().signal)
      .then(() => app.toast('success', PAYROLL_SETTINGS_UI.saved))
      .catch((e: unknown) => {
        const text = PAYROLL_SETTINGS_UI.failed + errorMessage(e, 'the server did not answer');
        setProblem(text);
        app.toast('error', text);
      })
      .finally(() => setSaving(false));
  };

  return (
    <form className="form payroll-settings" noValidate aria-busy={saving} onSubmit={submit}>
      {problem && (
        <p className="form-error" role="alert">
          {problem}
        </p>
      )}
      <fieldset className="payroll-settings__group" disabled={saving}>
        <legend>{PAYROLL_SETTINGS_UI.release}</legend>
        {(['approval', 'release'] as const).map((mode) => (
          <label key={mode} className="check-field" htmlFor={`slip-release-${mode}`}>
            <input id={`slip-release-${mode}`} type="radio" name="slip-release" checked={values.slipRelease === mode} onChange={() => setValues((v) => ({ ...v, slipRelease: mode }))} />
            <span>{mode === 'approval' ? PAYROLL_SETTINGS_UI.onApproval : PAYROLL_SETTINGS_UI.onRelease}</span>
          </label>
        ))}
        <label className="check-field" htmlFor="slip-attach-xlsx">
          <input id="slip-attach-xlsx" type="checkbox" checked={values.slipEmailAttachXlsx} onChange={(e) => setValues((v) => ({ ...v, slipEmailAttachXlsx: e.target.checked }))} />
          <span>{PAYROLL_SETTINGS_UI.attachXlsx}</span>
        </label>
      </fieldset>

      <fieldset className="payroll-settings__group" disabled={saving}>
        <legend>{PAYROLL_SETTINGS_UI.bankTitle}</legend>
        {(['generic', 'custom'] as const).map((template) => (
          <label key={template} className="check-field" htmlFor={`bank-template-${template}`}>
            <input
              id={`bank-template-${template}`}
              type="radio"
              name="bank-template"
              checked={bank.template === template && !readyOf(bank)}
              onChange={() =>
                setValues((v) => ({
                  ...v,
                  bankFormat: {
                    template,
                    columns: template === 'custom' && (!bank.columns.length || readyOf(bank)) ? STARTER : bank.columns,
                    headerRow: readyOf(bank) ? true : bank.headerRow,
                    dateFormat: bank.dateFormat,
                    debitAccount: bank.debitAccount,
                  },
                }))
              }
            />
            <span>{template === 'generic' ? PAYROLL_SETTINGS_UI.generic : PAYROLL_SETTINGS_UI.custom}</span>
          </label>
        ))}
        {READY_BANK_FORMATS.map((ready) => (
          <label key={ready.id} className="check-field" htmlFor={`bank-template-${ready.id}`}>
            <input
              id={`bank-template-${ready.id}`}
              type="radio"
              name="bank-template"
              checked={readyOf(bank)?.id === ready.id}
              onChange={() => setBank({ ...ready.format, debitAccount: bank.debitAccount })}
            />
            <span>Ready: {ready.label}</span>
          </label>
        ))}
        <p className="muted">{PAYROLL_SETTINGS_UI.templates}</p>
        {readyOf(bank) && <ReadyTemplate ready={readyOf(bank)!} bank={bank} setBank={setBank} />}
        {bank.template === 'custom' && !readyOf(bank) && (
          <>
            <h3 className="payroll-settings__subtitle">{PAYROLL_SETTINGS_UI.columns}</h3>
            <ol className="bank-columns" aria-label={PAYROLL_SETTINGS_UI.columns}>
              {bank.columns.map((c, i) => (
                <li key={i} className="bank-columns__row">
                  <div className="field">
                    <label htmlFor={`bank-col-${i}-field`}>
                      {PAYROLL_SETTINGS_UI.field} <span className="visually-hidden">(column {i + 1})</span>
                    </label>
                    <select id={`bank-col-${i}-field`} value={c.field} onChange={(e) => setColumn(i, { field: e.target.value as BankField })}>
                      {BANK_FIELDS.map((f) => (
                        <option key={f} value={f}>
                          {FIELD_NAMES[f]}
                        </option>
                      ))}
                    </select>
                  </div>
                  <TextField id={`bank-col-${i}-header`} label={`${PAYROLL_SETTINGS_UI.header}`} aria-label={`${PAYROLL_SETTINGS_UI.header} of column ${i + 1}`} maxLength={60} value={c.header} onChange={(e) => setColumn(i, { header: e.target.value })} />
                  {c.field === 'fixed' && (
                    <TextField id={`bank-col-${i}-value`} label={PAYROLL_SETTINGS_UI.fixedValue} aria-label={`Text of column ${i + 1}`} maxLength={60} value={c.value ?? ''} onChange={(e) => setColumn(i, { value: e.target.value })} />
                  )}
                  <div className="bank-columns__actions">
                    <button type="button" className="button button--secondary" disabled={i === 0} onClick={() => move(i, -1)}>
                      {PAYROLL_SETTINGS_UI.up} <span className="visually-hidden">column {i + 1}</span>
                    </button>
                    <button type="button" className="button button--secondary" disabled={i === bank.columns.length - 1} onClick={() => move(i, 1)}>
                      {PAYROLL_SETTINGS_UI.down} <span className="visually-hidden">column {i + 1}</span>
                    </button>
                    <button type="button" className="button button--secondary" onClick={() => setBank({ columns: bank.columns.filter((_, j) => j !== i) })}>
                      {PAYROLL_SETTINGS_UI.remove} <span className="visually-hidden">column {i + 1}</span>
                    </button>
                  </div>
                </li>
              ))}
            </ol>
            <button type="button" className="button button--secondary" disabled={bank.columns.length >= 20} onClick={() => setBank({ columns: [...bank.columns, { field: 'fixed', header: 'Transaction Type', value: 'NEFT' }] })}>
              {PAYROLL_SETTINGS_UI.addColumn}
            </button>
            <label className="check-field" htmlFor="bank-header-row">
              <input id="bank-header-row" type="checkbox" checked={bank.headerRow} onChange={(e) => setBank({ headerRow: e.target.checked })} />
              <span>{PAYROLL_SETTINGS_UI.headerRow}</span>
            </label>
            <div className="field">
              <label htmlFor="bank-date-format">{PAYROLL_SETTINGS_UI.dateFormat}</label>
              <select id="bank-date-format" value={bank.dateFormat} onChange={(e) => setBank({ dateFormat: e.target.value as BankFormat['dateFormat'] })}>
                {BANK_DATE_FORMATS.map((f) => (
                  <option key={f} value={f}>
                    {f}
                  </option>
                ))}
              </select>
            </div>
            <TextField id="bank-debit-account" label={PAYROLL_SETTINGS_UI.debitAccount} inputMode="numeric" maxLength={20} value={bank.debitAccount ?? ''} onChange={(e) => setBank({ debitAccount: e.target.value.trim() ? e.target.value : null })} />
          </>
        )}
      </fieldset>
      <div className="form__actions">
        <button type="submit" className="button" disabled={saving}>
          {saving && <Spinner />} {saving ? PAYROLL_SETTINGS_UI.saving : PAYROLL_SETTINGS_UI.save}
        </button>
      </div>
    </form>
  );
}

/** The ready template a format was started from, if it still is one. */
const readyOf = (bank: BankFormat): ReadyBankFormat | undefined => (bank.template === 'custom' ? READY_BANK_FORMATS.find((r) => r.id === bank.ready) : undefined);

/** The cells of a line, as the file has them: a field's name, or its fixed text. */
const cellsText = (cells: BankFormat['columns'] | undefined, separator: string) => (cells ?? []).map((c) => (c.field === 'fixed' ? c.value || `‹${c.header}›` : `‹${FIELD_NAMES[c.field]}›`)).join(` ${separator} `);

/**
 * A ready template: its lines described, and the fields the company fills in (the file header's
 * texts the template leaves empty, such as the corporate ID, and the debit account).
 */
function ReadyTemplate({ ready, bank, setBank }: { ready: ReadyBankFormat; bank: BankFormat; setBank: (change: Partial<BankFormat>) => void }) {
  const separator = bank.separator ?? ',';
  const blanks = (ready.format.fileHeader ?? []).flatMap((c, i) => (c.field === 'fixed' && !c.value ? [i] : []));
  const setHeaderText = (i: number, value: string) => setBank({ fileHeader: (bank.fileHeader ?? []).map((c, j) => (j === i ? { ...c, value } : c)) });
  return (
    <div className="bank-ready">
      <p>
        {PAYROLL_SETTINGS_UI.readySource}{' '}
        <a href={ready.source} target="_blank" rel="noreferrer noopener">
          {ready.source}
        </a>
        . {PAYROLL_SETTINGS_UI.readyNeeds(ready.needs)}
      </p>
      <h3 className="payroll-settings__subtitle">{PAYROLL_SETTINGS_UI.readyLines}</h3>
      <dl className="bank-ready__lines">
        <dt>{PAYROLL_SETTINGS_UI.fileHeaderLine}</dt>
        <dd>{cellsText(bank.fileHeader, separator)}</dd>
        <dt>{PAYROLL_SETTINGS_UI.debitLine}</dt>
        <dd>{cellsText(bank.debitRow, separator)}</dd>
        <dt>{PAYROLL_SETTINGS_UI.creditLine}</dt>
        <dd>{cellsText(bank.columns, separator)}</dd>
      </dl>
      {blanks.map((i) => {
        const c = bank.fileHeader![i]!;
        return <TextField key={i} id={`bank-header-cell-${i}`} label={c.header} maxLength={c.maxLength ?? 60} value={c.value ?? ''} onChange={(e) => setHeaderText(i, e.target.value)} />;
      })}
      <TextField id="bank-debit-account" label={PAYROLL_SETTINGS_UI.debitAccount} inputMode="numeric" maxLength={20} value={bank.debitAccount ?? ''} onChange={(e) => setBank({ debitAccount: e.target.value.trim() ? e.target.value : null })} />
    </div>
  );
}
