import { datesOfMonth, weekdayOf } from './pay-month';
import { computeSalarySlip } from './salary-slip';
import { allowancesShort, DEFAULT_STRUCTURE_RULE, fixedBasicProblem, ruleOf, salaryStructureInput, splitEarnings, structureComponents, structureProblems, type StructureRule } from './salary-structure';
import { paidBasicAndHra } from './salary-slip';
import { DEFAULT_PAYROLL_POLICY, policyWithStructure } from './payroll-policy';

const rupees = (r: number) => r * 100;
const presentAll = (month: string) => new Set(datesOfMonth(month).filter((d) => weekdayOf(d) !== 0));

describe('salary structures', () => {
  it('₹24,000 under Basic 45%, HRA 50% of basic: Basic 10,800, HRA 5,400, PF 1,440, net 22,560', () => {
    const rule = { name: 'Field staff', basicPercentOfGross: 45, hraPercentOfBasic: 50, fixedAllowances: [] };
    expect(structureComponents(rupees(24_000), rule)).toEqual({ basicPaise: rupees(10_800), hraPaise: rupees(5_400), allowances: [], specialPaise: rupees(7_800), totalPaise: rupees(24_000) });
    // October 2026, every working day present, the structure assigned from joining.
    const s = computeSalarySlip({
      monthlyGrossPaise: rupees(24_000),
      salaryRevisions: [{ effectiveFrom: '2024-01-01', monthlyGrossPaise: rupees(24_000), structure: rule }],
      month: '2026-10',
      joinedOn: '2024-01-01',
      presentDates: presentAll('2026-10'),
      approvedLeaveDates: new Set(),
      today: '2030-01-01',
    });
    expect(s.earnings).toEqual({ basicPaise: rupees(10_800), hraPaise: rupees(5_400), specialPaise: rupees(7_800), totalPaise: rupees(24_000) });
    expect(s.structureName).toBe('Field staff');
    // PF wages: basic 10,800 is under half of the gross, so the Code on Wages' 50% rule brings them up to
    // 12,000; 12% × 12,000 = 1,440. ESI: 24,000 is above the ₹21,000 limit. Karnataka PT: nil below ₹25,000.
    // TDS: 12 × 24,000 is under the new regime's rebate. Net 24,000 − 1,440 = 22,560.
    expect(s.deductions.providentFundPaise).toBe(rupees(1_440));
    expect(s.deductions.esiPaise).toBe(0);
    expect(s.deductions.professionalTaxPaise).toBe(0);
    expect(s.deductions.tdsPaise).toBe(0);
    expect(s.netPaise).toBe(rupees(22_560));
  });

  it('without a structure the default split stays: Basic 50%, HRA 40% of basic, special the rest', () => {
    expect(structureComponents(rupees(24_000), DEFAULT_STRUCTURE_RULE)).toMatchObject({ basicPaise: rupees(12_000), hraPaise: rupees(4_800), specialPaise: rupees(7_200) });
    const s = computeSalarySlip({ monthlyGrossPaise: rupees(24_000), month: '2026-10', joinedOn: '2024-01-01', presentDates: presentAll('2026-10'), approvedLeaveDates: new Set(), today: '2030-01-01' });
    expect(s.earnings).toEqual({ basicPaise: rupees(12_000), hraPaise: rupees(4_800), specialPaise: rupees(7_200), totalPaise: rupees(24_000) });
    expect(s.structureName).toBeUndefined();
  });

  it('pays fixed allowances for the paid days, on the slip as their own lines', () => {
    const rule = ruleOf({ basicPercentOfGross: 40, hraPercentOfBasic: 50, fixedAllowances: [{ name: 'Conveyance', monthly: 1_600 }, { name: 'Medical', monthly: 1_250 }] });
    expect(structureComponents(rupees(30_000), rule)).toEqual({
      basicPaise: rupees(12_000),
      hraPaise: rupees(6_000),
      allowances: [{ name: 'Conveyance', paise: rupees(1_600) }, { name: 'Medical', paise: rupees(1_250) }],
      specialPaise: rupees(9_150),
      totalPaise: rupees(30_000),
    });
    // 27 working days in October 2026, 2 days LOP: 25/27 of each.
    const present = presentAll('2026-10');
    present.delete('2026-10-06');
    present.delete('2026-10-07');
    const s = computeSalarySlip({
      monthlyGrossPaise: rupees(30_000),
      salaryRevisions: [{ effectiveFrom: '2026-10-01', monthlyGrossPaise: rupees(30_000), structure: { ...rule, name: 'Office' } }],
      month: '2026-10',
      joinedOn: '2024-01-01',
      presentDates: present,
      approvedLeaveDates: new Set(),
      today: '2030-01-01',
    });
    // 30,000 × 25/27 = 27,777.78 → 27,778; basic 11,111; HRA 5,556; conveyance 1,481; medical 1,157; special the rest.
    expect(s.earnings.allowances).toEqual([{ name: 'Conveyance', paise: rupees(1_481) }, { name: 'Medical', paise: rupees(1_157) }]);
    expect(s.earnings.basicPaise + s.earnings.hraPaise + 1_481_00 + 1_157_00 + s.earnings.specialPaise).toBe(s.earnings.totalPaise);
    expect(s.earnings.totalPaise).toBe(rupees(27_778));
  });

  it('is never negative: a small gross pays basic and HRA first, then as much of the allowances as fits', () => {
    const rule: StructureRule = { basicPercentOfGross: 50, hraPercentOfBasic: 50, fixedAllowances: [{ name: 'Conveyance', monthlyPaise: rupees(1_600) }, { name: 'Medical', monthlyPaise: rupees(1_250) }] };
    const c = structureComponents(rupees(8_000), rule);
    expect(c).toEqual({ basicPaise: rupees(4_000), hraPaise: rupees(2_000), allowances: [{ name: 'Conveyance', paise: rupees(1_600) }, { name: 'Medical', paise: rupees(400) }], specialPaise: 0, totalPaise: rupees(8_000) });
    expect(allowancesShort(rupees(8_000), rule)).toBe(true);
    expect(allowancesShort(rupees(20_000), rule)).toBe(false);
    expect(splitEarnings(0, 1, 1, rule)).toEqual({ basicPaise: 0, hraPaise: 0, allowances: [{ name: 'Conveyance', paise: 0 }, { name: 'Medical', paise: 0 }], specialPaise: 0, totalPaise: 0 });
  });

  it('refuses a structure with field errors by path', () => {
    const r = salaryStructureInput.safeParse({ name: ' ', basicPercentOfGross: 80, hraPercentOfBasic: 50, fixedAllowances: [{ name: 'Medical', monthly: 0 }, { name: 'medical', monthly: 100 }, { name: 'HRA', monthly: 1 }] });
    expect(r.success).toBe(false);
    const byPath = Object.fromEntries(r.error!.issues.map((i) => [i.path.join('.'), i.message]));
    expect(byPath).toMatchObject({
      name: 'Name is required',
      'fixedAllowances.0.monthly': 'Monthly amount must be at least ₹1',
    });
    expect(salaryStructureInput.safeParse({ name: 'Bad\u0007name', basicPercentOfGross: 40, hraPercentOfBasic: 40 }).success).toBe(false);
    const over = salaryStructureInput.safeParse({ name: 'Over', basicPercentOfGross: 80, hraPercentOfBasic: 50, fixedAllowances: [{ name: 'Medical', monthly: 10 }, { name: 'medical', monthly: 100 }, { name: 'HRA', monthly: 1 }] });
    expect(Object.fromEntries(over.error!.issues.map((i) => [i.path.join('.'), i.message]))).toEqual({
      hraPercentOfBasic: 'HRA percent of basic is too high: basic and HRA together would be more than the gross',
      'fixedAllowances.1.name': 'Two allowances have this name',
      'fixedAllowances.2.name': 'This name is one of the computed components',
    });
    expect(salaryStructureInput.safeParse({ name: 'Two decimals', basicPercentOfGross: 45.555, hraPercentOfBasic: 40 }).success).toBe(false);
    expect(salaryStructureInput.parse({ name: ' Office ', basicPercentOfGross: 45.5, hraPercentOfBasic: 40 })).toEqual({ name: 'Office', basicPercentOfGross: 45.5, hraPercentOfBasic: 40, fixedAllowances: [] });
  });

  describe('worked example: Basic fixed at ₹12,000 on a ₹30,000 gross, HRA 40% of Basic', () => {
    const rule = { ...ruleOf({ basicMonthly: 12_000, hraPercentOfBasic: 40, fixedAllowances: [] }), name: 'Drivers' };

    it('splits a whole month: Basic 12,000, HRA 4,800 (40% of Basic), special 13,200', () => {
      expect(rule).toMatchObject({ basicMonthlyPaise: rupees(12_000), hraPercentOfBasic: 40 });
      expect(structureComponents(rupees(30_000), rule)).toEqual({ basicPaise: rupees(12_000), hraPaise: rupees(4_800), allowances: [], specialPaise: rupees(13_200), totalPaise: rupees(30_000) });
      // The same Basic on any gross that covers it: a fixed amount does not move with the gross.
      expect(structureComponents(rupees(45_000), rule).basicPaise).toBe(rupees(12_000));
    });

    // September 2026: 30 days, Sundays 6, 13, 20, 27 -> 26 working days; 6 of them absent, 20 paid.
    it('pays 20 of 26 days: Basic 9,231, HRA 3,692, special 10,154, earned 23,077', () => {
      expect(splitEarnings(rupees(30_000), 20, 26, rule)).toEqual({ basicPaise: rupees(9_231), hraPaise: rupees(3_692), allowances: [], specialPaise: rupees(10_154), totalPaise: rupees(23_077) });
      const present = presentAll('2026-09');
      for (const d of ['2026-09-07', '2026-09-08', '2026-09-09', '2026-09-10', '2026-09-11', '2026-09-12']) present.delete(d);
      const s = computeSalarySlip({
        monthlyGrossPaise: rupees(30_000),
        salaryRevisions: [{ effectiveFrom: '2024-01-01', monthlyGrossPaise: rupees(30_000), structure: rule }],
        month: '2026-09',
        joinedOn: '2024-01-01',
        presentDates: present,
        approvedLeaveDates: new Set(),
        today: '2030-01-01',
      });
      expect(s.days).toMatchObject({ working: 26, paid: 20, lop: 6 });
      expect(s.earnings).toEqual({ basicPaise: rupees(9_231), hraPaise: rupees(3_692), specialPaise: rupees(10_154), totalPaise: rupees(23_077) });
      expect(s.structureName).toBe('Drivers');
      // PF wages: Basic 9,231 is under half of 23,077, so the Code on Wages lifts them to 11,538.50;
      // PF 12% of that = 1,384.62, 1,385 (within the ₹15,000 ceiling). No ESI, PT or TDS: net 21,692.
      expect(s.statutory.pfWagesPaise).toBe(11_538_50);
      expect(s.deductions.providentFundPaise).toBe(rupees(1_385));
      expect(s.netPaise).toBe(rupees(21_692));
    });

    it('refuses a fixed Basic above the gross, and names each field of a wrong structure', () => {
      expect(fixedBasicProblem(rupees(30_000), rule)).toBeNull();
      expect(fixedBasicProblem(rupees(10_000), rule)).toBe('the fixed Basic of ₹12,000 is more than the monthly gross of ₹10,000');
      expect(fixedBasicProblem(rupees(10_000), DEFAULT_STRUCTURE_RULE)).toBeNull();
      // Held to the earned gross all the same, should such a gross reach the slip.
      expect(structureComponents(rupees(10_000), rule)).toMatchObject({ basicPaise: rupees(10_000), hraPaise: 0, specialPaise: 0 });
      const fields = (v: object) => {
        const r = salaryStructureInput.safeParse(v);
        return r.success ? {} : Object.fromEntries(r.error.issues.map((i) => [i.path.join('.'), i.message]));
      };
      expect(fields({ name: 'Drivers', basicMonthly: 0, hraPercentOfBasic: 40 })).toEqual({ basicMonthly: 'Basic monthly amount must be at least ₹1' });
      expect(fields({ name: 'Drivers', basicMonthly: 12_000.5, hraPercentOfBasic: 40 })).toEqual({ basicMonthly: 'Basic monthly amount must be whole rupees' });
      expect(fields({ name: 'Drivers', hraPercentOfBasic: 40 })).toEqual({ basicPercentOfGross: 'Basic percent of gross is required (or give a fixed monthly amount)' });
      expect(fields({ name: 'Drivers', basicMonthly: 12_000, basicPercentOfGross: 40, hraPercentOfBasic: 40 })).toEqual({ basicPercentOfGross: 'Basic percent of gross must be empty when Basic is a fixed monthly amount' });
      // HRA up to 100% of a fixed Basic is a valid rule: whether it fits depends on each person's gross.
      expect(structureProblems({ basicMonthly: 12_000, hraPercentOfBasic: 100 })).toEqual({});
      expect(fields({ name: 'Drivers', basicMonthly: 12_000, hraPercentOfBasic: 40 })).toEqual({});
    });

    it('is the Basic of the HRA exemption for an approved month stored without its Basic', () => {
      const policy = policyWithStructure(DEFAULT_PAYROLL_POLICY, rule);
      expect(paidBasicAndHra({ salaryPaise: rupees(30_000) }, policy)).toEqual({ basicPaise: rupees(12_000), hraPaise: rupees(4_800) });
      // Not 50% of the gross, which the company default gives.
      expect(paidBasicAndHra({ salaryPaise: rupees(30_000) }, DEFAULT_PAYROLL_POLICY)).toEqual({ basicPaise: rupees(15_000), hraPaise: rupees(6_000) });
    });
  });
});
