/**
 * Edit Employee's override of one component of the person's salary structure (Basic, HRA's % or one
 * fixed allowance), or its removal: PUT /api/salary/history/{id}/structure-override, checked with the
 * shared schema the server uses; a form machine. The history above refetches with the answer.
 */
import type { SalaryHistory } from '../../../shared/schemas/salary-history';
import { structureOverrideBody, type StructureOverrideBody } from '../../../shared/schemas/salary-structure';
import { errorMessage } from '../../api/error-message';
import { useAppDispatch } from '../../app/hooks';
import { FieldError, invalidProps } from '../../components/field-error';
import { SubmitButton } from '../../components/submit-button';
import { createFormSubmitMachine, type FieldErrors } from '../../flows/form-submit-machine';
import { mutationCall } from '../../flows/from-mutation';
import { schemaFieldProblems, schemaProblem } from '../../flows/schema-problem';
import { useFormSubmit } from '../../flows/use-form-submit';
import { salaryHistoryApi } from './salary-history-api';
import { OVERRIDE_UI as UI } from './salary-structures-copy';

type Structure = NonNullable<SalaryHistory['revisions'][number]['structure']>;

type OverrideValues = {
  component: string;
  basicKind: string;
  basicPercentOfGross: string;
  basicMonthly: string;
  hraPercentOfBasic: string;
  allowanceName: string;
  monthly: string;
  effectiveFrom: string;
  reason: string;
};

const BLANK: OverrideValues = { component: 'basic', basicKind: 'percent', basicPercentOfGross: '', basicMonthly: '', hraPercentOfBasic: '', allowanceName: '', monthly: '', effectiveFrom: '', reason: '' };

const num = (s: string) => (s.trim() === '' ? Number.NaN : Number(s.replace(/,/g, '')));

/** What the form sends: only the fields of the chosen component. */
function bodyOf(v: OverrideValues): StructureOverrideBody {
  const when = { ...(v.effectiveFrom && { effectiveFrom: v.effectiveFrom }), ...(v.reason.trim() && { reason: v.reason }) };
  if (v.component === 'basic') return { component: 'basic', ...(v.basicKind === 'fixed' ? { basicMonthly: num(v.basicMonthly) } : { basicPercentOfGross: num(v.basicPercentOfGross) }), ...when };
  if (v.component === 'hra') return { component: 'hra', hraPercentOfBasic: num(v.hraPercentOfBasic), ...when };
  if (v.component === 'allowance') return { component: 'allowance', allowanceName: v.allowanceName, monthly: num(v.monthly), ...when };
  return { component: null, ...when };
}

const overrideMachine = createFormSubmitMachine<OverrideValues, { id: string; body: StructureOverrideBody }, SalaryHistory & { msg?: string }>({
  id: 'structureOverride',
  blank: BLANK,
  validate: (values) => schemaProblem(structureOverrideBody, bodyOf(values)),
  fieldProblems: (values) => schemaFieldProblems(structureOverrideBody, bodyOf(values)) as FieldErrors<OverrideValues>,
  toInput: (values, target) => ({ id: target!, body: bodyOf(values) }),
  failure: (error) => UI.failed + errorMessage(error, 'the server did not answer'),
  announce: 'alert',
  successText: (history) => (history.revisions[0]?.structure?.override ? UI.saved : UI.removed),
  afterSuccess: 'keepEditing',
});

