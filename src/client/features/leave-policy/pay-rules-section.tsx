/**
 * The company's pay rules, a card of its own under the leave settings: how a half day of attendance
 * is paid, and which wages ESI is computed on. Each choice names its default and why.
 */
import type { PayRules } from '../../../shared/schemas/pay-rules';
import { errorMessage } from '../../api/error-message';
import { payRulesApi, useGetPayRulesQuery } from '../../api/pay-rules-api';
import { useAppDispatch } from '../../app/hooks';
import { Banner } from '../../components/banner';
import { LoadingScreen } from '../../components/loading-screen';
import { SubmitButton } from '../../components/submit-button';
import { mutationCall } from '../../flows/from-mutation';
import { useFormSubmit } from '../../flows/use-form-submit';
import { PAY_RULES_UI as UI, payRulesMachine, payRulesValues } from './pay-rules-form';

export function PayRulesSection() {
  const { data, error, isLoading } = useGetPayRulesQuery();
  return (
    <section className="card" aria-labelledby="pay-rules-title">
      <h2 id="pay-rules-title">{UI.title}</h2>
      {error ? (
        <Banner tone="error">{UI.failed + errorMessage(error, 'the pay rules could not be loaded')}</Banner>
      ) : isLoading || !data ? (
        <LoadingScreen text={UI.loading} />
      ) : (
        <PayRulesForm rules={data} />
      )}
    </section>
  );
}

interface Choice {
  value: string;
  label: string;
}

/** A radio group with its legend and hint (`${name}-hint`). */
function Choices({ name, legend, hint, choices, value, onChange }: { name: string; legend: string; hint: string; choices: readonly Choice[]; value: string; onChange: (value: string) => void }) {
  return (
    <fieldset className="check-group" aria-describedby={`${name}-hint`}>
      <legend>{legend}</legend>
      {choices.map((c) => (
        <label key={c.value} className="check-field" htmlFor={`${name}-${c.value}`}>
          <input id={`${name}-${c.value}`} type="radio" name={name} value={c.value} checked={value === c.value} onChange={() => onChange(c.value)} />
          <span>{c.label}</span>
        </label>
      ))}
      <p id={`${name}-hint`} className="field__hint">
        {hint}
      </p>
    </fieldset>
  );
}

function PayRulesForm({ rules }: { rules: PayRules }) {
  const dispatch = useAppDispatch();
  const save = mutationCall(payRulesApi.endpoints.savePayRules, dispatch);
  const form = useFormSubmit(payRulesMachine, { submit: save }, { values: payRulesValues(rules) });
  const { values, error, message } = form;
  return (
    <form className="form leave-calendar-form" onSubmit={form.onSubmit} aria-busy={form.submitting} noValidate>
      <p className="muted">{UI.intro}</p>
      {error && <Banner tone="error">{error}</Banner>}
      {message && <Banner tone="success">{message}</Banner>}
      <fieldset className="form__fields" disabled={!form.editable}>
        <Choices
          name="half-day-pay"
          legend={UI.halfDay}
          hint={UI.halfDayHint}
          choices={[
            { value: 'half', label: UI.halfDayHalf },
            { value: 'full', label: UI.halfDayFull },
          ]}
          value={values.halfDayPay}
          onChange={(v) => form.setValue('halfDayPay', v)}
        />
        <Choices
          name="esi-wages"
          legend={UI.esiWages}
          hint={UI.esiHint}
          choices={[
            { value: 'gross', label: UI.esiGross },
            { value: 'code', label: UI.esiCode },
          ]}
          value={values.esiWages}
          onChange={(v) => form.setValue('esiWages', v)}
        />
        <SubmitButton busy={form.submitting} block={false}>{UI.save}</SubmitButton>
      </fieldset>
    </form>
  );
}
