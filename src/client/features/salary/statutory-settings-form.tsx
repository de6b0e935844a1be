/** The Statutory rules screen's readings of contested rules: the PF ceiling in a month it changes in, the 58th-birthday month, EPS until 60. */
import { useState, type FormEvent } from 'react';
import type { StatutoryRulesPage as Page } from '../../../shared/schemas/statutory-rules';
import type { StatutorySettings } from '../../../shared/payroll/statutory/statutory-settings';
import { errorMessage } from '../../api/error-message';
import { useEffects } from '../../feedback/effects-context';
import { useSaveStatutorySettingsMutation } from './statutory-rules-api';
import { STATUTORY_RULES_UI as UI } from './salary-copy';

export function SettingsForm({ page, onSaved }: { page: Page; onSaved: () => void }) {
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
