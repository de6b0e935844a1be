/**
 * The Statutory rules screen's "Add a version" form: a rate or amount (PF, ESI), a state's
 * professional-tax slab table (a first one for a state without, or a later one), the ESI
 * contribution periods, or an income-tax regime's rate table for a new year. Every field is checked with the server's own schemas before any call and
 * each error is shown beside its field; the server's refusal goes under the field it names.
 * Choosing a table rule starts the form from the version in force, to change what changed.
 */
import { useState, type FormEvent, type ReactNode } from 'react';
import { RULE_DEFINITIONS } from '../../../shared/payroll/statutory/rule-catalogue';
import { addRuleVersionBody, type StatutoryRulesPage as Page } from '../../../shared/schemas/statutory-rules';
import { errorMessage } from '../../api/error-message';
import { useEffects } from '../../feedback/effects-context';
import { EMPTY_TABLE_TEXT, tableToText, textToTable, type TableField, type TableText } from './rule-table-input';
import { useAddRuleVersionMutation } from './statutory-rules-api';
import { STATUTORY_RULES_UI as UI } from './salary-copy';

type Rule = Page['rules'][number];

const EMPTY = { key: '', effectiveFrom: '', value: '', source: '', note: '' };
type Field = keyof typeof EMPTY | TableField;
type Errors = Partial<Record<Field, string>>;

const FAMILY_ORDER = ['pf', 'esi', 'pt', 'tax'] as const;
const TABLE_FIELDS: readonly TableField[] = ['period', 'slabs', 'womenSlabs', 'deductInMonths', 'exemptAgeFrom', 'startMonths', 'surcharge'];
// An income-tax rate table's wire fields, by the form field they are entered in.
const TAX_RATE_FIELDS: Readonly<Record<string, TableField>> = { standardDeductionRupees: 'standardDeduction', incomeUpToRupees: 'rebateUpTo', maxRupees: 'rebateMax', marginalRelief: 'rebateUpTo', cessPercent: 'cessPercent' };
const WIRE = new Map(RULE_DEFINITIONS.filter((d) => d.table).map((d) => [d.key, d.table!.wire]));

/** An issue of a table's schema under its field: slab issues name their line. */
function tableIssue(path: readonly PropertyKey[], message: string): [TableField, string] {
  const taxField = TAX_RATE_FIELDS[String(path[0] === 'rebate' ? path[1] : path[0])];
  if (taxField) return [taxField, message];
  const field = (TABLE_FIELDS.includes(path[0] as TableField) ? path[0] : path[0] === 'exemptDisability' ? 'exemptAgeFrom' : 'slabs') as TableField;
  const line = (field === 'slabs' || field === 'womenSlabs' || field === 'surcharge') && typeof path[1] === 'number' ? `${field} line ${path[1] + 1}: ` : '';
  return [field, `${line}${message}`];
}

/** The server's message under its fields: "table.slabs.0.taxRupees: …; table.deductInMonths: …", or one plain message. */
function serverErrors(msg: string): Errors {
  const found: Errors = {};
  for (const part of msg.split('; ')) {
    const m = /^table\.(\w+)(?:\.(\w+))?(?:\.\w+)?: (.*)$/.exec(part);
    if (m) {
      const [field, text] = tableIssue(m[2] === undefined ? [m[1]!] : [m[1]!, /^\d+$/.test(m[2]) ? Number(m[2]) : m[2]], m[3]!);
      found[field] ??= text;
    }
  }
  if (Object.keys(found).length) return found;
  const field = (['effectiveFrom', 'value', 'source', 'note', 'key', 'table'] as const).find((f) => msg.startsWith(f)) ?? (/already has a version/.test(msg) ? 'effectiveFrom' : 'key');
  return { [field === 'table' ? 'slabs' : field]: msg };
}

