/**
 * The income-tax rate tables of each regime as dated rule versions (keys 'tax.newRegimeRates' and
 * 'tax.oldRegimeRates'), the same store as the HRA cities and the caps: slabs, standard deduction,
 * the s.87A rebate (with or without marginal relief), surcharge and cess. Each version names its
 * source and date; a version starts on a financial year's 1 April and covers that year, so an
 * administrator adds the next Finance Act's table on **Statutory rules** (stored in paise and basis
 * points, entered in rupees and percent).
 *
 * What is shipped (correct as of 26 November 2026):
 * - New regime (s.115BAC(1A), the default), FY 2025-26 by the Finance Act 2025: 0–4 L nil,
 *   4–8 L 5%, 8–12 L 10%, 12–16 L 15%, 16–20 L 20%, 20–24 L 25%, above 24 L 30%; standard deduction
 *   ₹75,000 (s.16(ia)); rebate s.87A up to ₹60,000 for total income up to ₹12 L, with marginal
 *   relief above it (the tax never exceeds the income above ₹12 L).
 * - Old regime, FY 2025-26: 0–2.5 L nil, 2.5–5 L 5%, 5–10 L 20%, above 10 L 30%; standard deduction
 *   ₹50,000; rebate s.87A up to ₹12,500 for total income up to ₹5 L, no marginal relief.
 * - Surcharge on tax above ₹50 L / 1 Cr / 2 Cr / 5 Cr income (10/15/25/37%; the new regime stops at
 *   25%), with marginal relief at each threshold; health and education cess 4% on tax and surcharge.
 * - FY 2026-27: the Finance Act 2026 (Union Budget of 1 February 2026) kept both tables unchanged.
 */
import { z } from 'zod';
import { formatRupees } from '../../format';
import { inr } from './rounding';
import type { RuleDefinition, TableRule } from './rule-definition';

interface RateFrom {
  fromPaise: number;
  rateBp: number;
}

/** One version's value, as stored: paise and basis points. */
export interface TaxRateTable {
  slabs: readonly RateFrom[];
  standardDeductionPaise: number;
  rebate: { incomeUpToPaise: number; maxPaise: number; marginalRelief: boolean };
  /** Surcharge rate by total income above a threshold (exclusive). */
  surcharge: readonly RateFrom[];
  cessBp: number;
}

export const TAX_RATE_KEYS = { new: 'tax.newRegimeRates', old: 'tax.oldRegimeRates' } as const;

const twoDecimals = (v: number) => Math.round(v * 100) === Number((v * 100).toFixed(6));
const rupees = (name: string) =>
  z
    .number({ error: `${name} must be a number of rupees` })
    .min(0, `${name} must be 0 or more`)
    .max(1_000_000_000, `${name} must be at most 1000000000`)
    .refine(twoDecimals, `${name} can have at most 2 decimals`);
const percent = (name: string) =>
  z
    .number({ error: `${name} must be a percentage` })
    .min(0, `${name} must be 0 to 100`)
    .max(100, `${name} must be 0 to 100`)
    .refine(twoDecimals, `${name} can have at most 2 decimals`);
const strict = (what: string) => ({ error: (iss: { code: string; keys?: string[] }) => (iss.code === 'unrecognized_keys' ? `unknown fields: ${(iss.keys ?? []).join(', ')}` : `${what} must be an object`) });
const ascending = (name: string, from: 'fromRupees' | 'aboveRupees', startAtZero: boolean) => (rows: readonly Record<string, number>[], ctx: z.RefinementCtx) => {
  if (startAtZero && rows[0] && rows[0][from] !== 0) ctx.addIssue({ code: 'custom', path: [0, from], message: `${name} must start from ₹0` });
  rows.forEach((r, i) => {
    if (i > 0 && r[from]! <= rows[i - 1]![from]!) ctx.addIssue({ code: 'custom', path: [i, from], message: `${name}: each must start above the one before` });
  });
};

/** A table as it travels: rupees and percent. */
export const TAX_RATES_WIRE = z.strictObject(
  {
    slabs: z
      .array(z.strictObject({ fromRupees: rupees('fromRupees'), percent: percent('percent') }, strict('each slab')), { error: 'slabs must be a list of slabs' })
      .min(1, 'slabs needs at least one slab')
      .max(20, 'slabs has at most 20 slabs')
      .superRefine(ascending('slabs', 'fromRupees', true)),
    standardDeductionRupees: rupees('standardDeductionRupees'),
    rebate: z.strictObject({ incomeUpToRupees: rupees('incomeUpToRupees'), maxRupees: rupees('maxRupees'), marginalRelief: z.boolean({ error: 'marginalRelief must be true or false' }) }, strict('rebate')),
    surcharge: z
      .array(z.strictObject({ aboveRupees: rupees('aboveRupees'), percent: percent('percent') }, strict('each surcharge rate')), { error: 'surcharge must be a list of rates' })
      .max(10, 'surcharge has at most 10 rates')
      .superRefine(ascending('surcharge', 'aboveRupees', false)),
    cessPercent: percent('cessPercent'),
  },
  strict('table'),
);
export type TaxRatesWire = z.infer<typeof TAX_RATES_WIRE>;

const bp = (p: number) => Math.round(p * 100);
const rates = (pairs: readonly [number, number][]): RateFrom[] => pairs.map(([from, pct]) => ({ fromPaise: inr(from), rateBp: pct * 100 }));
const pct = (b: number) => `${b / 100}%`;
const r = (paise: number) => formatRupees(paise / 100);

