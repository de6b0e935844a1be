/**
 * "Statutory and bank details" on the admin's Edit Employee form: state of work, PAN,
 * UAN, ESI number, bank account number, IFSC, tax regime and gender, PF on full wages (a checkbox)
 * and the person facts, below the spec's four fields, and saved with them by the same Update Employee (PUT /api/employee/edit/{id}, `statutory`).
 * Checked on submit by the shared schemas the server uses, so a bad PAN is refused before any call
 * with the server's own wording; an empty field clears the value.
 */
import type { ChangeEvent } from 'react';
import { FieldError, invalidProps } from '../../components/field-error';
import {
  GENDER_LABELS,
  GENDERS,
  INDIAN_STATES,
  STATUTORY_FIELDS,
  STATUTORY_LABELS,
  statutoryUpdateSchema,
  TAX_REGIME_LABELS,
  TAX_REGIMES,
  type StatutoryDetails,
  type StatutoryField,
  type StatutoryUpdate,
} from '../../../shared/schemas/employee-statutory';
import { STATUTORY_UI } from './statutory-copy';

/**
 * The details this form edits: all but the leaving date, which is the exit's last working day and
 * is recorded, changed or withdrawn on the Exit card beside this form, never typed here.
 */
type FormField = Exclude<StatutoryField, 'leftOn'>;
export const STATUTORY_FORM_FIELDS = STATUTORY_FIELDS.filter((f): f is FormField => f !== 'leftOn');

/** What the inputs hold: text, '' for not set; a checkbox 'yes' when ticked; EPS '' (derived), 'yes' or 'no'. */
export type StatutoryFormValues = Record<FormField, string>;

const CHECKBOXES = new Set<StatutoryField>(['pfOnFullWages', 'pfMember', 'personWithDisability']);

function formValue(f: FormField, details?: StatutoryDetails | null): string {
  // A record not loaded yet reads as the server's defaults: a PF member, EPS derived.
  if (f === 'pfMember') return details?.pfMember === false ? '' : 'yes';
  if (CHECKBOXES.has(f)) return details?.[f] ? 'yes' : '';
  if (f === 'epsEligible') return details?.epsEligible == null ? '' : details.epsEligible ? 'yes' : 'no';
  if (f === 'pfWageAtJoining') return details?.pfWageAtJoining == null ? '' : String(details.pfWageAtJoining);
  return (details?.[f] as string | null | undefined) ?? '';
}

export const statutoryFormValues = (details?: StatutoryDetails | null): StatutoryFormValues =>
  Object.fromEntries(STATUTORY_FORM_FIELDS.map((f) => [f, formValue(f, details)])) as StatutoryFormValues;

/** The inputs' values as the server takes them: checkboxes as true or false, EPS as true, false or null, the wage as a number. */
function wireValue(f: FormField, value: string): string | boolean | number | null {
  if (CHECKBOXES.has(f)) return value === 'yes';
  if (f === 'epsEligible') return value === '' ? null : value === 'yes';
  if (f === 'pfWageAtJoining') return value.trim() === '' ? null : /^\s*\d+(\.\d+)?\s*$/.test(value) ? Number(value) : value;
  return value;
}

/** Every field the server would refuse, each with its first problem (the server's words). */
export function statutoryProblems(values: StatutoryFormValues): Partial<Record<StatutoryField, string>> {
  const parsed = statutoryUpdateSchema.safeParse(Object.fromEntries(STATUTORY_FORM_FIELDS.map((f) => [f, wireValue(f, values[f])])));
  if (parsed.success) return {};
  const problems: Partial<Record<StatutoryField, string>> = {};
  for (const issue of parsed.error.issues) {
    const field = String(issue.path[0] ?? '') as StatutoryField;
    problems[field] ??= issue.message || STATUTORY_UI.invalid;
  }
  return problems;
}

/** Only the fields that differ from the record's: an unchanged form sends none (and writes no audit entry). */
export function statutoryChanges(values: StatutoryFormValues, initial: StatutoryFormValues): Partial<Record<StatutoryField, string | boolean | number | null>> {
  return Object.fromEntries(STATUTORY_FORM_FIELDS.filter((f) => values[f].trim() !== initial[f]).map((f) => [f, wireValue(f, values[f])]));
}

/**
 * Wraps the update call: refuses bad details before calling (as the server's 400 would), and adds
 * the changed ones to the request as `statutory`.
 */
