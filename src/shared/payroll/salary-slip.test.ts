import { datesOfMonth, weekdayOf } from './pay-month';
import { definePayrollPolicy, PayrollPolicyError, PROFESSIONAL_TAX_TABLES } from './payroll-policy';
import { computeSalarySlip, SlipInputError, type SlipInput } from './salary-slip';

const rupees = (r: number) => r * 100;

/** Every working day (not Sunday) of the month from `from` on, as a present set. */
const presentAll = (month: string, from = `${month}-01`) => new Set(datesOfMonth(month).filter((d) => d >= from && weekdayOf(d) !== 0));

const slip = (o: Partial<SlipInput> & Pick<SlipInput, 'month' | 'monthlyGrossPaise'>) =>
  computeSalarySlip({
    joinedOn: '2024-01-01',
    approvedLeaveDates: new Set(),
    today: '2030-01-01',
    ...o,
    presentDates: o.presentDates ?? presentAll(o.month),
  });

describe('computeSalarySlip worked examples', () => {
  // October 2026: 31 days, Sundays 4, 11, 18, 25 -> 27 working days.
  it('a full month: ₹50,000 gross, PF capped at ₹1,800, Karnataka PT ₹200', () => {
    const s = slip({ month: '2026-10', monthlyGrossPaise: rupees(50_000) });
    expect(s.days).toEqual({ calendar: 31, weeklyOff: 4, working: 27, beforeJoining: 0, lop: 0, paid: 27 });
    expect(s.payableFrom).toBe('2026-10-01');
    expect(s.payableTo).toBe('2026-10-31');
    // Basic 50% = 25,000; HRA 40% of basic = 10,000; special = 15,000.
    expect(s.earnings).toEqual({ basicPaise: rupees(25_000), hraPaise: rupees(10_000), specialPaise: rupees(15_000), totalPaise: rupees(50_000) });
    // PF 12% of 25,000 = 3,000, capped at 12% of 15,000 = 1,800.
    expect(s.deductions).toEqual({ providentFundPaise: rupees(1_800), professionalTaxPaise: rupees(200), totalPaise: rupees(2_000) });
    expect(s.netPaise).toBe(rupees(48_000));
    expect(s.netInWords).toBe('Rupees Forty-Eight Thousand Only');
    expect(s.monthLabel).toBe('October 2026');
  });

  it('a month with LOP: two absent days are unpaid, an approved leave day is paid', () => {
    const present = presentAll('2026-10');
    present.delete('2026-10-06'); // absent, no leave -> LOP
    present.delete('2026-10-07'); // absent, no leave -> LOP
    present.delete('2026-10-08'); // absent, approved leave -> paid
    const s = slip({ month: '2026-10', monthlyGrossPaise: rupees(24_000), presentDates: present, approvedLeaveDates: new Set(['2026-10-08']) });
    expect(s.days).toMatchObject({ working: 27, lop: 2, paid: 25 });
    expect(s.lopDates).toEqual(['2026-10-06', '2026-10-07']);
    // G = 24,000 x 25/27 = 22,222.22 -> 22,222; B = 12,000 x 25/27 = 11,111.11 -> 11,111;
    // H = 4,800 x 25/27 = 4,444.44 -> 4,444; S = 22,222 - 11,111 - 4,444 = 6,667.
    expect(s.earnings).toEqual({ basicPaise: rupees(11_111), hraPaise: rupees(4_444), specialPaise: rupees(6_667), totalPaise: rupees(22_222) });
    // PF 12% of 11,111 = 1,333.32 -> 1,333 (under the cap); PT nil below ₹25,000.
    expect(s.deductions).toEqual({ providentFundPaise: rupees(1_333), professionalTaxPaise: 0, totalPaise: rupees(1_333) });
    expect(s.netPaise).toBe(rupees(20_889));
    expect(s.netInWords).toBe('Rupees Twenty Thousand Eight Hundred Eighty-Nine Only');
  });

  it('a mid-month joiner: working days before joining are unpaid', () => {
    // Joined Thursday 15 Oct 2026: 1-14 Oct hold 12 working days (Sundays 4 and 11 are off).
    const s = slip({ month: '2026-10', monthlyGrossPaise: rupees(60_000), joinedOn: '2026-10-15', presentDates: presentAll('2026-10', '2026-10-15') });
    expect(s.days).toEqual({ calendar: 31, weeklyOff: 4, working: 27, beforeJoining: 12, lop: 0, paid: 15 });
    expect(s.payableFrom).toBe('2026-10-15');
    // G = 60,000 x 15/27 = 33,333.33 -> 33,333; B = 30,000 x 15/27 = 16,666.67 -> 16,667;
    // H = 12,000 x 15/27 = 6,666.67 -> 6,667; S = 33,333 - 16,667 - 6,667 = 9,999.
    expect(s.earnings).toEqual({ basicPaise: rupees(16_667), hraPaise: rupees(6_667), specialPaise: rupees(9_999), totalPaise: rupees(33_333) });
    expect(s.deductions).toEqual({ providentFundPaise: rupees(1_800), professionalTaxPaise: rupees(200), totalPaise: rupees(2_000) });
    expect(s.netPaise).toBe(rupees(31_333));
  });

  it('does not count the days before joining as LOP even without attendance', () => {
    const s = slip({ month: '2026-10', monthlyGrossPaise: rupees(60_000), joinedOn: '2026-10-15', presentDates: new Set(['2026-10-01', '2026-10-02']) });
    // Presence before joining earns nothing; every working day from the 15th on is LOP (15 days).
    expect(s.days).toMatchObject({ beforeJoining: 12, lop: 15, paid: 0 });
    expect(s.netPaise).toBe(0);
  });

  it('a non-leap February: 28 days, 24 working days', () => {
    const present = presentAll('2027-02');
    present.delete('2027-02-10');
    const s = slip({ month: '2027-02', monthlyGrossPaise: rupees(30_000), presentDates: present });
    expect(s.days).toEqual({ calendar: 28, weeklyOff: 4, working: 24, beforeJoining: 0, lop: 1, paid: 23 });
    // G = 30,000 x 23/24 = 28,750; B = 14,375; H = 5,750; S = 8,625; PF 12% of 14,375 = 1,725.
    expect(s.earnings).toEqual({ basicPaise: rupees(14_375), hraPaise: rupees(5_750), specialPaise: rupees(8_625), totalPaise: rupees(28_750) });
    expect(s.deductions).toEqual({ providentFundPaise: rupees(1_725), professionalTaxPaise: rupees(200), totalPaise: rupees(1_925) });
    expect(s.netPaise).toBe(rupees(26_825));
    expect(s.payableTo).toBe('2027-02-28');
  });

  it('a leap February: 29 days, 25 working days', () => {
    const present = presentAll('2028-02');
    expect(present.has('2028-02-29')).toBe(true);
    present.delete('2028-02-29');
    const s = slip({ month: '2028-02', monthlyGrossPaise: rupees(30_000), presentDates: present });
    expect(s.days).toEqual({ calendar: 29, weeklyOff: 4, working: 25, beforeJoining: 0, lop: 1, paid: 24 });
    expect(s.lopDates).toEqual(['2028-02-29']);
    // G = 30,000 x 24/25 = 28,800; B = 14,400; H = 5,760; S = 8,640; PF 1,728.
    expect(s.earnings.totalPaise).toBe(rupees(28_800));
    expect(s.deductions.providentFundPaise).toBe(rupees(1_728));
    expect(s.netPaise).toBe(rupees(28_800 - 1_728 - 200));
  });

  it('zero salary: every figure is zero and the words say so', () => {
    const s = slip({ month: '2026-10', monthlyGrossPaise: 0 });
    expect(s.earnings).toEqual({ basicPaise: 0, hraPaise: 0, specialPaise: 0, totalPaise: 0 });
    expect(s.deductions).toEqual({ providentFundPaise: 0, professionalTaxPaise: 0, totalPaise: 0 });
    expect(s.netPaise).toBe(0);
    expect(s.netInWords).toBe('Rupees Zero Only');
  });

  it('rounds each component half-up to the rupee, dropping the paise of the gross', () => {
    // ₹45,201.50: G = 45,201.50 -> 45,202; B = 22,600.75 -> 22,601; H = 9,040.30 -> 9,040.
    const s = slip({ month: '2026-10', monthlyGrossPaise: 45_201_50 });
    expect(s.earnings).toEqual({ basicPaise: rupees(22_601), hraPaise: rupees(9_040), specialPaise: rupees(13_561), totalPaise: rupees(45_202) });
    // An exact half goes up: ₹25,001 -> basic 12,500.50 -> 12,501.
    expect(slip({ month: '2026-10', monthlyGrossPaise: rupees(25_001) }).earnings.basicPaise).toBe(rupees(12_501));
    expect(s.netPaise % 100).toBe(0);
  });
});

