/**
 * The holiday screen's flows: adding one (the shared form flow) and deleting one (the shared row
 * action, asked first in the in-app dialog). Both checks run the shared schema the server uses.
 */
import { holidayBody, type HolidayBody } from '../../../shared/schemas/leave-policy';
import { errorMessage } from '../../api/error-message';
import { createFormSubmitMachine } from '../../flows/form-submit-machine';
import { createRowActionMachine } from '../../flows/row-action-machine';
import { schemaProblem } from '../../flows/schema-problem';
import { issueMessage } from '../../../shared/schemas/issue-message';
import { HOLIDAYS_UI } from './holiday-calendar-copy';

export interface HolidayFormValues extends Record<string, string> {
  date: string;
  name: string;
  /** 'yes' or 'no' (the checkbox). */
  optional: string;
  /** 'yes' or 'no' (the checkbox). */
  repeatsYearly: string;
}

const toHoliday = (v: HolidayFormValues): HolidayBody => ({ date: v.date.trim(), name: v.name.trim(), optional: v.optional === 'yes', repeatsYearly: v.repeatsYearly === 'yes' });

/** Every field the shared schema finds wrong, by name, to mark them all at once. */
const holidayProblems = (values: HolidayFormValues) => {
  const parsed = holidayBody.safeParse(toHoliday(values));
  if (parsed.success) return {};
  const marks: Partial<Record<keyof HolidayFormValues & string, string>> = {};
  for (const issue of parsed.error.issues) {
    const field = String(issue.path[0] ?? '') as keyof HolidayFormValues & string;
    if (field in BLANK && !marks[field]) marks[field] = issueMessage(field, issue.message);
  }
  return marks;
};

const BLANK: HolidayFormValues = { date: '', name: '', optional: 'no', repeatsYearly: 'no' };

/** Add a holiday: editing -> submitting -> success (cleared, the msg shown) | error (shown and toasted). */
export const addHolidayMachine = createFormSubmitMachine<HolidayFormValues, HolidayBody>({
  id: 'addHoliday',
  blank: BLANK,
  validate: (values) => schemaProblem(holidayBody, toHoliday(values)),
  fieldProblems: holidayProblems,
  toInput: toHoliday,
  failure: (error) => HOLIDAYS_UI.addFailed + errorMessage(error, 'the holiday could not be added'),
  alertOnFailure: true,
  afterSuccess: 'keepEditing',
});

/** Edit a holiday in its dialog (values: the holiday, target: its id); a save closes it, with a toast. */
export const editHolidayMachine = createFormSubmitMachine<HolidayFormValues, { id: string; body: HolidayBody }>({
  id: 'editHoliday',
  blank: BLANK,
  validate: (values) => schemaProblem(holidayBody, toHoliday(values)),
  fieldProblems: holidayProblems,
  toInput: (values, target) => ({ id: target!, body: toHoliday(values) }),
  failure: (error) => HOLIDAYS_UI.editFailed + errorMessage(error, 'the holiday could not be saved'),
  announce: 'alert',
  afterSuccess: 'redirect',
});

export interface RemoveHolidayInput {
  id: string;
  name: string;
  date: string;
  repeats?: boolean;
}

/** Delete a holiday, after the in-app dialog's yes. */
export const removeHolidayMachine = createRowActionMachine<RemoveHolidayInput>({
  id: 'removeHoliday',
  failure: (error) => HOLIDAYS_UI.removeFailed + errorMessage(error, 'the holiday could not be deleted'),
  confirmation: ({ name, date, repeats }) => ({
    title: HOLIDAYS_UI.removeTitle,
    message: HOLIDAYS_UI.removeQuestion(name, date, repeats),
    confirmLabel: HOLIDAYS_UI.remove,
    danger: true,
  }),
});
