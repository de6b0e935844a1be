/**
 * The payroll policy: every rule of the salary slip that a company may set differently, in one
 * documented object. salary-slip.ts reads nothing else, so changing the policy here (or passing
 * another one built with definePayrollPolicy) changes every slip, preview and bulk run alike.
 *
 * Defaults, and why:
 * - Weekly off: Sunday only. Weekly offs are paid days and are not working days.
 * - Basic: 50% of the monthly gross (the common Indian split; the Code on Wages counts allowances
 *   above half of pay as wages anyway, so a lower basic buys nothing).
 * - HRA: 40% of basic (the non-metro rate of the Income Tax Rules; metro cities use 50%).
 * - Special allowance: whatever remains of the gross after basic and HRA.
 * - Employee PF: 12% of the earned (pro-rated) basic, capped at 12% of the ₹15,000 statutory
 *   wage ceiling, i.e. at most ₹1,800 a month (the EPF scheme's statutory ceiling).
 * - Professional tax: a slab table per state, applied to the month's earned gross. The default is
 *   Karnataka-style: ₹200 a month when the earned gross is ₹25,000 or more, otherwise nothing.
 *   Replace the table for another state; PROFESSIONAL_TAX_TABLES holds the ones shipped here.
 * - Rounding (fixed, not configurable): every component is rounded half-up to the whole rupee;
 *   totals and net pay are sums and differences of those rounded figures. See salary-slip.ts.
 */

/** 0 = Sunday … 6 = Saturday, as Date#getUTCDay counts them. */
export type Weekday = 0 | 1 | 2 | 3 | 4 | 5 | 6;

/** One professional-tax slab: from this earned gross (inclusive) upwards, this tax a month. */
export interface ProfessionalTaxSlab {
  minGrossPaise: number;
  taxPaise: number;
}

/** A state's professional-tax table; slabs are applied by the highest minGrossPaise reached. */
export interface ProfessionalTaxTable {
  state: string;
  slabs: readonly ProfessionalTaxSlab[];
}

export interface PayrollPolicy {
  /** Paid weekly off days; at least one day of the week must remain a working day. */
  weeklyOffDays: readonly Weekday[];
  /** Basic as a percentage of the monthly gross (0–100, up to 2 decimals). */
  basicPercentOfGross: number;
  /** HRA as a percentage of basic (0–100, up to 2 decimals). */
  hraPercentOfBasic: number;
  /** Employee PF contribution as a percentage of the earned basic. */
  employeePfPercent: number;
  /** PF wage ceiling in paise: the contribution never exceeds employeePfPercent of this. */
  pfWageCeilingPaise: number;
  professionalTax: ProfessionalTaxTable;
}

/** Professional-tax tables shipped with the portal; any other state can be given as a table. */
export const PROFESSIONAL_TAX_TABLES = {
  /** Karnataka-style default: ₹200 a month from an earned gross of ₹25,000, else nil. */
  KA: {
    state: 'Karnataka',
    slabs: [
      { minGrossPaise: 0, taxPaise: 0 },
      { minGrossPaise: 25_000_00, taxPaise: 200_00 },
    ],
  },
  /** States that levy no professional tax (e.g. Delhi, Haryana, Uttar Pradesh). */
  NONE: { state: 'No professional tax', slabs: [{ minGrossPaise: 0, taxPaise: 0 }] },
} as const satisfies Record<string, ProfessionalTaxTable>;

/** The policy the server uses unless it is given another one. */
export const DEFAULT_PAYROLL_POLICY: PayrollPolicy = Object.freeze({
  weeklyOffDays: Object.freeze([0]) as readonly Weekday[],
  basicPercentOfGross: 50,
  hraPercentOfBasic: 40,
  employeePfPercent: 12,
  pfWageCeilingPaise: 15_000_00,
  professionalTax: PROFESSIONAL_TAX_TABLES.KA,
});

/** Thrown for a policy that cannot produce a sensible slip (e.g. every day a weekly off). */
export class PayrollPolicyError extends Error {}

// Percentages are used as basis points, so more than 2 decimals would be silently lost.
const isPercent = (n: number) => Number.isFinite(n) && n >= 0 && n <= 100 && Math.abs(n * 100 - Math.round(n * 100)) < 1e-9;
const isPaise = (n: number) => Number.isSafeInteger(n) && n >= 0;

/** The default policy with some rules replaced; checks the result and throws PayrollPolicyError. */
export function definePayrollPolicy(overrides: Partial<PayrollPolicy> = {}): PayrollPolicy {
  const policy: PayrollPolicy = { ...DEFAULT_PAYROLL_POLICY, ...overrides };
  const problems: string[] = [];
  const offs = new Set(policy.weeklyOffDays);
  if ([...offs].some((d) => !Number.isInteger(d) || d < 0 || d > 6)) problems.push('weeklyOffDays must be weekdays 0 (Sunday) to 6 (Saturday)');
  if (offs.size >= 7) problems.push('weeklyOffDays must leave at least one working day');
  for (const key of ['basicPercentOfGross', 'hraPercentOfBasic', 'employeePfPercent'] as const) {
    if (!isPercent(policy[key])) problems.push(`${key} must be a percentage from 0 to 100 with at most 2 decimals`);
  }
  if (!isPaise(policy.pfWageCeilingPaise)) problems.push('pfWageCeilingPaise must be a whole number of paise');
  const slabs = policy.professionalTax.slabs;
  if (!slabs.length || slabs.some((s) => !isPaise(s.minGrossPaise) || !isPaise(s.taxPaise))) {
    problems.push('professionalTax.slabs must be a non-empty list of whole paise amounts');
  }
  if (problems.length) throw new PayrollPolicyError(`Invalid payroll policy: ${problems.join('; ')}`);
  return policy;
}

/** Percent (up to 2 decimals) as basis points, so the slip's arithmetic stays in integers. */
export const basisPoints = (percent: number): number => Math.round(percent * 100);
