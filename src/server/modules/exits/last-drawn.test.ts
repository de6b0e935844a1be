/**
 * The last drawn wage of a settlement takes Basic from the salary structure in force on the leaving
 * day, not from the company default's 50% of gross. Worked example: ₹30,000 a month under "Drivers"
 * (Basic fixed at ₹12,000), joined 1 November 2018, left 31 October 2025 (6 years 11 months: 7 years
 * counted; before 21 November 2025, so gratuity's wage is Basic plus DA): 12,000 × 15/26 × 7 = 48,462.
 */
import { datesOfMonth, weekdayOf } from '../../../shared/payroll/pay-month';
import { DEFAULT_PAYROLL_POLICY } from '../../../shared/payroll/payroll-policy';
import { computeSalarySlip } from '../../../shared/payroll/salary-slip';
import type { SalaryRevisionFact } from '../../../shared/payroll/salary-history';
import { dayRate } from '../../../shared/payroll/full-and-final';
import { gratuity } from '../../../shared/payroll/statutory/gratuity';
import { lastDrawnOf } from './settlement-statement';

const rupees = (r: number) => r * 100;
const drivers = { name: 'Drivers', basicPercentOfGross: 0, basicMonthlyPaise: rupees(12_000), hraPercentOfBasic: 40, fixedAllowances: [] };

function lastSlip(revisions: SalaryRevisionFact[]) {
  return computeSalarySlip({
    monthlyGrossPaise: rupees(30_000),
    salaryRevisions: revisions,
    month: '2025-10',
    joinedOn: '2018-11-01',
    leftOn: '2025-10-31',
    presentDates: new Set(datesOfMonth('2025-10').filter((d) => weekdayOf(d) !== 0)),
    approvedLeaveDates: new Set(),
    today: '2025-11-03',
  });
}

describe("a leaver's last drawn wage", () => {
  it("is the structure's fixed Basic: gratuity 48,462, not the default's 60,577", () => {
    const revisions = [{ effectiveFrom: '2018-11-01', monthlyGrossPaise: rupees(30_000), structure: drivers }];
    const last = lastDrawnOf(lastSlip(revisions), DEFAULT_PAYROLL_POLICY, revisions, '2025-10-31');
    expect(last).toEqual({ grossPaise: rupees(30_000), basicPaise: rupees(12_000) });
    const g = gratuity({ joinedOn: '2018-11-01', leftOn: '2025-10-31', employmentType: 'permanent', reason: 'resignation', lastDrawn: last });
    expect(g).toMatchObject({ eligible: true, countedYears: 7, wagePaise: rupees(12_000), amountPaise: rupees(48_462) });
    // Leave encashment on a Basic ÷ 26 basis uses the same Basic: 461.54 a day.
    expect(dayRate('basic-26', last)).toBeCloseTo(rupees(12_000) / 26, 6);
  });

  it('is 50% of gross without a structure (the company default)', () => {
    const revisions = [{ effectiveFrom: '2018-11-01', monthlyGrossPaise: rupees(30_000) }];
    const last = lastDrawnOf(lastSlip(revisions), DEFAULT_PAYROLL_POLICY, revisions, '2025-10-31');
    expect(last).toEqual({ grossPaise: rupees(30_000), basicPaise: rupees(15_000) });
    expect(gratuity({ joinedOn: '2018-11-01', leftOn: '2025-10-31', employmentType: 'permanent', reason: 'resignation', lastDrawn: last }).amountPaise).toBe(rupees(60_577));
  });

  it('is the structure in force on the leaving day when it changed in the last month', () => {
    const revisions = [
      { effectiveFrom: '2018-11-01', monthlyGrossPaise: rupees(30_000) },
      { effectiveFrom: '2025-10-16', monthlyGrossPaise: rupees(30_000), structure: drivers },
    ];
    expect(lastDrawnOf(lastSlip(revisions), DEFAULT_PAYROLL_POLICY, revisions, '2025-10-31').basicPaise).toBe(rupees(12_000));
  });
});
