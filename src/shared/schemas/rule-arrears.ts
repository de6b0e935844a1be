/**
 * PF, ESI and professional-tax differences of approved months after a rule version back-dated into them, as the next open
 * month's register lists them, and the admin's choice to pay them as arrears with that month
 * (POST /api/salary/register/{month}/rule-arrears). Money in rupees.
 */
import { z } from 'zod';
import { dateSchema, lineRule } from './common';

const rupees = z.number();

export const ruleArrearsRowSchema = z.object({
  employeeId: z.string(),
  name: z.string(),
  /** 'YYYY-MM': the approved month the difference is for. */
  forMonth: z.string(),
  forMonthLabel: z.string(),
  ceilingApproved: rupees,
  ceilingNow: rupees,
  epfWages: rupees,
  epsWages: rupees,
  edliWages: rupees,
  employee: rupees,
  employerEpf: rupees,
  eps: rupees,
  edli: rupees,
  admin: rupees,
  /** Everything the fund gets for the month: both shares, EDLI and admin. */
  total: rupees,
});
export type RuleArrearsRow = z.infer<typeof ruleArrearsRowSchema>;

/** An ESI or professional-tax difference of one person and month; the employer pays it all. */
export const otherArrearsRowSchema = z.object({
  employeeId: z.string(),
  name: z.string(),
  forMonth: z.string(),
  forMonthLabel: z.string(),
  scheme: z.enum(['esi', 'pt']),
  /** ESI wages the difference adds (a person newly covered); 0 for PT. */
  wages: rupees,
  /** The employee's share (PT: the tax) and the employer's, as approved and now. */
  employeeApproved: rupees,
  employeeNow: rupees,
  employerApproved: rupees,
  employerNow: rupees,
  /** Now less as approved: what the employer pays with the open month. */
  total: rupees,
});
export type OtherArrearsRow = z.infer<typeof otherArrearsRowSchema>;

const componentTotals = z.object({ employee: rupees, employerEpf: rupees, eps: rupees, edli: rupees, admin: rupees, total: rupees });

export const ruleArrearsSchema = z.object({
  /** The open month the differences would be paid with. */
  payMonth: z.string(),
  payMonthLabel: z.string(),
  /** The approved months with a difference, oldest first. */
  months: z.array(z.string()),
  /** The rule versions the approved months are computed with now (PF), with their sources. */
  versions: z.array(z.object({ key: z.string(), label: z.string(), effectiveFrom: z.string(), source: z.string() })),
  /** Person-months with a difference; the list holds the first `listed` of `count` (the xlsx has all). */
  count: z.number(),
  people: z.number(),
  rows: z.array(ruleArrearsRowSchema),
  totals: componentTotals,
  /** Person-months whose PF went down: remitted in excess, for a refund claim with EPFO; never taken from pay. */
  excess: z.object({ count: z.number(), total: rupees }),
  /** Differences already put in this pay month as arrears (and so not listed again). */
  paid: z.object({ count: z.number(), total: rupees }),
  /** The rule for the employee's share, in words, with its source. */
  employeeShareRule: z.string(),
  /** ESI and professional-tax differences (the employer pays both shares); null when none. */
  others: z
    .object({
      count: z.number(),
      people: z.number(),
      rows: z.array(otherArrearsRowSchema),
      totals: z.object({ esi: rupees, pt: rupees, total: rupees }),
      /** Person-months that paid too much: claimed from ESIC or the state; never taken from pay. */
      excess: z.object({ count: z.number(), total: rupees }),
      rule: z.string(),
    })
    .nullable(),
});
export type RuleArrears = z.infer<typeof ruleArrearsSchema>;

export const RULE_ARREARS_REASON_MAX = 200;

export const ruleArrearsBody = z.strictObject({
  /** Why, as the slip says it: 'PF wage ceiling ₹25,000 from 1 Sep 2026 (S.O. 5109(E))'. */
  reason: z
    .string({ error: 'reason is required: say why the difference is paid, as the slips will show it' })
    .superRefine(lineRule('reason', false))
    .trim()
    .min(3, `reason must be 3 to ${RULE_ARREARS_REASON_MAX} characters`)
    .max(RULE_ARREARS_REASON_MAX, `reason must be 3 to ${RULE_ARREARS_REASON_MAX} characters`),
  /**
   * Who pays the employee's share not deducted in its month: 'employer' (the default the scheme
   * leaves), or 'recover' from this month's wages, which needs the Inspector's written consent.
   */
  employeeShare: z.enum(['employer', 'recover'], { error: "employeeShare must be 'employer' or 'recover'" }),
  inspectorConsent: z
    .strictObject({
      reference: z
        .string({ error: 'inspectorConsent.reference is required' })
        .superRefine(lineRule('inspectorConsent.reference', false))
        .trim()
        .min(1, 'inspectorConsent.reference is required')
        .max(100, 'inspectorConsent.reference must be at most 100 characters'),
      date: dateSchema,
    })
    .optional(),
});
export type RuleArrearsBody = z.infer<typeof ruleArrearsBody>;

export const ruleArrearsAnswer = z.object({ msg: z.string(), count: z.number(), people: z.number() });
