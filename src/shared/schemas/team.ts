/**
 * Shapes of the manager's space (My Team), stand-ins, the approval settings and the bell. None of them
 * carries pay, bank, PAN, statutory or declaration data: a manager sees presence, leave and requests.
 */
import { z } from 'zod';
import { dateSchema, multiLineText } from './common';

/** GET /api/team/attendance: today's presence of each member. */
export const teamAttendanceRowSchema = z.object({
  _id: z.string(),
  employeeId: z.string(),
  name: z.string(),
  position: z.string(),
  /** Today's status code (P, H, A…), or null when nothing is recorded yet. */
  status: z.string().nullable(),
  punchIn: z.string().nullable(),
  punchOut: z.string().nullable(),
  /** On approved leave today (a half day counts). */
  onLeave: z.boolean(),
});
export const teamAttendanceSchema = z.object({ date: z.string(), members: z.array(teamAttendanceRowSchema) });
export type TeamAttendance = z.infer<typeof teamAttendanceSchema>;

/** GET /api/team/leave-balances: each member's balances (days only). */
export const teamBalanceSchema = z.object({
  employeeId: z.string(),
  name: z.string(),
  balances: z.array(
    z.object({
      leaveTypeId: z.string(),
      leaveType: z.string(),
      /** An unpaid type (Leave Without Pay) has no balance to spend: its `available` only counts down. */
      paid: z.boolean(),
      available: z.number(),
      taken: z.number(),
      pending: z.number(),
    }),
  ),
});
export type TeamBalance = z.infer<typeof teamBalanceSchema>;

/** A stand-in a manager named for a date range. */
export const standInSchema = z.object({ _id: z.string(), standInId: z.string(), name: z.string(), employeeId: z.string(), from: z.string(), to: z.string() });
export type StandInView = z.infer<typeof standInSchema>;

/** GET /api/team/stand-in-candidates: whom the caller may name: their reports, their own manager and the people beside them. */
export const standInCandidateSchema = z.object({
  _id: z.string(),
  employeeId: z.string(),
  name: z.string(),
  relation: z.enum(['report', 'manager', 'peer']),
});
export type StandInCandidate = z.infer<typeof standInCandidateSchema>;

export const standInCreateBody = z
  .object({
    standInId: z.string({ error: 'standInId is required' }).regex(/^[1-9]\d{0,15}$/, 'standInId must be a record id'),
    from: z.string({ error: 'from is required' }).pipe(dateSchema),
    to: z.string({ error: 'to is required' }).pipe(dateSchema),
  })
  .refine((b) => b.from <= b.to, { message: 'to must not be before from', path: ['to'] });
export type StandInCreate = z.infer<typeof standInCreateBody>;

/** GET /api/team/summary: what the sidebar and the bell need. */
export const teamSummarySchema = z.object({
  /** The caller manages someone now (My Team shows). */
  hasReports: z.boolean(),
  /** Requests waiting for the caller's decision (as admin, manager or stand-in). */
  waiting: z.number(),
  /** Manager powers are off in this installation (email-only sign-in). */
  managerPowers: z.boolean(),
});
export type TeamSummary = z.infer<typeof teamSummarySchema>;

export const approvalSettingsSchema = z.object({
  skipLevel: z.boolean({ error: 'skipLevel must be true or false' }),
  escalateAfterDays: z.number({ error: 'escalateAfterDays must be a whole number of days or null' }).int('escalateAfterDays must be a whole number').min(1).max(60).nullable(),
});
export type ApprovalSettings = z.infer<typeof approvalSettingsSchema>;

/** One notification in the bell: what was mailed (or owed) to the caller, newest first. */
export const notificationSchema = z.object({
  _id: z.string(),
  /** leave.request, leave.decision, correction.request, correction.decision, team.handover, team.reassign, ... */
  kind: z.string(),
  /** The mail's subject without the company's name. */
  title: z.string(),
  body: z.string(),
  createdAt: z.string(),
  read: z.boolean(),
});


/** GET /api/notifications: the caller's newest notifications and how many are unread in all. */
export const notificationListSchema = z.object({ unread: z.number(), items: z.array(notificationSchema) });
export type NotificationList = z.infer<typeof notificationListSchema>;

/** PUT /api/notifications/read: the given ids of the caller's own, or all of them when `ids` is left out. */
export const notificationReadBody = z.object({
  ids: z.array(z.string().regex(/^[1-9]\d{0,15}$/, 'ids must be record ids'), { error: 'ids must be a list of record ids' }).max(200, 'ids: at most 200 at once').optional(),
});
export type NotificationRead = z.infer<typeof notificationReadBody>;

/** PUT /api/notifications/preferences. */
export const notificationPreferencesSchema = z.object({ digest: z.boolean({ error: 'digest must be true or false' }) });
export type NotificationPreferences = z.infer<typeof notificationPreferencesSchema>;

/** PUT /api/leave/{id}/cancel: why; required when an approver or HR cancels approved leave. */
export const leaveCancelBody = z.object({ reason: multiLineText('reason', 500).optional() });
