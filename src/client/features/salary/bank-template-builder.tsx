/**
 * The bank file template builder of the payroll settings: the file's layout (comma, pipe or fixed
 * width), how amounts and dates are written, and its three kinds of line, each composed cell by cell
 * from the same field choices (or fixed text): an optional file header, an optional debit row for
 * the company's account, and the credit row written for each employee. In a fixed-width file each
 * cell also has a width, an alignment and a pad character, and shows the positions it takes. Each
 * control carries its own error, from the shared schema as the admin types or from the server's
 * preview, and the preview (bank-file-preview.tsx) shows the first lines with sample people.
 */
import { BANK_AMOUNT_FORMATS, BANK_DATE_FORMATS, BANK_FIELDS, type BankColumn, type BankField, type BankFormat, type BankLine } from '../../../shared/schemas/payroll-payments';
import { FieldError, invalidProps } from '../../components/field-error';
import { TextField } from '../../components/text-field';
import { cellsOf, fixedDefaults, positions, toFixedWidth } from './bank-template-cells';

export const BUILDER_UI = {
  layout: 'File layout',
  layouts: { ',': 'Comma-separated (.csv)', '|': 'Pipe-separated (.txt)', fixed: 'Fixed width (.txt)' },
  amountFormat: 'Amounts',
  amountFormats: { rupees: 'Rupees (12345.67)', paise: 'Paise (1234567)' },
  headerRow: 'The file starts with a header row',
  truncateText: 'Cut names and narrations longer than their column (otherwise the file is refused; accounts and amounts are never cut)',
  dateFormat: 'Date format',
  debitAccount: 'Debit account (the company’s account the salaries are paid from)',
  hasFileHeader: 'The file starts with a file header line (e.g. FILEHDR, your corporate ID)',
  hasDebitRow: 'A debit row for your account with the file’s total, before the credits',
  field: 'Holds',
  header: 'Name',
  fixedValue: 'Text',
  width: 'Width',
  align: 'Align',
  aligns: { left: 'Left', right: 'Right' },
  pad: 'Fill with',
  pads: { ' ': 'Spaces', '0': 'Zeros' },
  exact: 'Must fill the width',
  positions: (from: number, to: number) => (to >= from ? `Positions ${from}–${to}` : 'No width yet'),
  up: 'Move up',
  down: 'Move down',
  remove: 'Remove',
} as const;

/** What each cell can hold, as the field picker names it. */
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

/** How each line is titled, what its cells are called, its id prefix and the cell a new one starts as. */
const LINES: Record<BankLine, { title: string; cell: string; id: string; add: string; max: number; starter: BankColumn }> = {
  fileHeader: { title: 'File header line', cell: 'file header cell', id: 'bank-hdr', add: 'Add a cell to the file header', max: 10, starter: { field: 'fixed', header: 'Record type', value: 'FILEHDR' } },
  debitRow: { title: 'Debit row (your account, the file’s total)', cell: 'debit row cell', id: 'bank-dr', add: 'Add a cell to the debit row', max: 20, starter: { field: 'debitAccount', header: 'Debit account' } },
  columns: { title: 'Columns, in file order', cell: 'column', id: 'bank-col', add: 'Add a column', max: 20, starter: { field: 'fixed', header: 'Transaction Type', value: 'NEFT' } },
};

type Layout = keyof typeof BUILDER_UI.layouts;
const layoutOf = (bank: BankFormat): Layout => (bank.layout === 'fixed' ? 'fixed' : (bank.separator ?? ','));

interface BuilderProps {
  bank: BankFormat;
  setBank: (change: Partial<BankFormat>) => void;
  /** Field errors by path ('columns.2.width', 'debitAccount'). */
  errors: Record<string, string>;
}

