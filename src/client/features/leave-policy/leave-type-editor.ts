/**
 * The leave type editor's flow (the form flow, started on a type or blank for a new one): change,
 * save, then the editor closes (`redirect`) with a toast. Values are the inputs' text; the shared
 * schema checks them as the server does, and marks every field it refuses.
 */
import { leaveTypeBody, type LeaveType, type LeaveTypeBody } from '../../../shared/schemas/leave-policy';
import { errorMessage } from '../../api/error-message';
import { createFormSubmitMachine } from '../../flows/form-submit-machine';
import { schemaFieldProblems, schemaProblem } from '../../flows/schema-problem';
import { LEAVE_TYPES_UI as UI } from './holiday-calendar-copy';

export interface LeaveTypeValues extends Record<string, string> {
  name: string;
  code: string;
  yearlyEntitlement: string;
  accrual: string;
  proRate: string;
  carryForwardCap: string;
  halfDayAllowed: string;
  paid: string;
  active: string;
}

export interface LeaveTypeSave {
  /** null: a new type (the form was started without a target). */
  id: string | null;
  body: LeaveTypeBody;
}

const yes = (b: boolean) => (b ? 'yes' : 'no');
/** '' stays '' so the schema says the field is required, not that 0 is fine. */
const numberOf = (text: string) => (text.trim() === '' ? undefined : Number(text.trim()));

export const BLANK_LEAVE_TYPE: LeaveTypeValues = {
  name: '',
  code: '',
  yearlyEntitlement: '',
  accrual: 'yearly',
  proRate: 'yes',
  carryForwardCap: '0',
  halfDayAllowed: 'yes',
  paid: 'yes',
  active: 'yes',
};

export const leaveTypeValues = (t: LeaveType): LeaveTypeValues => ({
  name: t.name,
  code: t.code ?? '',
  yearlyEntitlement: String(t.yearlyEntitlement),
  accrual: t.accrual,
  proRate: yes(t.proRate),
  carryForwardCap: String(t.carryForwardCap),
  halfDayAllowed: yes(t.halfDayAllowed),
  paid: yes(t.paid),
  active: yes(t.active),
});

const toBody = (v: LeaveTypeValues) => ({
  name: v.name,
  // Left empty: unchanged, or made from the name for a new type.
  ...(v.code.trim() ? { code: v.code.trim() } : {}),
  yearlyEntitlement: numberOf(v.yearlyEntitlement),
  accrual: v.accrual,
  proRate: v.proRate === 'yes',
  carryForwardCap: numberOf(v.carryForwardCap),
  halfDayAllowed: v.halfDayAllowed === 'yes',
  paid: v.paid === 'yes',
  active: v.active === 'yes',
});

export const leaveTypeEditorMachine = createFormSubmitMachine<LeaveTypeValues, LeaveTypeSave>({
  id: 'leaveTypeEditor',
  blank: BLANK_LEAVE_TYPE,
  validate: (values) => schemaProblem(leaveTypeBody, toBody(values)),
  fieldProblems: (values) => schemaFieldProblems(leaveTypeBody, toBody(values)),
  toInput: (values, target) => ({ id: target ?? null, body: leaveTypeBody.parse(toBody(values)) }),
  failure: (error) => UI.saveFailed + errorMessage(error, 'the leave type could not be saved'),
  successText: (_output, values, target) => (target === undefined ? UI.added(values.name.trim()) : UI.saved(values.name.trim())),
  announce: 'alert',
  afterSuccess: 'redirect',
});
