/**
 * Professional tax slab tables by state of work, as dated rule versions (key 'pt.<state>', e.g.
 * 'pt.MH'), correct as of 26 November 2026. Article 276(2) of the Constitution caps the tax at
 * ₹2,500 a year, which is why several states charge ₹300 in one month (February). An administrator
 * adds a state's later table, or a first table for a state that has none, on the Statutory rules
 * screen; the value travels in rupees (PT_TABLE_WIRE) and is stored in paise (PtTableValue).
 *
 * Slabs are monthly salary (or half-yearly salary where `period` is 'half-yearly') from an amount,
 * inclusive, in paise: a slab written "₹10,001 to ₹15,000" in an Act starts at ₹10,000.01 here.
 * The highest slab reached applies. A table applies from the first whole month: a pay month uses
 * the table in force on its first day.
 */
import { z } from 'zod';
import { formatRupees } from '../../format';
import { INDIAN_STATES } from '../../schemas/employee-statutory';
import { monthName } from './esi-rule-catalogue';
import { inr } from './rounding';
import { NEXT_MONTH, type RuleDefinition, type TableRule } from './rule-definition';
import type { Dated } from './rule-table';

/** ISO 3166-2:IN state codes (Telangana as TG) of the tables shipped. */
export type PtState = 'KA' | 'MH' | 'TN' | 'WB' | 'TG' | 'AP' | 'GJ';

export interface PtSlab {
  fromPaise: number;
  taxPaise: number;
  /** What is charged in February instead, where the Act says so. */
  februaryTaxPaise?: number;
}

/** One version's value, as stored. */
export interface PtTableValue {
  stateName: string;
  period: 'monthly' | 'half-yearly';
  slabs: readonly PtSlab[];
  /** Slabs for women where the Act gives them their own. */
  womenSlabs?: readonly PtSlab[];
  /**
   * Half-yearly tables: the months (1–12) the half-year's tax is deducted in. A leaver's tax for
   * the half-year is deducted in the leaving month instead, when that comes first.
   */
  deductInMonths?: readonly number[];
  /** Who the Act exempts among employees, by the facts payroll knows: age and disability. */
  exemptions?: PtExemptions;
}

/** A version as the calculation reads it: the value with its first day and source. */
export interface PtTable extends PtTableValue, Dated {
  source: string;
}

export interface PtExemptions {
  /** Exempt once this age is completed (on the month's last day). */
  ageFrom?: number;
  /** A person with (benchmark) disability is exempt. */
  disability?: boolean;
  source: string;
}

const slab = (fromRupees: number, taxRupees: number, februaryRupees?: number): PtSlab => ({
  fromPaise: inr(fromRupees),
  taxPaise: inr(taxRupees),
  ...(februaryRupees === undefined ? {} : { februaryTaxPaise: inr(februaryRupees) }),
});
const ABOVE = 0.01; // "₹10,001 and above" of an Act, for rupee-rounded salaries: more than ₹10,000.