export function BankTemplateBuilder({ bank, setBank, errors }: BuilderProps) {
  const fixed = bank.layout === 'fixed';
  const setLayout = (layout: Layout) =>
    setBank(layout === 'fixed' ? toFixedWidth(bank) : { layout: 'delimited', separator: layout });
  const toggleLine = (line: 'fileHeader' | 'debitRow', on: boolean) => {
    const starter = line === 'fileHeader' ? [LINES.fileHeader.starter, { field: 'fileSequence', header: 'File number' } as BankColumn] : [LINES.debitRow.starter, { field: 'total', header: 'Total' } as BankColumn];
    setBank({ [line]: on ? starter.map((c) => (fixed ? fixedDefaults(c, bank.dateFormat) : c)) : undefined });
  };
  return (
    <div className="bank-builder">
      <div className="bank-builder__options">
        <SelectField id="bank-layout" label={BUILDER_UI.layout} value={layoutOf(bank)} options={BUILDER_UI.layouts} onChange={(v) => setLayout(v as Layout)} error={errors.layout ?? errors.separator} />
        <SelectField
          id="bank-amount-format"
          label={BUILDER_UI.amountFormat}
          value={bank.amountFormat ?? 'rupees'}
          options={Object.fromEntries(BANK_AMOUNT_FORMATS.map((f) => [f, BUILDER_UI.amountFormats[f]]))}
          onChange={(v) => setBank({ amountFormat: v as BankFormat['amountFormat'] })}
          error={errors.amountFormat}
        />
        <SelectField id="bank-date-format" label={BUILDER_UI.dateFormat} value={bank.dateFormat} options={Object.fromEntries(BANK_DATE_FORMATS.map((f) => [f, f]))} onChange={(v) => setBank({ dateFormat: v as BankFormat['dateFormat'] })} error={errors.dateFormat} />
        <TextField id="bank-debit-account" label={BUILDER_UI.debitAccount} inputMode="numeric" maxLength={20} value={bank.debitAccount ?? ''} error={errors.debitAccount} onChange={(e) => setBank({ debitAccount: e.target.value.trim() ? e.target.value : null })} />
      </div>
      {!fixed && <Check id="bank-header-row" label={BUILDER_UI.headerRow} checked={bank.headerRow} onChange={(on) => setBank({ headerRow: on })} error={errors.headerRow} />}
      <Check id="bank-truncate-text" label={BUILDER_UI.truncateText} checked={bank.truncateText ?? !fixed} onChange={(on) => setBank({ truncateText: on })} />
      <Check id="bank-has-file-header" label={BUILDER_UI.hasFileHeader} checked={Boolean(bank.fileHeader?.length)} onChange={(on) => toggleLine('fileHeader', on)} />
      {Boolean(bank.fileHeader?.length) && <LineEditor line="fileHeader" bank={bank} setBank={setBank} errors={errors} />}
      <Check id="bank-has-debit-row" label={BUILDER_UI.hasDebitRow} checked={Boolean(bank.debitRow?.length)} onChange={(on) => toggleLine('debitRow', on)} />
      {Boolean(bank.debitRow?.length) && <LineEditor line="debitRow" bank={bank} setBank={setBank} errors={errors} />}
      <LineEditor line="columns" bank={bank} setBank={setBank} errors={errors} />
    </div>
  );
}

