/**
 * Worked examples of ESI, professional tax and the Code on Wages limits, each through the salary
 * slip as a payroll run computes it, with the arithmetic beside every figure. The first example of
 * each group is the statutory review's own; the others are our own at the rule's boundaries.
 */
import fc from 'fast-check';
import { datesOfMonth, weekdayOf } from '../pay-month';
import { computeSalarySlip, type SlipInput, type SlipStatutoryInput } from '../salary-slip';
import { DEFAULT_LATE_MARK_RULE } from '../../work-hours/work-hours';

const inr = (rupees: number) => Math.round(rupees * 100);
const workingDays = (month: string) => datesOfMonth(month).filter((d) => weekdayOf(d) !== 0);

const slip = (month: string, gross: number, o: Partial<SlipInput> & { st?: SlipStatutoryInput } = {}) =>
  computeSalarySlip({
    monthlyGrossPaise: inr(gross),
    month,
    joinedOn: '2018-06-01',
    approvedLeaveDates: new Set(),
    today: '2030-01-01',
    presentDates: new Set(workingDays(month)),
    ...o,
    statutory: { stateOfWork: 'KA', ...o.st },
  });

describe('ESI coverage over the contribution period (r.50 proviso)', () => {
  it('₹20,000 in April 2026, ₹22,000 from June: still covered in August, not in October', () => {
    // The rate at the period's start (April) was within ₹21,000: covered to 30 September.
    const aug = slip('2026-08', 22_000, { st: { esiPeriodStartGrossPaise: inr(20_000) } });
    expect(aug.deductions.esiPaise).toBe(inr(165)); // 0.75% × 22,000
    expect(aug.employer.esiPaise).toBe(inr(715)); // 3.25% × 22,000
    expect(aug.statutory.esi).toMatchObject({ reason: 'period-start', periodStart: '2026-04', periodStartGrossPaise: inr(20_000) });
    expect(aug.notes).toContain('ESI: covered to 30 Sep 2026: the rate of ₹20,000 at the start of the contribution period (April 2026) was within the ₹21,000 limit (ESI (Central) Rules r.50).');
    // October starts a new period at ₹22,000: not covered.
    const oct = slip('2026-10', 22_000, { st: { esiPeriodStartGrossPaise: inr(22_000) } });
    expect(oct.statutory.esiCovered).toBe(false);
    expect(oct.employer.esiPaise).toBe(0);
  });

  it('the limit itself is within it; a rupee above is not', () => {
    expect(slip('2026-11', 21_000).deductions.esiPaise).toBe(inr(158)); // 157.50 → 158
    expect(slip('2026-11', 21_001).statutory.esi).toMatchObject({ reason: 'above-limit' });
    // Covered at ₹21,000 in October, raised to ₹35,000 in January: covered to 31 March 2027.
    const jan = slip('2027-01', 35_000, { st: { esiPeriodStartGrossPaise: inr(21_000) } });
    expect(jan.deductions.esiPaise).toBe(inr(263)); // 0.75% × 35,000 = 262.50 → 263
    expect(jan.notes?.some((n) => n.startsWith('ESI: covered to 31 Mar 2027'))).toBe(true);
  });
});

describe('ESI limit of ₹25,000 for a person with disability (r.50 second proviso)', () => {
  it('a person with disability at ₹23,000 is covered', () => {
    const s = slip('2026-10', 23_000, { st: { disabled: true } });
    expect(s.deductions.esiPaise).toBe(inr(173)); // 0.75% × 23,000 = 172.50 → 173
    expect(s.employer.esiPaise).toBe(inr(748)); // 3.25% × 23,000 = 747.50 → 748
    expect(s.statutory.esi?.limitPaise).toBe(inr(25_000));
    // Without the disability the same wage is not covered.
    expect(slip('2026-10', 23_000).statutory.esiCovered).toBe(false);
  });
  it('₹25,000 is within the limit; ₹25,001 is not', () => {
    expect(slip('2026-10', 25_000, { st: { disabled: true } }).deductions.esiPaise).toBe(inr(188)); // 187.50 → 188
    expect(slip('2026-10', 25_001, { st: { disabled: true } }).statutory.esiCovered).toBe(false);
  });
});

describe("ESI: no employee's share at an average daily wage of ₹176 or less (r.52)", () => {
  it('₹5,000 for a 30-day month (₹166.67 a day): the employer still pays', () => {
    const s = slip('2026-09', 5_000);
    expect(s.days.calendarPaid).toBe(30);
    expect(s.deductions.esiPaise).toBe(0);
    expect(s.employer.esiPaise).toBe(inr(163)); // 3.25% × 5,000 = 162.50 → 163
    expect(s.statutory.esi?.employeeExempt).toBe(true);
  });
  it('₹5,456 over 31 days is exactly ₹176 a day (exempt); ₹5,457 is above it', () => {
    expect(slip('2026-10', 5_456).deductions.esiPaise).toBe(0);
    expect(slip('2026-10', 5_457).deductions.esiPaise).toBe(inr(41)); // 0.75% × 5,457 = 40.93 → 41
  });
  it('the exemption is not in force before October 2019', () => {
    expect(slip('2019-09', 5_000).deductions.esiPaise).toBe(inr(38)); // 0.75% × 5,000 = 37.50 → 38
  });
});