const SHIPPED_TABLES: Readonly<Record<PtState, readonly PtTable[]>> = {
  KA: [
    {
      effectiveFrom: '2023-04-01',
      stateName: 'Karnataka',
      period: 'monthly',
      slabs: [slab(0, 0), slab(25_000, 200)],
      source: 'Karnataka Tax on Professions, Trades, Callings and Employments Act 1976, Schedule entry 1 (as amended by the Karnataka Finance Act 2023): ₹200 from ₹25,000 a month',
    },
    {
      effectiveFrom: '2025-04-01',
      stateName: 'Karnataka',
      period: 'monthly',
      slabs: [slab(0, 0), slab(25_000, 200, 300)],
      source: 'Karnataka Tax on Professions, Trades, Callings and Employments (Amendment) Act 2025: ₹2,500 a year, ₹200 a month and ₹300 in February',
    },
  ],
  MH: [
    {
      // Notification 35 of 6 Apr 2023 (Maharashtra amendment of 2023), in force from 1 Apr 2023.
      effectiveFrom: '2023-04-01',
      stateName: 'Maharashtra',
      period: 'monthly',
      slabs: [slab(0, 0), slab(7_500 + ABOVE, 175), slab(10_000 + ABOVE, 200, 300)],
      // Women were exempt up to ₹10,000 before; the 2023 amendment raised it to ₹25,000.
      womenSlabs: [slab(0, 0), slab(25_000 + ABOVE, 200, 300)],
      exemptions: {
        ageFrom: 65,
        disability: true,
        source: 'Maharashtra Act 1975 s.27A: persons who have completed 65 years; persons with benchmark disability (Rights of Persons with Disabilities Act 2016 s.2(r)), as amended from 1 Apr 2023',
      },
      source: 'Maharashtra State Tax on Professions, Trades, Callings and Employments Act 1975, Schedule I entry 1 as amended from 1 Apr 2023 (notification 35 of 6 Apr 2023): ₹300 in February; women exempt up to ₹25,000',
    },
  ],
  TN: [
    {
      effectiveFrom: '2024-10-01',
      stateName: 'Tamil Nadu',
      period: 'half-yearly',
      slabs: [
        slab(0, 0),
        slab(21_000 + ABOVE, 180),
        slab(30_000 + ABOVE, 425),
        slab(45_000 + ABOVE, 930),
        slab(60_000 + ABOVE, 1_025),
        slab(75_000 + ABOVE, 1_250),
      ],
      // The half-year's tax is deducted once, in its last month (a leaver's: the leaving month), on
      // the salary of the half-year: April–September, October–March. Some sources name August and
      // January as the deduction months; September and March are kept here.
      deductInMonths: [9, 3],
      source:
        'Tamil Nadu Urban Local Bodies Act 1998 s.256 and Schedule V; Greater Chennai Corporation rates (council resolution 574/2024; circular R.D.(HQ).C.No.PT/SPL/2024 of 20 Jan 2025) from the second half of 2024-25, applied to the whole state: each local body sets its own',
    },
  ],
  WB: [
    {
      effectiveFrom: '2014-04-01',
      stateName: 'West Bengal',
      period: 'monthly',
      slabs: [slab(0, 0), slab(10_000 + ABOVE, 110), slab(15_000 + ABOVE, 130), slab(25_000 + ABOVE, 150), slab(40_000 + ABOVE, 200)],
      source: 'West Bengal State Tax on Professions, Trades, Callings and Employments Act 1979, Schedule serial 1 (slabs in force for FY 2025-26)',
    },
  ],
  TG: [
    {
      effectiveFrom: '2014-06-02',
      stateName: 'Telangana',
      period: 'monthly',
      slabs: [slab(0, 0), slab(15_000 + ABOVE, 150), slab(20_000 + ABOVE, 200)],
      source: 'Telangana Tax on Professions, Trades, Callings and Employments Act 1987 (as adapted from the Andhra Pradesh Act), Schedule entry 1',
    },
  ],
  AP: [
    {
      effectiveFrom: '2013-04-01',
      stateName: 'Andhra Pradesh',
      period: 'monthly',
      slabs: [slab(0, 0), slab(15_000 + ABOVE, 150), slab(20_000 + ABOVE, 200)],
      source: 'Andhra Pradesh Tax on Professions, Trades, Callings and Employments Act 1987, Schedule entry 1 (slabs in force for FY 2025-26)',
    },
  ],
  GJ: [
    {
      effectiveFrom: '2022-04-01',
      stateName: 'Gujarat',
      period: 'monthly',
      // "Up to ₹12,000: nil; more than ₹12,000: ₹200": ₹12,000 itself is nil.
      slabs: [slab(0, 0), slab(12_000 + ABOVE, 200)],
      source: 'Gujarat State Tax on Professions, Traders, Callings and Employments Act 1976, Schedule entry 1 as notified by GHN-35-PFT-2022-S.3(2)(10)-TH of 8 Apr 2022, from 1 Apr 2022: nil up to ₹12,000, ₹200 above',
    },
  ],
};

