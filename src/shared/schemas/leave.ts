/** Leave request shapes (product.md, Records). */
import { z } from 'zod';
import { LEAVE_STATUSES } from '../constants';
import { dateSchema, listLimitSchema, multiLineText, requestDecisionBody, requestDecisionFields } from './common';

export const DAY_PARTS = ['first-half', 'second-half'] as const;

/** The three ways a leave is cancelled: by its requester while pending, asked for once approved, by an approver. */
export const LEAVE_CANCEL_ACTIONS = ['withdraw', 'ask', 'cancel'] as const;
export type LeaveCancelAction = (typeof LEAVE_CANCEL_ACTIONS)[number];

/** A required YYYY-MM-DD field: "startDate is required" when absent or blank, else the date rules. */
const requiredDate = (field: string) =>
  z.string({ error: `${field} is required` }).trim().min(1, `${field} is required`).pipe(dateSchema);

/**
 * The request form's body. The order of the two dates is checked by the server, not here: the spec
 * says the client does no date check, and the client forms reuse this schema.
 */
export const leaveCreateBody = z.object({
  startDate: requiredDate('startDate'),
  endDate: requiredDate('endDate'),
  reason: multiLineText('reason', 1000),
  /** Beyond the spec: the leave type (GET /api/leave-types); the company's default type when absent. */
  leaveTypeId: z.string({ error: 'leaveTypeId must be a leave type id' }).regex(/^[1-9]\d{0,15}$/, 'leaveTypeId must be a leave type id').optional(),
  /** Beyond the spec: half of a one-day leave, for types that allow half days. */
  dayPart: z.enum(DAY_PARTS, { error: "dayPart must be 'first-half' or 'second-half'" }).optional(),
});
export type LeaveCreate = z.infer<typeof leaveCreateBody>;

/** PUT /api/leave/approve/:id: `requestDecisionBody`; the remark is beyond the spec (optional, so the spec's call still works). */
export type LeaveDecision = z.infer<typeof requestDecisionBody>;

/** GET /api/leave?status=&limit= — newest first, at most `limit` rows (default 500, max 2000). */
export const leaveListQuery = z.object({
  /** Beyond the spec: 'team' lists the requests of the caller's team (and those they stand in for). */
  scope: z.enum(['own', 'team'], { error: "scope must be 'own' or 'team'" }).default('own'),
  status: z.enum(LEAVE_STATUSES, { error: `status must be one of ${LEAVE_STATUSES.join(', ')}` }).optional(),
  limit: listLimitSchema,
});
export type LeaveListQuery = z.infer<typeof leaveListQuery>;

export const leaveSchema = z.object({
  _id: z.string(),
  /** The requester's business id (EMP0001). */
  employeeId: z.string(),
  /** The requester's name. */
  name: z.string(),
  startDate: z.string(),
  endDate: z.string(),
  reason: z.string(),
  status: z.enum(LEAVE_STATUSES),
  /** Beyond the spec: the type (requests filed before types are the default type) and its name. */
  leaveTypeId: z.string(),
  leaveType: z.string(),
  /** Beyond the spec: the working days the request takes (weekly offs and holidays left out; 0.5 for a half day). */
  days: z.number(),
  dayPart: z.enum(DAY_PARTS).optional(),
  /** Beyond the spec: requester, stage, decidedAs and remark. */
  ...requestDecisionFields,
  /** A two-step request's manager approval (name, capacity, time), once given. */
  managerApproval: z.object({ by: z.string(), as: z.enum(['manager', 'stand-in']), at: z.string() }).optional(),
  /** Waited longer than the company's escalation setting for its manager: HR is told. */
  escalated: z.boolean().optional(),
  /** A cancelled request: who, when and why. */
  cancelled: z.object({ by: z.string(), at: z.string(), reason: z.string().nullable() }).optional(),
  /** The requester asked to cancel this approved leave: when and why. */
  cancelRequested: z.object({ at: z.string(), reason: z.string().nullable() }).optional(),
  /** The caller may decide it (their report's, a stand-in's, or as HR). */
  canDecide: z.boolean().optional(),
  /**
   * What the caller may do to cancel it now (PUT /api/leave/cancel/{id}): withdraw their own pending
   * request, ask to cancel their own approved leave before it starts, or cancel approved leave as the
   * requester's manager, stand-in or HR (a reason required). Absent: nothing.
   */
  cancelAction: z.enum(LEAVE_CANCEL_ACTIONS).optional(),
});
export type Leave = z.infer<typeof leaveSchema>;
