/** The set-up checklist an empty company's dashboard shows: each step, in order, and whether it is done. */
import { z } from 'zod';

export const SETUP_STEPS = ['profile', 'leave-policy', 'holidays', 'employees', 'statutory', 'opening-balances', 'first-payroll'] as const;
export type SetupStep = (typeof SETUP_STEPS)[number];

export const setupChecklistSchema = z.object({
  steps: z.array(z.object({ key: z.enum(SETUP_STEPS), label: z.string(), done: z.boolean() })),
  /** Every step done: the dashboard stops showing the list. */
  complete: z.boolean(),
});
export type SetupChecklist = z.infer<typeof setupChecklistSchema>;
