/**
 * The income-tax screens' flows, built on the app's form and row-action flows: the regime choice,
 * a declaration, an earlier employer, the company's settings (forms), and an admin's decision, a
 * proof upload or removal and a regime switch (row actions). Each form checks its values with the
 * shared schema the server uses before sending; the calls are injected.
 */
import { declarationBody, decisionBody, previousEmploymentBody, regimeBody, taxSettingsSchema, type DeclarationBody, type DecisionBody, type PreviousEmploymentBody, type TaxSettings } from '../../../shared/schemas/tax';
import { errorMessage } from '../../api/error-message';
import { createFormSubmitMachine } from '../../flows/form-submit-machine';
import { createRowActionMachine } from '../../flows/row-action-machine';
import { schemaProblem } from '../../flows/schema-problem';
import { TAX_UI } from './tax-copy';

const failure = (error: unknown) => TAX_UI.failed + errorMessage(error, TAX_UI.fallback);
const money = (s: string) => (s.trim() === '' ? Number.NaN : Number(s.replace(/,/g, '')));
const optional = (s: string) => (s.trim() === '' ? undefined : s);

export type RegimeValues = { regime: string };

/** The regime form; `target` is the financial year. */
export const regimeMachine = createFormSubmitMachine<RegimeValues, { financialYear: string; regime: 'new' | 'old' }>({
  id: 'taxRegime',
  blank: { regime: 'new' },
  validate: (values) => schemaProblem(regimeBody, { financialYear: '2026-27', regime: values.regime }),
  toInput: (values, financialYear) => regimeBody.parse({ financialYear, regime: values.regime }),
  failure,
  afterSuccess: 'keepEditing',
});

export type DeclarationValues = {
  section: string;
  amount: string;
  fromMonth: string;
  toMonth: string;
  city: string;
  cityName: string;
  landlordName: string;
  landlordAddress: string;
  landlordPan: string;
  landlordRelationship: string;
  lenderName: string;
  lenderAddress: string;
  lenderPan: string;
  senior: string;
  description: string;
};

export const BLANK_DECLARATION: DeclarationValues = {
  section: 'rent',
  amount: '',
  fromMonth: '',
  toMonth: '',
  city: 'bengaluru',
  cityName: '',
  landlordName: '',
  landlordAddress: '',
  landlordPan: '',
  landlordRelationship: '',
  lenderName: '',
  lenderAddress: '',
  lenderPan: '',
  senior: 'no',
  description: '',
};

/** A saved declaration as the form's values, to change it. */
export function declarationValues(d: { section: string; amount: number; details: Record<string, unknown> }): DeclarationValues {
  const x = d.details;
  const text = (k: string) => (typeof x[k] === 'string' ? (x[k] as string) : '');
  return {
    ...BLANK_DECLARATION,
    section: d.section,
    amount: String(d.amount),
    ...Object.fromEntries((['fromMonth', 'toMonth', 'cityName', 'landlordName', 'landlordAddress', 'landlordPan', 'landlordRelationship', 'lenderName', 'lenderAddress', 'lenderPan', 'description'] as const).map((k) => [k, text(k)])),
    city: text('city') || BLANK_DECLARATION.city,
    senior: x.senior === true ? 'yes' : 'no',
  };
}

/** What a declaration form sends: the section's own details only. */
/**
 * The required fields left empty: the amount, and a rent's months. Said by their labels under each
 * field, not as the schema's "must be a month written YYYY-MM" (an empty month input sends '').
 */
export function emptyRequired(values: DeclarationValues): ('amount' | 'fromMonth' | 'toMonth')[] {
  const months = values.section === 'rent' ? (['fromMonth', 'toMonth'] as const).filter((f) => values[f].trim() === '') : [];
  return [...(values.amount.trim() === '' ? (['amount'] as const) : []), ...months];
}

export function declarationInput(values: DeclarationValues, financialYear: string): unknown {
  const amount = money(values.amount);
  switch (values.section) {
    case 'rent':
      return {
        financialYear,
        section: 'rent',
        amount,
        details: {
          fromMonth: values.fromMonth,
          toMonth: values.toMonth,
          city: values.city,
          cityName: optional(values.cityName),
          landlordName: values.landlordName,
          landlordAddress: values.landlordAddress,
          landlordPan: optional(values.landlordPan),
          landlordRelationship: optional(values.landlordRelationship),
        },
      };
    case '24b':
      return { financialYear, section: '24b', amount, details: { lenderName: values.lenderName, lenderAddress: optional(values.lenderAddress), lenderPan: optional(values.lenderPan) } };
    case '80D-self':
    case '80D-parents':
      return { financialYear, section: values.section, amount, details: { senior: values.senior === 'yes' } };
    default:
      return { financialYear, section: values.section, amount, details: { description: optional(values.description) } };
  }
}

