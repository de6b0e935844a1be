/** Leave request shapes (spec section 3). */
import { z } from 'zod';
import { LEAVE_STATUSES } from '../constants';
import { dateSchema, listLimitSchema, requiredText } from './common';

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
  reason: requiredText('reason', 1000),
});
export type LeaveCreate = z.infer<typeof leaveCreateBody>;

export const leaveDecisionBody = z.object({
  status: z.enum(['approved', 'rejected'], { error: "status must be 'approved' or 'rejected'" }),
});
export type LeaveDecision = z.infer<typeof leaveDecisionBody>;

/** GET /api/leave?status=&limit= — newest first, at most `limit` rows (default 500, max 2000). */
export const leaveListQuery = z.object({
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
  /** Name of the admin who approved or rejected it; absent while pending. */
  decidedBy: z.string().optional(),
  /** ISO-8601 time of the decision; absent while pending. */
  decidedAt: z.string().optional(),
  createdAt: z.string(),
});
export type Leave = z.infer<typeof leaveSchema>;