/**
 * States and union territories that levy no professional tax on salaries: nothing is deducted there.
 * A state in neither list has no table here yet, and the payroll should say so rather than guess.
 */
export const NO_PT_STATES: ReadonlySet<string> = new Set(['DL', 'HR', 'UP', 'RJ', 'HP', 'CH', 'AR']);

/** The rupee amounts of the wire: at most 2 decimals, 0 or more. */
const twoDecimals = (v: number) => Math.round(v * 100) === Number((v * 100).toFixed(6));
const rupeesField = (name: string, max: number) =>
  z
    .number({ error: `${name} must be a number of rupees` })
    .min(0, `${name} must be 0 or more`)
    .max(max, `${name} must be at most ${max}`)
    .refine(twoDecimals, `${name} can have at most 2 decimals`);
const slabWire = z.strictObject(
  { fromRupees: rupeesField('fromRupees', 100_000_000), taxRupees: rupeesField('taxRupees', 2_500), februaryTaxRupees: rupeesField('februaryTaxRupees', 2_500).optional() },
  { error: (iss) => (iss.code === 'unrecognized_keys' ? `unknown fields: ${iss.keys.join(', ')}` : 'each slab must be an object') },
);
const slabsWire = (name: string) =>
  z
    .array(slabWire, { error: `${name} must be a list of slabs` })
    .min(1, `${name} needs at least one slab`)
    .max(30, `${name} has at most 30 slabs`)
    .superRefine((slabs, ctx) => {
      if (slabs[0] && slabs[0].fromRupees !== 0) ctx.addIssue({ code: 'custom', path: [0, 'fromRupees'], message: `${name} must start from ₹0 (the nil slab)` });
      slabs.forEach((s, i) => {
        if (i > 0 && s.fromRupees <= slabs[i - 1]!.fromRupees) ctx.addIssue({ code: 'custom', path: [i, 'fromRupees'], message: `${name}: each slab must start above the one before` });
      });
    });

/** A table as it travels: rupees. */
export const PT_TABLE_WIRE = z
  .strictObject(
    {
      period: z.enum(['monthly', 'half-yearly'], { error: 'period must be monthly or half-yearly' }),
      slabs: slabsWire('slabs'),
      womenSlabs: slabsWire('womenSlabs').optional(),
      deductInMonths: z
        .array(z.int({ error: 'deductInMonths must be months from 1 to 12' }).min(1, 'deductInMonths must be months from 1 to 12').max(12, 'deductInMonths must be months from 1 to 12'), { error: 'deductInMonths must be a list of months' })
        .max(12, 'deductInMonths has at most 12 months')
        .optional(),
      exemptAgeFrom: z.int({ error: 'exemptAgeFrom must be a whole number of years' }).min(1, 'exemptAgeFrom must be 1 to 120').max(120, 'exemptAgeFrom must be 1 to 120').optional(),
      exemptDisability: z.boolean({ error: 'exemptDisability must be true or false' }).optional(),
    },
    { error: (iss) => (iss.code === 'unrecognized_keys' ? `unknown fields: ${iss.keys.join(', ')}` : 'table must be an object') },
  )
  .superRefine((t, ctx) => {
    if (t.period === 'half-yearly' && !t.deductInMonths?.length) ctx.addIssue({ code: 'custom', path: ['deductInMonths'], message: 'deductInMonths is required for a half-yearly table: the months the half-year\'s tax is deducted in' });
  });
export type PtTableWire = z.infer<typeof PT_TABLE_WIRE>;

