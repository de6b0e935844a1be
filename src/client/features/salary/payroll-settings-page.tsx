/**
 * /admin/payroll-settings, in Settings: when employees get their slips (on approval, or on release
 * once the bank file is paid), whether the emailed slip carries the .xlsx, and the bank file's
 * layout: the generic CSV, a ready template, or a template of one's own built line by line
 * (bank-template-builder.tsx: file header, debit row, credit columns; comma, pipe or fixed width) to
 * match the bulk-upload format a bank gives its customer, with a preview of the first lines for
 * sample people. The form is checked with the shared schema the server uses before anything is
 * sent, and each bad field is marked beside its control, as are the server's field errors.
 */
import { useCallback, useMemo, useState, type FormEvent } from 'react';
import { READY_BANK_FORMATS, type BankFormat, type PayrollSettings, type ReadyBankFormat } from '../../../shared/schemas/payroll-payments';
import { errorFields, errorMessage } from '../../api/error-message';
import { useAppDispatch } from '../../app/hooks';
import { Banner } from '../../components/banner';
import { BusyText } from '../../components/busy-text';
import { LoadingScreen } from '../../components/loading-screen';
import { TextField } from '../../components/text-field';
import { useEffects } from '../../feedback/effects-context';
import { fieldMarkText } from '../../flows/field-mark-text';
import { mutationCall } from '../../flows/from-mutation';
import { BankFilePreview } from './bank-file-preview';
import { BankTemplateBuilder, FIELD_NAMES } from './bank-template-builder';
import { serverTemplateProblems, templateProblems } from './bank-template-cells';
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
    'Ready templates are only the layouts checked line by line against a public document. HDFC, ICICI, SBI, Axis and Kotak bulk-upload layouts are not offered: none could be checked that way. For them, build the lines from the sample file your bank gives you.',
  editReady: 'Edit these lines as a template of my own',
  fixProblems: 'Fix the marked fields, then save.',
  readySource: 'Layout as described in',
  readyNeeds: (needs: string) => `Fill in ${needs}, then save.`,
  readyLines: 'Lines of the file',
  fileHeaderLine: 'File header',
  debitLine: 'Debit row (your account, the file’s total)',
  creditLine: 'A credit row per employee',
  debitAccount: 'Debit account (the company’s account the salaries are paid from)',
  save: 'Save payroll settings',
  saving: 'Saving...',
  saved: 'Payroll settings saved',
  failed: 'Error saving the payroll settings: ',
} as const;

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
  // The shared schema's complaints as the admin builds, and the server's from the preview or the save.
  const local = useMemo(() => (bank.template === 'custom' ? templateProblems(bank) : {}), [bank]);
  const [server, setServer] = useState<Record<string, string>>({});
  const [tried, setTried] = useState(false);
  const onServerErrors = useCallback((errors: Record<string, string>) => setServer(errors), []);
  // Each mark sits under its control's label, so it says what is wrong without the API's name; the line above keeps the whole message.
  const errors = Object.fromEntries(Object.entries({ ...server, ...(tried || Object.keys(server).length ? local : liveProblems(local)) }).map(([path, text]) => [path, fieldMarkText(text)]));

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setTried(true);
    const wrong = Object.values(local)[0];
    setProblem(wrong ? `${wrong}. ${PAYROLL_SETTINGS_UI.fixProblems}` : null);
    if (wrong) return;
    setSaving(true);
    mutationCall(payrollPaymentsApi.endpoints.savePayrollSettings, dispatch)(values, new AbortController().signal)
      .then(() => app.toast('success', PAYROLL_SETTINGS_UI.saved))
      .catch((e: unknown) => {
        const text = PAYROLL_SETTINGS_UI.failed + errorMessage(e, 'the server did not answer');
        setServer(serverTemplateProblems(errorFields(e)));
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
              onChange={() => setValues((v) => ({ ...v, bankFormat: { ...ready.format, debitAccount: bank.debitAccount } }))}
            />
            <span>Ready: {ready.label}</span>
          </label>
        ))}
        <p className="muted">{PAYROLL_SETTINGS_UI.templates}</p>
        {readyOf(bank) && <ReadyTemplate ready={readyOf(bank)!} bank={bank} setBank={setBank} errors={errors} />}
        {bank.template === 'custom' && !readyOf(bank) && <BankTemplateBuilder bank={bank} setBank={setBank} errors={errors} />}
        {bank.template === 'custom' && <BankFilePreview bank={bank} onServerErrors={onServerErrors} />}
      </fieldset>
      <div className="form__actions">
        <button type="submit" className="button" disabled={saving}>
          <BusyText busy={saving} busyText={PAYROLL_SETTINGS_UI.saving}>
            {PAYROLL_SETTINGS_UI.save}
          </BusyText>
        </button>
      </div>
    </form>
  );
}

