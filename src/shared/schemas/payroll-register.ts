/**
 * The payroll register of a month: the preview an admin checks before a run is approved.
 * Per employee the month's gross, each deduction, the employer's contributions and net pay; the
 * totals; and warnings (missing PAN or bank details, LOP days, joiners). Money in rupees, as the
 * employee record's salary travels.
 */
import { z } from 'zod';
import { ruleArrearsSchema } from './rule-arrears';
import { CONTROL_CHARACTERS } from './payroll-payments';

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
  /** The month's overtime: minutes (days and weeks) and its pay (in earned gross; 0 when the company does not pay it); absent when none. */
  overtime: z.object({ minutes: z.number(), pay: rupees }).optional(),
  earnedGross: rupees,
  deductions: z.object({ pf: rupees, esi: rupees, professionalTax: rupees, tds: rupees, total: rupees }),
  /** ESI coverage and why, in words ('Covered to 30 Sep 2026: ₹20,000 at the period's start'); absent on older slips. */
  esiCoverage: z.string().optional(),
  /** Deductions the 50% limit carried to the next month (rupees); absent when none. */
  carriedForward: rupees.optional(),
  employer: z.object({ epf: rupees, eps: rupees, edli: rupees, pfAdmin: rupees, esi: rupees, total: rupees }),
  /** PF differences of earlier months paid this month: the employee's share recovered (in deductions.total) and the employer's cost; absent when none. */
  pfArrears: z.object({ recovered: rupees, employer: rupees }).optional(),
  net: rupees,
  /** The wages PF was computed on (what the ECR reports): EPF, EPS and EDLI wages; absent on slips stored before they were recorded. */
  pfWages: z.object({ epf: rupees, eps: rupees, edli: rupees }).optional(),
});
export type RegisterRow = z.infer<typeof registerRowSchema>;

export const REGISTER_WARNING_KINDS = ['missing-bank', 'no-pt-table', 'pf-without-uan', 'changed-since-approval', 'missing-pan', 'lop', 'joiner', 'leaver', 'arrears', 'salary-change', 'esi', 'deduction-limit', 'eps-nil'] as const;
export type RegisterWarningKind = (typeof REGISTER_WARNING_KINDS)[number];

/** Warnings that stop a correct payment or filing: approval is refused while one is open, unless overridden with a reason. */
export const BLOCKING_WARNING_KINDS: readonly RegisterWarningKind[] = ['missing-bank', 'no-pt-table', 'pf-without-uan'];

/** What each kind is called where warnings are grouped, and what an override leaves the person out of. */
export const WARNING_KIND_LABELS: Record<RegisterWarningKind, string> = {
  'missing-bank': 'No bank account',
  'no-pt-table': 'State without a professional tax table',
  'pf-without-uan': 'PF deducted without a UAN',
  'changed-since-approval': 'Details changed since approval',
  'missing-pan': 'No PAN',
  lop: 'Loss of pay',
  joiner: 'Joined this month',
  leaver: 'Left this month',
  arrears: 'Arrears paid this month',
  'salary-change': 'Salary changed in the month',
  esi: 'ESI coverage',
  'deduction-limit': 'Deductions over the 50% limit',
  'eps-nil': 'No pension share',
};
export const OVERRIDE_LEAVES_OUT: Partial<Record<RegisterWarningKind, string>> = {
  'missing-bank': 'not in the bank file',
  'no-pt-table': 'no professional tax deducted or filed',
  'pf-without-uan': 'not filed in the ECR',
};

export const registerWarningSchema = z.object({
  employeeId: z.string(),
  name: z.string(),
  kind: z.enum(REGISTER_WARNING_KINDS),
  text: z.string(),
  blocking: z.boolean(),
  /** A blocking warning the approver overrode, with the reason and what it leaves the person out of. */
  overridden: z.object({ reason: z.string(), leftOut: z.string() }).nullable(),
});
export type RegisterWarning = z.infer<typeof registerWarningSchema>;

const OVERRIDE_REASON_MAX = 300;
export const approveBody = z
  .object({
    /** Blocking warnings approved anyway: a kind, optionally only some employees (all of that kind otherwise), and why. */
    overrides: z
      .array(
        z.object({
          kind: z.enum(BLOCKING_WARNING_KINDS as [RegisterWarningKind, ...RegisterWarningKind[]], { error: `kind must be one of ${BLOCKING_WARNING_KINDS.join(', ')}` }),
          employeeIds: z.array(z.string().trim().min(1).max(40)).max(10_000).optional(),
          reason: z
            .string({ error: 'reason is required for an override' })
            .trim()
            .min(3, `reason must be 3 to ${OVERRIDE_REASON_MAX} characters`)
            .max(OVERRIDE_REASON_MAX, `reason must be 3 to ${OVERRIDE_REASON_MAX} characters`)
            .refine((s) => !new RegExp(CONTROL_CHARACTERS.source).test(s), 'reason must be one line of text without control characters'),
        }),
      )
      .max(20, 'at most 20 overrides'),
  })
  .partial();

/** An approved month whose live data now computes other slips: who, and the two ways forward. */
export const liveDiffersSchema = z.object({
  count: z.number(),
  people: z.array(z.object({ employeeId: z.string(), name: z.string(), netApproved: z.number().nullable(), netLive: z.number().nullable() })),
});

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
  /**
   * Every statutory rule version the month's slips used (PF, ESI, each state's professional-tax
   * table), with the rule's name and source; absent when no slip recorded them.
   */
  ruleVersions: z.array(z.object({ key: z.string(), label: z.string(), effectiveFrom: z.string(), source: z.string() })).optional(),
  /** 'approved': the slips as stored when the month was approved (or last re-run); 'preview': computed from today's data. */
  source: z.enum(['approved', 'preview']),
  /** Approved months only: slips today's data would compute differently (null for a preview, or when none differ). */
  liveDiffers: liveDiffersSchema.nullable(),
  /** For the open month: PF differences of approved months under a rule version back-dated into them (rule-arrears.ts); null when none. */
  ruleArrears: ruleArrearsSchema.nullable().optional(),
});
export type PayrollRegister = z.infer<typeof payrollRegisterSchema>;
