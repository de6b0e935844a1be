import { datesOfMonth, weekdayOf } from './pay-month';
import { definePayrollPolicy, PayrollPolicyError } from './payroll-policy';
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
  it('a full month: ₹50,000 gross, PF capped at ₹3,000 (the ₹25,000 ceiling), Karnataka PT ₹200', () => {
    const s = slip({ month: '2026-10', monthlyGrossPaise: rupees(50_000) });
    expect(s.days).toEqual({ calendar: 31, weeklyOff: 4, working: 27, beforeJoining: 0, afterLeaving: 0, lop: 0, paid: 27, halfDays: 0, calendarPaid: 31 });
    expect(s.payableFrom).toBe('2026-10-01');
    expect(s.payableTo).toBe('2026-10-31');
    // Basic 50% = 25,000; HRA 40% of basic = 10,000; special = 15,000.
    expect(s.earnings).toEqual({ basicPaise: rupees(25_000), hraPaise: rupees(10_000), specialPaise: rupees(15_000), totalPaise: rupees(50_000) });
    // PF 12% of 25,000 = 3,000, on the ₹25,000 ceiling in force from 17 Sep 2026 (S.O. 5109(E)). ESI: 50,000 is
    // above the ₹21,000 ceiling. TDS: 12 × 50,000 = 6,00,000 − 75,000 = 5,25,000, tax 10,000 + 5% × 1,25,000 = 16,250,
    // rebated in full by s.87A (income up to ₹12 L) → nil. Karnataka PT ₹200 (October).
    expect(s.deductions).toEqual({ providentFundPaise: rupees(3_000), esiPaise: 0, professionalTaxPaise: rupees(200), tdsPaise: 0, recoveredPaise: 0, carriedForwardPaise: 0, totalPaise: rupees(3_200) });
    // Employer: EPS 8.33% × 25,000 = 2,082.50 → 2,083; EPF 3,000 − 2,083 = 917; EDLI and admin 0.5% × 25,000 = 125 each.
    expect(s.employer).toEqual({ epfPaise: rupees(917), epsPaise: rupees(2_083), edliPaise: rupees(125), pfAdminPaise: rupees(125), esiPaise: 0, totalPaise: rupees(3_250) });
    expect(s.statutory).toMatchObject({ stateOfWork: 'KA', stateName: 'Karnataka', taxRegime: 'new', pfWagesPaise: rupees(25_000), pfCeilingPaise: rupees(25_000), esiCovered: false });
    expect(s.netPaise).toBe(rupees(46_800));
    expect(s.netInWords).toBe('Rupees Forty-Six Thousand Eight Hundred Only');
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
    // PF 12% of 11,111 = 1,333.32 -> 1,333 (under the cap); PT nil below ₹25,000; the rate 24,000 is
    // above the ESI ceiling, so no ESI; TDS nil (2,88,000 a year is under the nil slab).
    expect(s.deductions).toEqual({ providentFundPaise: rupees(1_333), esiPaise: 0, professionalTaxPaise: 0, tdsPaise: 0, recoveredPaise: 0, carriedForwardPaise: 0, totalPaise: rupees(1_333) });
    expect(s.netPaise).toBe(rupees(20_889));
    expect(s.netInWords).toBe('Rupees Twenty Thousand Eight Hundred Eighty-Nine Only');
  });

  it('the pay basis: a month with no punches is paid in full on leave, and is all LOP on attendance', () => {
    // October 2026, ₹30,000, nobody punched. Marked absent (an admin or an import): Mon 5 and Tue 6;
    // Wed 7 is approved Leave Without Pay; Thu 8 approved paid leave.
    const none = { presentDates: new Set<string>(), approvedLeaveDates: new Set(['2026-10-07', '2026-10-08']), unpaidLeaveDates: new Set(['2026-10-07']), absentDates: new Set(['2026-10-05', '2026-10-06']) };
    const onLeave = slip({ month: '2026-10', monthlyGrossPaise: rupees(30_000), ...none, payBasis: 'leave' });
    // 27 working days, 3 of them loss of pay (two absent, one LWP); the 23 unrecorded others are paid.
    expect(onLeave.days).toMatchObject({ working: 27, lop: 3, paid: 24, unmarked: 23 });
    expect(onLeave.lopDates).toEqual(['2026-10-05', '2026-10-06', '2026-10-07']);
    // G = 30,000 x 24/27 = 26,666.67 -> 26,667; B = 15,000 x 24/27 -> 13,333; H = 6,000 x 24/27 -> 5,333; S = 8,001.
    expect(onLeave.earnings).toEqual({ basicPaise: rupees(13_333), hraPaise: rupees(5_333), specialPaise: rupees(8_001), totalPaise: rupees(26_667) });
    // PF 12% of 13,333.50 (the Code on Wages' half) = 1,600; Karnataka PT ₹200; no ESI above ₹21,000; TDS nil.
    expect(onLeave.deductions).toMatchObject({ providentFundPaise: rupees(1_600), esiPaise: 0, professionalTaxPaise: rupees(200), tdsPaise: 0, totalPaise: rupees(1_800) });
    expect(onLeave.netPaise).toBe(rupees(24_867));
    expect(onLeave.notes).toContain(
      "Pay basis on leave: the company's setting. Working days without an attendance record are paid (23 this month); only days marked absent and leave without pay are loss of pay.",
    );

    // Nothing marked, nothing on leave: the whole month is paid, ₹30,000 less PF 1,800 and PT 200.
    const full = slip({ month: '2026-10', monthlyGrossPaise: rupees(30_000), presentDates: new Set(), payBasis: 'leave' });
    expect(full.days).toMatchObject({ working: 27, lop: 0, paid: 27, unmarked: 27 });
    expect(full.netPaise).toBe(rupees(28_000));

    // The same month on attendance: no presence is loss of pay, except the paid leave day.
    const onAttendance = slip({ month: '2026-10', monthlyGrossPaise: rupees(30_000), ...none, payBasis: 'attendance' });
    expect(onAttendance.days).toMatchObject({ working: 27, lop: 26, paid: 1 });
    expect(onAttendance.days.unmarked).toBeUndefined();
    expect(slip({ month: '2026-10', monthlyGrossPaise: rupees(30_000), presentDates: new Set() }).days).toMatchObject({ lop: 27, paid: 0 });
  });

  it('the pay basis on leave in the current month: days from today on are not over, not paid as unmarked', () => {
    const s = slip({ month: '2026-11', monthlyGrossPaise: rupees(30_000), presentDates: new Set(), today: '2026-11-10', payBasis: 'leave' });
    // 1–9 November: Sunday the 1st and 8th off, so 7 working days gone by, all paid; the rest is a forecast.
    expect(s.days).toMatchObject({ working: 25, lop: 0, paid: 25, unmarked: 7 });
  });

  it('a mid-month joiner: working days before joining are unpaid', () => {
    // Joined Thursday 15 Oct 2026: 1-14 Oct hold 12 working days (Sundays 4 and 11 are off).
    const s = slip({ month: '2026-10', monthlyGrossPaise: rupees(60_000), joinedOn: '2026-10-15', presentDates: presentAll('2026-10', '2026-10-15') });
    expect(s.days).toEqual({ calendar: 31, weeklyOff: 4, working: 27, beforeJoining: 12, afterLeaving: 0, lop: 0, paid: 15, halfDays: 0, calendarPaid: 17 });
    expect(s.payableFrom).toBe('2026-10-15');
    // G = 60,000 x 15/27 = 33,333.33 -> 33,333; B = 30,000 x 15/27 = 16,666.67 -> 16,667;
    // H = 12,000 x 15/27 = 6,666.67 -> 6,667; S = 33,333 - 16,667 - 6,667 = 9,999.
    expect(s.earnings).toEqual({ basicPaise: rupees(16_667), hraPaise: rupees(6_667), specialPaise: rupees(9_999), totalPaise: rupees(33_333) });
    // PF: basic 16,667 under the ₹25,000 ceiling × 12% = 2,000.04 → 2,000; PT ₹200 (earned 33,333 ≥ 25,000). TDS: October
    // 33,333 + November–March 5 × 60,000 = 3,33,333 − 75,000: under ₹4 L, nil.
    expect(s.deductions).toEqual({ providentFundPaise: rupees(2_000), esiPaise: 0, professionalTaxPaise: rupees(200), tdsPaise: 0, recoveredPaise: 0, carriedForwardPaise: 0, totalPaise: rupees(2_200) });
    expect(s.netPaise).toBe(rupees(31_133));
  });

  it('does not count the days before joining as LOP even without attendance', () => {
    const s = slip({ month: '2026-10', monthlyGrossPaise: rupees(60_000), joinedOn: '2026-10-15', presentDates: new Set(['2026-10-01', '2026-10-02']) });
    // Presence before joining earns nothing; every working day from the 15th on is LOP (15 days).
    expect(s.days).toMatchObject({ beforeJoining: 12, afterLeaving: 0, lop: 15, paid: 0 });
    expect(s.netPaise).toBe(0);
  });

  it('a non-leap February: 28 days, 24 working days', () => {
    const present = presentAll('2027-02');
    present.delete('2027-02-10');
    const s = slip({ month: '2027-02', monthlyGrossPaise: rupees(30_000), presentDates: present });
    expect(s.days).toEqual({ calendar: 28, weeklyOff: 4, working: 24, beforeJoining: 0, afterLeaving: 0, lop: 1, paid: 23, halfDays: 0, calendarPaid: 27 });
    // G = 30,000 x 23/24 = 28,750; B = 14,375; H = 5,750; S = 8,625; PF 12% of 14,375 = 1,725.
    expect(s.earnings).toEqual({ basicPaise: rupees(14_375), hraPaise: rupees(5_750), specialPaise: rupees(8_625), totalPaise: rupees(28_750) });
    // Karnataka charges ₹300 in February from 2025-26 (₹2,500 a year: 11 × 200 + 300).
    expect(s.deductions).toEqual({ providentFundPaise: rupees(1_725), esiPaise: 0, professionalTaxPaise: rupees(300), tdsPaise: 0, recoveredPaise: 0, carriedForwardPaise: 0, totalPaise: rupees(2_025) });
    expect(s.netPaise).toBe(rupees(26_725));
    expect(s.payableTo).toBe('2027-02-28');
  });

  it('a leap February: 29 days, 25 working days', () => {
    const present = presentAll('2028-02');
    expect(present.has('2028-02-29')).toBe(true);
    present.delete('2028-02-29');
    const s = slip({ month: '2028-02', monthlyGrossPaise: rupees(30_000), presentDates: present });
    expect(s.days).toEqual({ calendar: 29, weeklyOff: 4, working: 25, beforeJoining: 0, afterLeaving: 0, lop: 1, paid: 24, halfDays: 0, calendarPaid: 28 });
    expect(s.lopDates).toEqual(['2028-02-29']);
    // G = 30,000 x 24/25 = 28,800; B = 14,400; H = 5,760; S = 8,640; PF 1,728.
    expect(s.earnings.totalPaise).toBe(rupees(28_800));
    expect(s.deductions.providentFundPaise).toBe(rupees(1_728));
    expect(s.netPaise).toBe(rupees(28_800 - 1_728 - 300)); // February PT ₹300
  });

  it('zero salary: every figure is zero and the words say so', () => {
    const s = slip({ month: '2026-10', monthlyGrossPaise: 0 });
    expect(s.earnings).toEqual({ basicPaise: 0, hraPaise: 0, specialPaise: 0, totalPaise: 0 });
    expect(s.deductions).toEqual({ providentFundPaise: 0, esiPaise: 0, professionalTaxPaise: 0, tdsPaise: 0, recoveredPaise: 0, carriedForwardPaise: 0, totalPaise: 0 });
    expect(s.employer.totalPaise).toBe(0);
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
  it('takes other weekly offs and percentages; a state without professional tax deducts none', () => {
    const policy = definePayrollPolicy({ weeklyOffDays: [0, 6], hraPercentOfBasic: 50, defaultStateOfWork: 'DL' });
    const present = new Set(datesOfMonth('2026-10'));
    const s = computeSalarySlip({ month: '2026-10', monthlyGrossPaise: rupees(50_000), joinedOn: '2024-01-01', presentDates: present, approvedLeaveDates: new Set(), today: '2030-01-01', policy });
    // October 2026 has 5 Saturdays (3, 10, 17, 24, 31) and 4 Sundays: 22 working days.
    expect(s.days).toMatchObject({ weeklyOff: 9, working: 22, paid: 22 });
    expect(s.earnings).toMatchObject({ basicPaise: rupees(25_000), hraPaise: rupees(12_500), specialPaise: rupees(12_500) });
    expect(s.deductions.professionalTaxPaise).toBe(0);
    expect(s.statutory).toMatchObject({ stateOfWork: 'DL', professionalTaxStatus: 'none' });
  });

  it('a tiny salary: every line on what was earned', () => {
    const tiny = slip({ month: '2026-10', monthlyGrossPaise: rupees(300), statutory: { stateOfWork: 'GJ' } });
    // ₹300 earned: PF 12% of 150 = 18; ESI: the average daily wage 300 ÷ 31 = 9.68 is within ₹176, so
    // the employee's share is nil (the employer still pays 3.25% × 300 = 9.75 → 10); Gujarat PT nil up to ₹12,000.
    expect(tiny.deductions).toEqual({ providentFundPaise: rupees(18), esiPaise: 0, professionalTaxPaise: 0, tdsPaise: 0, recoveredPaise: 0, carriedForwardPaise: 0, totalPaise: rupees(18) });
    expect(tiny.employer.esiPaise).toBe(rupees(10));
    expect(tiny.netPaise).toBe(rupees(282));
  });

  it('rejects a policy that cannot make a slip', () => {
    expect(() => definePayrollPolicy({ weeklyOffDays: [0, 1, 2, 3, 4, 5, 6] })).toThrow(PayrollPolicyError);
    expect(() => definePayrollPolicy({ basicPercentOfGross: 120 })).toThrow(/basicPercentOfGross/);
    expect(() => definePayrollPolicy({ hraPercentOfBasic: 40.005 })).toThrow(/hraPercentOfBasic/);
    expect(() => definePayrollPolicy({ defaultStateOfWork: 'Karnataka' })).toThrow(/defaultStateOfWork/);
  });
});

