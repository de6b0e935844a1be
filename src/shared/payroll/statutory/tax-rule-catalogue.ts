/**
 * The income-tax limits of the old regime as dated versions in the company's rule book (the same
 * store as PF: rule-catalogue.ts registers these): the cities whose rented houses get the 50% HRA
 * limit, the deduction caps, the landlord-PAN threshold, and the senior citizens' basic exemption.
 * Each version names its source and date. Versions start on 1 April 2025, the first financial year
 * this product computes tax for (most figures are older, as each note says), and again on 1 April
 * 2026, when the Income-tax Act 2025 (30 of 2025; assent 21 August 2025, in force 1 April 2026)
 * and the Income-tax Rules 2026 replaced the 1961 Act and the 1962 Rules.
 *
 * A financial year reads every limit in force on its first day, 1 April; the HRA city list is read
 * month by month (a change inside a year applies from its first whole month, like every rule here).
 *
 * The slab rates, standard deductions, rebate, surcharge and cess are one table per regime and year
 * (income-tax-rates.ts), in the same book.
 */
import { z } from 'zod';
import type { RuleDefinition } from './rule-catalogue';

/** The cities whose rented houses get the 50% limit, by key; any other place is 'other' (40%). */
export const HRA_CITIES = ['delhi', 'mumbai', 'kolkata', 'chennai', 'bengaluru', 'hyderabad', 'pune', 'ahmedabad', 'other'] as const;
export type HraCity = (typeof HRA_CITIES)[number];

export const TAX_RULE_KEYS = {
  hraCities: 'tax.hraFiftyPercentCities',
  section80C: 'tax.section80CCap',
  nps: 'tax.npsOwnCap',
  healthSelf: 'tax.healthSelfCap',
  healthSelfSenior: 'tax.healthSelfSeniorCap',
  healthParents: 'tax.healthParentsCap',
  healthParentsSenior: 'tax.healthParentsSeniorCap',
  homeLoanInterest: 'tax.homeLoanInterestCap',
  landlordPanAbove: 'tax.landlordPanAbove',
  seniorExemption: 'tax.seniorBasicExemption',
  superSeniorExemption: 'tax.superSeniorBasicExemption',
} as const;

const FY_2025 = '2025-04-01';
const FY_2026 = '2026-04-01';
const FIRST_YEAR = 'The first financial year this product computes tax for; the figure itself is older.';
const ACT_2025 = 'Income-tax Act 2025 (30 of 2025), in force 1 Apr 2026';
const RULES_2026 = 'Income-tax Rules 2026, G.S.R. 198(E) of 20 Mar 2026, made under the Income-tax Act 2025, in force 1 Apr 2026';
const FINANCE_2026 = 'Finance Act 2026 (Union Budget of 1 Feb 2026: personal income-tax rates and limits unchanged)';
const CARRIED = 'The 1961 figure carried into the 2025 Act.';
const YEAR_MID = 'Read on 1 April for the whole financial year.';

const cityList = z.array(z.enum(HRA_CITIES)).min(1, 'at least one city');
const cityName = (c: string) => (c === 'other' ? 'elsewhere' : c[0]!.toUpperCase() + c.slice(1));

const rupeeCap = (
  key: string,
  label: string,
  description: string,
  [from2025, from2026]: [{ value: number; source: string; note: string }, { value: number; source: string; note: string }],
): RuleDefinition => ({
  key,
  group: 'Income tax (old regime)',
  label,
  unit: 'rupees',
  description,
  midMonth: YEAR_MID,
  shipped: [
    { effectiveFrom: FY_2025, ...from2025 },
    { effectiveFrom: FY_2026, ...from2026 },
  ],
});

