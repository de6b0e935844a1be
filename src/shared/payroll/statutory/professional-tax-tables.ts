/**
 * Professional tax slab tables by state of work. Article 276(2) of the Constitution caps the tax
 * at ₹2,500 a year, which is why several states charge ₹300 in one month (February).
 *
 * Slabs are monthly salary (or half-yearly salary where `period` is 'half-yearly') from an amount,
 * inclusive, in paise: a slab written "₹10,001 to ₹15,000" in an Act starts at ₹10,000.01 here.
 * The highest slab reached applies.
 */
import { inr } from './rounding';
import type { Dated } from './rule-table';

/** ISO 3166-2:IN state codes (Telangana as TG). */
export type PtState = 'KA' | 'MH' | 'TN' | 'WB' | 'TG' | 'AP' | 'GJ';

export interface PtSlab {
  fromPaise: number;
  taxPaise: number;
  /** What is charged in February instead, where the Act says so. */
  februaryTaxPaise?: number;
}

export interface PtTable extends Dated {
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

export const PT_TABLES: Readonly<Record<PtState, readonly PtTable[]>> = {
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