/** One line's cells, each with its field, name, text, and in a fixed-width file its width, alignment and pad. */
function LineEditor({ line, bank, setBank, errors }: BuilderProps & { line: BankLine }) {
  const meta = LINES[line];
  const cells = cellsOf(bank, line);
  const fixed = bank.layout === 'fixed';
  const at = positions(cells);
  const set = (next: BankColumn[]) => setBank({ [line]: next });
  const change = (i: number, patch: Partial<BankColumn>) => set(cells.map((c, j) => (j === i ? { ...c, ...patch } : c)));
  const move = (i: number, by: -1 | 1) => {
    const next = [...cells];
    [next[i], next[i + by]] = [next[i + by]!, next[i]!];
    set(next);
  };
  const lineError = errors[line];
  return (
    <section className="bank-line" aria-labelledby={`${meta.id}-title`}>
      <h3 id={`${meta.id}-title`} className="payroll-settings__subtitle">
        {meta.title}
      </h3>
      {lineError && <p className="form-error">{lineError}</p>}
      <ol className="bank-columns" aria-label={meta.title}>
        {cells.map((c, i) => {
          const id = `${meta.id}-${i}`;
          const which = `${meta.cell} ${i + 1}`;
          const err = (key: string) => errors[`${line}.${i}.${key}`];
          return (
            <li key={i} className="bank-columns__row">
              <div className="field">
                <label htmlFor={`${id}-field`}>
                  {BUILDER_UI.field} <span className="visually-hidden">({which})</span>
                </label>
                <select id={`${id}-field`} value={c.field} {...invalidProps(`${id}-field`, err('field'))} onChange={(e) => change(i, { field: e.target.value as BankField })}>
                  {BANK_FIELDS.map((f) => (
                    <option key={f} value={f}>
                      {FIELD_NAMES[f]}
                    </option>
                  ))}
                </select>
                <FieldError id={`${id}-field`} error={err('field')} />
              </div>
              <TextField id={`${id}-header`} label={BUILDER_UI.header} aria-label={`${BUILDER_UI.header} of ${which}`} maxLength={60} value={c.header} error={err('header')} onChange={(e) => change(i, { header: e.target.value })} />
              {c.field === 'fixed' && <TextField id={`${id}-value`} label={BUILDER_UI.fixedValue} aria-label={`Text of ${which}`} maxLength={60} value={c.value ?? ''} error={err('value')} onChange={(e) => change(i, { value: e.target.value })} />}
              {fixed && (
                <>
                  <TextField
                    id={`${id}-width`}
                    className="bank-columns__width"
                    label={BUILDER_UI.width}
                    aria-label={`Width of ${which}`}
                    inputMode="numeric"
                    maxLength={3}
                    value={c.width ? String(c.width) : ''}
                    error={err('width')}
                    hint={BUILDER_UI.positions(at[i]!.from, at[i]!.to)}
                    onChange={(e) => change(i, { width: /^\d+$/.test(e.target.value) ? Number(e.target.value) : undefined })}
                  />
                  <SelectField id={`${id}-align`} label={BUILDER_UI.align} labelSuffix={which} value={c.align ?? 'left'} options={BUILDER_UI.aligns} onChange={(v) => change(i, { align: v as BankColumn['align'] })} error={err('align')} />
                  <SelectField id={`${id}-pad`} label={BUILDER_UI.pad} labelSuffix={which} value={c.pad ?? ' '} options={BUILDER_UI.pads} onChange={(v) => change(i, { pad: v as BankColumn['pad'] })} error={err('pad')} />
                  <Check id={`${id}-exact`} label={BUILDER_UI.exact} labelSuffix={which} checked={Boolean(c.exact)} onChange={(on) => change(i, { exact: on || undefined })} />
                </>
              )}
              <div className="bank-columns__actions">
                <button type="button" className="button button--secondary" disabled={i === 0} onClick={() => move(i, -1)}>
                  {BUILDER_UI.up} <span className="visually-hidden">{which}</span>
                </button>
                <button type="button" className="button button--secondary" disabled={i === cells.length - 1} onClick={() => move(i, 1)}>
                  {BUILDER_UI.down} <span className="visually-hidden">{which}</span>
                </button>
                <button type="button" className="button button--secondary" onClick={() => set(cells.filter((_, j) => j !== i))}>
                  {BUILDER_UI.remove} <span className="visually-hidden">{which}</span>
                </button>
              </div>
            </li>
          );
        })}
      </ol>
      <button type="button" className="button button--secondary" disabled={cells.length >= meta.max} onClick={() => set([...cells, fixed ? fixedDefaults(meta.starter, bank.dateFormat) : meta.starter])}>
        {meta.add}
      </button>
    </section>
  );
}

function SelectField({ id, label, labelSuffix, value, options, onChange, error }: { id: string; label: string; labelSuffix?: string; value: string; options: Record<string, string>; onChange: (value: string) => void; error?: string }) {
  return (
    <div className="field">
      <label htmlFor={id}>
        {label}
        {labelSuffix && <span className="visually-hidden"> ({labelSuffix})</span>}
      </label>
      <select id={id} value={value} {...invalidProps(id, error)} onChange={(e) => onChange(e.target.value)}>
        {Object.entries(options).map(([v, text]) => (
          <option key={v} value={v}>
            {text}
          </option>
        ))}
      </select>
      <FieldError id={id} error={error} />
    </div>
  );
}

function Check({ id, label, labelSuffix, checked, onChange, error }: { id: string; label: string; labelSuffix?: string; checked: boolean; onChange: (on: boolean) => void; error?: string }) {
  return (
    <>
      <label className="check-field" htmlFor={id}>
        <input id={id} type="checkbox" checked={checked} {...invalidProps(id, error)} onChange={(e) => onChange(e.target.checked)} />
        <span>
          {label}
          {labelSuffix && <span className="visually-hidden"> ({labelSuffix})</span>}
        </span>
      </label>
      <FieldError id={id} error={error} />
    </>
  );
}