export const TAX_RULE_DEFINITIONS: readonly RuleDefinition[] = [
  {
    key: TAX_RULE_KEYS.hraCities,
    group: 'Income tax (old regime)',
    label: 'HRA exemption: cities at 50% of salary',
    unit: 'table',
    description: 'Where the rented house is in one of these cities, the third limb of the HRA exemption is 50% of salary; anywhere else 40%.',
    midMonth: 'Month by month: a list that changes inside a month applies from the next month.',
    tableSchema: cityList,
    describe: (value) => {
      const cities = cityList.safeParse(value);
      return cities.success ? cities.data.map(cityName).join(', ') : 'not a list of cities';
    },
    shipped: [
      {
        // The four-city list of rule 2A has stood for decades; the date covers every month paid here.
        effectiveFrom: '2000-04-01',
        value: ['delhi', 'mumbai', 'kolkata', 'chennai'],
        source: 'Income-tax Rules 1962, rule 2A(b) under s.10(13A) of the Income-tax Act 1961: one-half of salary at Bombay, Calcutta, Delhi or Madras, two-fifths elsewhere',
        note: 'Delhi, Mumbai, Kolkata and Chennai.',
      },
      {
        effectiveFrom: FY_2026,
        value: ['delhi', 'mumbai', 'kolkata', 'chennai', 'bengaluru', 'hyderabad', 'pune', 'ahmedabad'],
        source: `${RULES_2026}. The eight cities as in the draft Rules published for comment on 7-8 Feb 2026 and as reported of the notified Rules; the notified rule's own number and text were not opened here`,
        note: 'Bengaluru, Hyderabad, Pune and Ahmedabad join the four.',
      },
    ],
  },
  rupeeCap(TAX_RULE_KEYS.section80C, 'Deduction cap: 80C investments with employee PF', 'Life insurance, PF (the slips’ employee PF counts first), PPF, ELSS, tuition, home-loan principal and the like, together.', [
    { value: 1_50_000_00, source: 'Income-tax Act 1961 s.80C with s.80CCE (₹1,50,000 since FY 2014-15, Finance (No. 2) Act 2014)', note: FIRST_YEAR },
    { value: 1_50_000_00, source: `${ACT_2025}, s.123 (replaced s.80C)`, note: CARRIED },
  ]),
  rupeeCap(TAX_RULE_KEYS.nps, 'Deduction cap: own NPS contribution', 'The employee’s own NPS contribution, over and above the 80C cap.', [
    { value: 50_000_00, source: 'Income-tax Act 1961 s.80CCD(1B) (inserted by the Finance Act 2015, from FY 2015-16)', note: FIRST_YEAR },
    { value: 50_000_00, source: `${ACT_2025}, s.124 (replaced s.80CCD, the own NPS contribution of s.80CCD(1B))`, note: CARRIED },
  ]),
  rupeeCap(TAX_RULE_KEYS.healthSelf, 'Deduction cap: health insurance, self and family', 'Premiums for the employee, spouse and children, none a senior citizen.', [
    { value: 25_000_00, source: 'Income-tax Act 1961 s.80D(2)', note: FIRST_YEAR },
    { value: 25_000_00, source: `${ACT_2025}, s.126 (replaced s.80D)`, note: CARRIED },
  ]),
  rupeeCap(TAX_RULE_KEYS.healthSelfSenior, 'Deduction cap: health insurance, self and family with a senior citizen', 'When the employee, spouse or a child insured is 60 or more (the employee’s own age comes from the date of birth).', [
    { value: 50_000_00, source: 'Income-tax Act 1961 s.80D(2) proviso (₹50,000 since FY 2018-19, Finance Act 2018)', note: FIRST_YEAR },
    { value: 50_000_00, source: `${ACT_2025}, s.126 (replaced s.80D)`, note: CARRIED },
  ]),
  rupeeCap(TAX_RULE_KEYS.healthParents, 'Deduction cap: health insurance, parents', 'Premiums for parents, neither a senior citizen.', [
    { value: 25_000_00, source: 'Income-tax Act 1961 s.80D(3)', note: FIRST_YEAR },
    { value: 25_000_00, source: `${ACT_2025}, s.126 (replaced s.80D)`, note: CARRIED },
  ]),
  rupeeCap(TAX_RULE_KEYS.healthParentsSenior, 'Deduction cap: health insurance, senior parents', 'When a parent insured is 60 or more.', [
    { value: 50_000_00, source: 'Income-tax Act 1961 s.80D(3) proviso (₹50,000 since FY 2018-19, Finance Act 2018)', note: FIRST_YEAR },
    { value: 50_000_00, source: `${ACT_2025}, s.126 (replaced s.80D)`, note: CARRIED },
  ]),
  rupeeCap(TAX_RULE_KEYS.homeLoanInterest, 'Cap: home-loan interest, self-occupied house', 'Interest on a loan for a self-occupied house, set off against salary.', [
    { value: 2_00_000_00, source: 'Income-tax Act 1961 s.24(b) second proviso (₹2,00,000 since FY 2014-15, Finance (No. 2) Act 2014)', note: FIRST_YEAR },
    { value: 2_00_000_00, source: `${ACT_2025}, s.22(1)(b) and (2) (replaced s.24(b))`, note: CARRIED },
  ]),
  rupeeCap(TAX_RULE_KEYS.landlordPanAbove, 'Landlord’s PAN needed above this rent a year', 'The declaration form asks for the landlord’s PAN when the year’s rent is above this.', [
    { value: 1_00_000_00, source: 'Income-tax Rules 1962 rule 26C and Form 12BB (CBDT Notification 30/2016 of 29 Apr 2016, from 1 Jun 2016)', note: FIRST_YEAR },
    { value: 1_00_000_00, source: `${RULES_2026}, Form 124 (replaced Form 12BB)`, note: 'Form 124 keeps the threshold of Form 12BB, as quoted.' },
  ]),
  rupeeCap(TAX_RULE_KEYS.seniorExemption, 'Basic exemption, senior citizen (60 or more)', 'Old regime: income up to this is taxed at nil for a resident who is 60 or more during the year.', [
    { value: 3_00_000_00, source: 'Finance Act 2025 (assent 29 Mar 2025), First Schedule Part III paragraph I(ii)', note: FIRST_YEAR },
    { value: 3_00_000_00, source: `${FINANCE_2026}, First Schedule Part III`, note: 'Unchanged for Tax Year 2026-27.' },
  ]),
  rupeeCap(TAX_RULE_KEYS.superSeniorExemption, 'Basic exemption, very senior citizen (80 or more)', 'Old regime: income up to this is taxed at nil for a resident who is 80 or more during the year.', [
    { value: 5_00_000_00, source: 'Finance Act 2025 (assent 29 Mar 2025), First Schedule Part III paragraph I(iii)', note: FIRST_YEAR },
    { value: 5_00_000_00, source: `${FINANCE_2026}, First Schedule Part III`, note: 'Unchanged for Tax Year 2026-27.' },
  ]),
];
