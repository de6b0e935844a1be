/**
 * Edit Employee's "Web punching" card: the person follows the company's web punch rule, or has their
 * own (a field worker who may punch from anywhere, someone who must be at an office site, devices
 * only), saved by its own button to PUT /api/punch-policy/employees/:id. Choosing the company's
 * again clears the person's own. The card says which rule applies now, and warns when the rule asks
 * for an office site or network the company has not set up (every web punch would be refused).
 */
import type { EmployeePunchRule, PunchRule } from '../../../shared/schemas/day-rules';
import { errorMessage } from '../../api/error-message';
import { useAppDispatch } from '../../app/hooks';
import { Banner } from '../../components/banner';
import { LoadingScreen } from '../../components/loading-screen';
import { SubmitButton } from '../../components/submit-button';
import { createFormSubmitMachine } from '../../flows/form-submit-machine';
import { mutationCall } from '../../flows/from-mutation';
import { useFormSubmit } from '../../flows/use-form-submit';
import { dayRulesApi, useGetEmployeePunchRuleQuery, useGetPunchPolicyQuery } from './day-rules-api';
import { EMPLOYEE_PUNCH_RULE_UI as UI, punchRuleText } from './day-rules-copy';
import { CheckField } from '../../components/check-field';

interface RuleValues {
  own: string;
  webAllowed: string;
  geofence: string;
  network: string;
  [key: string]: string;
}

const ruleOf = (v: RuleValues): PunchRule => ({
  webAllowed: v.webAllowed === 'true',
  // Without web punching the checks mean nothing: stored off, so the rule reads as "devices only".
  geofenceRequired: v.webAllowed === 'true' && v.geofence === 'true',
  networkRequired: v.webAllowed === 'true' && v.network === 'true',
});

const valuesOf = (rule: EmployeePunchRule): RuleValues => {
  const shown = rule.own ?? rule.effective;
  return { own: String(rule.own !== null), webAllowed: String(shown.webAllowed), geofence: String(shown.geofenceRequired), network: String(shown.networkRequired) };
};

const ruleMachine = createFormSubmitMachine<RuleValues, { id: string; rule: PunchRule | null }>({
  id: 'employeePunchRule',
  blank: { own: 'false', webAllowed: 'true', geofence: 'false', network: 'false' },
  validate: () => null,
  toInput: (values, target) => ({ id: target!, rule: values.own === 'true' ? ruleOf(values) : null }),
  failure: (error) => UI.saveFailed + errorMessage(error, 'the punch rule could not be saved'),
  // A toast, so the form keeps what was saved (an in-form message would start it over from the rule first loaded).
  announce: 'alert',
  afterSuccess: 'keepEditing',
});

/** `id` is the account's _id, as in the Edit Employee address. */
export function EmployeePunchRuleSection({ id }: { id: string }) {
  const { data, error, isLoading } = useGetEmployeePunchRuleQuery(id);
  return (
    <section className="card" aria-labelledby="employee-punch-rule-title">
      <h2 id="employee-punch-rule-title">{UI.title}</h2>
      {error ? (
        <Banner tone="error">{UI.failed + errorMessage(error, 'the punch rule could not be loaded')}</Banner>
      ) : isLoading || !data ? (
        <LoadingScreen text={UI.loading} />
      ) : (
        <RuleForm key={id} id={id} rule={data} />
      )}
    </section>
  );
}

function RuleForm({ id, rule }: { id: string; rule: EmployeePunchRule }) {
  const dispatch = useAppDispatch();
  const save = mutationCall(dayRulesApi.endpoints.saveEmployeePunchRule, dispatch);
  const form = useFormSubmit(ruleMachine, { submit: save }, { values: valuesOf(rule), target: id });
  const { values, error, message } = form;
  const policy = useGetPunchPolicyQuery().data;
  // The company's rule, said beside its choice even while the person has their own.
  const company = policy?.rule ?? (rule.own ? null : rule.effective);
  const own = values.own === 'true';
  const chosen = own ? ruleOf(values) : (company ?? rule.effective);
  const set = (field: keyof RuleValues & string) => (v: boolean) => form.setValue(field, String(v));

  return (
    <form className="form" onSubmit={form.onSubmit} aria-busy={form.submitting} noValidate>
      {error && <Banner tone="error">{error}</Banner>}
      {message && <Banner tone="success">{message}</Banner>}
      <fieldset className="form__fields" disabled={!form.editable}>
        <fieldset className="check-group">
          <legend>{UI.choice}</legend>
          <label className="check-field" htmlFor="punch-rule-company">
            <input id="punch-rule-company" type="radio" name="punch-rule-choice" checked={!own} onChange={() => form.setValue('own', 'false')} />
            <span>{company ? UI.company(punchRuleText(company)) : UI.company('…')}</span>
          </label>
          <label className="check-field" htmlFor="punch-rule-own">
            <input id="punch-rule-own" type="radio" name="punch-rule-choice" checked={own} onChange={() => form.setValue('own', 'true')} />
            <span>{UI.own}</span>
          </label>
        </fieldset>
        {own && (
          <fieldset className="check-group">
            <legend className="visually-hidden">{UI.own}</legend>
            <CheckField id="punch-rule-web" label={UI.webAllowed} checked={values.webAllowed === 'true'} onChange={set('webAllowed')} />
            {values.webAllowed === 'true' && (
              <>
                <CheckField id="punch-rule-geofence" label={UI.geofence} checked={values.geofence === 'true'} onChange={set('geofence')} />
                <CheckField id="punch-rule-network" label={UI.network} checked={values.network === 'true'} onChange={set('network')} />
              </>
            )}
          </fieldset>
        )}
        <p className="muted">{UI.applies(punchRuleText(chosen))}</p>
        {policy && chosen.geofenceRequired && policy.sites.length === 0 && <Banner tone="info">{UI.noSites}</Banner>}
        {policy && chosen.networkRequired && policy.networks.length === 0 && <Banner tone="info">{UI.noNetworks}</Banner>}
        <SubmitButton busy={form.submitting} block={false}>{UI.save}</SubmitButton>
      </fieldset>
    </form>
  );
}