describe('computeSalarySlip in the current month', () => {
  it('counts LOP only before today: the rest of the month is not over yet', () => {
    const s = slip({ month: '2026-10', monthlyGrossPaise: rupees(27_000), presentDates: new Set(), today: '2026-10-15' });
    // 1-14 Oct: 12 working days, all without presence -> LOP; 15-31 Oct are assumed paid.
    expect(s.days).toMatchObject({ working: 27, lop: 12, paid: 15 });
    expect(s.lopDates[0]).toBe('2026-10-01');
    expect(s.lopDates.at(-1)).toBe('2026-10-14');
  });

  it('treats H (and any presence) and approved leave the same way', () => {
    const s = slip({ month: '2026-10', monthlyGrossPaise: rupees(27_000), presentDates: new Set(['2026-10-01']), approvedLeaveDates: new Set(['2026-10-02']), today: '2026-10-03' });
    expect(s.days).toMatchObject({ lop: 0, paid: 27 });
  });
});

describe('computeSalarySlip refusals', () => {
  it('refuses a month that has not started', () => {
    expect(() => slip({ month: '2026-11', monthlyGrossPaise: 1, today: '2026-10-31' })).toThrow(SlipInputError);
    try {
      slip({ month: '2026-11', monthlyGrossPaise: 1, today: '2026-10-31' });
    } catch (err) {
      expect((err as SlipInputError).problem).toBe('future-month');
      expect((err as Error).message).toMatch(/November 2026 has not started/);
    }
  });

  it('refuses a month before joining, but allows the joining month', () => {
    expect(() => slip({ month: '2026-09', monthlyGrossPaise: 1, joinedOn: '2026-10-15' })).toThrow(/joined on 2026-10-15/);
    expect(() => slip({ month: '2026-10', monthlyGrossPaise: 1, joinedOn: '2026-10-31' })).not.toThrow();
  });

  it('refuses malformed input', () => {
    expect(() => slip({ month: '2026-13', monthlyGrossPaise: 1, presentDates: new Set() })).toThrow(SlipInputError);
    expect(() => slip({ month: '2026-10', monthlyGrossPaise: -1 })).toThrow(/non-negative/);
    expect(() => slip({ month: '2026-10', monthlyGrossPaise: 1.5 })).toThrow(SlipInputError);
  });
});

