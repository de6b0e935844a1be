/**
 * Salary structures: how a monthly gross is split into its components. Pure, so the slip, the
 * server's checks and the screen's preview split a gross the same way.
 *
 * - Basic: a percentage of the monthly gross, or a fixed monthly amount (`basicMonthlyPaise`), paid
 *   for the paid days like the rest and never more than the earned gross. A fixed Basic above a
 *   person's monthly gross is refused where it would arise (assigning the structure, a lower salary
 *   on Edit Employee: `fixedBasicProblem`).
 * - HRA: a percentage of basic (computed from the unrounded basic, as the default split always was).
 * - Fixed allowances (conveyance, medical…): a monthly amount each, paid for the paid days like the
 *   rest.
 * - Special allowance: whatever remains of the gross.
 *
 * Nothing is ever negative: when basic, HRA and the allowances add up to more than the gross, HRA is
 * held to what basic leaves, then the allowances (in their order) to what is left, and the special
 * allowance is nil. Every component is rounded half-up to the whole rupee; the special allowance is
 * the rounded gross less the rounded components, so the parts always add up to the gross.
 *
 * Without a structure the company default applies (payroll-policy.ts: basic 50% of gross, HRA 40% of
 * basic, no fixed allowances).
 *
 * Worked example (salary-structure.test.ts): Basic fixed at ₹12,000 on a ₹30,000 gross, HRA 40% of
 * Basic: Basic 12,000, HRA 4,800, special 13,200; with 20 of 26 working days paid, Basic
 * round(12,000 × 20 ÷ 26) = 9,231, HRA round(4,800 × 20 ÷ 26) = 3,692, earned gross 23,077, special 10,154.
 */
import { z } from 'zod';
import { lineRule } from '../schemas/common';

export interface FixedAllowance {
  name: string;
  /** Monthly amount in paise. */
  monthlyPaise: number;
}

/** The rule of a structure: what the split needs, no more. */
export interface StructureRule {
  /** 0–100, up to 2 decimals; not used when `basicMonthlyPaise` is set. */
  basicPercentOfGross: number;
  /** Basic as a fixed monthly amount (paise) instead of a percentage of the gross; absent or null: the percentage. */
  basicMonthlyPaise?: number | null;
  /** 0–100, up to 2 decimals. */
  hraPercentOfBasic: number;
  fixedAllowances?: readonly FixedAllowance[];
}

/** One split: whole rupees in paise. */
export interface StructureComponents {
  basicPaise: number;
  hraPaise: number;
  allowances: { name: string; paise: number }[];
  specialPaise: number;
  totalPaise: number;
}

/** Percent (up to 2 decimals) as basis points. */
const bp = (percent: number) => BigInt(Math.round(percent * 100));

/** floor(x / 100 + 1/2) rupees for x = n / d paise, as paise. */
function roundToRupee(numerator: bigint, denominator: bigint): number {
  const rupees = (2n * numerator + 100n * denominator) / (200n * denominator);
  return Number(rupees) * 100;
}

/**
 * The components earned for `paid` of `working` days (integers in one unit: days, or fractions of a
 * day) of a month at `monthlyGrossPaise`. A month with no working day pays in full.
 */
export function splitEarnings(monthlyGrossPaise: number, paid: number, working: number, rule: StructureRule): StructureComponents {
  const gross = BigInt(monthlyGrossPaise);
  const none = working <= 0;
  const paidDays = BigInt(none ? 1 : Math.round(paid));
  const workingDays = BigInt(none ? 1 : working);
  const basicBp = bp(rule.basicPercentOfGross);
  const hraBp = bp(rule.hraPercentOfBasic);
  const earnedGross = roundToRupee(gross * paidDays, workingDays);
  // Basic's monthly amount as a fraction (paise × num ÷ den): a share of the gross, or the fixed amount.
  const fixed = rule.basicMonthlyPaise != null;
  const basicNum = fixed ? BigInt(rule.basicMonthlyPaise!) : gross * basicBp;
  const basicDen = fixed ? 1n : 10_000n;
  const basic = Math.min(earnedGross, roundToRupee(basicNum * paidDays, basicDen * workingDays));
  let left = earnedGross - basic;
  const hra = Math.min(left, roundToRupee(basicNum * hraBp * paidDays, basicDen * 10_000n * workingDays));
  left -= hra;
  const allowances = (rule.fixedAllowances ?? []).map((a) => {
    const paise = Math.min(left, roundToRupee(BigInt(a.monthlyPaise) * paidDays, workingDays));
    left -= paise;
    return { name: a.name, paise };
  });
  const special = Math.max(0, left);
  return { basicPaise: basic, hraPaise: hra, allowances, specialPaise: special, totalPaise: earnedGross };
}

/** The components of a whole month at `monthlyGrossPaise` (every working day paid). */
export function structureComponents(monthlyGrossPaise: number, rule: StructureRule): StructureComponents {
  return splitEarnings(monthlyGrossPaise, 1, 1, rule);
}

/** The company default, as a structure rule (payroll-policy.ts holds the same figures). */
export const DEFAULT_STRUCTURE_RULE: StructureRule = Object.freeze({ basicPercentOfGross: 50, hraPercentOfBasic: 40, fixedAllowances: Object.freeze([]) as readonly FixedAllowance[] });

const MAX_ALLOWANCES = 10;
const MAX_RUPEES = 10_000_000;

const percent = (field: string) =>
  z
    .number({ error: `${field} must be a number` })
    .min(0, `${field} must be from 0 to 100`)
    .max(100, `${field} must be from 0 to 100`)
    .refine((n) => Math.abs(n * 100 - Math.round(n * 100)) < 1e-9, `${field} may have at most 2 decimals`);

