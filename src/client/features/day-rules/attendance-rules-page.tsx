/**
 * /admin/attendance/rules, in Settings: the day's rules (minimum hours for a full and a half day,
 * breaks, overtime) and web punching (who may punch in the browser, office sites and networks).
 */
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { DayRules, PunchPolicy } from '../../../shared/schemas/day-rules';
import { errorMessage } from '../../api/error-message';
import { useAppDispatch } from '../../app/hooks';
import { Banner } from '../../components/banner';
import { SelectField, TextAreaField, TextField } from '../../components/text-field';
import { LoadingScreen } from '../../components/loading-screen';
import { SubmitButton } from '../../components/submit-button';
import { mutationCall } from '../../flows/from-mutation';
import { useFormSubmit } from '../../flows/use-form-submit';
import { PATHS } from '../../config/paths';
import { dayRulesApi, useGetDayRulesQuery, useGetOwnPunchRulesQuery, useGetPunchPolicyQuery } from './day-rules-api';
import { DAY_RULES_UI as UI, punchRuleText } from './day-rules-copy';
import { dayRulesMachine, dayRulesValues, policyMachine, policyValues } from './day-rules-forms';
import { CheckField } from '../../components/check-field';

function Loaded<T>({ query, children }: { query: { data?: T; error?: unknown; isLoading: boolean }; children: (data: T) => ReactNode }) {
  if (query.error) return <Banner tone="error">{UI.failed + errorMessage(query.error, 'the rules could not be loaded')}</Banner>;
  if (query.isLoading || !query.data) return <LoadingScreen text={UI.loading} />;
  return <>{children(query.data)}</>;
}

export function AttendanceRulesPage() {
  const rules = useGetDayRulesQuery();
  const policy = useGetPunchPolicyQuery();
  return (
    <>
      <section className="card" aria-labelledby="day-rules-title">
        <h2 id="day-rules-title">{UI.title}</h2>
        <p className="muted">{UI.intro}</p>
        <h3>{UI.rulesTitle}</h3>
        <Loaded query={rules}>{(data) => <DayRulesForm rules={data} />}</Loaded>
      </section>
      <section className="card" aria-labelledby="punch-policy-title">
        <h2 id="punch-policy-title">{UI.policyTitle}</h2>
        <p className="muted">{UI.policyIntro}</p>
        <Loaded query={policy}>{(data) => <PolicyForm policy={data} />}</Loaded>
        <OwnRules />
      </section>
    </>
  );
}

/** A number of hours, days or times; the form keeps what is typed and checks it on submit. */
function NumberField({ onChange, step = '0.25', ...field }: { id: string; label: string; hint?: string; value: string; error?: string; onChange: (v: string) => void; step?: string }) {
  return <TextField type="number" inputMode="decimal" step={step} min={0} onChange={(e) => onChange(e.target.value)} {...field} />;
}

