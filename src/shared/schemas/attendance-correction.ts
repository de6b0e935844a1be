/**
 * Attendance corrections: an employee asks to set a past day's in and out times, an admin
 * approves or rejects it once. Times are HH:MM on the company's clock (APP_TIMEZONE), the day's own.
 */
import { z } from 'zod';
import { CORRECTION_MSG } from '../attendance-corrections/correction-messages';
import { clockTime, dateSchema, listLimitSchema, multiLineText, requestDecisionBody, requestDecisionFields } from './common';

/** A correction's life is a leave request's: pending, then approved or rejected, once (it is never cancelled). */
export const CORRECTION_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type CorrectionStatus = (typeof CORRECTION_STATUSES)[number];

/** Why the day needs correcting; 'other' says it in the reason alone. */
export const CORRECTION_KINDS = ['missed-punch-out', 'missed-punch-in', 'client-site', 'other'] as const;
export type CorrectionKind = (typeof CORRECTION_KINDS)[number];

/** The longest reason kept; a sentence or two is what a reviewer reads. */
export const CORRECTION_REASON_MAX = 500;

const required = (field: string) => z.string({ error: `${field} is required` }).trim().min(1, `${field} is required`);

/**
 * POST /api/attendance/corrections. Out after in is checked here, so the form says it before
 * sending; the day's limits (not in the future, not a leave day, once per day) are the server's.
 */
export const correctionCreateBody = z
  .object({
    date: required('date').pipe(dateSchema),
    inTime: clockTime('inTime'),
    outTime: clockTime('outTime'),
    kind: z.enum(CORRECTION_KINDS, { error: `kind must be one of ${CORRECTION_KINDS.join(', ')}` }),
    reason: multiLineText('reason', CORRECTION_REASON_MAX),
  })
  // HH:MM strings order as the times they name.
  .refine((body) => body.outTime > body.inTime, { message: CORRECTION_MSG.outNotAfterIn, path: ['outTime'] });
export type CorrectionCreate = z.infer<typeof correctionCreateBody>;

export type CorrectionDecision = z.infer<typeof requestDecisionBody>;

/**
 * GET /api/attendance/corrections?status=&limit=&before= (admin) and /me?limit=&before=: newest
 * first, at most `limit` rows (default 500, max 2000); `before` is the `_id` of the last row shown,
 * for the next page.
 */
export const correctionListQuery = z.object({
  /** 'team': a manager's team's corrections (and those they may decide as a stand-in). */
  scope: z.enum(['all', 'team'], { error: "scope must be 'all' or 'team'" }).optional(),
  status: z.enum(CORRECTION_STATUSES, { error: `status must be one of ${CORRECTION_STATUSES.join(', ')}` }).optional(),
  limit: listLimitSchema,
  before: z.string().regex(/^[1-9]\d{0,15}$/, 'before must be a correction id').optional(),
});
export type CorrectionListQuery = z.infer<typeof correctionListQuery>;

/** The day as it stood, HH:MM on the company's clock (null: no punch). */
export const correctionOriginalSchema = z.object({
  status: z.string(),
  inTime: z.string().nullable(),
  outTime: z.string().nullable(),
});

export const correctionSchema = z.object({
  _id: z.string(),
  /** The requester's business id (EMP0001) and name. */
  employeeId: z.string(),
  name: z.string(),
  date: z.string(),
  inTime: z.string(),
  outTime: z.string(),
  kind: z.enum(CORRECTION_KINDS),
  reason: z.string(),
  status: z.enum(CORRECTION_STATUSES),
  /**
   * The day's record before the correction: as it was when asked for, and once approved, what the
   * approval replaced. Null when there was no record (an absent day).
   */
  original: correctionOriginalSchema.nullable(),
  ...requestDecisionFields,
  /** The caller may decide it. */
  canDecide: z.boolean().optional(),
});
export type Correction = z.infer<typeof correctionSchema>;
