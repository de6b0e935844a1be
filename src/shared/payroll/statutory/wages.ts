/**
 * "Wages" for PF: what contributions are computed on.
 *
 * Before the labour codes: "basic wages" of the EPF & MP Act 1952 s.2(b) with dearness and
 * retaining allowance (s.6) — basic pay, not the allowances.
 *
 * Under the Code on Wages 2019 s.2(y) and the Code on Social Security 2020 s.2(88) (brought into
 * force on 21 November 2025 by the Ministry of Labour and Employment's notifications): wages are
 * basic pay, dearness allowance and retaining allowance; the listed payments (HRA, conveyance,
 * overtime, commission, bonus, …) are excluded, but where they exceed one half of all remuneration,
 * the amount above that half is added back to wages. An allowance that is wages in substance (one
 * paid to everyone, not on the list: Supreme Court, RPFC v. Vivekananda Vidyamandir, 2019) belongs
 * in `basicPaise`.
 */
import type { Dated } from './rule-table';

export interface WageDefinition extends Dated {
  /** 'basic': basic pay only; 'code': remuneration less exclusions, exclusions above the share added back. */
  kind: 'basic' | 'code';
  /** Share of all remuneration the exclusions may reach before the rest counts as wages (bp). */
  excludedShareCapBp: number;
  source: string;
}

export const WAGE_DEFINITIONS: readonly WageDefinition[] = [
  {
    effectiveFrom: '1952-03-04',
    kind: 'basic',
    excludedShareCapBp: 10_000,
    source: 'EPF & MP Act 1952 s.2(b) "basic wages" and s.6 (with dearness and retaining allowance)',
  },
  {
    // A mid-month start: by rule-table.ts it applies from the December 2025 pay month.
    effectiveFrom: '2025-11-21',
    kind: 'code',
    excludedShareCapBp: 5_000,
    source: 'Code on Wages 2019 s.2(y) second proviso; Code on Social Security 2020 s.2(88); in force 21 Nov 2025',
  },
];

export interface WageParts {
  /** All remuneration of the month (the gross). */
  grossPaise: number;
  /** Basic pay with dearness and retaining allowance; everything else in the gross counts as excluded. */
  basicPaise: number;
}

/** The month's PF wages under `definition`, in paise. */
export function wagesFor(parts: WageParts, definition: WageDefinition): number {
  if (definition.kind === 'basic') return parts.basicPaise;
  const excluded = parts.grossPaise - parts.basicPaise;
  const allowedExclusion = Number((BigInt(parts.grossPaise) * BigInt(definition.excludedShareCapBp)) / 10_000n);
  return parts.basicPaise + Math.max(0, excluded - allowedExclusion);
}
