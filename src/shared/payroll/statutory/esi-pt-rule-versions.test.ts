/**
 * ESI and professional tax read from the company's book of dated rule versions: each shipped
 * version's first month against the month before it, with salaries of our own (not the review's),
 * a version an administrator adds (a later ESI limit, a first table for a state without one), and
 * the property that the rule a month uses is the latest version on or before its first day.
 */
import fc from 'fast-check';
import { esiContribution, esiPeriodStart, esiRulesFor } from './esi';
import { professionalTax } from './professional-tax';
import { PT_TABLE_WIRE, ptKey } from './professional-tax-tables';
import { RULE_DEFINITIONS, SHIPPED_BOOK, SHIPPED_VERSIONS } from './rule-catalogue';
import { makeRuleBook, type RuleBook, type RuleVersion } from './rule-versions';
import { statutoryDeductions } from './statutory-deductions';

const inr = (rupees: number) => Math.round(rupees * 100);
const withVersions = (...versions: RuleVersion[]): RuleBook => makeRuleBook([...SHIPPED_VERSIONS, ...versions]);
const month = (m: string, gross: number, extra: Partial<Parameters<typeof statutoryDeductions>[0]> = {}) =>
  statutoryDeductions({ month: m, earned: { grossPaise: inr(gross), basicPaise: inr(gross / 2) }, state: 'KA', ...extra });
const pt = (state: string, m: string, gross: number, extra: Partial<Parameters<typeof professionalTax>[0]> = {}) => professionalTax({ state, month: m, earnedGrossPaise: inr(gross), ...extra });
const table = (key: string) => RULE_DEFINITIONS.find((d) => d.key === key)!.table!;

describe('ESI versions at their boundaries', () => {
  it('rates: June 2019 at 1.75% / 4.75%, July 2019 at 0.75% / 3.25% (GSR 423(E)), on ₹18,000', () => {
    expect(month('2019-06', 18_000).esi).toMatchObject({ employeePaise: inr(315), employerPaise: inr(855) }); // 1.75% × 18,000; 4.75%
    expect(month('2019-07', 18_000).esi).toMatchObject({ employeePaise: inr(135), employerPaise: inr(585) }); // 0.75%; 3.25%
    expect(esiRulesFor(SHIPPED_BOOK, '2019-07').versions.map((v) => v.source)).toContainEqual(expect.stringContaining('GSR 423(E) of 13 Jun 2019'));
  });

  it('the ₹176-a-day exemption, notified 6 Sep 2019, applies from October 2019: ₹5,200 over 30 and 31 days', () => {
    // September 2019: ₹173.33 a day, but no exemption in force on 1 September: 0.75% × 5,200 = 39.
    expect(month('2019-09', 5_200, { daysPaid: 30 }).esi).toMatchObject({ employeePaise: inr(39), employeeExempt: false });
    // October 2019: ₹167.74 a day ≤ ₹176: the employee pays nothing, the employer 3.25% × 5,200 = 169.
    expect(month('2019-10', 5_200, { daysPaid: 31 }).esi).toMatchObject({ employeePaise: 0, employerPaise: inr(169), employeeExempt: true });
    // ₹5,487 over 31 days is ₹177 a day: above the exemption.
    expect(month('2019-10', 5_487, { daysPaid: 31 }).esi.employeeExempt).toBe(false);
  });

  it('the ₹21,000 limit starts with January 2017: no ESI rule before it; ₹21,000 within, ₹21,000.50 above; ₹24,500 within for a person with disability', () => {
    // The product computes payroll from June 2018 (PF's first version), so ESI is read directly here.
    expect(() => esiRulesFor(SHIPPED_BOOK, '2016-12')).toThrow(RangeError);
    const jan2017 = esiRulesFor(SHIPPED_BOOK, '2017-01');
    const esi = (gross: number, disabled = false) => esiContribution({ earnedWagesPaise: inr(gross), monthlyWagesPaise: inr(gross), disabled }, jan2017);
    expect(esi(21_000)).toMatchObject({ covered: true, employeePaise: inr(368) }); // 1.75% × 21,000 = 367.50 → 368
    expect(esi(21_000.5).covered).toBe(false);
    expect(esi(24_500, true)).toMatchObject({ covered: true, limitPaise: inr(25_000) });
    expect(jan2017.versions.find((v) => v.key === 'esi.wageCeiling')!.source).toMatch(/GSR 1166\(E\) of 22 Dec 2016/);
  });

  it('a later limit an administrator adds applies from its first whole month: ₹23,500 not covered in March 2027, covered from April 2027', () => {
    const book = withVersions({ key: 'esi.wageCeiling', effectiveFrom: '2027-04-01', value: inr(25_000), source: 'GSR 9(E) of 1 Mar 2027 (test)', note: '' });
    expect(month('2027-03', 23_500, { book }).esi.covered).toBe(false);
    expect(month('2027-04', 23_500, { book }).esi).toMatchObject({ covered: true, employeePaise: inr(177), limitPaise: inr(25_000) }); // 0.75% × 23,500 = 176.25 → 177
    // Starting inside a month, it waits for the next one.
    const midMonth = withVersions({ key: 'esi.wageCeiling', effectiveFrom: '2027-04-15', value: inr(25_000), source: 'GSR 9(E) of 15 Apr 2027 (test)', note: '' });
    expect(month('2027-04', 23_500, { book: midMonth }).esi.covered).toBe(false);
    expect(month('2027-05', 23_500, { book: midMonth }).esi.covered).toBe(true);
  });

  it('contribution periods: April and October as shipped; January and July once a version says so', () => {
    expect(['2026-03', '2026-04', '2026-09', '2026-10', '2027-02'].map((m) => esiPeriodStart(m))).toEqual(['2025-10', '2026-04', '2026-04', '2026-10', '2026-10']);
    const book = withVersions({ key: 'esi.contributionPeriods', effectiveFrom: '2027-01-01', value: table('esi.contributionPeriods').toStored({ startMonths: [7, 1] }, 's'), source: 'test', note: '' });
    expect(['2026-12', '2027-01', '2027-06', '2027-07', '2027-12'].map((m) => esiPeriodStart(m, book))).toEqual(['2026-10', '2027-01', '2027-01', '2027-07', '2027-07']);
  });
});

