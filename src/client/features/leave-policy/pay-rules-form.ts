/**
 * The company's pay rules as a form (the shared form flow, staying open once saved): two choices,
 * each a radio group, checked with the shared schema before they are sent.
 */
import { payRulesSchema, type PayRules } from '../../../shared/schemas/pay-rules';
import { errorMessage } from '../../api/error-message';
import { createFormSubmitMachine } from '../../flows/form-submit-machine';
import { schemaProblem } from '../../flows/schema-problem';

export interface PayRulesValues {
  halfDayPay: string;
  esiWages: string;
  [field: string]: string;
}

export const PAY_RULES_UI = {
  title: 'Pay rules',
  loading: 'Loading pay rules...',
  failed: 'Error fetching pay rules: ',
  intro: 'Choices the law leaves to the company. Months not yet approved follow them; approved months keep their slips.',
  halfDay: 'A half day of attendance (HD) is paid as',
  halfDayHalf: 'Half a day (default): pay for the time worked',
  halfDayFull: 'A full day',
  halfDayHint: "Every salary slip's notes say which is used.",
  esiWages: 'ESI coverage and contributions are on',
  esiGross: "Gross wages (default): the ESI Act's wages, as the ESIC portal computes them",
  esiCode: 'Wages under the Code on Social Security 2020 s.2(88): basic, DA and retaining allowance, with allowances above half of pay added back',
  esiHint:
    "ESIC's circular of 10 Dec 2025 asks employers to consider the Code's wages; whether they govern ESI yet is disputed. The Code's wages apply from the December 2025 pay month only.",
  save: 'Save pay rules',
  saved: 'Pay rules saved',
  saveFailed: 'Error saving pay rules: ',
} as const;

export const payRulesValues = (rules: PayRules): PayRulesValues => ({ halfDayPay: rules.halfDayPay, esiWages: rules.esiWages });

const toPayRules = (v: PayRulesValues) => ({ halfDayPay: v.halfDayPay, esiWages: v.esiWages }) as PayRules;

export const payRulesMachine = createFormSubmitMachine<PayRulesValues, PayRules, PayRules & { msg?: string }>({
  id: 'payRules',
  blank: { halfDayPay: 'half', esiWages: 'gross' },
  validate: (values) => schemaProblem(payRulesSchema, toPayRules(values)),
  toInput: (values) => toPayRules(values),
  failure: (error) => PAY_RULES_UI.saveFailed + errorMessage(error, 'the pay rules could not be saved'),
  successText: () => PAY_RULES_UI.saved,
  announce: 'inForm',
  afterSuccess: 'keepEditing',
  keepSaved: true,
});
