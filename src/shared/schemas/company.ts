/** The company itself: its departments and locations (the employee master points at them). */
import { z } from 'zod';
import { nameText } from './common';

const optionalText = (field: string, max = 100) =>
  z
    .string({ error: `${field} must be text` })
    .trim()
    .max(max, `${field} must be at most ${max} characters`)
    .nullable()
    .optional()
    .transform((v) => (v === undefined ? undefined : v === null || v === '' ? null : v));

export const departmentBody = z.object({
  name: nameText('name', 100),
  /** The head's record id (an employee); null or left out: none. */
  headId: z.string().regex(/^[1-9]\d{0,15}$/, 'headId must be a record id').nullable().optional(),
});

export const departmentSchema = z.object({ _id: z.string(), name: z.string(), headId: z.string().nullable() });
export type Department = z.infer<typeof departmentSchema>;
export type DepartmentBody = z.infer<typeof departmentBody>;

export const locationBody = z.object({
  name: nameText('name', 100),
  state: optionalText('state', 60),
  city: optionalText('city', 60),
  ptRegistration: optionalText('ptRegistration', 40),
});

export const locationSchema = z.object({
  _id: z.string(),
  name: z.string(),
  state: z.string().nullable(),
  city: z.string().nullable(),
  ptRegistration: z.string().nullable(),
});
export type Location = z.infer<typeof locationSchema>;
export type LocationBody = z.infer<typeof locationBody>;

/**
 * How the company starts on the product (the 'go-live' key of company_settings):
 * - goLiveDate: before it, history comes from opening balances and imported attendance; leave
 *   accrues from it (not from a 2022 joining date). Null until set.
 * - payBasis: 'attendance' pays the days with a record (P, H half) and paid leave; 'leave' pays every
 *   working day that is not leave without pay or marked absent, for companies that do not punch.
 * - inviteOnImport: 'now' mails imported people their invitation after the import; 'later' holds it
 *   for the Invite button on the Employee List.
 */
export const goLiveSettingsSchema = z.object({
  goLiveDate: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'goLiveDate must be a date written YYYY-MM-DD').nullable(),
  payBasis: z.enum(['attendance', 'leave'], { error: "payBasis must be 'attendance' or 'leave'" }),
  inviteOnImport: z.enum(['now', 'later'], { error: "inviteOnImport must be 'now' or 'later'" }),
});
export type GoLiveSettings = z.infer<typeof goLiveSettingsSchema>;
export const DEFAULT_GO_LIVE: GoLiveSettings = { goLiveDate: null, payBasis: 'attendance', inviteOnImport: 'now' };

/**
 * How long a leaver keeps the read-only former-employee access (the 'leaver-access' key of
 * company_settings): until this day of the year after the financial year of leaving ends (31 March),
 * by default 15 June, when the employer's last TDS return of that year is filed and Form 16 is due
 * (Income-tax Rules 1962, rule 31(3): Form 16 by 15 June after the financial year).
 */
export const leaverAccessSchema = z
  .object({
    month: z.number({ error: 'month must be a number from 1 to 12' }).int('month must be a whole number').min(1, 'month must be from 1 to 12').max(12, 'month must be from 1 to 12'),
    day: z.number({ error: 'day must be a number from 1 to 31' }).int('day must be a whole number').min(1, 'day must be from 1 to 31').max(31, 'day must be from 1 to 31'),
  })
  .refine((v) => v.day <= [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][v.month - 1]!, { message: 'day must be a day of that month', path: ['day'] })
  .refine((v) => !(v.month === 2 && v.day === 29), { message: 'day must be a day of every year (not 29 February)', path: ['day'] });
export type LeaverAccess = z.infer<typeof leaverAccessSchema>;
export const DEFAULT_LEAVER_ACCESS: LeaverAccess = { month: 6, day: 15 };

/** What the caller may do now: work, or read what is left to a former employee until `accessUntil`. */
export const accessScopeSchema = z.object({
  scope: z.enum(['employee', 'former-employee']),
  leftOn: z.string().nullable(),
  accessUntil: z.string().nullable(),
});
export type AccessScope = z.infer<typeof accessScopeSchema>;
