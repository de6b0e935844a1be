/**
 * The ESI rules as dated versions, correct as of 26 November 2026 (README.md beside this file):
 *
 * - Rates: 1.75% employee / 4.75% employer; 0.75% / 3.25% from the July 2019 pay month (GSR 423(E)
 *   of 13 Jun 2019, amending the ESI (Central) Rules 1950 r.51).
 * - Wage limit ₹21,000 a month from 1 Jan 2017 (ESI (Central) Rules r.50 as amended by GSR 1166(E)
 *   of 22 Dec 2016); ₹25,000 for a person with disability (r.50, second proviso).
 * - No employee's share at an average daily wage of ₹176 or less (r.52 as amended; notified 6 Sep
 *   2019, so it applies from the October 2019 pay month); the employer still pays.
 * - Contribution periods 1 Apr–30 Sep and 1 Oct–31 Mar (ESI (General) Regulations 1950).
 *
 * Every ESI version applies from the first whole month: a pay month uses the versions in force on
 * its first day (ESIC computes contributions by pay month).
 */
import { z } from 'zod';
import { NEXT_MONTH, type RuleDefinition, type TableRule } from './rule-definition';

const SOURCES = {
  rates2017: 'ESI (Central) Rules 1950 r.51 (1.75% employee, 4.75% employer), as in force on 1 Jan 2017',
  rates2019: 'GSR 423(E) of 13 Jun 2019: ESI (Central) Rules 1950 r.51 as amended, 0.75% / 3.25% from 1 Jul 2019',
  limit2017: 'ESI (Central) Rules 1950 r.50 as amended by GSR 1166(E) of 22 Dec 2016 (Third Amendment Rules 2016), from 1 Jan 2017',
  disability: 'ESI (Central) Rules 1950 r.50, second proviso (₹25,000 for a person with disability), as quoted by mondaq.com and esic.gov.in/coverage',
  exempt2019: 'ESI (Central) Rules 1950 r.52 as amended, notified 6 Sep 2019 (as quoted by complianceuncovered.com of 6 Sep 2019)',
  periods: 'ESI (General) Regulations 1950: contribution periods 1 Apr–30 Sep and 1 Oct–31 Mar',
} as const;

const MONTH_NAMES = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
export const monthName = (m: number) => MONTH_NAMES[m - 1] ?? String(m);

/** The contribution periods' first months (1–12), as stored and as entered. */
export interface ContributionPeriods {
  startMonths: number[];
}

const month = z.int({ error: 'each month must be a whole number from 1 to 12' }).min(1, 'each month must be from 1 to 12').max(12, 'each month must be from 1 to 12');
const periodsWire = z.strictObject(
  {
    startMonths: z
      .array(month, { error: 'startMonths must be a list of months' })
      .min(1, 'startMonths needs at least one month')
      .max(12, 'startMonths has at most 12 months')
      .refine((ms) => new Set(ms).size === ms.length, 'startMonths must not repeat a month'),
  },
  { error: (iss) => (iss.code === 'unrecognized_keys' ? `unknown fields: ${iss.keys.join(', ')}` : 'table must be an object') },
);

const periodsTable: TableRule<ContributionPeriods, ContributionPeriods> = {
  kind: 'months',
  wire: periodsWire,
  toStored: (w) => ({ startMonths: [...w.startMonths].sort((a, b) => a - b) }),
  toWire: (s) => ({ startMonths: [...s.startMonths] }),
  summary: (s) => [`Periods start in ${s.startMonths.map(monthName).join(' and ')}`],
};

export const ESI_RULE_DEFINITIONS: readonly RuleDefinition[] = [
  {
    key: 'esi.employeeRate',
    family: 'esi',
    group: 'ESI',
    label: 'ESI employee rate',
    unit: 'percent',
    description: "The employee's share, of the month's ESI wages, rounded up to the rupee.",
    midMonth: NEXT_MONTH,
    shipped: [
      { effectiveFrom: '2017-01-01', value: 175, source: SOURCES.rates2017, note: '1.75%.' },
      { effectiveFrom: '2019-07-01', value: 75, source: SOURCES.rates2019, note: '0.75% from the July 2019 pay month.' },
    ],
  },
  {
    key: 'esi.employerRate',
    family: 'esi',
    group: 'ESI',
    label: 'ESI employer rate',
    unit: 'percent',
    description: "The employer's share, of the month's ESI wages, rounded up to the rupee.",
    midMonth: NEXT_MONTH,
    shipped: [
      { effectiveFrom: '2017-01-01', value: 475, source: SOURCES.rates2017, note: '4.75%.' },
      { effectiveFrom: '2019-07-01', value: 325, source: SOURCES.rates2019, note: '3.25% from the July 2019 pay month.' },
    ],
  },
  {
    key: 'esi.wageCeiling',
    family: 'esi',
    group: 'ESI',
    label: 'ESI wage limit',
    unit: 'rupees',
    description: 'Monthly wages up to which an employee is covered (judged at the start of each contribution period).',
    midMonth: NEXT_MONTH,
    shipped: [{ effectiveFrom: '2017-01-01', value: 21_000_00, source: SOURCES.limit2017, note: '₹21,000 a month.' }],
  },
  {
    key: 'esi.disabilityWageCeiling',
    family: 'esi',
    group: 'ESI',
    label: 'ESI wage limit for a person with disability',
    unit: 'rupees',
    description: 'The higher limit for an employee the statutory details mark as a person with disability.',
    midMonth: NEXT_MONTH,
    shipped: [{ effectiveFrom: '2017-01-01', value: 25_000_00, source: SOURCES.disability, note: '₹25,000 a month.' }],
  },
  {
    key: 'esi.exemptDailyWage',
    family: 'esi',
    group: 'ESI',
    label: "ESI average daily wage exempt from the employee's share",
    unit: 'rupees',
    description: "At an average daily wage (the month's ESI wages ÷ days paid) of this or less the employee pays nothing; the employer still pays. 0: no exemption.",
    midMonth: NEXT_MONTH,
    allowZero: true,
    shipped: [{ effectiveFrom: '2019-09-06', value: 176_00, source: SOURCES.exempt2019, note: '₹176 a day, from the October 2019 pay month (notified 6 Sep 2019). The ₹137 of 2017–2019 is not modelled.' }],
  },
  {
    key: 'esi.contributionPeriods',
    family: 'esi',
    group: 'ESI',
    label: 'ESI contribution periods',
    unit: 'table',
    description: 'Coverage is decided at the start of each period on the wage then and kept to its end; those no longer covered are reported with reason 4 in its first month.',
    midMonth: NEXT_MONTH,
    table: periodsTable,
    shipped: [{ effectiveFrom: '2017-01-01', value: { startMonths: [4, 10] }, source: SOURCES.periods, note: 'April–September and October–March.' }],
  },
];
