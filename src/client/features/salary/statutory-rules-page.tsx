/**
 * /admin/statutory-rules: every statutory rule payroll uses, grouped by family (provident fund, ESI,
 * professional tax by state), each with the version in force in a chosen month, the earlier and later
 * versions and their sources (and the old regime's income-tax limits); a form to add a version
 * (rule-version-form.tsx), including a state's
 * professional-tax table; and the company's readings of contested rules (statutory-settings-form.tsx).
 * A version applies to every month not yet approved; approved months keep what they stored.
 */
import { useState } from 'react';
import type { StatutoryRulesPage as Page } from '../../../shared/schemas/statutory-rules';
import { formatRupees } from '../../../shared/format';
import { errorMessage } from '../../api/error-message';
import { Banner } from '../../components/banner';
import { LoadingScreen } from '../../components/loading-screen';
import { AddVersionForm } from './rule-version-form';
import { SettingsForm } from './statutory-settings-form';
import { useGetStatutoryRulesQuery } from './statutory-rules-api';
import { STATUTORY_RULES_UI as UI } from './salary-copy';
import './statutory-rules.css';

type Rule = Page['rules'][number];
type Version = Rule['versions'][number];

const valueText = (rule: Pick<Rule, 'unit'>, v: Version) =>
  rule.unit === 'percent' ? `${v.value}%` : rule.unit === 'rupees' ? formatRupees(v.value) : v.summary ? v.summary.join('. ') : (v.text ?? '—');

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
          {(['pf', 'esi', 'pt', 'tax'] as const).map((family) => (
            <RuleFamily key={family} page={data} family={family} />
          ))}
          <AddVersionForm rules={data.rules} onAdded={refetch} />
          <SettingsForm page={data} onSaved={refetch} />
        </>
      )}
    </section>
  );
}

/** One family's rules; professional tax lists the states with a table, then names those without one. */
function RuleFamily({ page, family }: { page: Page; family: Rule['family'] }) {
  const rules = page.rules.filter((r) => r.family === family);
  const shown = family === 'pt' ? rules.filter((r) => r.versions.length) : rules;
  const without = family === 'pt' ? rules.filter((r) => !r.versions.length).map((r) => r.label.replace(/^Professional tax: /, '')) : [];
  if (!rules.length) return null;
  return (
    <section className="statutory-rules__family" aria-labelledby={`family-${family}`}>
      <h3 id={`family-${family}`}>{UI.families[family]}</h3>
      {family === 'pt' && <p className="muted">{UI.ptIntro}</p>}
      <div className="statutory-rules__list">
        {shown.map((rule) => (
          <RuleCard key={rule.key} rule={rule} month={page.month} />
        ))}
      </div>
      {without.length > 0 && <p className="statutory-rules__without">{UI.noTable(without.join(', '))}</p>}
    </section>
  );
}

function RuleCard({ rule, month }: { rule: Rule; month: string }) {
  const inForce = rule.versions.filter((v) => v.when === 'in-force');
  const others = rule.versions.filter((v) => v.when !== 'in-force');
  // Tables an administrator enters (PT slabs, ESI periods) show their lines; the others (the HRA cities) their words.
  const table = rule.unit === 'table' && inForce.some((v) => v.summary);
  return (
    <article className="statutory-rule" aria-labelledby={`rule-${rule.key}`}>
      <h4 id={`rule-${rule.key}`}>{rule.label}</h4>
      <p className="statutory-rule__description">{rule.description}</p>
      <p className="statutory-rule__in-force">
        <span className="statutory-rule__label">{UI.inForce(month)}</span>{' '}
        {inForce.length ? inForce.map((v) => (table ? UI.from(v.effectiveFrom) : `${valueText(rule, v)} ${UI.from(v.effectiveFrom)}`)).join('; ') : UI.none}
      </p>
      {table &&
        inForce.map((v) => (
          <ul key={v.effectiveFrom} className="statutory-rule__table">
            {(v.summary ?? []).map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        ))}
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
              <li key={v.effectiveFrom}>
                <strong>{v.when === 'earlier' ? UI.earlier : UI.later}</strong> {valueText(rule, v)} {UI.from(v.effectiveFrom)}
                {v.origin === 'admin' && ` (${UI.addedByAdmin})`}. {v.source}
                {v.note && ` — ${v.note}`}
              </li>
            ))}
          </ul>
        </details>
      )}
    </article>
  );
}