const slabIn = (s: PtTableWire['slabs'][number]): PtSlab => slab(s.fromRupees, s.taxRupees, s.februaryTaxRupees);
const slabOut = (s: PtSlab): PtTableWire['slabs'][number] => ({
  fromRupees: s.fromPaise / 100,
  taxRupees: s.taxPaise / 100,
  ...(s.februaryTaxPaise === undefined ? {} : { februaryTaxRupees: s.februaryTaxPaise / 100 }),
});
const slabText = (slabs: readonly PtSlab[]) =>
  slabs.map((s) => `from ${formatRupees(s.fromPaise / 100)}: ${formatRupees(s.taxPaise / 100)}${s.februaryTaxPaise === undefined ? '' : ` (${formatRupees(s.februaryTaxPaise / 100)} in February)`}`).join('; ');

const ptTable = (state: string): TableRule<PtTableWire, PtTableValue> => ({
  kind: 'pt-slabs',
  wire: PT_TABLE_WIRE,
  toStored: (w, source) => ({
    stateName: stateName(state),
    period: w.period,
    slabs: w.slabs.map(slabIn),
    ...(w.womenSlabs ? { womenSlabs: w.womenSlabs.map(slabIn) } : {}),
    ...(w.period === 'half-yearly' && w.deductInMonths ? { deductInMonths: [...w.deductInMonths] } : {}),
    ...(w.exemptAgeFrom !== undefined || w.exemptDisability ? { exemptions: { ...(w.exemptAgeFrom !== undefined && { ageFrom: w.exemptAgeFrom }), ...(w.exemptDisability && { disability: true }), source } } : {}),
  }),
  toWire: (v) => ({
    period: v.period,
    slabs: v.slabs.map(slabOut),
    ...(v.womenSlabs ? { womenSlabs: v.womenSlabs.map(slabOut) } : {}),
    ...(v.deductInMonths ? { deductInMonths: [...v.deductInMonths] } : {}),
    ...(v.exemptions?.ageFrom !== undefined ? { exemptAgeFrom: v.exemptions.ageFrom } : {}),
    ...(v.exemptions?.disability ? { exemptDisability: true } : {}),
  }),
  summary: (v) => [
    `${v.period === 'monthly' ? 'Monthly salary' : 'Half-year salary'} ${slabText(v.slabs)}`,
    ...(v.womenSlabs ? [`Women: ${slabText(v.womenSlabs)}`] : []),
    ...(v.deductInMonths ? [`Deducted in ${v.deductInMonths.map(monthName).join(' and ')} (a leaver: the leaving month)`] : []),
    ...(v.exemptions ? [`Exempt: ${[v.exemptions.ageFrom !== undefined ? `aged ${v.exemptions.ageFrom} or more` : '', v.exemptions.disability ? 'persons with disability' : ''].filter(Boolean).join(', ')}`] : []),
  ],
});

const stateName = (code: string) => (INDIAN_STATES as Record<string, string>)[code] ?? code;

/** The key of a state's professional-tax table in the rule store. */
export const ptKey = (state: string) => `pt.${state.toUpperCase()}`;

/**
 * One rule per state that may levy professional tax: the states with shipped tables, and every other
 * state not in NO_PT_STATES with none yet (a blocking warning until an administrator adds its table).
 */
export const PT_RULE_DEFINITIONS: readonly RuleDefinition[] = Object.keys(INDIAN_STATES)
  .filter((code) => !NO_PT_STATES.has(code) || code in SHIPPED_TABLES)
  .map((code) => ({
    key: ptKey(code),
    family: 'pt' as const,
    group: 'Professional tax',
    state: code,
    label: `Professional tax: ${stateName(code)}`,
    unit: 'table' as const,
    description: `The slab table for employees whose state of work is ${stateName(code)}.`,
    midMonth: NEXT_MONTH,
    table: ptTable(code),
    shipped: ((SHIPPED_TABLES as Record<string, readonly PtTable[] | undefined>)[code] ?? []).map(({ effectiveFrom, source, ...value }) => ({
      effectiveFrom,
      value,
      source,
      note: value.exemptions ? `Exemptions: ${value.exemptions.source}` : '',
    })),
  }))
  .sort((a, b) => b.shipped.length - a.shipped.length || a.label.localeCompare(b.label));
