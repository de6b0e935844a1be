/**
 * The holiday screen's flows: adding one (the shared form flow) and deleting one (the shared row
 * action, asked first in the in-app dialog). Both checks run the shared schema the server uses.
 */
import { holidayBody, type HolidayBody } from '../../../shared/schemas/leave-policy';
import { errorMessage } from '../../api/error-message';
import { createFormSubmitMachine } from '../../flows/form-submit-machine';
import { createRowActionMachine } from '../../flows/row-action-machine';
import { schemaProblem } from '../../flows/schema-problem';
import { HOLIDAYS_UI } from './holiday-calendar-copy';

export interface HolidayFormValues extends Record<string, string> {
  date: string;
  name: string;
  /** 'yes' or 'no' (the checkbox). */
  optional: string;
}

const toHoliday = (v: HolidayFormValues): HolidayBody => ({ date: v.date.trim(), name: v.name.trim(), optional: v.optional === 'yes' });

/** Add a holiday: editing -> submitting -> success (cleared, the msg shown) | error (shown and toasted). */
export const addHolidayMachine = createFormSubmitMachine<HolidayFormValues, HolidayBody>({
  id: 'addHoliday',
  blank: { date: '', name: '', optional: 'no' },
  validate: (values) => schemaProblem(holidayBody, toHoliday(values)),
  toInput: toHoliday,
  failure: (error) => HOLIDAYS_UI.addFailed + errorMessage(error, 'the holiday could not be added'),
  alertOnFailure: true,
  afterSuccess: 'keepEditing',
});

export interface RemoveHolidayInput {
  id: string;
  name: string;
  date: string;
}

/** Delete a holiday, after the in-app dialog's yes. */
export const removeHolidayMachine = createRowActionMachine<RemoveHolidayInput>({
  id: 'removeHoliday',
  failure: (error) => HOLIDAYS_UI.removeFailed + errorMessage(error, 'the holiday could not be deleted'),
  confirmation: ({ name, date }) => ({
    title: HOLIDAYS_UI.removeTitle,
    message: HOLIDAYS_UI.removeQuestion(name, date),
    confirmLabel: HOLIDAYS_UI.remove,
    danger: true,
  }),
});
