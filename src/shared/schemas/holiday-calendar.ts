/** Shapes of the holiday CSV import and of "Who's off" (approved leave and holidays over a week or a month). */
import { z } from 'zod';
import { dateSchema } from './common';
import { holidaySchema, weeklyOffSchema } from './leave-policy';

/** Longest span "Who's off" answers: a month view padded to whole weeks is at most 6 × 7 days. */
export const WHOS_OFF_MAX_DAYS = 42;

/** The holiday import's answer: what was added, or (with a 400) why nothing was. */
export const holidayImportResponse = z.object({
  msg: z.string(),
  /** Holidays added: all the file's rows, or 0 when any row was refused. */
  added: z.number().int(),
  /** 'Row 3: date is not a real calendar date ("2026-02-30")', in row order. */
  errors: z.array(z.string()),
});
export type HolidayImportResponse = z.infer<typeof holidayImportResponse>;

/** ?file= names the uploaded file in the audit log. */
export const holidayImportQuery = z.object({ file: z.string().max(255, 'file must be at most 255 characters').optional() });

export const whosOffQuery = z
  .object({
    from: z.string({ error: 'from is required' }).pipe(dateSchema),
    to: z.string({ error: 'to is required' }).pipe(dateSchema),
  })
  .refine((q) => q.from <= q.to, 'from must not be after to')
  .refine(
    (q) => (Date.parse(`${q.to}T00:00:00Z`) - Date.parse(`${q.from}T00:00:00Z`)) / 86_400_000 < WHOS_OFF_MAX_DAYS,
    `from and to may be at most ${WHOS_OFF_MAX_DAYS} days apart`,
  );
export type WhosOffQuery = z.infer<typeof whosOffQuery>;

/** One approved leave overlapping the period (its own dates, not cut to the period). */
export const whosOffLeaveSchema = z.object({
  _id: z.string(),
  employeeId: z.string(),
  name: z.string(),
  leaveType: z.string(),
  startDate: z.string(),
  endDate: z.string(),
  /** A half day: 'first-half' or 'second-half'. */
  dayPart: z.enum(['first-half', 'second-half']).nullable(),
});
export type WhosOffLeave = z.infer<typeof whosOffLeaveSchema>;

export const whosOffSchema = z.object({
  from: z.string(),
  to: z.string(),
  weeklyOff: weeklyOffSchema,
  /** Holidays in the period, optional ones included (they are marked). */
  holidays: z.array(holidaySchema),
  /** Approved leave of active employees overlapping the period, by start date then employee id. */
  leaves: z.array(whosOffLeaveSchema),
});
export type WhosOff = z.infer<typeof whosOffSchema>;
