/**
 * /admin/statutory-rules: each statutory rule with the version in force in a chosen month, the
 * earlier and later versions and their sources; a form to add a version (checked field by field with
 * the server's own schema before any call); and the company's readings of contested rules. A version
 * applies to every month not yet approved; approved months keep what they stored.
 */
import { useState, type FormEvent } from 'react';
import { addRuleVersionBody, type StatutoryRulesPage as Page } from '../../../shared/schemas/statutory-rules';
import type { StatutorySettings } from '../../../shared/payroll/statutory/statutory-settings';
import { formatRupees } from '../../../shared/format';
import { errorMessage } from '../../api/error-message';
import { Banner } from '../../components/banner';
import { LoadingScreen } from '../../components/loading-screen';
import { useEffects } from '../../feedback/effects-context';
import { useAddRuleVersionMutation, useGetStatutoryRulesQuery, useSaveStatutorySettingsMutation } from './statutory-rules-api';
import { STATUTORY_RULES_UI as UI } from './salary-copy';
import './statutory-rules.css';

type Rule = Page['rules'][number];
type Version = Rule['versions'][number];

const valueText = (rule: Pick<Rule, 'unit'>, v: Pick<Version, 'value' | 'text'>) => (rule.unit === 'percent' ? `${v.value}%` : rule.unit === 'rupees' ? formatRupees(v.value) : (v.text ?? '—'));

export function StatutoryRulesPage({ initialMonth }: { initialMonth?: string }) {
  const [month, setMonth] = useState(initialMonth ?? new Date().toISOString().slice(0, 7));
  const { data, error, isLoading, refetch } = useGetStatutoryRulesQuery(month);
  return (
    <section className="card statutory-rules" aria-labelledby="statutory-rules-title">
      <h2 id="statutory-rules-title">{UI.title}</h2>
      <p className="muted">{UI.intro}</p>
      <div className="field statutory-rules__month">
        <label htmlFor="statutory-rules-month">{UI.month}</label>
        <input id="statutory-rules-month" type="month" value={month} onChange={(e) => e.target.value && setMonth(e.target.value)} />
      </div>
      {isLoading && <LoadingScreen text={UI.loading} />}
      {error && <Banner tone="error">{errorMessage(error, UI.loadFailed)}</Banner>}
      {data && (
        <>
          <RuleList page={data} />
          <AddVersionForm rules={data.rules} onAdded={refetch} />
          <SettingsForm page={data} onSaved={refetch} />
        </>
      )}
    </section>
  );
}

function RuleList({ page }: { page: Page }) {
  return (
    <div className="statutory-rules__list">
      {page.rules.map((rule) => {
        const inForce = rule.versions.filter((v) => v.when === 'in-force');
        const others = rule.versions.filter((v) => v.when !== 'in-force');
        return (
          <article key={rule.key} className="statutory-rule" aria-labelledby={`rule-${rule.key}`}>
            <h3 id={`rule-${rule.key}`}>{rule.label}</h3>
            <p className="statutory-rule__description">{rule.description}</p>
            <p className="statutory-rule__in-force">
              <span className="statutory-rule__label">{UI.inForce(page.month)}</span>{' '}
              {inForce.length ? inForce.map((v) => `${valueText(rule, v)} ${UI.from(v.effectiveFrom)}`).join('; ') : UI.none}
            </p>
            {inForce.map((v) => (
              <p key={v.effectiveFrom} className="statutory-rule__source">
                {UI.source}: {v.source}
                {v.note && ` — ${v.note}`}
              </p>
            ))}
            {others.length > 0 && (
              <details className="statutory-rule__versions">
                <summary>{UI.otherVersions(others.length)}</summary>
                <ul>
                  {others.map((v) => (
                    <VersionItem key={v.effectiveFrom} rule={rule} version={v} />
                  ))}
                </ul>
              </details>
            )}
          </article>
        );
      })}
    </div>
  );
}

function VersionItem({ rule, version: v }: { rule: Rule; version: Version }) {
  return (
    <li>
      <strong>{v.when === 'earlier' ? UI.earlier : UI.later}</strong> {valueText(rule, v)} {UI.from(v.effectiveFrom)}
      {v.origin === 'admin' && ` (${UI.addedByAdmin})`}. {v.source}
      {v.note && ` — ${v.note}`}
    </li>
  );
}

