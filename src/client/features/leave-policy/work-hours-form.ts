/**
 * The company's working hours and late-mark rule as a form (the shared form flow, staying open once
 * saved): the shift's three fields and the rule's four, as the inputs hold them, checked with the
 * shared schema before they are sent.
 */
import { workHoursSettingsSchema, type WorkHoursSettings } from '../../../shared/schemas/work-hours';
import { lateMarkLopDays } from '../../../shared/work-hours/work-hours';
import { errorMessage } from '../../api/error-message';
import { problemsOnFields, shiftFieldOf, shiftOf, shiftValues, type ShiftValues } from '../../components/shift-fields';
import { createFormSubmitMachine } from '../../flows/form-submit-machine';
import { schemaFieldProblems, schemaProblem } from '../../flows/schema-problem';

export interface WorkHoursValues extends ShiftValues {
  lateMarksOn: string;
  freePerMonth: string;
  marksPerStep: string;
  daysPerStep: string;
}

export const WORK_HOURS_UI = {
  title: 'Working hours and late marks',
  loading: 'Loading working hours...',
  failed: 'Error fetching working hours: ',
  intro: "Everyone's shift unless an admin sets a person's own on Edit Employee. Attendance shows each day's hours, late arrival and early leaving against it.",
  lateRule: 'Late-mark rule',
  lateMarksOn: 'Turn late marks into loss of pay',
  freePerMonth: 'Free late marks a month',
  marksPerStep: 'Late marks per deduction',
  daysPerStep: 'Days of loss of pay per deduction',
  half: '½ day',
  whole: '1 day',
  off: 'Off: late marks are counted and shown, but cost no pay.',
  /** Always shown under the rule: the legal limit that applies whatever the rule says. */
  lawLimit:
    'Whatever the rule, late marks never cost more than the pay for the minutes actually late (Code on Wages s.20): the rule may be stricter in marks, never in money. Off by default.',
  /** "5 late marks in a month = ½ day of loss of pay". */
  example: (marks: number, days: number) => `For example: ${marks} late marks in a month = ${days === 0 ? 'no' : days === 0.5 ? '½ day of' : `${days} ${days === 1 ? 'day' : 'days'} of`} loss of pay.`,
  save: 'Save working hours',
  saveFailed: 'Error saving working hours: ',
} as const;

export const workHoursValues = (s: WorkHoursSettings): WorkHoursValues => ({
  ...shiftValues(s.shift),
  lateMarksOn: String(s.lateMarkRule.enabled),
  freePerMonth: String(s.lateMarkRule.freePerMonth),
  marksPerStep: String(s.lateMarkRule.marksPerStep),
  daysPerStep: String(s.lateMarkRule.daysPerStep),
});

const number = (text: string) => (text.trim() === '' ? NaN : Number(text));

export const toWorkHours = (v: WorkHoursValues): WorkHoursSettings => ({
  shift: shiftOf(v),
  lateMarkRule: { enabled: v.lateMarksOn === 'true', freePerMonth: number(v.freePerMonth), marksPerStep: number(v.marksPerStep), daysPerStep: number(v.daysPerStep) },
});

/** The rule in one sentence: what the free marks and one deduction's worth cost. */
export function ruleExample(v: WorkHoursValues): string | null {
  const rule = toWorkHours(v).lateMarkRule;
  if (![rule.freePerMonth, rule.marksPerStep, rule.daysPerStep].every(Number.isFinite) || rule.marksPerStep < 1) return null;
  const marks = rule.freePerMonth + rule.marksPerStep;
  return WORK_HOURS_UI.example(marks, lateMarkLopDays(marks, { ...rule, enabled: true }));
}

const RULE_FIELDS = ['freePerMonth', 'marksPerStep', 'daysPerStep'] as const;

/** The form's field for a schema or server path: the shift's three, then the rule's ('lateMarkRule.freePerMonth'). */
function workHoursFieldOf(path: string): keyof WorkHoursValues & string | null {
  const last = path.split('.').pop()!;
  return shiftFieldOf(path) ?? ((RULE_FIELDS as readonly string[]).includes(last) ? (last as (typeof RULE_FIELDS)[number]) : null);
}

export const workHoursMachine = createFormSubmitMachine<WorkHoursValues, WorkHoursSettings>({
  id: 'workHours',
  blank: { shiftStart: '', shiftEnd: '', graceMinutes: '', lateMarksOn: 'false', freePerMonth: '', marksPerStep: '', daysPerStep: '0.5' },
  validate: (values) => schemaProblem(workHoursSettingsSchema, toWorkHours(values)),
  fieldProblems: (values) => problemsOnFields(schemaFieldProblems(workHoursSettingsSchema, toWorkHours(values)), workHoursFieldOf),
  fieldOf: workHoursFieldOf,
  toInput: (values) => toWorkHours(values),
  failure: (error) => WORK_HOURS_UI.saveFailed + errorMessage(error, 'the working hours could not be saved'),
  announce: 'inForm',
  afterSuccess: 'keepEditing',
  keepSaved: true,
});
