/**
 * The statutory rules a company may keep up to date, and the versions the product ships with
 * (correct as of 26 November 2026). Each rule is registered once: its key, label, unit and shipped
 * versions. The PF rules are here; ESI's are in esi-rule-catalogue.ts and the professional-tax
 * tables (one rule per state) in professional-tax-tables.ts. The server adds what an admin enters
 * (README.md beside this file).
 *
 * Units: 'rupees' values are stored in paise and entered in rupees; 'percent' values are stored in
 * basis points (8.33% = 833) and entered in percent.
 */
import { ESI_RULE_DEFINITIONS } from './esi-rule-catalogue';
import { TAX_RATE_DEFINITIONS } from './income-tax-rates';
import { PT_RULE_DEFINITIONS } from './professional-tax-tables';
import { NEXT_MONTH, type RuleDefinition } from './rule-definition';
import { makeRuleBook, type RuleBook, type RuleVersion } from './rule-versions';
import { TAX_RULE_DEFINITIONS } from './tax-rule-catalogue';

export type { RuleDefinition, RuleUnit } from './rule-definition';

const SOURCES = {
  epfScheme29: 'EPF Scheme 1952 para 29; EPF & MP Act 1952 s.6',
  eps3: "Employees' Pension Scheme 1995 para 3(2)",
  edli8: 'EDLI Scheme 1976 para 8',
  admin2018: 'S.O. 2011(E) of 21 May 2018 (administration charges 0.5%, minimum ₹500 a month), from 1 Jun 2018',
  ceiling2001: 'EPF Scheme 1952 para 2(f)(ii) as amended from 1 Jun 2001',
  ceiling2014: 'GSR 609(E) of 22 Aug 2014, from 1 Sep 2014',
  ceilingMay2026: 'S.O. 2702(E) of 29 May 2026 (Code on Social Security 2020, Chapter III)',
  ceilingSep2026: 'S.O. 5109(E) of 17 Sep 2026 (Gazette CG-DL-E-17092026-276299); EPFO circular of 28 Sep 2026; EPFO wage-ceiling FAQ Q5, Q13',
} as const;

const PF_RULE_DEFINITIONS: readonly RuleDefinition[] = [
  {
    key: 'pf.wageCeiling',
    family: 'pf',
    group: 'Provident fund',
    label: 'PF wage ceiling',
    unit: 'rupees',
    description: 'Monthly wages up to which PF is compulsory; EPS, EDLI and the capped EPF shares are computed on wages up to it.',
    midMonth: 'By the company setting "PF ceiling changed inside a month": days before the change at the old ceiling, days from it at the new (EPFO FAQ Q7), by default.',
    shipped: [
      { effectiveFrom: '2001-06-01', value: 6_500_00, source: SOURCES.ceiling2001, note: 'Kept so that joining wages before September 2014 can be judged.' },
      { effectiveFrom: '2014-09-01', value: 15_000_00, source: SOURCES.ceiling2014, note: 'Ceiling ₹15,000 for EPF, EPS and EDLI.' },
      { effectiveFrom: '2026-05-29', value: 15_000_00, source: SOURCES.ceilingMay2026, note: 'The same ₹15,000 re-notified under the Code on Social Security; superseded on 17 Sep 2026.' },
      { effectiveFrom: '2026-09-17', value: 25_000_00, source: SOURCES.ceilingSep2026, note: 'Ceiling ₹25,000 from the date of publication; EPS at most ₹2,083; EDLI and admin charges on it.' },
    ],
  },
  {
    key: 'pf.employeeRate',
    family: 'pf',
    group: 'Provident fund',
    label: 'Employee PF rate',
    unit: 'percent',
    description: "The employee's share, of the PF wages (capped unless PF is on full wages).",
    midMonth: NEXT_MONTH,
    shipped: [{ effectiveFrom: '2018-06-01', value: 1_200, source: SOURCES.epfScheme29, note: '12%; the first month this product computes (the rate itself is older).' }],
  },
  {
    key: 'pf.employerRate',
    family: 'pf',
    group: 'Provident fund',
    label: 'Employer PF rate (EPF and EPS together)',
    unit: 'percent',
    description: "The employer's share; the pension share is taken out of it and the rest goes to EPF.",
    midMonth: NEXT_MONTH,
    shipped: [{ effectiveFrom: '2018-06-01', value: 1_200, source: SOURCES.epfScheme29, note: '12%, of which 8.33% of capped wages to EPS for an EPS member.' }],
  },
  {
    key: 'pf.pensionRate',
    family: 'pf',
    group: 'Provident fund',
    label: 'Pension (EPS) rate',
    unit: 'percent',
    description: 'Of wages up to the ceiling, for members of the pension scheme under 58 (or under 60 when deferring).',
    midMonth: NEXT_MONTH,
    shipped: [{ effectiveFrom: '2018-06-01', value: 833, source: SOURCES.eps3, note: '8.33%: ₹1,250 at ₹15,000, ₹2,083 at ₹25,000.' }],
  },
  {
    key: 'pf.edliRate',
    family: 'pf',
    group: 'Provident fund',
    label: 'EDLI rate',
    unit: 'percent',
    description: 'Employer only, of wages up to the ceiling.',
    midMonth: NEXT_MONTH,
    shipped: [{ effectiveFrom: '2018-06-01', value: 50, source: SOURCES.edli8, note: '0.5%.' }],
  },
  {
    key: 'pf.adminRate',
    family: 'pf',
    group: 'Provident fund',
    label: 'PF administration charges',
    unit: 'percent',
    description: 'Employer only, of the EPF wages.',
    midMonth: NEXT_MONTH,
    shipped: [{ effectiveFrom: '2018-06-01', value: 50, source: SOURCES.admin2018, note: '0.5% (it was 0.65%).' }],
  },
  {
    key: 'pf.adminMinimum',
    family: 'pf',
    group: 'Provident fund',
    label: 'PF administration charges: monthly minimum',
    unit: 'rupees',
    description: 'Per establishment with at least one contributing member; the register adds the difference to the employer cost.',
    midMonth: NEXT_MONTH,
    shipped: [{ effectiveFrom: '2018-06-01', value: 500_00, source: SOURCES.admin2018, note: '₹500 a month (₹75 with no contributing member).' }],
  },
];

/** Every rule, PF first, then ESI, professional tax by state, the income-tax rate tables and the old regime's limits. */
export const RULE_DEFINITIONS: readonly RuleDefinition[] = [...PF_RULE_DEFINITIONS, ...ESI_RULE_DEFINITIONS, ...PT_RULE_DEFINITIONS, ...TAX_RATE_DEFINITIONS, ...TAX_RULE_DEFINITIONS];

const LABELS = new Map(RULE_DEFINITIONS.map((d) => [d.key, d.label]));

/** A rule's name as the Statutory rules screen shows it ("PF wage ceiling"); the key for a rule the catalogue does not know. */
export const ruleLabel = (key: string): string => LABELS.get(key) ?? key;

/** Every shipped version. */
export const SHIPPED_VERSIONS: readonly RuleVersion[] = RULE_DEFINITIONS.flatMap((d) => d.shipped.map((v) => ({ key: d.key, ...v })));

/** The book of shipped versions alone: what pure calculations use when no company book is given. */
export const SHIPPED_BOOK: RuleBook = makeRuleBook(SHIPPED_VERSIONS);