/** The declaration form; `target` is the financial year. */
export const declarationMachine = createFormSubmitMachine<DeclarationValues, DeclarationBody>({
  id: 'taxDeclaration',
  blank: BLANK_DECLARATION,
  validate: (values) => (emptyRequired(values).length ? TAX_UI.allRequired : schemaProblem(declarationBody, declarationInput(values, '2026-27'))),
  toInput: (values, financialYear) => declarationBody.parse(declarationInput(values, financialYear ?? '')),
  failure,
  afterSuccess: 'keepEditing',
});

export type PreviousValues = Record<'employerName' | 'employerTan' | 'salary' | 'exemptions' | 'providentFund' | 'professionalTax' | 'tds', string>;

export const BLANK_PREVIOUS: PreviousValues = { employerName: '', employerTan: '', salary: '', exemptions: '0', providentFund: '0', professionalTax: '0', tds: '0' };

export const previousInput = (v: PreviousValues, financialYear: string) => ({
  financialYear,
  employerName: v.employerName,
  employerTan: optional(v.employerTan),
  salary: money(v.salary),
  exemptions: money(v.exemptions),
  providentFund: money(v.providentFund),
  professionalTax: money(v.professionalTax),
  tds: money(v.tds),
});

/** The earlier-employer form; `target` is the financial year. */
export const previousEmploymentMachine = createFormSubmitMachine<PreviousValues, PreviousEmploymentBody>({
  id: 'taxPreviousEmployment',
  blank: BLANK_PREVIOUS,
  validate: (values) => schemaProblem(previousEmploymentBody, previousInput(values, '2026-27')),
  toInput: (values, financialYear) => previousEmploymentBody.parse(previousInput(values, financialYear ?? '')),
  failure,
  afterSuccess: 'keepEditing',
});

export type SettingsValues = { declaredCounts: string; regimeChoiceCloses: string; proofWindowCloses: string };

/** The settings form for one year; `target` is the financial year; the other years' settings pass through untouched. */
export function settingsInput(values: SettingsValues, financialYear: string, others: TaxSettings['years']): TaxSettings {
  return {
    declaredUntilProofWindowCloses: values.declaredCounts === 'yes',
    years: { ...others, [financialYear]: { regimeChoiceCloses: values.regimeChoiceCloses || null, proofWindowCloses: values.proofWindowCloses || null } },
  };
}

export const settingsMachine = createFormSubmitMachine<SettingsValues, { values: SettingsValues; financialYear: string }, TaxSettings & { msg?: string }>({
  id: 'taxSettings',
  blank: { declaredCounts: 'yes', regimeChoiceCloses: '', proofWindowCloses: '' },
  validate: (values) => schemaProblem(taxSettingsSchema, settingsInput(values, '2026-27', {})),
  toInput: (values, financialYear) => ({ values, financialYear: financialYear ?? '' }),
  failure,
  successText: () => 'Tax settings saved',
  afterSuccess: 'keepEditing',
});

export interface DecisionInput extends DecisionBody {
  id: string;
}

/** Verify or reject one declaration; a rejection needs its note, checked before sending. */
export const decisionMachine = createRowActionMachine<DecisionInput>({ id: 'taxDecision', failure });

export const checkDecision = (input: DecisionInput, declared?: number): string | null => {
  if (input.status === 'rejected' && !input.note?.trim()) return TAX_UI.rejectNeedsNote;
  // A part verified: at most what was declared (the server says the same).
  if (input.status === 'verified' && input.amount !== undefined && declared !== undefined && input.amount > declared) return `amount must not be more than the ₹${declared.toLocaleString('en-IN')} declared`;
  return schemaProblem(decisionBody, { status: input.status, note: input.note || undefined, amount: input.amount });
};

/** Upload a proof for a section (`id`: the section), or remove one (`id`: the proof). */
export const proofMachine = createRowActionMachine<{ id: string }>({ id: 'taxProof', failure });

/** An admin switches an employee's regime, after the in-app confirmation. */
export const regimeSwitchMachine = createRowActionMachine<{ id: string; name: string; regime: 'new' | 'old' }>({
  id: 'taxRegimeSwitch',
  failure,
  confirmation: ({ name, regime }) => ({ title: 'Change the regime?', message: `Put ${name} on the ${regime} regime for this year? Their next slip's TDS follows it.`, confirmLabel: 'Change' }),
});
