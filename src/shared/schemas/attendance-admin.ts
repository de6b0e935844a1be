/** An admin setting past days: one person's day by hand, or many people's days at once. */
import { z } from 'zod';
import { dateSchema, nameText, optionalClockTime } from './common';
import { importCountsSchema, importRowSchema } from './import';

const employeeCode = z.string({ error: 'employeeId is required' }).trim().min(1, 'employeeId is required').max(20, 'employeeId is too long');

/** P present, A absent, H a half day (the spec's codes). */
export const DAY_STATUSES = ['P', 'A', 'H'] as const;
const statusField = z.enum(DAY_STATUSES, { error: 'status must be P (present), A (absent) or H (half day)' });

/**
 * One person's day: a status, with the punches (the company's clock; an out earlier than the in ends
 * the next day) for a present or half day. The reason is kept in the audit log.
 */
export const adminDayBody = z
  .object({
    employeeId: employeeCode,
    date: dateSchema,
    status: statusField,
    punchIn: optionalClockTime('punchIn'),
    punchOut: optionalClockTime('punchOut'),
    reason: nameText('reason', 300),
  })
  .refine((b) => b.status !== 'A' || (!b.punchIn && !b.punchOut), { message: 'an absent day has no punches', path: ['punchIn'] })
  .refine((b) => !b.punchOut || !!b.punchIn, { message: 'punchOut needs a punchIn', path: ['punchOut'] })
  .refine((b) => !b.punchIn || b.punchIn !== b.punchOut, { message: 'punchOut is the same time as punchIn', path: ['punchOut'] });
export type AdminDayBody = z.infer<typeof adminDayBody>;

/** The most person-days one bulk marking sets. */
export const BULK_MAX_DAYS = 31;
export const BULK_MAX_PEOPLE = 10_000;

/** Many people's days at once: every working day from `from` to `to` (weekly offs and holidays left alone unless asked). */
export const bulkMarkBody = z
  .object({
    employeeIds: z.array(employeeCode, { error: 'employeeIds must be a list of employee codes' }).min(1, 'choose at least one person').max(BULK_MAX_PEOPLE, `at most ${BULK_MAX_PEOPLE} people at once`),
    from: dateSchema,
    to: dateSchema,
    status: statusField,
    reason: nameText('reason', 300),
    includeDaysOff: z.boolean({ error: 'includeDaysOff must be true or false' }).default(false),
  })
  .refine((b) => b.from <= b.to, { message: 'from must not be after to', path: ['to'] })
  .refine((b) => (Date.parse(b.to) - Date.parse(b.from)) / 86_400_000 < BULK_MAX_DAYS, { message: `at most ${BULK_MAX_DAYS} days at once`, path: ['to'] });
export type BulkMarkBody = z.infer<typeof bulkMarkBody>;

export const bulkMarkAnswer = z.object({
  msg: z.string(),
  /** True for a preview (`?dryRun=true`): the counts say what marking would do, and nothing was written. */
  dryRun: z.boolean(),
  /** Days marked (or, in a preview, that would be). */
  set: z.number(),
  /** Of those, days that had a record already (from punches, an import or an earlier edit). */
  replaced: z.number(),
  /** Days left as they were, with why (at most 1,000 listed). */
  skipped: z.array(z.object({ employeeId: z.string(), date: z.string(), reason: z.string() })),
  skippedCount: z.number(),
  /**
   * The same reading as every import's answer: counts (added = a day with no record, updated = a record
   * replaced, unchanged = already set so by an admin, failed = left alone), one row per person-day
   * (numbered day by day, person by person; at most 1,000 listed) and 'Row N: reason' for those left alone.
   */
  counts: importCountsSchema,
  rows: z.array(importRowSchema.extend({ date: z.string() })),
  errors: z.array(z.string()),
});
export type BulkMarkAnswer = z.infer<typeof bulkMarkAnswer>;