export function withStatutory<I extends object, R>(
  call: (input: I, signal: AbortSignal) => Promise<R>,
  { values, initial }: { values: StatutoryFormValues; initial: StatutoryFormValues },
) {
  return (input: I, signal: AbortSignal): Promise<R> => {
    // Refused as the server would refuse it: the first problem as msg, and every bad field marked.
    const problems = statutoryProblems(values);
    const first = Object.values(problems)[0];
    if (first) return Promise.reject({ status: 400, data: { msg: first, fieldErrors: problems } });
    const changes = statutoryChanges(values, initial);
    return call(Object.keys(changes).length ? { ...input, statutory: changes as StatutoryUpdate } : input, signal);
  };
}

const TEXT_FIELDS: readonly { name: FormField; hint: string; extra?: object }[] = [
  { name: 'pan', hint: STATUTORY_UI.panHint, extra: { autoCapitalize: 'characters', maxLength: 10 } },
  { name: 'uan', hint: STATUTORY_UI.uanHint, extra: { inputMode: 'numeric', maxLength: 14 } },
  { name: 'esiNumber', hint: STATUTORY_UI.esiHint, extra: { inputMode: 'numeric', maxLength: 12 } },
  { name: 'bankAccount', hint: STATUTORY_UI.bankAccountHint, extra: { inputMode: 'numeric', maxLength: 22, autoComplete: 'off' } },
  { name: 'ifsc', hint: STATUTORY_UI.ifscHint, extra: { autoCapitalize: 'characters', maxLength: 11 } },
];