describe('professional-tax tables at their boundaries', () => {
  it('Karnataka: ₹200 in February 2025, ₹300 in February 2026 (the 2025 amendment), on ₹40,000', () => {
    expect(pt('KA', '2025-02', 40_000).amountPaise).toBe(inr(200));
    expect(pt('KA', '2026-02', 40_000).amountPaise).toBe(inr(300));
    expect(pt('KA', '2026-02', 24_999).amountPaise).toBe(0);
  });

  it('Maharashtra: no table for March 2023 (blocking), the 2023 table from April 2023: ₹200 on ₹30,000; a woman on ₹24,000 nil', () => {
    expect(pt('MH', '2023-03', 30_000).status).toBe('no-table');
    expect(pt('MH', '2023-04', 30_000)).toMatchObject({ status: 'levied', amountPaise: inr(200), version: { key: 'pt.MH', effectiveFrom: '2023-04-01' } });
    expect(pt('MH', '2023-04', 24_000, { gender: 'female' }).amountPaise).toBe(0);
    expect(pt('MH', '2023-04', 9_000).amountPaise).toBe(inr(175));
  });

  it('Tamil Nadu: no table for September 2024; March 2025 on a half-year of 6 × ₹8,000 = ₹48,000: ₹930', () => {
    expect(pt('TN', '2024-09', 8_000).status).toBe('no-table');
    expect(pt('TN', '2025-03', 8_000, { halfYearGrossPaise: inr(48_000) }).amountPaise).toBe(inr(930));
    expect(pt('TN', '2025-02', 8_000, { halfYearGrossPaise: inr(40_000) }).amountPaise).toBe(0); // not a deduction month
  });

  it('Gujarat from April 2022, Telangana from July 2014 (its table of 2 Jun 2014 waits for the whole month), Andhra Pradesh from April 2013, West Bengal from April 2014', () => {
    expect(pt('GJ', '2022-03', 15_000).status).toBe('no-table');
    expect(pt('GJ', '2022-04', 15_000).amountPaise).toBe(inr(200));
    expect(pt('TG', '2014-06', 19_000).status).toBe('no-table');
    expect(pt('TG', '2014-07', 19_000).amountPaise).toBe(inr(150));
    expect(pt('AP', '2013-03', 21_000).status).toBe('no-table');
    expect(pt('AP', '2013-04', 21_000).amountPaise).toBe(inr(200));
    expect(pt('WB', '2014-03', 16_000).status).toBe('no-table');
    expect(pt('WB', '2014-04', 16_000).amountPaise).toBe(inr(130));
  });

  it("a first table for Kerala, added by an administrator, clears the state's 'no table' from its first whole month", () => {
    const wire = PT_TABLE_WIRE.parse({ period: 'monthly', slabs: [{ fromRupees: 0, taxRupees: 0 }, { fromRupees: 12_000, taxRupees: 120 }, { fromRupees: 20_000.01, taxRupees: 208 }] });
    const book = withVersions({ key: ptKey('KL'), effectiveFrom: '2026-12-01', value: table('pt.KL').toStored(wire, 'Kerala test notification'), source: 'Kerala test notification', note: '' });
    expect(pt('KL', '2026-11', 25_000, { book }).status).toBe('no-table');
    expect(pt('KL', '2026-12', 25_000, { book })).toMatchObject({ status: 'levied', amountPaise: inr(208), stateName: 'Kerala' });
    expect(pt('KL', '2026-12', 15_000, { book }).amountPaise).toBe(inr(120));
    // A later table for a state that levies none (Delhi) applies too.
    const delhi = withVersions({ key: ptKey('DL'), effectiveFrom: '2027-04-01', value: table('pt.KL').toStored(wire, 's'), source: 's', note: '' });
    expect(pt('DL', '2027-03', 25_000, { book: delhi }).status).toBe('none');
    expect(pt('DL', '2027-04', 25_000, { book: delhi }).amountPaise).toBe(inr(208));
  });

  it('a half-yearly table needs its deduction months; slabs start at ₹0 and rise', () => {
    const bad = PT_TABLE_WIRE.safeParse({ period: 'half-yearly', slabs: [{ fromRupees: 100, taxRupees: 0 }, { fromRupees: 50, taxRupees: 3_000 }] });
    expect(bad.success).toBe(false);
    expect(bad.error!.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['slabs.1.taxRupees', 'taxRupees must be at most 2500'],
      ['slabs.0.fromRupees', 'slabs must start from ₹0 (the nil slab)'],
      ['slabs.1.fromRupees', 'slabs: each slab must start above the one before'],
      ['deductInMonths', "deductInMonths is required for a half-yearly table: the months the half-year's tax is deducted in"],
    ]);
  });
});