/**
 * Before the first save, only the problems of what the admin has put in (a cell's width or text),
 * not the blanks a ready template or a new line starts with (the debit account, a corporate ID);
 * those are marked when they try to save.
 */
const liveProblems = (problems: Record<string, string>) => Object.fromEntries(Object.entries(problems).filter(([path]) => /\.(width|header)$/.test(path)));

/** The ready template a format was started from, if it still is one. */
const readyOf = (bank: BankFormat): ReadyBankFormat | undefined => (bank.template === 'custom' ? READY_BANK_FORMATS.find((r) => r.id === bank.ready) : undefined);

/** The cells of a line, as the file has them: a field's name, or its fixed text. */
const cellsText = (cells: BankFormat['columns'] | undefined, separator: string) =>
  (cells ?? [])
    .map((c) => `${c.field === 'fixed' ? c.value || `‹${c.header}›` : `‹${FIELD_NAMES[c.field]}›`}${separator ? '' : ` [${c.width ?? 0}]`}`)
    .join(separator ? ` ${separator} ` : ' ');

/**
 * A ready template: its lines described, and the fields the company fills in (the file header's
 * texts the template leaves empty, such as the corporate ID, and the debit account).
 */
function ReadyTemplate({ ready, bank, setBank, errors }: { ready: ReadyBankFormat; bank: BankFormat; setBank: (change: Partial<BankFormat>) => void; errors: Record<string, string> }) {
  const separator = bank.layout === 'fixed' ? '' : (bank.separator ?? ',');
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
        {Boolean(bank.fileHeader?.length) && (
          <>
            <dt>{PAYROLL_SETTINGS_UI.fileHeaderLine}</dt>
            <dd>{cellsText(bank.fileHeader, separator)}</dd>
          </>
        )}
        {Boolean(bank.debitRow?.length) && (
          <>
            <dt>{PAYROLL_SETTINGS_UI.debitLine}</dt>
            <dd>{cellsText(bank.debitRow, separator)}</dd>
          </>
        )}
        <dt>{PAYROLL_SETTINGS_UI.creditLine}</dt>
        <dd>{cellsText(bank.columns, separator)}</dd>
      </dl>
      {blanks.map((i) => {
        const c = bank.fileHeader![i]!;
        return <TextField key={i} id={`bank-header-cell-${i}`} label={c.header} maxLength={c.maxLength ?? 60} value={c.value ?? ''} error={errors[`fileHeader.${i}.value`]} onChange={(e) => setHeaderText(i, e.target.value)} />;
      })}
      <TextField id="bank-debit-account" label={PAYROLL_SETTINGS_UI.debitAccount} inputMode="numeric" maxLength={20} value={bank.debitAccount ?? ''} error={errors.debitAccount} onChange={(e) => setBank({ debitAccount: e.target.value.trim() ? e.target.value : null })} />
      <button type="button" className="button button--secondary" onClick={() => setBank({ ready: undefined })}>
        {PAYROLL_SETTINGS_UI.editReady}
      </button>
    </div>
  );
}