export function StructureOverrideForm({ id, structure, defaultEffectiveFrom }: { id: string; structure: Structure; defaultEffectiveFrom: string }) {
  const dispatch = useAppDispatch();
  const form = useFormSubmit(overrideMachine, { submit: mutationCall(salaryHistoryApi.endpoints.setStructureOverride, dispatch) }, { values: { ...BLANK, allowanceName: structure.fixedAllowances[0]?.name ?? '' }, target: id });
  const { values, fieldErrors, error } = form;
  const components: [string, string][] = [
    ['basic', UI.basic],
    ['hra', UI.hra],
    ...(structure.fixedAllowances.length ? [['allowance', UI.allowance] as [string, string]] : []),
    ...(structure.override ? [['none', UI.remove] as [string, string]] : []),
  ];
  const input = (name: keyof OverrideValues, label: string, extra: object = {}) => {
    const fieldId = `override-${name}`;
    return (
      <div className="field">
        <label htmlFor={fieldId}>{label}</label>
        <input id={fieldId} inputMode="decimal" value={values[name]} onChange={form.change(name)} {...invalidProps(fieldId, fieldErrors[name])} {...extra} />
        <FieldError id={fieldId} error={fieldErrors[name]} />
      </div>
    );
  };
  return (
    <section className="salary-override" aria-labelledby="salary-override-title">
      <h3 id="salary-override-title">{UI.title}</h3>
      <p className="muted">{UI.intro(structure.name)}</p>
      <p>{structure.override ? UI.current(structure.override) : UI.none}</p>
      <form className="form salary-override__form" onSubmit={form.onSubmit} aria-busy={form.submitting} noValidate>
        {error && (
          <p className="form-error" role="alert">
            {error}
          </p>
        )}
        <fieldset className="form__fields" disabled={!form.editable}>
          <fieldset className="salary-override__choices" {...invalidProps('override-component', fieldErrors.component)}>
            <legend>{UI.component}</legend>
            {components.map(([value, label]) => (
              <label className="check-field" key={value} htmlFor={`override-component-${value}`}>
                <input id={`override-component-${value}`} type="radio" name="override-component" value={value} checked={values.component === value} onChange={form.change('component')} />
                {label}
              </label>
            ))}
            <FieldError id="override-component" error={fieldErrors.component} />
          </fieldset>
          {values.component === 'basic' && (
            <>
              <fieldset className="salary-override__choices">
                <legend>{UI.basic}</legend>
                {(['percent', 'fixed'] as const).map((kind) => (
                  <label className="check-field" key={kind} htmlFor={`override-basicKind-${kind}`}>
                    <input id={`override-basicKind-${kind}`} type="radio" name="override-basicKind" value={kind} checked={values.basicKind === kind} onChange={form.change('basicKind')} />
                    {kind === 'percent' ? UI.basicKindPercent : UI.basicKindFixed}
                  </label>
                ))}
              </fieldset>
              {values.basicKind === 'fixed' ? input('basicMonthly', UI.basicMonthly) : input('basicPercentOfGross', UI.basicPercent)}
            </>
          )}
          {values.component === 'hra' && input('hraPercentOfBasic', UI.hraPercent)}
          {values.component === 'allowance' && (
            <div className="salary-override__pair">
              <div className="field">
                <label htmlFor="override-allowanceName">{UI.allowanceName}</label>
                <select id="override-allowanceName" value={values.allowanceName} onChange={form.change('allowanceName')} {...invalidProps('override-allowanceName', fieldErrors.allowanceName)}>
                  {structure.fixedAllowances.map((a) => (
                    <option key={a.name} value={a.name}>
                      {a.name}
                    </option>
                  ))}
                </select>
                <FieldError id="override-allowanceName" error={fieldErrors.allowanceName} />
              </div>
              {input('monthly', UI.monthly)}
            </div>
          )}
          <div className="salary-override__pair">
            <div className="field">
              <label htmlFor="override-effectiveFrom">{UI.effectiveFrom}</label>
              <input id="override-effectiveFrom" type="date" value={values.effectiveFrom} onChange={form.change('effectiveFrom')} {...invalidProps('override-effectiveFrom', fieldErrors.effectiveFrom, 'override-effectiveFrom-hint')} />
              <p id="override-effectiveFrom-hint" className="field__hint">
                {UI.effectiveHint(defaultEffectiveFrom)}
              </p>
              <FieldError id="override-effectiveFrom" error={fieldErrors.effectiveFrom} />
            </div>
            {input('reason', UI.reason, { inputMode: 'text', maxLength: 500 })}
          </div>
          <SubmitButton busy={form.submitting} block={false}>
            {UI.save}
          </SubmitButton>
        </fieldset>
      </form>
    </section>
  );
}