export function AddVersionForm({ rules, onAdded }: { rules: Rule[]; onAdded: () => void }) {
  const effects = useEffects();
  const [values, setValues] = useState(EMPTY);
  const [table, setTable] = useState<TableText>(EMPTY_TABLE_TEXT);
  const [errors, setErrors] = useState<Errors>({});
  const [add, { isLoading }] = useAddRuleVersionMutation();
  const rule = rules.find((r) => r.key === values.key);
  const set = (f: keyof typeof EMPTY) => (e: { target: { value: string } }) => setValues((v) => ({ ...v, [f]: e.target.value }));
  const setText = (f: keyof TableText) => (e: { target: { value: string } }) => setTable((t) => ({ ...t, [f]: e.target.value }));

  function chooseRule(key: string) {
    setValues((v) => ({ ...v, key }));
    const chosen = rules.find((r) => r.key === key);
    const latest = chosen?.versions.at(-1);
    setTable(chosen?.tableKind && latest ? tableToText(latest.table, chosen.tableKind) : EMPTY_TABLE_TEXT);
  }

  async function submit(e: FormEvent) {
    e.preventDefault();
    const found: Errors = {};
    const tableValue = rule?.tableKind ? textToTable(rule.tableKind, table, UI) : null;
    const body = {
      key: values.key,
      effectiveFrom: values.effectiveFrom,
      ...(tableValue ? { table: tableValue.table } : { value: values.value.trim() === '' ? undefined : Number(values.value) }),
      source: values.source,
      ...(values.note.trim() ? { note: values.note } : {}),
    };
    if (!values.key) found.key = UI.chooseRule;
    const parsed = addRuleVersionBody.safeParse(body);
    // The shared date rule's words ('must be a date written YYYY-MM-DD') need the field's name in front.
    if (!parsed.success) for (const issue of parsed.error.issues) found[(issue.path[0] as Field) ?? 'key'] ??= /^(must|is not)/.test(issue.message) ? `${UI.effectiveFrom} ${issue.message}` : issue.message;
    if (rule && !rule.tableKind && values.value.trim() === '') found.value = 'value is required';
    if (values.value.trim() !== '' && Number.isNaN(Number(values.value))) found.value = 'value must be a number';
    if (tableValue) {
      Object.assign(found, tableValue.errors);
      const wire = WIRE.get(values.key)?.safeParse(tableValue.table);
      if (wire && !wire.success)
        for (const issue of wire.error.issues) {
          const [field, text] = tableIssue(issue.path, issue.message);
          found[field] ??= text;
        }
    }
    setErrors(found);
    if (Object.keys(found).length || !parsed.success) return;
    try {
      const { msg } = await add(parsed.data).unwrap();
      effects.toast('success', msg);
      setValues(EMPTY);
      setTable(EMPTY_TABLE_TEXT);
      onAdded();
    } catch (err) {
      setErrors(serverErrors(errorMessage(err, UI.addFailed)));
    }
  }

  const describedBy = (f: Field) => [errors[f] ? `add-version-${f}-error` : '', `add-version-${f}-hint`].filter(Boolean).join(' ') || undefined;
  const field = (f: Field, label: string, hint: string, control: ReactNode) => (
    <div className="field">
      <label htmlFor={`add-version-${f}`}>{label}</label>
      {control}
      <p id={`add-version-${f}-hint`} className="field__hint">
        {hint}
      </p>
      {errors[f] && (
        <p id={`add-version-${f}-error`} className="form-error" role="alert">
          {errors[f]}
        </p>
      )}
    </div>
  );
  const input = (f: Field, value: string, onChange: (e: { target: { value: string } }) => void, extra: Record<string, unknown> = {}) => (
    <input id={`add-version-${f}`} type="text" value={value} onChange={onChange} aria-invalid={errors[f] ? true : undefined} aria-describedby={describedBy(f)} {...extra} />
  );
  const textarea = (f: 'slabs' | 'womenSlabs' | 'surcharge', rows: number) => (
    <textarea id={`add-version-${f}`} rows={rows} value={table[f]} onChange={setText(f)} spellCheck={false} aria-invalid={errors[f] ? true : undefined} aria-describedby={describedBy(f)} />
  );
  // Tables whose versions come with the product (the HRA cities) are not entered here.
  const groups = FAMILY_ORDER.map((family) => ({ family, rules: rules.filter((r) => r.family === family && (r.unit !== 'table' || r.tableKind)) })).filter((g) => g.rules.length);

  return (
    <form className="form statutory-rules__form" onSubmit={submit} noValidate aria-labelledby="add-version-title">
      <h3 id="add-version-title">{UI.addTitle}</h3>
      <p className="field__hint">{UI.addIntro}</p>
      <fieldset className="form__fields" disabled={isLoading}>
        {field(
          'key',
          UI.rule,
          rule ? rule.midMonth : UI.ruleHint,
          <select id="add-version-key" value={values.key} onChange={(e) => chooseRule(e.target.value)} aria-invalid={errors.key ? true : undefined} aria-describedby={describedBy('key')}>
            <option value="">{UI.chooseRule}</option>
            {groups.map((g) => (
              <optgroup key={g.family} label={UI.families[g.family]}>
                {g.rules.map((r) => (
                  <option key={r.key} value={r.key}>
                    {r.label}
                  </option>
                ))}
              </optgroup>
            ))}
          </select>,
        )}
        {field(
          'effectiveFrom',
          UI.effectiveFrom,
          UI.effectiveFromHint,
          <input id="add-version-effectiveFrom" type="date" value={values.effectiveFrom} onChange={set('effectiveFrom')} aria-invalid={errors.effectiveFrom ? true : undefined} aria-describedby={describedBy('effectiveFrom')} />,
        )}
        {!rule?.tableKind &&
          field('value', rule?.unit === 'percent' ? UI.valuePercent : UI.valueRupees, rule?.allowZero ? UI.valueZeroHint : UI.valueHint, input('value', values.value, set('value'), { inputMode: 'decimal' }))}
        {rule?.tableKind === 'months' && field('startMonths', UI.startMonths, UI.startMonthsHint, input('startMonths', table.startMonths, setText('startMonths'), { inputMode: 'numeric' }))}
        {rule?.tableKind === 'tax-rates' && (
          <>
            {field('slabs', UI.taxSlabs, UI.taxSlabsHint, textarea('slabs', 7))}
            {field('standardDeduction', UI.standardDeduction, '', input('standardDeduction', table.standardDeduction, setText('standardDeduction'), { inputMode: 'decimal' }))}
            {field('rebateUpTo', UI.rebateUpTo, UI.rebateHint, input('rebateUpTo', table.rebateUpTo, setText('rebateUpTo'), { inputMode: 'decimal' }))}
            {field('rebateMax', UI.rebateMax, '', input('rebateMax', table.rebateMax, setText('rebateMax'), { inputMode: 'decimal' }))}
            <div className="field">
              <label className="check-field" htmlFor="add-version-marginalRelief">
                <input id="add-version-marginalRelief" type="checkbox" checked={table.marginalRelief} onChange={(e) => setTable((t) => ({ ...t, marginalRelief: e.target.checked }))} />
                <span>{UI.marginalRelief}</span>
              </label>
            </div>
            {field('surcharge', UI.surcharge, UI.surchargeHint, textarea('surcharge', 4))}
            {field('cessPercent', UI.cessPercent, '', input('cessPercent', table.cessPercent, setText('cessPercent'), { inputMode: 'decimal' }))}
          </>
        )}
        {rule?.tableKind === 'pt-slabs' && (
          <>
            {field(
              'period',
              UI.period,
              UI.periodHint,
              <select id="add-version-period" value={table.period} onChange={(e) => setTable((t) => ({ ...t, period: e.target.value as TableText['period'] }))} aria-describedby={describedBy('period')}>
                {(['monthly', 'half-yearly'] as const).map((p) => (
                  <option key={p} value={p}>
                    {UI.periods[p]}
                  </option>
                ))}
              </select>,
            )}
            {field('slabs', UI.slabs, UI.slabsHint, textarea('slabs', 5))}
            {field('womenSlabs', UI.womenSlabs, UI.womenSlabsHint, textarea('womenSlabs', 2))}
            {table.period === 'half-yearly' && field('deductInMonths', UI.deductInMonths, UI.deductInMonthsHint, input('deductInMonths', table.deductInMonths, setText('deductInMonths'), { inputMode: 'numeric' }))}
            {field('exemptAgeFrom', UI.exemptAgeFrom, UI.exemptAgeFromHint, input('exemptAgeFrom', table.exemptAgeFrom, setText('exemptAgeFrom'), { inputMode: 'numeric' }))}
            <div className="field">
              <label className="check-field" htmlFor="add-version-exemptDisability">
                <input id="add-version-exemptDisability" type="checkbox" checked={table.exemptDisability} onChange={(e) => setTable((t) => ({ ...t, exemptDisability: e.target.checked }))} />
                <span>{UI.exemptDisability}</span>
              </label>
            </div>
          </>
        )}
        {field('source', UI.sourceLabel, UI.sourceHint, input('source', values.source, set('source'), { maxLength: 300 }))}
        {field('note', UI.note, UI.noteHint, input('note', values.note, set('note'), { maxLength: 200 }))}
        <div>
          <button type="submit" className="button">
            {UI.add}
          </button>
        </div>
      </fieldset>
    </form>
  );
}