const allowanceName = z
  .string({ error: 'Allowance name is required' })
  .superRefine(lineRule('Allowance name', false))
  .trim()
  .min(1, 'Allowance name is required')
  .max(60, 'Allowance name must be at most 60 characters');

/** A structure as the screen and `POST /api/salary/structures` send it: money in rupees. */
export const salaryStructureInput = z
  .object({
    name: z
      .string({ error: 'Name is required' })
      .superRefine(lineRule('Name', false))
      .trim()
      .min(1, 'Name is required')
      .max(80, 'Name must be at most 80 characters'),
    /** Absent (or null) when Basic is a fixed amount. */
    basicPercentOfGross: percent('Basic percent of gross').nullish(),
    /** Basic as a fixed monthly amount in rupees; absent (or null) when Basic is a percentage of the gross. */
    basicMonthly: z
      .number({ error: 'Basic monthly amount must be a number' })
      .int('Basic monthly amount must be whole rupees')
      .min(1, 'Basic monthly amount must be at least ₹1')
      .max(MAX_RUPEES, `Basic monthly amount must be at most ₹${MAX_RUPEES.toLocaleString('en-IN')}`)
      .nullish(),
    hraPercentOfBasic: percent('HRA percent of basic'),
    fixedAllowances: z
      .array(
        z.object({
          name: allowanceName,
          monthly: z
            .number({ error: 'Monthly amount must be a number' })
            .int('Monthly amount must be whole rupees')
            .min(1, 'Monthly amount must be at least ₹1')
            .max(MAX_RUPEES, `Monthly amount must be at most ₹${MAX_RUPEES.toLocaleString('en-IN')}`),
        }),
      )
      .max(MAX_ALLOWANCES, `Fixed allowances: at most ${MAX_ALLOWANCES}`)
      .default([]),
  })
  .superRefine((s, ctx) => {
    for (const [path, msg] of Object.entries(structureProblems(s))) ctx.addIssue({ code: 'custom', path: path.split('.').map((p) => (/^\d+$/.test(p) ? Number(p) : p)), message: msg });
  });
export type SalaryStructureValue = z.output<typeof salaryStructureInput>;

/**
 * What is wrong with a structure beyond each field's own range, by field path: basic and HRA more
 * than the whole gross, or two allowances with one name.
 */
export function structureProblems(s: { basicPercentOfGross?: number | null; basicMonthly?: number | null; hraPercentOfBasic: number; fixedAllowances?: readonly { name: string }[] }): Record<string, string> {
  const problems: Record<string, string> = {};
  const fixed = s.basicMonthly != null;
  if (fixed && s.basicPercentOfGross != null) problems.basicPercentOfGross = 'Basic percent of gross must be empty when Basic is a fixed monthly amount';
  if (!fixed && s.basicPercentOfGross == null) problems.basicPercentOfGross = 'Basic percent of gross is required (or give a fixed monthly amount)';
  if (!fixed && s.basicPercentOfGross != null && Number.isFinite(s.basicPercentOfGross) && Number.isFinite(s.hraPercentOfBasic) && s.basicPercentOfGross * (1 + s.hraPercentOfBasic / 100) > 100 + 1e-9) {
    problems.hraPercentOfBasic = 'HRA percent of basic is too high: basic and HRA together would be more than the gross';
  }
  const seen = new Set<string>();
  (s.fixedAllowances ?? []).forEach((a, i) => {
    const key = a.name.trim().toLowerCase();
    if (!key) return;
    if (['basic', 'hra', 'house rent allowance', 'special allowance'].includes(key)) problems[`fixedAllowances.${i}.name`] = 'This name is one of the computed components';
    else if (seen.has(key)) problems[`fixedAllowances.${i}.name`] = 'Two allowances have this name';
    seen.add(key);
  });
  return problems;
}

/** A stored structure's rule from its API shape (rupees) to paise. */
export function ruleOf(s: { basicPercentOfGross?: number | null; basicMonthly?: number | null; hraPercentOfBasic: number; fixedAllowances: readonly { name: string; monthly: number }[] }): StructureRule {
  return {
    basicPercentOfGross: s.basicMonthly != null ? 0 : (s.basicPercentOfGross ?? 0),
    ...(s.basicMonthly != null && { basicMonthlyPaise: Math.round(s.basicMonthly * 100) }),
    hraPercentOfBasic: s.hraPercentOfBasic,
    fixedAllowances: s.fixedAllowances.map((a) => ({ name: a.name, monthlyPaise: Math.round(a.monthly * 100) })),
  };
}

/**
 * Why a rule cannot apply to a monthly gross, or null: a fixed Basic above the gross (the slip would
 * hold Basic to the gross, so the structure's Basic would not be paid).
 */
export function fixedBasicProblem(monthlyGrossPaise: number, rule: Pick<StructureRule, 'basicMonthlyPaise'>): string | null {
  if (rule.basicMonthlyPaise == null || rule.basicMonthlyPaise <= monthlyGrossPaise) return null;
  const r = (p: number) => `₹${(p / 100).toLocaleString('en-IN')}`;
  return `the fixed Basic of ${r(rule.basicMonthlyPaise)} is more than the monthly gross of ${r(monthlyGrossPaise)}`;
}

/** Fixed allowances that do not fit in a gross: the screen's warning for a person the structure would short. */
export function allowancesShort(monthlyGrossPaise: number, rule: StructureRule): boolean {
  const c = structureComponents(monthlyGrossPaise, rule);
  return c.allowances.some((a, i) => a.paise < roundToRupee(BigInt(rule.fixedAllowances![i]!.monthlyPaise), 1n));
}