describe('computeSalarySlip statutory lines', () => {
  it('takes the state of work, gender and regime from the employee', () => {
    // Maharashtra, February 2026, ₹24,000: a man pays ₹300 (above ₹10,000, February), a woman nil (up to ₹25,000).
    const man = slip({ month: '2026-02', monthlyGrossPaise: rupees(24_000), statutory: { stateOfWork: 'MH', gender: 'male' } });
    const woman = slip({ month: '2026-02', monthlyGrossPaise: rupees(24_000), statutory: { stateOfWork: 'mh', gender: 'female' } });
    expect(man.deductions.professionalTaxPaise).toBe(rupees(300));
    expect(woman.deductions.professionalTaxPaise).toBe(0);
    expect(woman.statutory).toMatchObject({ stateOfWork: 'MH', stateName: 'Maharashtra' });
    // A state with no table here deducts nothing and says so.
    expect(slip({ month: '2026-02', monthlyGrossPaise: rupees(24_000), statutory: { stateOfWork: 'KL' } }).statutory.professionalTaxStatus).toBe('no-table');
  });

  it('a steady salary has TDS spread evenly over the year (the earlier months assumed paid alike)', () => {
    // ₹1,50,000 from before April 2025, new regime: tax 1,50,800 a year (worked-examples.test.ts).
    const months = ['2025-04', '2025-05', '2025-06', '2025-07', '2025-08', '2025-09', '2025-10', '2025-11', '2025-12', '2026-01', '2026-02', '2026-03'];
    const tds = months.map((month) => slip({ month, monthlyGrossPaise: rupees(1_50_000) }).deductions.tdsPaise / 100);
    // Each month deducts what is left ÷ the months left, to the nearest rupee: April 1,50,800 ÷ 12 = 12,566.67
    // → 12,567; May 1,38,233 ÷ 11 = 12,566.64 → 12,567; … September 87,965 ÷ 7 = 12,566.43 → 12,566;
    // October 75,399 ÷ 6 = 12,566.5 → 12,567; and so on, so the months alternate and add up to the year's tax.
    expect(tds).toEqual([12_567, 12_567, 12_567, 12_567, 12_567, 12_566, 12_567, 12_566, 12_567, 12_566, 12_567, 12_566]);
    expect(tds.reduce((a, b) => a + b, 0)).toBe(1_50_800);
  });

  it('refuses a month before the first PF rule with a 400-style reason, not a crash', () => {
    expect(() => slip({ month: '2018-05', monthlyGrossPaise: rupees(10_000), joinedOn: '2018-01-01' })).toThrow(SlipInputError);
  });
});
