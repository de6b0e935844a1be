/**
 * The leave settings' flow (the form flow, alerted: a toast says it was saved and the fields keep it): the leave year's first
 * month and the weekly off rule, kept as the inputs' text ('0,6' for Saturday and Sunday, '2,4'
 * for the 2nd and 4th Saturday) and checked with the shared schema.
 */
import { leaveSettingsSchema, type LeaveSettings } from '../../../shared/schemas/leave-policy';
import type { WeeklyOffRule } from '../../../shared/leave-policy/work-calendar';
import { errorMessage } from '../../api/error-message';
import { createFormSubmitMachine } from '../../flows/form-submit-machine';
import { schemaProblem } from '../../flows/schema-problem';
import { LEAVE_SETTINGS_UI as UI } from './holiday-calendar-copy';

export interface LeaveSettingsValues extends Record<string, string> {
  leaveYearStartMonth: string;
  weekdays: string;
  saturdays: string;
}

const list = (text: string) => (text ? text.split(',').map(Number).sort((a, b) => a - b) : []);
const joined = (items: readonly number[]) => [...items].sort((a, b) => a - b).join(',');

export const settingsValues = (s: LeaveSettings): LeaveSettingsValues => ({
  leaveYearStartMonth: String(s.leaveYearStartMonth),
  weekdays: joined(s.weeklyOff.weekdays),
  saturdays: joined(s.weeklyOff.saturdays),
});

/** The rule the values say; Saturdays by place only count while Saturday is not off every week. */
export function weeklyOffOf(v: LeaveSettingsValues): WeeklyOffRule {
  const weekdays = list(v.weekdays);
  return { weekdays, saturdays: weekdays.includes(6) ? [] : list(v.saturdays) };
}

/** One number in or out of a comma list (a checkbox). */
export const toggled = (text: string, n: number, on: boolean) => joined([...list(text).filter((x) => x !== n), ...(on ? [n] : [])]);

const toSettings = (v: LeaveSettingsValues) => ({ leaveYearStartMonth: Number(v.leaveYearStartMonth), weeklyOff: weeklyOffOf(v) });

export const leaveSettingsMachine = createFormSubmitMachine<LeaveSettingsValues, LeaveSettings>({
  id: 'leaveSettings',
  blank: { leaveYearStartMonth: '1', weekdays: '0', saturdays: '' },
  validate: (values) => (list(values.weekdays).length >= 7 ? UI.allOff : schemaProblem(leaveSettingsSchema, toSettings(values))),
  // Every day off is the one mistake the checkboxes allow: the weekly offs are marked.
  fieldProblems: (values) => (list(values.weekdays).length >= 7 ? { weekdays: UI.allOff } : {}),
  toInput: (values) => leaveSettingsSchema.parse(toSettings(values)),
  failure: (error) => UI.saveFailed + errorMessage(error, 'the settings could not be saved'),
  // Told as a toast, as the other settings cards are; the fields keep what was saved.
  announce: 'alert',
  afterSuccess: 'keepEditing',
});