export function StatutoryFieldset({
  values,
  onChange,
  epsNow,
  errors = {},
}: {
  values: StatutoryFormValues;
  onChange: (field: FormField, value: string) => void;
  /** Fields the last check or answer found wrong, each marked with its message. */
  errors?: Partial<Record<StatutoryField, string>>;
  /** The EPS eligibility the server derived for the saved record, shown beside the override. */
  epsNow?: StatutoryDetails['epsEligibility'];
}) {
  const change = (field: FormField) => (e: ChangeEvent<HTMLInputElement | HTMLSelectElement>) => onChange(field, e.target.value);
  const check = (field: FormField) => (e: ChangeEvent<HTMLInputElement>) => onChange(field, e.target.checked ? 'yes' : '');
  const id = (field: StatutoryField) => `edit-employee-${field}`;
  const mark = (field: StatutoryField) => invalidProps(id(field), errors[field], `${id(field)}-hint`);
  return (
    <fieldset className="form__fields form__group">
      <legend>{STATUTORY_UI.legend}</legend>
      <p className="field__hint">{STATUTORY_UI.intro}</p>
      <div className="field">
        <label htmlFor={id('stateOfWork')}>{STATUTORY_LABELS.stateOfWork}</label>
        <select id={id('stateOfWork')} value={values.stateOfWork} onChange={change('stateOfWork')} {...mark('stateOfWork')}>
          <option value="">{STATUTORY_UI.notSet}</option>
          {Object.entries(INDIAN_STATES).map(([code, name]) => (
            <option key={code} value={code}>
              {name}
            </option>
          ))}
        </select>
        <FieldError id={id('stateOfWork')} error={errors['stateOfWork']} />
        <p id={`${id('stateOfWork')}-hint`} className="field__hint">
          {STATUTORY_UI.stateHint}
        </p>
      </div>
      {TEXT_FIELDS.map(({ name, hint, extra }) => (
        <div className="field" key={name}>
          <label htmlFor={id(name)}>{STATUTORY_LABELS[name]}</label>
          <input id={id(name)} type="text" value={values[name]} onChange={change(name)} {...mark(name)} spellCheck={false} {...extra} />
          <FieldError id={id(name)} error={errors[name]} />
          <p id={`${id(name)}-hint`} className="field__hint">
            {hint}
          </p>
        </div>
      ))}
      <div className="field">
        <label htmlFor={id('taxRegime')}>{STATUTORY_LABELS.taxRegime}</label>
        <select id={id('taxRegime')} value={values.taxRegime} onChange={change('taxRegime')} {...invalidProps(id('taxRegime'), errors.taxRegime)}>
          <option value="">{STATUTORY_UI.regimeDefault}</option>
          {TAX_REGIMES.map((r) => (
            <option key={r} value={r}>
              {TAX_REGIME_LABELS[r]}
            </option>
          ))}
        </select>
        <FieldError id={id('taxRegime')} error={errors.taxRegime} />
      </div>
      <div className="field">
        <label htmlFor={id('gender')}>{STATUTORY_LABELS.gender}</label>
        <select id={id('gender')} value={values.gender} onChange={change('gender')} {...mark('gender')}>
          <option value="">{STATUTORY_UI.notSet}</option>
          {GENDERS.map((g) => (
            <option key={g} value={g}>
              {GENDER_LABELS[g]}
            </option>
          ))}
        </select>
        <FieldError id={id('gender')} error={errors['gender']} />
        <p id={`${id('gender')}-hint`} className="field__hint">
          {STATUTORY_UI.genderHint}
        </p>
      </div>
      <div className="field">
        <label className="check-field" htmlFor={id('pfOnFullWages')}>
          <input id={id('pfOnFullWages')} type="checkbox" checked={values.pfOnFullWages === 'yes'} onChange={check('pfOnFullWages')} {...mark('pfOnFullWages')} />
          <span>{STATUTORY_LABELS.pfOnFullWages}</span>
        </label>
        <FieldError id={id('pfOnFullWages')} error={errors['pfOnFullWages']} />
        <p id={`${id('pfOnFullWages')}-hint`} className="field__hint">
          {STATUTORY_UI.pfFullWagesHint}
        </p>
      </div>
      <div className="field">
        <label htmlFor={id('dateOfBirth')}>{STATUTORY_LABELS.dateOfBirth}</label>
        <input id={id('dateOfBirth')} type="date" value={values.dateOfBirth} onChange={change('dateOfBirth')} {...mark('dateOfBirth')} />
        <FieldError id={id('dateOfBirth')} error={errors['dateOfBirth']} />
        <p id={`${id('dateOfBirth')}-hint`} className="field__hint">
          {STATUTORY_UI.dateOfBirthHint}
        </p>
      </div>
      <div className="field">
        <label className="check-field" htmlFor={id('personWithDisability')}>
          <input
            id={id('personWithDisability')}
            type="checkbox"
            checked={values.personWithDisability === 'yes'}
            onChange={check('personWithDisability')}
            {...mark('personWithDisability')}
          />
          <span>{STATUTORY_LABELS.personWithDisability}</span>
        </label>
        <FieldError id={id('personWithDisability')} error={errors['personWithDisability']} />
        <p id={`${id('personWithDisability')}-hint`} className="field__hint">
          {STATUTORY_UI.disabilityHint}
        </p>
      </div>
      <div className="field">
        <label className="check-field" htmlFor={id('pfMember')}>
          <input id={id('pfMember')} type="checkbox" checked={values.pfMember === 'yes'} onChange={check('pfMember')} {...mark('pfMember')} />
          <span>{STATUTORY_LABELS.pfMember}</span>
        </label>
        <FieldError id={id('pfMember')} error={errors['pfMember']} />
        <p id={`${id('pfMember')}-hint`} className="field__hint">
          {STATUTORY_UI.pfMemberHint}
        </p>
      </div>
      <div className="field">
        <label htmlFor={id('pfFirstJoinedOn')}>{STATUTORY_LABELS.pfFirstJoinedOn}</label>
        <input id={id('pfFirstJoinedOn')} type="date" value={values.pfFirstJoinedOn} onChange={change('pfFirstJoinedOn')} {...mark('pfFirstJoinedOn')} />
        <FieldError id={id('pfFirstJoinedOn')} error={errors['pfFirstJoinedOn']} />
        <p id={`${id('pfFirstJoinedOn')}-hint`} className="field__hint">
          {STATUTORY_UI.pfFirstJoinedOnHint}
        </p>
      </div>
      <div className="field">
        <label htmlFor={id('pfWageAtJoining')}>{STATUTORY_LABELS.pfWageAtJoining}</label>
        <input
          id={id('pfWageAtJoining')}
          type="text"
          inputMode="decimal"
          value={values.pfWageAtJoining}
          onChange={change('pfWageAtJoining')}
          {...mark('pfWageAtJoining')}
          maxLength={12}
        />
        <FieldError id={id('pfWageAtJoining')} error={errors['pfWageAtJoining']} />
        <p id={`${id('pfWageAtJoining')}-hint`} className="field__hint">
          {STATUTORY_UI.pfWageAtJoiningHint}
        </p>
      </div>
      <div className="field">
        <label htmlFor={id('epsEligible')}>{STATUTORY_LABELS.epsEligible}</label>
        <select id={id('epsEligible')} value={values.epsEligible} onChange={change('epsEligible')} {...mark('epsEligible')}>
          <option value="">{STATUTORY_UI.epsDerived}</option>
          <option value="yes">{STATUTORY_UI.epsYes}</option>
          <option value="no">{STATUTORY_UI.epsNo}</option>
        </select>
        <FieldError id={id('epsEligible')} error={errors['epsEligible']} />
        <p id={`${id('epsEligible')}-hint`} className="field__hint">
          {STATUTORY_UI.epsHint}
          {epsNow && ` ${STATUTORY_UI.epsNow(epsNow.eligible, epsNow.reason)}`}
        </p>
      </div>
    </fieldset>
  );
}