describe('ESI wages: the gross, or the Code on Social Security wages by company setting', () => {
  it('January 2026, gross ₹30,000 (basic ₹15,000)', () => {
    expect(slip('2026-01', 30_000).statutory.esiCovered).toBe(false);
    const code = slip('2026-01', 30_000, { st: { esiWages: 'code' } });
    // Code wages 15,000 (allowances 15,000 are not above half): covered.
    expect(code.deductions.esiPaise).toBe(inr(113)); // 0.75% × 15,000 = 112.50 → 113
    expect(code.employer.esiPaise).toBe(inr(488)); // 3.25% × 15,000 = 487.50 → 488
    // Before the Codes (November 2025) the setting changes nothing: wages were the ESI Act's.
    expect(slip('2025-11', 30_000, { st: { esiWages: 'code' } }).statutory.esiCovered).toBe(false);
  });
});

describe('Tamil Nadu professional tax on the half-year salary', () => {
  const tn = (month: string, gross: number, o: Partial<SlipInput> & { st?: SlipStatutoryInput } = {}) => slip(month, gross, { ...o, st: { stateOfWork: 'TN', ...o.st } });
  it('joined 1 August 2026 at ₹10,000: September is nil (August + September = ₹20,000)', () => {
    expect(tn('2026-09', 10_000, { joinedOn: '2026-08-01' }).deductions.professionalTaxPaise).toBe(0);
  });
  it('left on 31 July 2026 at ₹50,000: ₹1,250 in July (half-year ₹2,00,000)', () => {
    const s = tn('2026-07', 50_000, { leftOn: '2026-07-31' });
    expect(s.deductions.professionalTaxPaise).toBe(inr(1_250));
    expect(tn('2026-06', 50_000, { leftOn: '2026-07-31' }).deductions.professionalTaxPaise).toBe(0);
  });
  it('₹8,000 a month with 13 LOP days in September 2026: ₹425 (40,000 + 4,000)', () => {
    const present = new Set(workingDays('2026-09').slice(13));
    const s = tn('2026-09', 8_000, { presentDates: present });
    expect(s.earnings.totalPaise).toBe(inr(4_000)); // 8,000 × 13 ÷ 26
    expect(s.deductions.professionalTaxPaise).toBe(inr(425));
  });
  it('₹7,000 a month (half-year ₹42,000): ₹425, not ₹430', () => {
    expect(tn('2026-09', 7_000).deductions.professionalTaxPaise).toBe(inr(425));
  });
  it('the approved months count with what they paid', () => {
    // April–August approved at ₹3,000 each (15,000) and September at ₹3,000: 18,000 → nil, though the rate is now ₹3,000.
    const paid = new Map(['2026-04', '2026-05', '2026-06', '2026-07', '2026-08'].map((m) => [m, { salaryPaise: inr(3_000), taxPaise: 0, employeePfPaise: 0, professionalTaxPaise: 0 }]));
    expect(tn('2026-09', 3_000, { st: { paidMonths: paid } }).deductions.professionalTaxPaise).toBe(0);
  });
  it('slab edges: ₹30,000 → ₹180; ₹30,006 → ₹425; ₹75,006 → ₹1,250', () => {
    expect(tn('2027-03', 5_000).deductions.professionalTaxPaise).toBe(inr(180)); // 6 × 5,000
    expect(tn('2027-03', 5_001).deductions.professionalTaxPaise).toBe(inr(425)); // 6 × 5,001
    expect(tn('2027-03', 12_501).deductions.professionalTaxPaise).toBe(inr(1_250)); // 6 × 12,501
    expect(tn('2027-02', 12_501).deductions.professionalTaxPaise).toBe(0); // not a deduction month
  });
});

