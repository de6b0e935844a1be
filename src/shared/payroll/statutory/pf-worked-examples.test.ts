/**
 * Provident fund as the rules stood on 26 Nov 2026: the ₹25,000 ceiling from 17 Sep 2026 (S.O. 5109(E)),
 * September 2026 split by days (EPFO FAQ Q7), no pension share at 58 or for members not eligible for
 * EPS, no PF for an excluded employee. Each worked example is computed through the whole slip.
 */
import fc from 'fast-check';
import { datesOfMonth, weekdayOf } from '../pay-month';
import { computeSalarySlip, type SlipInput, type SlipStatutoryInput } from '../salary-slip';
import { pfRulesFor } from './pf';
import { rupeesNearest } from './rounding';
import { SHIPPED_BOOK } from './rule-catalogue';
import { makeRuleBook } from './rule-versions';
import { DEFAULT_STATUTORY_SETTINGS, epsMonth, type StatutorySettings } from './statutory-settings';

const inr = (r: number) => Math.round(r * 100);
const presentAll = (month: string) => new Set(datesOfMonth(month).filter((d) => weekdayOf(d) !== 0));
const slip = (month: string, grossRupees: number, statutory: SlipStatutoryInput = {}, extra: Partial<SlipInput> = {}) =>
  computeSalarySlip({ monthlyGrossPaise: inr(grossRupees), month, joinedOn: '2020-04-01', presentDates: presentAll(month), approvedLeaveDates: new Set(), today: '2030-01-01', statutory, ...extra });
const withSettings = (settings: Partial<StatutorySettings>) => ({ rules: { book: SHIPPED_BOOK, settings: { ...DEFAULT_STATUTORY_SETTINGS, ...settings } } });
const pfLines = (s: ReturnType<typeof slip>) => ({
  employee: s.deductions.providentFundPaise / 100,
  eps: s.employer.epsPaise / 100,
  epf: s.employer.epfPaise / 100,
  edli: s.employer.edliPaise / 100,
  admin: s.employer.pfAdminPaise / 100,
  wages: [s.statutory.epfWagesPaise / 100, s.statutory.epsWagesPaise / 100, (s.statutory.edliWagesPaise ?? 0) / 100],
});

describe('the audit\'s PF worked examples (finding 1: the ₹25,000 ceiling)', () => {
  it('October 2026, gross ₹60,000 (basic ₹30,000), Karnataka: PF 3,000, EPS 2,083, EPF 917, EDLI and admin 125, net 56,800', () => {
    const s = slip('2026-10', 60_000);
    expect(pfLines(s)).toEqual({ employee: 3_000, eps: 2_083, epf: 917, edli: 125, admin: 125, wages: [25_000, 25_000, 25_000] });
    expect(s.netPaise).toBe(inr(56_800));
    expect(s.statutory.pfCeilingPaise).toBe(inr(25_000));
    expect(s.statutory.ruleVersions).toContainEqual({ key: 'pf.wageCeiling', effectiveFrom: '2026-09-17', source: expect.stringMatching(/S\.O\. 5109\(E\) of 17 Sep 2026/) });
  });

  it('gross ₹40,000 (basic ₹20,000): PF 2,400, EPS 1,666, EPF 734, EDLI and admin 100', () => {
    expect(pfLines(slip('2026-10', 40_000))).toMatchObject({ employee: 2_400, eps: 1_666, epf: 734, edli: 100, admin: 100 });
  });

  it('September 2026 is day-weighted: 15,000 × 16/30 + 25,000 × 14/30 = 19,666.67, so PF 2,360 on basic ≥ ₹19,667', () => {
    const s = slip('2026-09', 60_000);
    expect(s.statutory.pfCeilingPaise).toBe(1_966_667);
    expect(s.deductions.providentFundPaise).toBe(inr(2_360));
    expect(s.statutory.pfCeilingNote).toBe('₹15,000 for 16 days and ₹25,000 for 14 days: ₹19,666.67 (day-weighted, EPFO wage-ceiling FAQ Q7)');
    // EPS 8.33% × 19,666.67 = 1,638.23 → 1,638; EPF 2,360 − 1,638 = 722.
    expect(pfLines(s)).toMatchObject({ eps: 1_638, epf: 722 });
  });

  it('September 2026 by the second reading, one ceiling for the whole month, as the company setting chooses', () => {
    expect(slip('2026-09', 60_000, withSettings({ pfCeilingReading: 'new-for-month' })).deductions.providentFundPaise).toBe(inr(3_000));
    expect(slip('2026-09', 60_000, withSettings({ pfCeilingReading: 'old-for-month' })).deductions.providentFundPaise).toBe(inr(1_800));
  });
});

