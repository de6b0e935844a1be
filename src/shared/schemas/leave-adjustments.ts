/**
 * Opening leave balances (what each person had when the company went live) and adjustments (days an
 * admin adds or removes, with a reason). Both are credits of the leave year their date falls in.
 */
import { z } from 'zod';
import { dateSchema, nameText } from './common';

const employeeIdField = z.string({ error: 'employeeId is required' }).trim().min(1, 'employeeId is required').max(20, 'employeeId is too long');
/** A leave type by its code (CL, SL, EL), its name, or its record id. */
const leaveTypeField = z.string({ error: 'leaveType is required' }).trim().min(1, 'leaveType is required').max(60, 'leaveType is too long');
const halfDays = (field: string, min: number, max: number) =>
  z
    .number({ error: `${field} must be a number of days` })
    .min(min, min === 0 ? `${field} cannot be negative` : `${field} must be at least ${min}`)
    .max(max, `${field} must be at most ${max}`)
    .refine((n) => Number.isInteger(n * 2), `${field} must be a whole or half number of days`);

/** An opening balance entered by hand; it replaces the person's opening balance of that type. */
export const openingBalanceBody = z.object({
  employeeId: employeeIdField,
  leaveType: leaveTypeField,
  days: halfDays('days', 0, 365),
  /** The day the balance was counted on; the go-live date when left out. */
  asOf: dateSchema.optional(),
});
export type OpeningBalanceBody = z.infer<typeof openingBalanceBody>;

export const leaveAdjustmentBody = z.object({
  employeeId: employeeIdField,
  leaveType: leaveTypeField,
  days: halfDays('days', -365, 365).refine((n) => n !== 0, 'days must not be 0: add (+) or remove (−) days'),
  reason: nameText('reason', 300),
});
export type LeaveAdjustmentBody = z.infer<typeof leaveAdjustmentBody>;

export const leaveAdjustmentSchema = z.object({
  _id: z.string(),
  employeeId: z.string(),
  leaveTypeId: z.string(),
  leaveType: z.string(),
  code: z.string().nullable(),
  kind: z.enum(['opening', 'adjustment']),
  days: z.number(),
  asOf: z.string(),
  reason: z.string(),
  by: z.string(),
  createdAt: z.string(),
});
export type LeaveAdjustment = z.infer<typeof leaveAdjustmentSchema>;

export const adjustmentHistoryQuery = z.object({ employeeId: employeeIdField });
