/** An employee's salary history (GET /api/salary/history/{id}): revisions and arrears lines, money in rupees. */
import { z } from 'zod';
import { ARREAR_COMPONENTS } from '../payroll/arrear-lines';

export const salaryRevisionSchema = z.object({
  id: z.string(),
  effectiveFrom: z.string(),
  salary: z.number(),
  reason: z.string(),
  /** 'YYYY-MM': set when the revision was entered back-dated into approved months; those got arrears instead. */
  appliesFrom: z.string().nullable(),
  enteredBy: z.string().nullable(),
  enteredAt: z.string(),
  /**
   * The salary structure in force from this revision's day (the one it assigns, or the one a
   * gross-only revision keeps), as it was assigned, with its split of this revision's gross; null:
   * the company default (Basic 50% of gross, HRA 40% of Basic).
   */
  structure: z
    .object({
      name: z.string(),
      /** True when this revision assigned it. */
      assigned: z.boolean(),
      basicPercentOfGross: z.number().nullable(),
      basicMonthly: z.number().nullable(),
      hraPercentOfBasic: z.number(),
      fixedAllowances: z.array(z.object({ name: z.string(), monthly: z.number() })),
      basic: z.number(),
      hra: z.number(),
      special: z.number(),
      /** This person's own value of one component ("Basic fixed at ₹15,000 a month"), or null: the structure as it is. */
      override: z.string().nullable(),
    })
    .nullable(),
});

export const arrearLineSchema = z.object({
  id: z.string(),
  payMonth: z.string(),
  forMonth: z.string(),
  component: z.enum(ARREAR_COMPONENTS),
  amount: z.number(),
  reason: z.string(),
  source: z.string(),
});

export const salaryHistorySchema = z.object({
  employeeId: z.string(),
  /** The salary in force today (the employee's `salary`). */
  salary: z.number(),
  /** The first day of the earliest month not yet approved: where a changed salary takes effect by default. */
  defaultEffectiveFrom: z.string(),
  /** Latest effective day first. Empty while the salary never changed. */
  revisions: z.array(salaryRevisionSchema),
  /** Newest pay month first. */
  arrears: z.array(arrearLineSchema),
});
export type SalaryHistory = z.infer<typeof salaryHistorySchema>;
