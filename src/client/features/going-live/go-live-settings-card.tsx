/**
 * The go-live settings on the Going live screen: the go-live date (before it, history comes from
 * opening balances and imported attendance; leave accrues from it), the pay basis, and when people
 * an import adds are invited. Saving sets the checklist's go-live step (with an opening balance).
 */
import { useState, type FormEvent } from 'react';
import { goLiveSettingsSchema, type GoLiveSettings } from '../../../shared/schemas/company';
import { errorMessage } from '../../api/error-message';
import { Banner } from '../../components/banner';
import { BusyText } from '../../components/busy-text';
import { LoadingScreen } from '../../components/loading-screen';
import { useEffects } from '../../feedback/effects-context';
import { GOING_LIVE_UI as UI } from './going-live-copy';
import { useGetGoLiveSettingsQuery, useSaveGoLiveSettingsMutation } from './going-live-api';

export function GoLiveSettingsCard() {
  const { data, error, isLoading } = useGetGoLiveSettingsQuery();
  return (
    <section className="card card--wide" aria-labelledby="go-live-settings-title">
      <h2 id="go-live-settings-title">{UI.settingsTitle}</h2>
      {error ? (
        <Banner tone="error">{UI.settingsLoadFailed + errorMessage(error, 'the server did not answer')}</Banner>
      ) : isLoading || !data ? (
        <LoadingScreen text={UI.settingsLoading} />
      ) : (
        <SettingsForm settings={data} />
      )}
    </section>
  );
}

function SettingsForm({ settings }: { settings: GoLiveSettings }) {
  const [values, setValues] = useState(settings);
  const [dateError, setDateError] = useState<string | null>(null);
  const [save, { isLoading: saving }] = useSaveGoLiveSettingsMutation();
  const effects = useEffects();

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = goLiveSettingsSchema.safeParse(values);
    const problem = values.goLiveDate === null ? UI.goLiveDateRequired : parsed.success ? null : (parsed.error.issues[0]?.message ?? UI.goLiveDateRequired);
    setDateError(problem);
    if (problem || !parsed.success) return;
    try {
      setValues(await save(parsed.data).unwrap());
      effects.toast('success', UI.settingsSaved);
    } catch (err) {
      effects.toast('error', UI.settingsFailed + errorMessage(err, 'the server did not answer'));
    }
  };

  const radios = <K extends 'payBasis' | 'inviteOnImport'>(key: K, choices: Record<GoLiveSettings[K], string>) =>
    (Object.keys(choices) as GoLiveSettings[K][]).map((choice) => (
      <label key={choice} className="check-field" htmlFor={`go-live-${key}-${choice}`}>
        <input id={`go-live-${key}-${choice}`} type="radio" name={`go-live-${key}`} checked={values[key] === choice} onChange={() => setValues((v) => ({ ...v, [key]: choice }))} />
        <span>{choices[choice]}</span>
      </label>
    ));

  return (
    <form className="form go-live-settings" noValidate aria-busy={saving} onSubmit={(e) => void submit(e)}>
      <fieldset className="go-live-settings__fields" disabled={saving}>
        <div className="field">
          <label htmlFor="go-live-date">{UI.goLiveDate}</label>
          <input
            id="go-live-date"
            type="date"
            value={values.goLiveDate ?? ''}
            aria-invalid={dateError ? true : undefined}
            aria-describedby={dateError ? 'go-live-date-error go-live-date-hint' : 'go-live-date-hint'}
            onChange={(e) => setValues((v) => ({ ...v, goLiveDate: e.target.value || null }))}
          />
          <p id="go-live-date-hint" className="field__hint">
            {UI.goLiveDateHint}
          </p>
          {dateError && (
            <p className="field-error" id="go-live-date-error">
              {dateError}
            </p>
          )}
        </div>
        <fieldset className="go-live-settings__group">
          <legend>{UI.payBasis}</legend>
          {radios('payBasis', UI.payBases)}
        </fieldset>
        <fieldset className="go-live-settings__group">
          <legend>{UI.inviteOnImport}</legend>
          {radios('inviteOnImport', UI.invites)}
        </fieldset>
        <div className="button-row">
          <button type="submit" className="button">
            <BusyText busy={saving} busyText={UI.settingsSaving}>
              {UI.settingsSave}
            </BusyText>
          </button>
        </div>
      </fieldset>
    </form>
  );
}
