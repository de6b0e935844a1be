/** Shapes of the monthly attendance register (GET /api/attendance/register and its download). */
import { z } from 'zod';
import { MONTH_PATTERN } from '../payroll/pay-month';

/** Most employees one page of the register answers; the download pages through everyone. */
export const REGISTER_PAGE_MAX = 500;
export const REGISTER_PAGE_DEFAULT = 200;

const monthParam = z.string({ error: 'month is required, written YYYY-MM' }).regex(MONTH_PATTERN, 'month must be a month written YYYY-MM, such as 2026-10');
const searchParam = z.string().trim().max(100, 'q must be at most 100 characters').optional();

export const registerQuery = z.object({
  month: monthParam,
  /** Part of a name, an email or an employee ID, in any case. */
  q: searchParam,
  offset: z.coerce.number({ error: 'offset must be a number' }).int('offset must be a whole number').min(0, 'offset must be 0 or more').default(0),
  limit: z.coerce
    .number({ error: 'limit must be a number' })
    .int('limit must be a whole number')
    .min(1, `limit must be between 1 and ${REGISTER_PAGE_MAX}`)
    .max(REGISTER_PAGE_MAX, `limit must be between 1 and ${REGISTER_PAGE_MAX}`)
    .default(REGISTER_PAGE_DEFAULT),
});

export const registerDownloadQuery = z.object({
  month: monthParam,
  q: searchParam,
  format: z.enum(['csv', 'xlsx'], { error: "format must be 'csv' or 'xlsx'" }).default('csv'),
});

export const registerDaySchema = z.object({
  date: z.string(),
  /** 0 = Sunday. */
  weekday: z.number().int(),
  kind: z.enum(['working', 'weekly-off', 'holiday']),
});

export const registerTotalsSchema = z.object({
  present: z.number(),
  halfDays: z.number(),
  leave: z.record(z.string(), z.number()),
  /** Loss of pay, the late-mark LOP included. */
  lop: z.number(),
  lateMarks: z.number(),
  lateMarkLop: z.number(),
  holidays: z.number(),
  weeklyOffs: z.number(),
  paidDays: z.number(),
});

export const registerRowSchema = z.object({
  employeeId: z.string(),
  name: z.string(),
  email: z.string(),
  joinedOn: z.string(),
  codes: z.array(z.string()),
  totals: registerTotalsSchema,
  /** Overtime of the month in minutes: the days' work beyond the normal day, as the day's rules recorded it. */
  overtimeMinutes: z.number(),
});
export type RegisterRowJson = z.infer<typeof registerRowSchema>;

export const registerPageSchema = z.object({
  month: z.string(),
  monthLabel: z.string(),
  /** The company's today: days from it on are not over yet. */
  today: z.string(),
  days: z.array(registerDaySchema),
  /** Leave types with their codes, in the order the totals show them. */
  leaveTypes: z.array(z.object({ code: z.string(), name: z.string(), paid: z.boolean() })),
  /** Employees matching the search (all pages). */
  total: z.number().int(),
  offset: z.number().int(),
  limit: z.number().int(),
  rows: z.array(registerRowSchema),
});
export type RegisterPage = z.infer<typeof registerPageSchema>;
