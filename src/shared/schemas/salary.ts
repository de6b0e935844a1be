/** Salary slip request shapes (product.md, Records and Calls). */
import { z } from 'zod';

/** The admin types the month by hand (spec: no client validation); the server parses it. */
export const salaryEmailBody = z.object({
  employeeId: z.string({ error: 'employeeId is required' }).trim().min(1, 'employeeId is required').max(40),
  month: z.union([z.string().max(20), z.number()], { error: 'month is required' }),
  year: z.union([z.string().max(6), z.number()], { error: 'year is required' }),
});
export type SalaryEmail = z.infer<typeof salaryEmailBody>;

/** POST /api/salary/email-all: the month of a bulk payroll run, typed like the single email. */
export const payrollRunBody = salaryEmailBody.pick({ month: true, year: true });

export const PAYROLL_RUN_STATUSES = ['running', 'done'] as const;

/** A bulk payroll run's progress counts, as GET /api/salary/runs lists them. */
export const payrollRunSummary = z.object({
  _id: z.string(),
  month: z.string(),
  status: z.enum(PAYROLL_RUN_STATUSES),
  total: z.number(),
  sent: z.number(),
  failed: z.number(),
  pending: z.number(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type PayrollRunSummary = z.infer<typeof payrollRunSummary>;

/** GET /api/salary/runs/{id}: the counts plus the failed employees (the first PAYROLL_RUN_MAX_ERRORS). */
export const payrollRunReport = payrollRunSummary.extend({
  errors: z.array(z.object({ employeeId: z.string(), error: z.string() })),
});
export type PayrollRunReport = z.infer<typeof payrollRunReport>;
export const PAYROLL_RUN_MAX_ERRORS = 500;

/** 202 of a started or re-queued run, and 409 of a month that already has a run going. */
export const payrollRunAccepted = z.object({ msg: z.string(), runId: z.string() });
export type PayrollRunAccepted = z.infer<typeof payrollRunAccepted>;