describe('EPS for members aged 58 or more (finding 2) and members not eligible (finding 3)', () => {
  it('basic ₹15,000, a member aged 59: EPS 0, EPF 1,800, EPS wages 0; EDLI still on the capped wages', () => {
    const s = slip('2026-10', 30_000, { pfPerson: { member: true, epsEligible: true, dateOfBirth: '1967-06-10' } });
    expect(pfLines(s)).toEqual({ employee: 1_800, eps: 0, epf: 1_800, edli: 75, admin: 75, wages: [15_000, 0, 15_000] });
    expect(s.statutory.epsNote).toMatch(/^Aged 59: no pension share from 58 on/);
  });

  it('joined fresh in 2025 at basic ₹30,000: not eligible, so EPS 0 and EPF 1,800 on the ₹15,000 ceiling of August 2026', () => {
    const s = slip('2026-08', 60_000, { pfPerson: { member: true, epsEligible: false, dateOfBirth: '1995-01-01' } });
    expect(pfLines(s)).toEqual({ employee: 1_800, eps: 0, epf: 1_800, edli: 75, admin: 75, wages: [15_000, 0, 15_000] });
  });

  it('the month of the 58th birthday: EPS on the days before it by default; the whole month or none by setting', () => {
    // Born 15 Oct 1968: 58 on 15 Oct 2026; 14 of 31 days in EPS. Capped wages 25,000 × 14/31 = 11,290.32 → 11,290; EPS 8.33% = 940.46 → 940.
    const person = { pfPerson: { member: true, epsEligible: true, dateOfBirth: '1968-10-15' } };
    const s = slip('2026-10', 60_000, person);
    expect(pfLines(s)).toMatchObject({ employee: 3_000, eps: 940, epf: 2_060, wages: [25_000, 11_290, 25_000] });
    expect(s.statutory.epsNote).toBe('Reaches 58 on 2026-10-15: pension share on 14 of 31 days');
    expect(slip('2026-10', 60_000, { ...person, ...withSettings({ eps58Month: 'whole-month' }) }).employer.epsPaise).toBe(inr(2_083));
    expect(slip('2026-10', 60_000, { ...person, ...withSettings({ eps58Month: 'none' }) }).employer.epsPaise).toBe(0);
    // The month before: all of it; the month after: none.
    expect(slip('2026-09', 60_000, person).statutory.epsNote).toBeNull();
    expect(slip('2026-11', 60_000, person).employer.epsPaise).toBe(0);
  });

  it('a member deferring the pension keeps EPS until 60 when the company setting says so', () => {
    const person = { pfPerson: { member: true, epsEligible: true, dateOfBirth: '1967-06-10' } };
    expect(slip('2026-10', 60_000, { ...person, ...withSettings({ epsUntil60: true }) }).employer.epsPaise).toBe(inr(2_083));
    expect(epsMonth({ epsEligible: true, dateOfBirth: '1966-06-10' }, '2026-10', { ...DEFAULT_STATUTORY_SETTINGS, epsUntil60: true }).share.days).toBe(0);
  });
});

describe('an excluded employee (finding 18: PF for a non-member)', () => {
  it('deducts no PF and pays no employer share; the slip says they are outside PF', () => {
    const s = slip('2026-10', 90_000, { pfPerson: { member: false, epsEligible: false, dateOfBirth: null } });
    expect(pfLines(s)).toEqual({ employee: 0, eps: 0, epf: 0, edli: 0, admin: 0, wages: [0, 0, 0] });
    expect(s.statutory.pfMember).toBe(false);
    expect(s.netPaise).toBe(s.earnings.totalPaise - s.deductions.totalPaise);
  });
});

