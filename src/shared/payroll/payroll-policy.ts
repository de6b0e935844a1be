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
 * - Statutory deductions (PF, ESI, professional tax, TDS) are not company policy: they follow the
 *   rule tables in statutory/, in force in the slip's month. The one choice here is the state of work
 *   assumed for an employee whose record names none: Karnataka, the portal's first customers' state.
 * - Rounding (fixed, not configurable): every component is rounded half-up to the whole rupee;
 *   totals and net pay are sums and differences of those rounded figures. See salary-slip.ts.
 */

import type { FixedAllowance, StructureRule } from './salary-structure';

/** 0 = Sunday … 6 = Saturday, as Date#getUTCDay counts them. */
export type Weekday = 0 | 1 | 2 | 3 | 4 | 5 | 6;

export interface PayrollPolicy {
  /** Paid weekly off days; at least one day of the week must remain a working day. */
  weeklyOffDays: readonly Weekday[];
  /** Basic as a percentage of the monthly gross (0–100, up to 2 decimals). */
  basicPercentOfGross: number;
  /** Basic as a fixed monthly amount in paise (a person's salary structure), in place of the percentage; absent by default. */
  basicMonthlyPaise?: number | null;
  /** HRA as a percentage of basic (0–100, up to 2 decimals). */
  hraPercentOfBasic: number;
  /** Fixed monthly allowances paid before the special allowance (a person's salary structure; none by default). */
  fixedAllowances?: readonly FixedAllowance[];
  /** The salary structure these percentages come from; absent for the company default. */
  structureName?: string;
  /** ISO 3166-2:IN code of the state of work for employees whose record names none (professional tax). */
  defaultStateOfWork: string;
}

/** The policy the server uses unless it is given another one. */
export const DEFAULT_PAYROLL_POLICY: PayrollPolicy = Object.freeze({
  weeklyOffDays: Object.freeze([0]) as readonly Weekday[],
  basicPercentOfGross: 50,
  hraPercentOfBasic: 40,
  defaultStateOfWork: 'KA',
});

/** Thrown for a policy that cannot produce a sensible slip (e.g. every day a weekly off). */
export class PayrollPolicyError extends Error {}

// Percentages are used as basis points, so more than 2 decimals would be silently lost.
const isPercent = (n: number) => Number.isFinite(n) && n >= 0 && n <= 100 && Math.abs(n * 100 - Math.round(n * 100)) < 1e-9;

/** The default policy with some rules replaced; checks the result and throws PayrollPolicyError. */
export function definePayrollPolicy(overrides: Partial<PayrollPolicy> = {}): PayrollPolicy {
  const policy: PayrollPolicy = { ...DEFAULT_PAYROLL_POLICY, ...overrides };
  const problems: string[] = [];
  const offs = new Set(policy.weeklyOffDays);
  if ([...offs].some((d) => !Number.isInteger(d) || d < 0 || d > 6)) problems.push('weeklyOffDays must be weekdays 0 (Sunday) to 6 (Saturday)');
  if (offs.size >= 7) problems.push('weeklyOffDays must leave at least one working day');
  for (const key of ['basicPercentOfGross', 'hraPercentOfBasic'] as const) {
    if (!isPercent(policy[key])) problems.push(`${key} must be a percentage from 0 to 100 with at most 2 decimals`);
  }
  if (!/^[A-Z]{2}$/.test(policy.defaultStateOfWork)) problems.push('defaultStateOfWork must be a two-letter state code such as KA');
  if (problems.length) throw new PayrollPolicyError(`Invalid payroll policy: ${problems.join('; ')}`);
  return policy;
}

/** Percent (up to 2 decimals) as basis points, so the slip's arithmetic stays in integers. */
export const basisPoints = (percent: number): number => Math.round(percent * 100);

const withStructures = new WeakMap<PayrollPolicy, WeakMap<object, PayrollPolicy>>();

/**
 * The policy with a person's salary structure in place of the default split (basic, HRA, fixed
 * allowances). Cached per policy and structure object, so a bulk run that shares one structure
 * object among its people shares one policy (and the slip's per-policy day caches).
 */
export function policyWithStructure(policy: PayrollPolicy, structure: StructureRule & { name?: string }): PayrollPolicy {
  let byStructure = withStructures.get(policy);
  if (!byStructure) withStructures.set(policy, (byStructure = new WeakMap()));
  let p = byStructure.get(structure);
  if (!p) {
    p = Object.freeze({
      ...policy,
      basicPercentOfGross: structure.basicPercentOfGross,
      basicMonthlyPaise: structure.basicMonthlyPaise ?? null,
      hraPercentOfBasic: structure.hraPercentOfBasic,
      fixedAllowances: structure.fixedAllowances ?? [],
      structureName: structure.name,
    });
    byStructure.set(structure, p);
  }
  return p;
}
