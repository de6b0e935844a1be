/**
 * The payroll register of a month: the preview an admin checks before a run is approved.
 * Per employee the month's gross, each deduction, the employer's contributions and net pay; the
 * totals; and warnings (missing PAN or bank details, LOP days, joiners). Money in rupees, as the
 * employee record's salary travels.
 */
import { z } from 'zod';

const rupees = z.number();

export const registerRowSchema = z.object({
  employeeId: z.string(),
  name: z.string(),
  joiningDate: z.string(),
  stateOfWork: z.string(),
  taxRegime: z.enum(['new', 'old']),
  workingDays: z.number(),
  paidDays: z.number(),
  lopDays: z.number(),
  monthlyGross: rupees,
  /** Earned gross includes it: arrears (or recoveries, negative) for earlier months paid this month; absent when none. */
  arrears: rupees.optional(),
  earnedGross: rupees,
  deductions: z.object({ pf: rupees, esi: rupees, professionalTax: rupees, tds: rupees, total: rupees }),
  /** ESI coverage and why, in words ('Covered to 30 Sep 2026: ₹20,000 at the period's start'); absent on older slips. */
  esiCoverage: z.string().optional(),
  /** Deductions the 50% limit carried to the next month (rupees); absent when none. */
  carriedForward: rupees.optional(),
  employer: z.object({ epf: rupees, eps: rupees, edli: rupees, pfAdmin: rupees, esi: rupees, total: rupees }),
  net: rupees,
});
export type RegisterRow = z.infer<typeof registerRowSchema>;

export const REGISTER_WARNING_KINDS = ['missing-pan', 'missing-bank', 'lop', 'joiner', 'leaver', 'no-pt-table', 'arrears', 'salary-change', 'esi', 'deduction-limit', 'pf-without-uan', 'eps-nil'] as const;

export const registerWarningSchema = z.object({
  employeeId: z.string(),
  kind: z.enum(REGISTER_WARNING_KINDS),
  text: z.string(),
  /** True when the month cannot be approved until it is resolved (a state without a professional tax table; PF deducted without a UAN). */
  blocking: z.boolean().optional(),
});
export type RegisterWarning = z.infer<typeof registerWarningSchema>;

export const payrollRegisterSchema = z.object({
  month: z.string(),
  monthLabel: z.string(),
  rows: z.array(registerRowSchema),
  totals: z.object({
    employees: z.number(),
    earnedGross: rupees,
    deductions: registerRowSchema.shape.deductions,
    employer: registerRowSchema.shape.employer,
    net: rupees,
  }),
  warnings: z.array(registerWarningSchema),
  /** True when the month's financial year has no income-tax table yet and the latest one's rates are used. */
  incomeTaxEstimated: z.boolean(),
  /**
   * The PF figures the month was computed with: the ceiling (day-weighted in a month it changed in),
   * the rule versions used with their sources, and the administration charges the establishment owes
   * (at least the monthly minimum when anyone contributes; the rows' pfAdmin sum may be less).
   */
  pf: z
    .object({
      ceiling: rupees,
      ceilingNote: z.string().nullable(),
      versions: z.array(z.object({ key: z.string(), effectiveFrom: z.string(), source: z.string() })),
      adminCharges: rupees,
      adminMinimumTopUp: rupees,
    })
    .optional(),
  /** 'approved': the slips as stored when the month was approved (or last re-run); 'preview': computed from today's data. */
  source: z.enum(['approved', 'preview']),
});
export type PayrollRegister = z.infer<typeof payrollRegisterSchema>;
