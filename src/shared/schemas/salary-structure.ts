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