function DayRulesForm({ rules }: { rules: DayRules }) {
  const dispatch = useAppDispatch();
  const save = mutationCall(dayRulesApi.endpoints.saveDayRules, dispatch);
  const form = useFormSubmit(dayRulesMachine, { submit: save }, { values: dayRulesValues(rules) });
  const { values, error, message, fieldErrors } = form;
  const set = (field: string) => (v: string) => form.setValue(field, v);
  return (
    <form className="form" onSubmit={form.onSubmit} aria-busy={form.submitting} noValidate>
      {error && <Banner tone="error">{error}</Banner>}
      {message && <Banner tone="success">{message}</Banner>}
      <fieldset className="form__fields" disabled={!form.editable}>
        <div className="shift-fields">
          <NumberField id="rules-full-day" label={UI.fullDay} hint={UI.fullDayHint} value={values.fullDay} error={fieldErrors.fullDay} onChange={set('fullDay')} />
          <NumberField id="rules-half-day" label={UI.halfDay} hint={UI.halfDayHint} value={values.halfDay} error={fieldErrors.halfDay} onChange={set('halfDay')} />
        </div>
        <CheckField id="rules-breaks" label={UI.allowBreaks} checked={values.allowBreaks === 'true'} onChange={(v) => form.setValue('allowBreaks', String(v))} />
        <CheckField id="rules-overtime" label={UI.overtime} checked={values.overtime === 'true'} onChange={(v) => form.setValue('overtime', String(v))} />
        {values.overtime === 'true' && (
          <div className="shift-fields">
            <NumberField id="rules-normal-day" label={UI.normalDay} value={values.normalDay} error={fieldErrors.normalDay} onChange={set('normalDay')} />
            <NumberField id="rules-normal-week" label={UI.normalWeek} value={values.normalWeek} error={fieldErrors.normalWeek} onChange={set('normalWeek')} />
            <NumberField id="rules-rate" label={UI.rate} value={values.rate} error={fieldErrors.rate} onChange={set('rate')} step="0.5" />
            <SelectField id="rules-week-start" label={UI.weekStart} hint={UI.weekStartHint} value={values.weekStart} choices={UI.weekdays} error={fieldErrors.weekStart} onChange={(e) => set('weekStart')(e.target.value)} />
            <CheckField id="rules-payable" label={UI.payable} checked={values.payable === 'true'} onChange={(v) => form.setValue('payable', String(v))} />
          </div>
        )}
        {values.overtime === 'true' && values.payable === 'true' && (
          <div className="shift-fields">
            <SelectField id="rules-rate-wages" label={UI.rateWages} value={values.rateWages} choices={UI.rateWagesChoices} error={fieldErrors.rateWages} onChange={(e) => set('rateWages')(e.target.value)} />
            <SelectField id="rules-rate-days" label={UI.rateDays} hint={UI.rateHint} value={values.rateDays} choices={UI.rateDaysChoices} error={fieldErrors.rateDays} onChange={(e) => set('rateDays')(e.target.value)} />
          </div>
        )}
        <CheckField id="rules-comp-off" label={UI.compOff} checked={values.compOff === 'true'} onChange={(v) => form.setValue('compOff', String(v))} />
        {values.compOff === 'true' && (
          <div className="shift-fields">
            <NumberField id="rules-comp-off-days" label={UI.compOffDays} hint={UI.compOffDaysHint} value={values.compOffDays} error={fieldErrors.compOffDays} onChange={set('compOffDays')} step="1" />
          </div>
        )}
        <SubmitButton busy={form.submitting} block={false}>{UI.saveRules}</SubmitButton>
      </fieldset>
    </form>
  );
}

/** One entry a line (sites, networks). */
function ListField({ onChange, ...field }: { id: string; label: string; hint: string; value: string; error?: string; onChange: (v: string) => void }) {
  return <TextAreaField rows={4} onChange={(e) => onChange(e.target.value)} {...field} />;
}

function PolicyForm({ policy }: { policy: PunchPolicy }) {
  const dispatch = useAppDispatch();
  const save = mutationCall(dayRulesApi.endpoints.savePunchPolicy, dispatch);
  const form = useFormSubmit(policyMachine, { submit: save }, { values: policyValues(policy) });
  const { values, error, message, fieldErrors } = form;
  return (
    <form className="form" onSubmit={form.onSubmit} aria-busy={form.submitting} noValidate>
      {error && <Banner tone="error">{error}</Banner>}
      {message && <Banner tone="success">{message}</Banner>}
      <fieldset className="form__fields" disabled={!form.editable}>
        <CheckField id="policy-web" label={UI.webAllowed} checked={values.webAllowed === 'true'} onChange={(v) => form.setValue('webAllowed', String(v))} />
        <CheckField id="policy-geofence" label={UI.geofence} checked={values.geofence === 'true'} onChange={(v) => form.setValue('geofence', String(v))} />
        <CheckField id="policy-network" label={UI.network} checked={values.network === 'true'} onChange={(v) => form.setValue('network', String(v))} />
        <ListField id="policy-sites" label={UI.sites} hint={UI.sitesHint} value={values.sites} error={fieldErrors.sites} onChange={(v) => form.setValue('sites', v)} />
        <ListField id="policy-networks" label={UI.networks} hint={UI.networksHint} value={values.networks} error={fieldErrors.networks} onChange={(v) => form.setValue('networks', v)} />
        <SubmitButton busy={form.submitting} block={false}>{UI.savePolicy}</SubmitButton>
      </fieldset>
    </form>
  );
}

/** The people whose own web punch rule differs from the company's, each a link to their Edit Employee page. */
function OwnRules() {
  const query = useGetOwnPunchRulesQuery();
  return (
    <div className="own-punch-rules">
      <h3 id="own-punch-rules-title">{UI.ownRulesTitle}</h3>
      {query.error ? (
        <Banner tone="error">{UI.failed + errorMessage(query.error, 'the people with their own rule could not be loaded')}</Banner>
      ) : query.isLoading || !query.data ? (
        <LoadingScreen text={UI.ownRulesLoading} />
      ) : query.data.length === 0 ? (
        <p className="muted">{UI.ownRulesNone}</p>
      ) : (
        <ul aria-labelledby="own-punch-rules-title">
          {query.data.map((p) => (
            <li key={p.userId}>
              <Link to={PATHS.adminEditEmployee(p.userId)}>{p.name}</Link> ({p.employeeId}): {punchRuleText(p.rule)}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