const taxRatesTable: TableRule<TaxRatesWire, TaxRateTable> = {
  kind: 'tax-rates',
  wire: TAX_RATES_WIRE,
  toStored: (w) => ({
    slabs: w.slabs.map((s) => ({ fromPaise: inr(s.fromRupees), rateBp: bp(s.percent) })),
    standardDeductionPaise: inr(w.standardDeductionRupees),
    rebate: { incomeUpToPaise: inr(w.rebate.incomeUpToRupees), maxPaise: inr(w.rebate.maxRupees), marginalRelief: w.rebate.marginalRelief },
    surcharge: w.surcharge.map((s) => ({ fromPaise: inr(s.aboveRupees), rateBp: bp(s.percent) })),
    cessBp: bp(w.cessPercent),
  }),
  toWire: (v) => ({
    slabs: v.slabs.map((s) => ({ fromRupees: s.fromPaise / 100, percent: s.rateBp / 100 })),
    standardDeductionRupees: v.standardDeductionPaise / 100,
    rebate: { incomeUpToRupees: v.rebate.incomeUpToPaise / 100, maxRupees: v.rebate.maxPaise / 100, marginalRelief: v.rebate.marginalRelief },
    surcharge: v.surcharge.map((s) => ({ aboveRupees: s.fromPaise / 100, percent: s.rateBp / 100 })),
    cessPercent: v.cessBp / 100,
  }),
  summary: (v) => [
    `Slabs: ${v.slabs.map((s) => `from ${r(s.fromPaise)} ${pct(s.rateBp)}`).join('; ')}`,
    `Standard deduction ${r(v.standardDeductionPaise)}`,
    `Rebate up to ${r(v.rebate.maxPaise)} for income up to ${r(v.rebate.incomeUpToPaise)}, ${v.rebate.marginalRelief ? 'with' : 'no'} marginal relief`,
    `Surcharge: ${v.surcharge.length ? v.surcharge.map((s) => `above ${r(s.fromPaise)} ${pct(s.rateBp)}`).join('; ') : 'none'}; cess ${pct(v.cessBp)}`,
  ],
};

const NEW_2025_26: TaxRateTable = {
  slabs: rates([[0, 0], [4_00_000, 5], [8_00_000, 10], [12_00_000, 15], [16_00_000, 20], [20_00_000, 25], [24_00_000, 30]]),
  standardDeductionPaise: inr(75_000),
  rebate: { incomeUpToPaise: inr(12_00_000), maxPaise: inr(60_000), marginalRelief: true },
  surcharge: rates([[50_00_000, 10], [1_00_00_000, 15], [2_00_00_000, 25]]),
  cessBp: 400,
};

const OLD_2025_26: TaxRateTable = {
  slabs: rates([[0, 0], [2_50_000, 5], [5_00_000, 20], [10_00_000, 30]]),
  standardDeductionPaise: inr(50_000),
  rebate: { incomeUpToPaise: inr(5_00_000), maxPaise: inr(12_500), marginalRelief: false },
  surcharge: rates([[50_00_000, 10], [1_00_00_000, 15], [2_00_00_000, 25], [5_00_00_000, 37]]),
  cessBp: 400,
};

const FINANCE_2026 = 'Finance Act 2026 (Union Budget of 1 Feb 2026: no change to personal income-tax rates or slabs)';

export const TAX_RATE_DEFINITIONS: readonly RuleDefinition[] = [
  {
    key: TAX_RATE_KEYS.new,
    group: 'Income tax: rates',
    label: 'New regime: slabs, standard deduction, rebate, surcharge and cess',
    unit: 'table',
    description: 'The default regime’s tax table for a financial year: a version starts on the year’s 1 April. No deduction for professional tax or 80C under it.',
    midMonth: 'Read on 1 April for the whole financial year; a year without a version uses the latest one, and its slips say so.',
    table: taxRatesTable,
    shipped: [
      {
        effectiveFrom: '2025-04-01',
        value: NEW_2025_26,
        source: 'Finance Act 2025 (assent 29 Mar 2025): new regime slabs for FY 2025-26 (s.115BAC(1A)), standard deduction s.16(ia), rebate s.87A; surcharge and cess 4% (First Schedule Part I, s.2)',
        note: 'Rebate up to ₹60,000 for income up to ₹12 L, with marginal relief; surcharge capped at 25%.',
      },
      { effectiveFrom: '2026-04-01', value: NEW_2025_26, source: `${FINANCE_2026}: the new regime's FY 2025-26 table retained`, note: 'Tax Year 2026-27 under the Income-tax Act 2025 (s.202): unchanged.' },
    ],
  },
  {
    key: TAX_RATE_KEYS.old,
    group: 'Income tax: rates',
    label: 'Old regime: slabs, standard deduction, rebate, surcharge and cess',
    unit: 'table',
    description: 'The old regime’s tax table for a resident below 60 (the senior limits are their own rules); a version starts on the year’s 1 April.',
    midMonth: 'Read on 1 April for the whole financial year; a year without a version uses the latest one, and its slips say so.',
    table: taxRatesTable,
    shipped: [
      {
        effectiveFrom: '2025-04-01',
        value: OLD_2025_26,
        source: 'Finance Act 2025 (assent 29 Mar 2025), First Schedule Part III (old regime rates for FY 2025-26); s.16(ia), s.87A; surcharge and cess 4% (First Schedule Part I, s.2)',
        note: 'Rebate up to ₹12,500 for income up to ₹5 L, no marginal relief.',
      },
      { effectiveFrom: '2026-04-01', value: OLD_2025_26, source: `${FINANCE_2026}: the old regime's FY 2025-26 table retained`, note: 'Tax Year 2026-27 under the Income-tax Act 2025: unchanged.' },
    ],
  },
];
