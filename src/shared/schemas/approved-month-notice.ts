/**
 * The note a decision's answer carries when it reaches an approved payroll month (a leave approved
 * or cancelled, an attendance correction approved, a back-dated salary revision): the month keeps
 * its approved slips, so the screen says at once how the change will be paid.
 */
import { z } from 'zod';
import { msgResponse } from './common';

export const approvedMonthNoticeSchema = z.object({
  /** The approved months the decision reaches, 'YYYY-MM', oldest first. */
  months: z.array(z.string()),
  msg: z.string(),
});
export type ApprovedMonthNotice = z.infer<typeof approvedMonthNoticeSchema>;

/** `{msg}` plus the note, when there is one. */
export const msgWithNotice = msgResponse.extend({ approvedMonth: approvedMonthNoticeSchema.optional() });
export type MsgWithNotice = z.infer<typeof msgWithNotice>;