const EMPTY = { key: '', effectiveFrom: '', value: '', source: '', note: '' };
type Field = keyof typeof EMPTY;

function AddVersionForm({ rules, onAdded }: { rules: Rule[]; onAdded: () => void }) {
  const effects = useEffects();
  const [values, setValues] = useState(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [add, { isLoading }] = useAddRuleVersionMutation();
  const rule = rules.find((r) => r.key === values.key);
  const set = (f: Field) => (e: { target: { value: string } }) => setValues((v) => ({ ...v, [f]: e.target.value }));

  async function submit(e: FormEvent) {
    e.preventDefault();
    const body = { key: values.key, effectiveFrom: values.effectiveFrom, value: values.value.trim() === '' ? undefined : Number(values.value), source: values.source, ...(values.note.trim() ? { note: values.note } : {}) };
    const found: Partial<Record<Field, string>> = {};
    if (!values.key) found.key = UI.chooseRule;
    const parsed = addRuleVersionBody.safeParse(body);
    // The shared date rule's words ('must be a date written YYYY-MM-DD') need the field's name in front.
    if (!parsed.success) for (const issue of parsed.error.issues) found[(issue.path[0] as Field) ?? 'key'] ??= /^(must|is not)/.test(issue.message) ? `${UI.effectiveFrom} ${issue.message}` : issue.message;
    if (values.value.trim() !== '' && Number.isNaN(Number(values.value))) found.value = 'value must be a number';
    setErrors(found);
    if (Object.keys(found).length || !parsed.success) return;
    try {
      const { msg } = await add(parsed.data).unwrap();
      effects.toast('success', msg);
      setValues(EMPTY);
      onAdded();
    } catch (err) {
      const msg = errorMessage(err, UI.addFailed);
      // The server names the field its message is about; anything else is the form's.
      const field = (['effectiveFrom', 'value', 'source', 'note', 'key'] as const).find((f) => msg.startsWith(f)) ?? (/already has a version/.test(msg) ? 'effectiveFrom' : 'key');
      setErrors({ [field]: msg });
    }
  }

  const describedBy = (f: Field) => [errors[f] ? `add-version-${f}-error` : '', `add-version-${f}-hint`].filter(Boolean).join(' ') || undefined;
  const error = (f: Field) =>
    errors[f] && (
      <p id={`add-version-${f}-error`} className="form-error" role="alert">
        {errors[f]}
      </p>
    );
  return (
    <form className="form statutory-rules__form" onSubmit={submit} noValidate aria-labelledby="add-version-title">
      <h3 id="add-version-title">{UI.addTitle}</h3>
      <p className="field__hint">{UI.addIntro}</p>
      <fieldset className="form__fields" disabled={isLoading}>
        <div className="field">
          <label htmlFor="add-version-key">{UI.rule}</label>
          <select id="add-version-key" value={values.key} onChange={set('key')} aria-invalid={errors.key ? true : undefined} aria-describedby={describedBy('key')}>
            <option value="">{UI.chooseRule}</option>
            {/* Tables (the HRA cities) are not one figure: their versions come with the product. */}
            {rules.filter((r) => r.unit !== 'table').map((r) => (
              <option key={r.key} value={r.key}>
                {r.label}
              </option>
            ))}
          </select>
          <p id="add-version-key-hint" className="field__hint">
            {rule ? rule.midMonth : UI.ruleHint}
          </p>
          {error('key')}
        </div>
        <div className="field">
          <label htmlFor="add-version-effectiveFrom">{UI.effectiveFrom}</label>
          <input id="add-version-effectiveFrom" type="date" value={values.effectiveFrom} onChange={set('effectiveFrom')} aria-invalid={errors.effectiveFrom ? true : undefined} aria-describedby={describedBy('effectiveFrom')} />
          <p id="add-version-effectiveFrom-hint" className="field__hint">
            {UI.effectiveFromHint}
          </p>
          {error('effectiveFrom')}
        </div>
        <div className="field">
          <label htmlFor="add-version-value">{rule?.unit === 'percent' ? UI.valuePercent : UI.valueRupees}</label>
          <input id="add-version-value" type="text" inputMode="decimal" value={values.value} onChange={set('value')} aria-invalid={errors.value ? true : undefined} aria-describedby={describedBy('value')} />
          <p id="add-version-value-hint" className="field__hint">
            {UI.valueHint}
          </p>
          {error('value')}
        </div>
        <div className="field">
          <label htmlFor="add-version-source">{UI.sourceLabel}</label>
          <input id="add-version-source" type="text" value={values.source} onChange={set('source')} maxLength={300} aria-invalid={errors.source ? true : undefined} aria-describedby={describedBy('source')} />
          <p id="add-version-source-hint" className="field__hint">
            {UI.sourceHint}
          </p>
          {error('source')}
        </div>
        <div className="field">
          <label htmlFor="add-version-note">{UI.note}</label>
          <input id="add-version-note" type="text" value={values.note} onChange={set('note')} maxLength={200} aria-invalid={errors.note ? true : undefined} aria-describedby={describedBy('note')} />
          <p id="add-version-note-hint" className="field__hint">
            {UI.noteHint}
          </p>
          {error('note')}
        </div>
        <div>
          <button type="submit" className="button">
            {UI.add}
          </button>
        </div>
      </fieldset>
    </form>
  );
}

function SettingsForm({ page, onSaved }: { page: Page; onSaved: () => void }) {
  const effects = useEffects();
  const [settings, setSettings] = useState<StatutorySettings>(page.settings);
  const [save, { isLoading }] = useSaveStatutorySettingsMutation();
  async function submit(e: FormEvent) {
    e.preventDefault();
    try {
      effects.toast('success', (await save(settings).unwrap()).msg);
      onSaved();
    } catch (err) {
      effects.toast('error', errorMessage(err, UI.saveFailed));
    }
  }
  return (
    <form className="form statutory-rules__form" onSubmit={submit} aria-labelledby="statutory-settings-title">
      <h3 id="statutory-settings-title">{UI.settingsTitle}</h3>
      <fieldset className="form__fields" disabled={isLoading}>
        <div className="field">
          <label htmlFor="setting-pfCeilingReading">{UI.pfCeilingReading}</label>
          <select id="setting-pfCeilingReading" value={settings.pfCeilingReading} onChange={(e) => setSettings((s) => ({ ...s, pfCeilingReading: e.target.value as StatutorySettings['pfCeilingReading'] }))} aria-describedby="setting-pfCeilingReading-hint">
            {page.choices.pfCeilingReading.map((c) => (
              <option key={c} value={c}>
                {UI.readings[c]}
              </option>
            ))}
          </select>
          <p id="setting-pfCeilingReading-hint" className="field__hint">
            {UI.pfCeilingReadingHint}
          </p>
        </div>
        <div className="field">
          <label htmlFor="setting-eps58Month">{UI.eps58Month}</label>
          <select id="setting-eps58Month" value={settings.eps58Month} onChange={(e) => setSettings((s) => ({ ...s, eps58Month: e.target.value as StatutorySettings['eps58Month'] }))} aria-describedby="setting-eps58Month-hint">
            {page.choices.eps58Month.map((c) => (
              <option key={c} value={c}>
                {UI.eps58[c]}
              </option>
            ))}
          </select>
          <p id="setting-eps58Month-hint" className="field__hint">
            {UI.eps58MonthHint}
          </p>
        </div>
        <div className="field">
          <label className="check-field" htmlFor="setting-epsUntil60">
            <input id="setting-epsUntil60" type="checkbox" checked={settings.epsUntil60} onChange={(e) => setSettings((s) => ({ ...s, epsUntil60: e.target.checked }))} aria-describedby="setting-epsUntil60-hint" />
            <span>{UI.epsUntil60}</span>
          </label>
          <p id="setting-epsUntil60-hint" className="field__hint">
            {UI.epsUntil60Hint}
          </p>
        </div>
        <div>
          <button type="submit" className="button">
            {UI.saveSettings}
          </button>
        </div>
      </fieldset>
    </form>
  );
}
