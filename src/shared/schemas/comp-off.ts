/**
 * Compensatory off: an employee asks for a day off in return for a holiday or weekly off they worked;
 * their manager (or a stand-in, or HR) approves or rejects it once, as a leave request. An approved
 * credit is a balance of the compensatory-off leave type until its last day.
 */
import { z } from 'zod';
import { dateSchema, requestDecisionBody, listLimitSchema, multiLineText } from './common';

/** `withdrawn`: its requester took it back while it was pending. */
export const COMP_OFF_STATUSES = ['pending', 'approved', 'rejected', 'withdrawn'] as const;
export type CompOffStatus = (typeof COMP_OFF_STATUSES)[number];

/** POST /api/comp-off. */
export const compOffCreateBody = z
  .object({
    workDate: z.string({ error: 'workDate is required' }).trim().min(1, 'workDate is required').pipe(dateSchema),
    reason: multiLineText('reason', 500),
  })
  .strict();
export type CompOffCreate = z.infer<typeof compOffCreateBody>;

/** PUT /api/comp-off/:id. */
export const compOffDecisionBody = requestDecisionBody.strict();

/** POST /api/comp-off/:id/withdraw: the requester's optional reason, kept with the request. */
export const compOffWithdrawBody = z.object({ reason: multiLineText('reason', 500).optional() }).strict();

/** GET /api/comp-off?scope=team&status=&limit=. */
export const compOffListQuery = z.object({
  scope: z.enum(['all', 'team'], { error: "scope must be 'all' or 'team'" }).optional(),
  status: z.enum(COMP_OFF_STATUSES, { error: `status must be one of ${COMP_OFF_STATUSES.join(', ')}` }).optional(),
  limit: listLimitSchema,
});
export type CompOffListQuery = z.infer<typeof compOffListQuery>;

export const compOffSchema = z.object({
  _id: z.string(),
  employeeId: z.string(),
  name: z.string(),
  workDate: z.string(),
  dayOff: z.enum(['holiday', 'weekly-off']),
  days: z.number(),
  workedMinutes: z.number().nullable(),
  reason: z.string(),
  status: z.enum(COMP_OFF_STATUSES),
  stage: z.enum(['manager', 'hr']),
  /** Approved: the last day it may be taken. */
  expiresOn: z.string().nullable(),
  remark: z.string().nullable(),
  decidedBy: z.string().nullable(),
  createdAt: z.string(),
  /** Admins and a manager's team view: whether the caller may decide it now. */
  canDecide: z.boolean().optional(),
  /** Waited longer than the company's escalation setting for its manager: HR is told. */
  escalated: z.boolean().optional(),
});
export type CompOff = z.infer<typeof compOffSchema>;

/** A holiday or weekly off the caller worked, not asked for yet, still inside the expiry window. */
export const compOffEligibleSchema = z.object({
  date: z.string(),
  dayOff: z.enum(['holiday', 'weekly-off']),
  days: z.number(),
  workedMinutes: z.number().nullable(),
});

/** GET /api/comp-off/mine. */
export const compOffMineSchema = z.object({
  enabled: z.boolean(),
  expiryDays: z.number(),
  /** The compensatory-off leave type's id, to ask for it as leave (null until comp-off was first turned on). */
  leaveTypeId: z.string().nullable(),
  balance: z.object({ earned: z.number(), expired: z.number(), taken: z.number(), pending: z.number(), available: z.number() }),
  eligible: z.array(compOffEligibleSchema),
  requests: z.array(compOffSchema),
});
export type CompOffMine = z.infer<typeof compOffMineSchema>;
