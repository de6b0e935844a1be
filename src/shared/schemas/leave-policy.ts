/** Shapes of leave types, holidays, the company's leave settings and leave balances. */
import { z } from 'zod';
import { APPROVAL_ROUTES } from '../approvals/approval-route';
import { dateSchema, nameText } from './common';
import { LEAVE_POLICY_MSG } from '../leave-policy/leave-policy-messages';
import { ENCASHMENT_BASES } from '../payroll/full-and-final';

const days = (field: string, max: number) =>
  z
    .number({ error: `${field} must be a number of days` })
    .min(0, `${field} cannot be negative`)
    .max(max, `${field} must be at most ${max} days`)
    .refine((n) => Number.isInteger(n * 2), `${field} must be a whole or half number of days`);

export const leaveTypeBody = z.object({
  name: nameText('name', 60),
  yearlyEntitlement: days('yearlyEntitlement', 365),
  accrual: z.enum(['monthly', 'yearly'], { error: "accrual must be 'monthly' or 'yearly'" }),
  proRate: z.boolean({ error: 'proRate must be true or false' }),
  carryForwardCap: days('carryForwardCap', 365),
  halfDayAllowed: z.boolean({ error: 'halfDayAllowed must be true or false' }),
  paid: z.boolean({ error: 'paid must be true or false' }),
  active: z.boolean({ error: 'active must be true or false' }).default(true),
  /** The short code files name the type by (CL, SL, EL), unique regardless of case; kept when the type is renamed. Left out: unchanged, or made from the name for a new type. */
  code: z.string({ error: 'code must be text' }).trim().regex(/^[A-Za-z0-9]{1,10}$/, 'code must be 1 to 10 letters or digits, such as CL').optional(),
  /** Who decides its requests: the manager, the manager then HR, or HR only. Left out: 'manager' for a new type, unchanged on an edit. */
  route: z.enum(APPROVAL_ROUTES, { error: `route must be one of ${APPROVAL_ROUTES.join(', ')}` }).optional(),
  /** Paid out to a leaver in the full-and-final settlement; left out: unchanged (not encashable for a new type). */
  encashable: z.boolean({ error: 'encashable must be true or false' }).optional(),
  /** At most this many days are paid out; null: no cap. */
  encashmentCapDays: days('encashmentCapDays', 365).nullable().optional(),
  /** A day's pay for it: basic or gross of the last drawn monthly rate, over 26 or 30. */
  encashmentBasis: z.enum(ENCASHMENT_BASES, { error: `encashmentBasis must be one of ${ENCASHMENT_BASES.join(', ')}` }).optional(),
});
export type LeaveTypeBody = z.infer<typeof leaveTypeBody>;

export const leaveTypeSchema = leaveTypeBody.extend({
  _id: z.string(),
  name: z.string(),
  code: z.string().nullable(),
  /** The type a request without one falls back to. */
  isDefault: z.boolean(),
});
export type LeaveType = z.infer<typeof leaveTypeSchema>;

export const holidayBody = z
  .object({
    date: z.string({ error: 'date is required' }).trim().min(1, 'date is required').pipe(dateSchema),
    name: nameText('name', 100),
    optional: z.boolean({ error: 'optional must be true or false' }).default(false),
    /** On this day and month every year from `date` on (an addition; false when left out). */
    repeatsYearly: z.boolean({ error: 'repeatsYearly must be true or false' }).default(false),
  })
  .superRefine((h, ctx) => {
    if (h.repeatsYearly && h.date.endsWith('-02-29')) ctx.addIssue({ code: 'custom', path: ['repeatsYearly'], message: LEAVE_POLICY_MSG.leapDayRepeat });
  });
export type HolidayBody = z.infer<typeof holidayBody>;

/**
 * A holiday as listed: a repeating one is listed in each year from its own on, with that year's
 * date and its own id (an edit or delete acts on every year), and `firstDate` the date it was set on.
 */
export const holidaySchema = z.object({
  _id: z.string(),
  date: z.string(),
  name: z.string(),
  optional: z.boolean(),
  repeatsYearly: z.boolean(),
  firstDate: z.string(),
});
export type Holiday = z.infer<typeof holidaySchema>;

/** ?year= of the holiday calendar; the current year when absent. */
export const holidayYearQuery = z.object({
  year: z.coerce.number({ error: 'year must be a year such as 2026' }).int('year must be a year such as 2026').min(2000, 'year must be from 2000 to 2100').max(2100, 'year must be from 2000 to 2100').optional(),
});

/**
 * True when the rule leaves a working day in every month. Each weekday occurs at least 4 times a
 * month, so a working weekday other than Saturday always works; Saturday alone works only when some
 * of the 1st to 4th Saturdays stay working (the 5th is missing from most months).
 */
export function leavesWorkingDayEveryMonth({ weekdays, saturdays }: { weekdays: readonly number[]; saturdays: readonly number[] }): boolean {
  const working = [0, 1, 2, 3, 4, 5, 6].filter((d) => !weekdays.includes(d));
  if (working.some((d) => d !== 6)) return true;
  return working.includes(6) && ![1, 2, 3, 4].every((n) => saturdays.includes(n));
}

export const weeklyOffSchema = z
  .object({
    weekdays: z.array(z.number().int().min(0).max(6), { error: 'weekdays must be a list of day numbers, 0 for Sunday to 6 for Saturday' }).max(6, 'at least one day of the week must be a working day'),
    saturdays: z.array(z.number().int().min(1).max(5), { error: 'saturdays must be a list of numbers from 1 to 5' }).max(5),
  })
  .refine(leavesWorkingDayEveryMonth, 'weeklyOff must leave at least one working day in every month: keep a weekday other than Saturday, or some Saturdays, working');

export const leaveSettingsSchema = z.object({
  /** 1: the calendar year; 4: April to March, the financial year. */
  leaveYearStartMonth: z.union([z.literal(1), z.literal(4)], { error: 'leaveYearStartMonth must be 1 (January) or 4 (April)' }),
  weeklyOff: weeklyOffSchema,
});
export type LeaveSettings = z.infer<typeof leaveSettingsSchema>;

export const leaveBalanceSchema = z.object({
  leaveTypeId: z.string(),
  leaveType: z.string(),
  paid: z.boolean(),
  /** "2026" or "2026-27". */
  year: z.string(),
  carriedForward: z.number(),
  accrued: z.number(),
  taken: z.number(),
  pending: z.number(),
  /** Opening balance and adjustments of the year (+ or −). */
  adjusted: z.number(),
  available: z.number(),
  /** The compensatory-off type only: credits left untaken past their last day (`accrued` is net of them). */
  expired: z.number().optional(),
});
export type LeaveBalanceRow = z.infer<typeof leaveBalanceSchema>;

export const employeeBalancesSchema = z.object({
  employeeId: z.string(),
  name: z.string(),
  balances: z.array(leaveBalanceSchema),
});
export type EmployeeBalances = z.infer<typeof employeeBalancesSchema>;

export const balanceQuery = z.object({
  /** One employee (EMP0001) instead of everyone. */
  employeeId: z.string().trim().min(1, 'employeeId must not be empty').max(20, 'employeeId is too long').optional(),
  /** The day the balance is taken on; today when absent. */
  asOf: dateSchema.optional(),
});