describe('payroll policy', () => {
  it('takes other weekly offs, percentages and a PT table', () => {
    const policy = definePayrollPolicy({ weeklyOffDays: [0, 6], hraPercentOfBasic: 50, professionalTax: PROFESSIONAL_TAX_TABLES.NONE });
    const present = new Set(datesOfMonth('2026-10'));
    const s = computeSalarySlip({ month: '2026-10', monthlyGrossPaise: rupees(50_000), joinedOn: '2024-01-01', presentDates: present, approvedLeaveDates: new Set(), today: '2030-01-01', policy });
    // October 2026 has 5 Saturdays (3, 10, 17, 24, 31) and 4 Sundays: 22 working days.
    expect(s.days).toMatchObject({ weeklyOff: 9, working: 22, paid: 22 });
    expect(s.earnings).toMatchObject({ basicPaise: rupees(25_000), hraPaise: rupees(12_500), specialPaise: rupees(12_500) });
    expect(s.deductions.professionalTaxPaise).toBe(0);
  });

  it('applies the highest slab reached and never lets net pay go below zero', () => {
    const policy = definePayrollPolicy({
      professionalTax: { state: 'Test', slabs: [{ minGrossPaise: 0, taxPaise: rupees(500) }, { minGrossPaise: rupees(10_000), taxPaise: rupees(150) }] },
    });
    const base = { month: '2026-10', joinedOn: '2024-01-01', presentDates: presentAll('2026-10'), approvedLeaveDates: new Set<string>(), today: '2030-01-01', policy };
    expect(computeSalarySlip({ ...base, monthlyGrossPaise: rupees(20_000) }).deductions.professionalTaxPaise).toBe(rupees(150));
    const tiny = computeSalarySlip({ ...base, monthlyGrossPaise: rupees(300) });
    // Earned 300, PF 12% of 150 = 18, so PT is cut from 500 to what is left: 282.
    expect(tiny.deductions).toEqual({ providentFundPaise: rupees(18), professionalTaxPaise: rupees(282), totalPaise: rupees(300) });
    expect(tiny.netPaise).toBe(0);
  });

  it('rejects a policy that cannot make a slip', () => {
    expect(() => definePayrollPolicy({ weeklyOffDays: [0, 1, 2, 3, 4, 5, 6] })).toThrow(PayrollPolicyError);
    expect(() => definePayrollPolicy({ basicPercentOfGross: 120 })).toThrow(/basicPercentOfGross/);
    expect(() => definePayrollPolicy({ hraPercentOfBasic: 40.005 })).toThrow(/hraPercentOfBasic/);
    expect(() => definePayrollPolicy({ professionalTax: { state: 'X', slabs: [] } })).toThrow(/slabs/);
  });
});
