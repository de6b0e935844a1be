/**
 * An earlier employer's figures for the year (Form 12B; Form 122 from Tax Year 2026-27): on the
 * employee's Income Tax screen for themselves, and on Tax Declarations for an admin entering a
 * joiner's. The caller says where it goes (`submit`); the form, its checks and field errors are one.
 */
import type { PreviousEmploymentBody, TaxYear } from '../../../shared/schemas/tax';
import { previousEmploymentBody } from '../../../shared/schemas/tax';
import { SubmitButton } from '../../components/submit-button';
import { SubmitForm } from '../../components/submit-form';
import { useFormSubmit } from '../../flows/use-form-submit';
import { TAX_UI } from './tax-copy';
import { CheckedField, fieldErrors, FormResult } from './tax-form';
import { BLANK_PREVIOUS, previousEmploymentMachine, previousInput, type PreviousValues } from './tax-machines';

const LABELS: Record<keyof PreviousValues, string> = {
  employerName: TAX_UI.employerName,
  employerTan: TAX_UI.employerTan,
  salary: TAX_UI.salary,
  exemptions: TAX_UI.exemptions,
  providentFund: TAX_UI.providentFund,
  professionalTax: TAX_UI.professionalTax,
  tds: TAX_UI.tds,
};

interface Props {
  /** Unique on the page: the form's field ids and its title's id start with it. */
  idPrefix: string;
  /** The heading; left out when the caller has one with the id `${idPrefix}-title` (a <details> summary). */
  title?: string;
  year: Pick<TaxYear, 'financialYear' | 'previousEmployment' | 'names'>;
  note: string;
  submit: (body: PreviousEmploymentBody, signal: AbortSignal) => Promise<{ msg?: string }>;
}

export function PreviousEmploymentForm({ idPrefix, title, year, note, submit }: Props) {
  const p = year.previousEmployment;
  const initial: PreviousValues = p
    ? { employerName: p.employerName, employerTan: p.employerTan ?? '', salary: String(p.salary), exemptions: String(p.exemptions), providentFund: String(p.providentFund), professionalTax: String(p.professionalTax), tds: String(p.tds) }
    : BLANK_PREVIOUS;
  const form = useFormSubmit(previousEmploymentMachine, { submit }, { values: initial, target: year.financialYear });
  const errors = fieldErrors(previousEmploymentBody, previousInput(form.values, year.financialYear), form.error, LABELS);
  const field = (name: keyof PreviousValues, extra: Record<string, unknown> = {}) => (
    <CheckedField id={`${idPrefix}-${name}`} label={LABELS[name]} value={form.values[name]} onChange={form.change(name)} error={errors[name]} {...extra} />
  );
  return (
    <>
      {title && <h3 id={`${idPrefix}-title`}>{title}</h3>}
      <p className="field__hint">{note}</p>
      <FormResult form={form} fieldErrors={errors} />
      <SubmitForm form={form} labelledBy={`${idPrefix}-title`} noValidate>
        <div className="tax__grid">
          {field('employerName', { required: true })}
          {field('employerTan', { autoCapitalize: 'characters' })}
          {field('salary', { inputMode: 'decimal', required: true })}
          {field('exemptions', { inputMode: 'decimal' })}
          {field('providentFund', { inputMode: 'decimal' })}
          {field('professionalTax', { inputMode: 'decimal' })}
          {field('tds', { inputMode: 'decimal' })}
        </div>
        <SubmitButton busy={form.submitting} block={false}>
          {TAX_UI.savePrevious}
        </SubmitButton>
      </SubmitForm>
    </>
  );
}