describe('our own examples at each version boundary, with other salaries', () => {
  it('₹35,000 gross (basic ₹17,500): August 2026 on ₹15,000, September day-weighted, October on the whole ₹17,500', () => {
    // August: 12% × 15,000 = 1,800. September: min(17,500, 19,666.67) × 12% = 2,100. October: 2,100; EPS 8.33% × 17,500 = 1,457.75 → 1,458.
    expect(pfLines(slip('2026-08', 35_000))).toMatchObject({ employee: 1_800, eps: 1_250, epf: 550 });
    expect(pfLines(slip('2026-09', 35_000))).toMatchObject({ employee: 2_100, eps: 1_458, epf: 642, wages: [17_500, 17_500, 17_500] });
    expect(pfLines(slip('2026-10', 35_000))).toMatchObject({ employee: 2_100, eps: 1_458, epf: 642 });
  });

  it('₹1,00,000 gross (basic ₹50,000): 1,800 → 2,360 → 3,000 across August, September and October 2026', () => {
    expect(['2026-08', '2026-09', '2026-10'].map((m) => slip(m, 1_00_000).deductions.providentFundPaise / 100)).toEqual([1_800, 2_360, 3_000]);
  });

  it('₹24,000 gross (basic ₹12,000): under both ceilings, the same in all three months', () => {
    expect(['2026-08', '2026-09', '2026-10'].map((m) => slip(m, 24_000).deductions.providentFundPaise / 100)).toEqual([1_440, 1_440, 1_440]);
  });

  it('a version an admin adds applies from its first day: ₹30,000 from 1 Jan 2027 changes January, not December', () => {
    const book = makeRuleBook([
      ...[...SHIPPED_BOOK.values()].flat(),
      { key: 'pf.wageCeiling', effectiveFrom: '2027-01-01', value: inr(30_000), source: 'S.O. 9999(E) of 20 Dec 2026', note: 'test' },
    ]);
    const rules = { rules: { book, settings: DEFAULT_STATUTORY_SETTINGS } };
    expect(slip('2026-12', 80_000, rules).deductions.providentFundPaise).toBe(inr(3_000));
    expect(slip('2027-01', 80_000, rules).deductions.providentFundPaise).toBe(inr(3_600));
    expect(pfRulesFor(book, '2027-01').versions[0]!.source).toBe('S.O. 9999(E) of 20 Dec 2026');
  });
});

describe('the slip says which PF figures and versions it used', () => {
  it('notes the EPF, EPS and EDLI wages, the ceiling and its notification; a split month and a nil pension share', () => {
    expect(slip('2026-10', 60_000).notes).toContain('PF: EPF wages ₹25,000, EPS wages ₹25,000, EDLI wages ₹25,000, on the PF wage ceiling of ₹25,000 (S.O. 5109(E) of 17 Sep 2026 (Gazette CG-DL-E-17092026-276299); EPFO circular of 28 Sep 2026; EPFO wage-ceiling FAQ Q5, Q13).');
    expect(slip('2026-09', 60_000).notes).toContain('PF ceiling this month: ₹15,000 for 16 days and ₹25,000 for 14 days: ₹19,666.67 (day-weighted, EPFO wage-ceiling FAQ Q7).');
    const aged = slip('2026-10', 30_000, { pfPerson: { member: true, epsEligible: true, dateOfBirth: '1967-06-10' } });
    expect((aged.notes ?? []).find((n) => n.startsWith('Pension (EPS):'))).toMatch(/Aged 59: no pension share from 58 on/);
    expect(slip('2026-10', 90_000, { pfPerson: { member: false, epsEligible: false, dateOfBirth: null } }).notes).toContain('PF: not a PF member (an excluded employee): no PF is deducted or paid.');
  });
});

describe('properties', () => {
  it('net pay is gross less deductions to the paisa; the employer 12% is all split, EPS never above the ceiling (any salary, month, person)', () => {
    const months = ['2026-06', '2026-08', '2026-09', '2026-10', '2026-11', '2027-03'];
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 5_00_000_00 }),
        fc.constantFrom(...months),
        fc.record({ member: fc.boolean(), epsEligible: fc.boolean(), dateOfBirth: fc.constantFrom(null, '1966-02-28', '1968-10-15', '1990-07-01') }),
        fc.boolean(),
        (grossPaise, month, pfPerson, pfOnFullWages) => {
          const s = computeSalarySlip({ monthlyGrossPaise: grossPaise, month, joinedOn: '2020-04-01', presentDates: presentAll(month), approvedLeaveDates: new Set(), today: '2030-01-01', statutory: { pfPerson, pfOnFullWages } });
          const d = s.deductions;
          expect(d.totalPaise).toBe(d.providentFundPaise + d.esiPaise + d.professionalTaxPaise + d.tdsPaise);
          expect(s.netPaise).toBe(s.earnings.totalPaise - d.totalPaise);
          // The employer's 12% is split between EPS and EPF, whatever the split; the employee's share is at most 12%.
          if (pfPerson.member) expect(s.employer.epsPaise + s.employer.epfPaise).toBe(rupeesNearest(s.statutory.epfWagesPaise, 1_200));
          expect(d.providentFundPaise).toBeLessThanOrEqual(rupeesNearest(s.statutory.epfWagesPaise, 1_200));
          expect(s.statutory.epsWagesPaise).toBeLessThanOrEqual(s.statutory.pfCeilingPaise!);
          if (!pfPerson.member) expect(d.providentFundPaise).toBe(0);
          if (pfPerson.member && !pfPerson.epsEligible) expect(s.employer.epsPaise).toBe(0);
        },
      ),
      { numRuns: 200 },
    );
  });
});
