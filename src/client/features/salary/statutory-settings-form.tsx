/** The Statutory rules screen's readings of contested rules: the PF ceiling in a month it changes in, the 58th-birthday month, EPS until 60. */
import { useState, type ChangeEvent, type FormEvent } from 'react';
import type { StatutoryRulesPage as Page } from '../../../shared/schemas/statutory-rules';
import type { StatutorySettings } from '../../../shared/payroll/statutory/statutory-settings';
import { errorMessage } from '../../api/error-message';
import { SelectField } from '../../components/text-field';
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
  // A reading is one of the choices the server offers, in the screen's words for it.
  const reading = <K extends keyof Page['choices']>(key: K, words: Record<StatutorySettings[K], string>) => ({
    choices: Object.fromEntries(page.choices[key].map((c) => [c, words[c as StatutorySettings[K]]])),
    value: settings[key],
    onChange: (e: ChangeEvent<HTMLSelectElement>) => setSettings((s) => ({ ...s, [key]: e.target.value as StatutorySettings[K] })),
  });
  return (
    <form className="form statutory-rules__form" onSubmit={submit} aria-labelledby="statutory-settings-title">
      <h3 id="statutory-settings-title">{UI.settingsTitle}</h3>
      <fieldset className="form__fields" disabled={isLoading}>
        <SelectField id="setting-pfCeilingReading" label={UI.pfCeilingReading} hint={UI.pfCeilingReadingHint} {...reading('pfCeilingReading', UI.readings)} />
        <SelectField id="setting-eps58Month" label={UI.eps58Month} hint={UI.eps58MonthHint} {...reading('eps58Month', UI.eps58)} />
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
