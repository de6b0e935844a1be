/** Salary structures (/api/salary/structures): money in rupees, percentages as sent. */
import { z } from 'zod';
import { salaryStructureInput } from '../payroll/salary-structure';
import { dateSchema, lineRule, msgResponse } from './common';

export { salaryStructureInput };

export const salaryStructureSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** Basic as a % of the gross; null when Basic is a fixed amount. */
  basicPercentOfGross: z.number().nullable(),
  /** Basic as a fixed monthly amount in rupees; null when it is a % of the gross. */
  basicMonthly: z.number().nullable(),
  hraPercentOfBasic: z.number(),
  fixedAllowances: z.array(z.object({ name: z.string(), monthly: z.number() })),
  /** People on this structure today (their latest assignment up to today). */
  people: z.number(),
  updatedAt: z.string(),
});
export type SalaryStructure = z.infer<typeof salaryStructureSchema>;

export const salaryStructureListSchema = z.object({ structures: z.array(salaryStructureSchema) });
export type SalaryStructureList = z.infer<typeof salaryStructureListSchema>;

/** POST /api/salary/structures/{id}/assign. */
export const assignStructureBody = z.object({
  /** The people's `_id`s. */
  employeeIds: z.array(z.string().regex(/^[1-9]\d{0,15}$/, 'employeeIds must be record ids')).min(1, 'Employee IDs: pick at least one person').max(5000, 'Employee IDs: at most 5,000 people at once'),
  /** The day the structure takes effect: from the first day of the earliest month not yet approved. */
  effectiveFrom: dateSchema,
  reason: z.string().superRefine(lineRule('Reason', false)).trim().max(500, 'Reason must be at most 500 characters').optional(),
  /** True: answer who would get what, storing nothing. */
  preview: z.boolean().optional(),
});
export type AssignStructureBody = z.infer<typeof assignStructureBody>;

export const assignedPersonSchema = z.object({
  _id: z.string(),
  employeeId: z.string(),
  name: z.string(),
  /** The monthly gross in force on the effective day (the person's joining day when later). */
  effectiveFrom: z.string(),
  monthlyGross: z.number(),
  basic: z.number(),
  hra: z.number(),
  allowances: z.array(z.object({ name: z.string(), amount: z.number() })),
  special: z.number(),
  /** The gross does not cover every fixed allowance in full. */
  allowancesShort: z.boolean(),
});
export const assignStructureResponse = msgResponse.extend({ preview: z.boolean(), effectiveFrom: z.string(), people: z.array(assignedPersonSchema) });
export type AssignStructureResponse = z.infer<typeof assignStructureResponse>;

const overridePercent = (field: string) =>
  z
    .number({ error: `${field} must be a number` })
    .min(0, `${field} must be from 0 to 100`)
    .max(100, `${field} must be from 0 to 100`)
    .refine((n) => Math.abs(n * 100 - Math.round(n * 100)) < 1e-9, `${field} may have at most 2 decimals`);
const overrideRupees = (field: string, min: number) =>
  z
    .number({ error: `${field} must be a number` })
    .int(`${field} must be whole rupees`)
    .min(min, `${field} must be at least ₹${min}`)
    .max(10_000_000, `${field} must be at most ₹1,00,00,000`);

/**
 * PUT /api/salary/history/{id}/structure-override: one component of the person's salary structure
 * set for them alone (structure-override.ts), or with `component: null` the override removed.
 * Basic takes `basicPercentOfGross` or `basicMonthly`; HRA `hraPercentOfBasic`; an allowance
 * `allowanceName` and `monthly` (₹0 for none). The day defaults to the first day of the earliest
 * month not yet approved.
 */
export const structureOverrideBody = z
  .object({
    component: z.enum(['basic', 'hra', 'allowance'], { error: 'Component must be basic, hra or allowance (or null to remove the override)' }).nullable(),
    basicPercentOfGross: overridePercent('Basic percent of gross').nullish(),
    basicMonthly: overrideRupees('Basic monthly amount', 1).nullish(),
    hraPercentOfBasic: overridePercent('HRA percent of basic').nullish(),
    allowanceName: z.string().superRefine(lineRule('Allowance name', false)).trim().max(60, 'Allowance name must be at most 60 characters').nullish(),
    monthly: overrideRupees('Monthly amount', 0).nullish(),
    effectiveFrom: dateSchema.optional(),
    reason: z.string().superRefine(lineRule('Reason', false)).trim().max(500, 'Reason must be at most 500 characters').optional(),
  })
  .superRefine((b, ctx) => {
    const need = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
    if (b.component === 'basic') {
      if (b.basicPercentOfGross == null && b.basicMonthly == null) need('basicPercentOfGross', 'Basic percent of gross or a fixed monthly amount is required');
      if (b.basicPercentOfGross != null && b.basicMonthly != null) need('basicPercentOfGross', 'Basic percent of gross must be empty when Basic is a fixed monthly amount');
    }
    if (b.component === 'hra' && b.hraPercentOfBasic == null) need('hraPercentOfBasic', 'HRA percent of basic is required');
    if (b.component === 'allowance') {
      if (!b.allowanceName) need('allowanceName', 'Allowance name is required');
      if (b.monthly == null) need('monthly', 'Monthly amount is required');
    }
  });
export type StructureOverrideBody = z.infer<typeof structureOverrideBody>;