const day = fc.date({ min: new Date('2017-01-02T00:00:00Z'), max: new Date('2035-12-31T00:00:00Z'), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10));
const payMonth = fc.date({ min: new Date('2017-01-01T00:00:00Z'), max: new Date('2036-12-01T00:00:00Z'), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 7));

describe('the version a month uses (property)', () => {
  it('ESI: the wage limit of a month is the latest version on or before its first day', () => {
    fc.assert(
      fc.property(fc.uniqueArray(day, { minLength: 1, maxLength: 6 }), payMonth, (starts, m) => {
        const added = starts.map((effectiveFrom, i) => ({ key: 'esi.wageCeiling', effectiveFrom, value: inr(22_000 + 1_000 * i), source: `s${i}`, note: '' }));
        const all = [{ key: 'esi.wageCeiling', effectiveFrom: '2017-01-01', value: inr(21_000) }, ...added];
        const expected = all.filter((v) => v.effectiveFrom <= `${m}-01`).sort((a, b) => a.effectiveFrom.localeCompare(b.effectiveFrom)).at(-1)!;
        expect(esiRulesFor(withVersions(...added), m).wageCeilingPaise).toBe(expected.value);
      }),
    );
  });

  it('professional tax: the tax of a month is by the latest table on or before its first day, and "no table" before the first', () => {
    fc.assert(
      fc.property(fc.uniqueArray(day, { minLength: 1, maxLength: 6 }), payMonth, (starts, m) => {
        const added = starts.map((effectiveFrom, i) => ({
          key: 'pt.KL',
          effectiveFrom,
          value: table('pt.KL').toStored({ period: 'monthly', slabs: [{ fromRupees: 0, taxRupees: 10 * (i + 1) }] }, 's'),
          source: `s${i}`,
          note: '',
        }));
        const index = starts.map((s, i) => [s, i] as const).filter(([s]) => s <= `${m}-01`).sort((a, b) => a[0].localeCompare(b[0])).at(-1)?.[1];
        const result = pt('KL', m, 30_000, { book: withVersions(...added) });
        if (index === undefined) expect(result.status).toBe('no-table');
        else expect(result.amountPaise).toBe(inr(10 * (index + 1)));
      }),
    );
  });
});