describe('Maharashtra professional tax', () => {
  const mh = (month: string, gross: number, st: SlipStatutoryInput = {}) => slip(month, gross, { st: { stateOfWork: 'MH', gender: 'male', ...st } });
  it('the 2023 table from 1 April 2023: May 2023, a man at ₹20,000 → ₹200', () => {
    expect(mh('2023-05', 20_000).deductions.professionalTaxPaise).toBe(inr(200));
    expect(mh('2023-04', 25_001, { gender: 'female' }).deductions.professionalTaxPaise).toBe(inr(200));
    expect(mh('2023-04', 25_000, { gender: 'female' }).deductions.professionalTaxPaise).toBe(0);
    expect(mh('2023-03', 20_000).statutory.professionalTaxStatus).toBe('no-table');
  });
  it('exempts a person aged 65 or more from the month the 65th year is completed (s.27A)', () => {
    // Born 15 October 1961: 65 on 15 October 2026.
    expect(mh('2026-09', 40_000, { dateOfBirth: '1961-10-15' }).deductions.professionalTaxPaise).toBe(inr(200));
    const oct = mh('2026-10', 40_000, { dateOfBirth: '1961-10-15' });
    expect(oct.deductions.professionalTaxPaise).toBe(0);
    expect(oct.statutory.professionalTaxExemption).toMatch(/^aged 65 or more \(Maharashtra Act 1975 s\.27A/);
    expect(oct.notes?.some((n) => n.startsWith('Professional tax: exempt, aged 65 or more'))).toBe(true);
  });
  it('exempts a person with disability; Karnataka has no such exemption here', () => {
    expect(mh('2027-02', 40_000, { disabled: true }).deductions.professionalTaxPaise).toBe(0);
    expect(slip('2027-02', 40_000, { st: { stateOfWork: 'KA', disabled: true } }).deductions.professionalTaxPaise).toBe(inr(300));
  });
});

describe('late marks cost no more than the time lost (Code on Wages s.20)', () => {
  // October 2026: 27 working days; shift 09:30–18:30 (540 minutes).
  const rule = { ...DEFAULT_LATE_MARK_RULE, enabled: true }; // 2 free, then ½ day per 3 marks
  it('₹30,000, 5 late marks of 16 minutes: ₹165, not ½ day (₹556)', () => {
    const s = slip('2026-10', 30_000, { lateMarks: { count: 5, rule, minutes: 80, shiftMinutes: 540 } });
    // 30,000 × 80 ÷ (27 × 540) = 164.61: earned 30,000 × (27 − 80/540) ÷ 27 = 29,835.39 → 29,835.
    expect(s.earnings.totalPaise).toBe(inr(29_835));
    expect(s.lateMarks).toMatchObject({ count: 5, lopDays: 0.15, limitedToTimeLost: true });
    expect(s.notes).toContain('Late marks: loss of pay limited to the 80 minutes actually lost (Code on Wages s.20).');
  });
  it('5 marks of an hour each (300 minutes, more than ½ day): the rule\'s ½ day applies', () => {
    const s = slip('2026-10', 30_000, { lateMarks: { count: 5, rule, minutes: 300, shiftMinutes: 540 } });
    expect(s.earnings.totalPaise).toBe(inr(29_444)); // 30,000 × 26.5 ÷ 27 = 29,444.44
    expect(s.lateMarks.limitedToTimeLost).toBe(false);
  });
});

describe('half days (attendance H)', () => {
  it('are paid as half a day by default, and in full by the company setting', () => {
    const h = new Set(['2026-10-07']);
    const half = slip('2026-10', 27_000, { halfDays: { dates: h, pay: 'half' } });
    expect(half.days).toMatchObject({ halfDays: 1, lop: 0.5, paid: 26.5 });
    expect(half.earnings.totalPaise).toBe(inr(26_500)); // 27,000 × 26.5 ÷ 27
    expect(half.notes?.[0]).toBe("Half days (HD) are paid as half a day (1 this month): the company's setting.");
    const full = slip('2026-10', 27_000, { halfDays: { dates: h, pay: 'full' } });
    expect(full.earnings.totalPaise).toBe(inr(27_000));
    expect(full.notes?.[0]).toBe("Half days (HD) are paid as a full day (1 this month): the company's setting.");
  });
  it('an H on a Sunday earns nothing extra and costs nothing', () => {
    const s = slip('2026-10', 27_000, { halfDays: { dates: new Set(['2026-10-04']), pay: 'half' }, presentDates: new Set([...workingDays('2026-10'), '2026-10-04']) });
    expect(s.days).toMatchObject({ halfDays: 0, lop: 0, paid: 27 });
  });
});

describe('properties: deductions never exceed 50% of the month; net = gross − deductions to the paisa', () => {
  it('holds for any salary, state, LOP and year-to-date', () => {
    const months = ['2025-12', '2026-02', '2026-03', '2026-09', '2026-10'];
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10_00_000 }),
        fc.constantFrom(...months),
        fc.constantFrom('KA', 'MH', 'TN', 'WB', 'GJ', 'DL', 'KL'),
        fc.integer({ min: 0, max: 26 }),
        fc.integer({ min: 0, max: 5_000 }),
        fc.boolean(),
        (gross, month, state, absent, carried, noPan) => {
          const present = new Set(workingDays(month).slice(absent));
          const s = slip(month, gross, { presentDates: present, st: { stateOfWork: state, panMissing: noPan, carriedIn: { paise: inr(carried), fromMonth: '2025-01' } } });
          const d = s.deductions;
          expect(d.totalPaise).toBeLessThanOrEqual(s.earnings.totalPaise / 2);
          expect(d.totalPaise).toBe(d.providentFundPaise + d.esiPaise + d.professionalTaxPaise + (d.recoveredPaise ?? 0) + d.tdsPaise);
          expect(s.netPaise).toBe(s.earnings.totalPaise - d.totalPaise);
          expect(s.netPaise).toBeGreaterThanOrEqual(0);
        },
      ),
      { numRuns: 300 },
    );
  });
});
