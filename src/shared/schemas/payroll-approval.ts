/**
 * Approving a month's payroll register, which locks the month, and re-running a locked month with a
 * reason: the answers of POST /api/salary/register/{month}/approve and /rerun, and the month's state.
 */
import { z } from 'zod';
import { lineRule } from './common';

export const RERUN_REASON_MIN = 3;
export const RERUN_REASON_MAX = 500;

export const rerunBody = z.object({
  reason: z
    .string({ error: 'reason is required: say why the approved month is re-run' })
    .superRefine(lineRule('reason', true))
    .trim()
    .min(RERUN_REASON_MIN, `reason must be ${RERUN_REASON_MIN} to ${RERUN_REASON_MAX} characters`)
    .max(RERUN_REASON_MAX, `reason must be ${RERUN_REASON_MIN} to ${RERUN_REASON_MAX} characters`),
  /** The previewHash of the re-run preview the admin confirmed: the re-run is refused if it would now change something else. */
  previewHash: z.string().regex(/^[0-9a-f]{32}$/, 'previewHash must be the previewHash of a re-run preview').optional(),
});

/** What an approval or a re-run did: its slip run (null when no slip changed) and how many slips it emails. */
export const payrollApprovalAnswer = z.object({
  msg: z.string(),
  runId: z.string().nullable(),
  /** 1 for the approval, +1 for each re-run. */
  version: z.number(),
  /** Slips emailed by this run: all at approval, only the changed ones at a re-run. */
  changed: z.number(),
  unchanged: z.number(),
  /** A re-run only: slips kept as approved because their statutory difference was already paid as arrears, and why. */
  warning: z.string().optional(),
  kept: z.array(z.object({ employeeId: z.string(), name: z.string(), paidIn: z.array(z.string()) })).optional(),
});
export type PayrollApprovalAnswer = z.infer<typeof payrollApprovalAnswer>;

/** Whether a month is approved (locked), by whom and when, and its re-runs. */
export const payrollApprovalState = z.object({
  month: z.string(),
  approved: z.boolean(),
  approvedAt: z.string().nullable(),
  approvedBy: z.string().nullable(),
  /** Re-runs since the approval (version − 1). */
  reruns: z.number(),
  lastRerun: z.object({ at: z.string(), by: z.string().nullable(), reason: z.string() }).nullable(),
  /** The latest slip run of the month, to follow on the Payroll Run page. */
  runId: z.string().nullable(),
  /** When slips go out: at approval, or when an admin releases them after paying (payroll settings). */
  slipRelease: z.enum(['approval', 'release']),
  /** When this month's slips were released; null until then, and where they go out at approval. */
  releasedAt: z.string().nullable(),
});
export type PayrollApprovalState = z.infer<typeof payrollApprovalState>;
