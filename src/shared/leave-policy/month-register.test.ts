import { computeSalarySlip } from '../payroll/salary-slip';
import { leaveTypeCodes, registerRow } from './month-register';
import { SUNDAY_OFF } from './work-calendar';

describe('month register row', () => {
  it('gives leave types short codes, unique even when initials clash', () => {
    const codes = leaveTypeCodes([
      { id: 1, name: 'Casual' },
      { id: 2, name: 'Sick' },
      { id: 3, name: 'Earned' },
      { id: 4, name: 'Leave Without Pay' },
      { id: 5, name: 'Compensatory' },
      { id: 6, name: 'casual (old)' },
    ]);
    expect([...codes.values()]).toEqual(['CL', 'SL', 'EL', 'LWP', 'CL5', 'CO']);
  });

  it('under the pay basis on leave, codes unmarked days NM (paid) and only marked absences A, as the slip counts them', () => {
    const input = {
      month: '2026-10',
      joinedOn: '2024-01-01',
      today: '2026-11-26',
      calendar: { weeklyOff: SUNDAY_OFF, holidays: new Set<string>() },
      attendance: new Map([
        ['2026-10-01', 'P'],
        ['2026-10-05', 'A'],
      ]),
      leaves: [{ startDate: '2026-10-07', endDate: '2026-10-07', typeCode: 'LWP', half: false, paid: false }],
    };
    const row = registerRow({ ...input, payBasis: 'leave' });
    expect(row.codes.slice(0, 8)).toEqual(['P', 'NM', 'NM', 'WO', 'A', 'NM', 'L-LWP', 'NM']);
    expect(row.totals).toMatchObject({ present: 1, lop: 2, paidDays: 25 });
    const slip = computeSalarySlip({
      monthlyGrossPaise: 30_000_00,
      month: '2026-10',
      joinedOn: '2024-01-01',
      today: '2026-11-26',
      presentDates: new Set(['2026-10-01']),
      approvedLeaveDates: new Set(['2026-10-07']),
      unpaidLeaveDates: new Set(['2026-10-07']),
      absentDates: new Set(['2026-10-05']),
      payBasis: 'leave',
    });
    expect(slip.days).toMatchObject({ lop: row.totals.lop, paid: row.totals.paidDays });
    expect(slip.lopDates).toEqual(row.lopDates);
    // On attendance the same month is A on every unrecorded working day.
    const onAttendance = registerRow(input);
    expect(onAttendance.codes.slice(0, 8)).toEqual(['P', 'A', 'A', 'WO', 'A', 'A', 'L-LWP', 'A']);
    expect(onAttendance.totals).toMatchObject({ present: 1, lop: 26, paidDays: 1 });
  });

  it('codes a half-day on a Friday before a holiday weekend, and counts the slip figures', () => {
    // February 2026: Friday 13th a half day of Casual leave (worked the other half), Monday 16th a holiday.
    const row = registerRow({
      month: '2026-02',
      joinedOn: '2026-02-03',
      today: '2026-03-01',
      calendar: { weeklyOff: { weekdays: [0], saturdays: [2, 4] }, holidays: new Set(['2026-02-16']) },
      attendance: new Map([
        ['2026-02-03', 'P'],
        ['2026-02-04', 'H'],
        ['2026-02-05', 'A'],
      ]),
      leaves: [{ startDate: '2026-02-13', endDate: '2026-02-13', typeCode: 'CL', half: true, paid: true }],
    });
    expect(row.codes.slice(0, 17)).toEqual(['–', '–', 'P', 'HD', 'A', 'A', 'A', 'WO', 'A', 'A', 'A', 'A', 'HL-CL', 'WO', 'WO', 'H', 'A']);
    expect(row.totals.leave).toEqual({ CL: 0.5 });
    // 28 days - 4 Sundays - 2 Saturdays = 22 working; 1 before joining; LOP = every other working day
    // gone, and half of the half day (HD is paid as half a day by default).
    expect(row.totals.lop).toBe(row.codes.filter((c) => c === 'A').length + 0.5);
    expect(row.totals.paidDays).toBe(22 - 1 - row.totals.lop);
    expect(row.lopDates[0]).toBe('2026-02-05');
  });

  it('pays a half day in full when the company says so', () => {
    const input = {
      month: '2026-10',
      joinedOn: '2020-01-01',
      today: '2026-11-02',
      calendar: { weeklyOff: SUNDAY_OFF, holidays: new Set<string>() },
      attendance: new Map([...Array.from({ length: 31 }, (_, i) => `2026-10-${String(i + 1).padStart(2, '0')}`)].map((d) => [d, d === '2026-10-07' ? 'H' : 'P'])),
      leaves: [],
    };
    // October 2026: 27 working days, all present, one of them a half day.
    expect(registerRow(input).totals).toMatchObject({ halfDays: 1, lop: 0.5, paidDays: 26.5 });
    expect(registerRow({ ...input, halfDayPay: 'full' }).totals).toMatchObject({ halfDays: 1, lop: 0, paidDays: 27 });
  });

  it('leaves today and later blank, and a leave over a weekly off is no leave on the off day', () => {
    const row = registerRow({
      month: '2026-11',
      joinedOn: '2020-01-01',
      today: '2026-11-23',
      calendar: { weeklyOff: SUNDAY_OFF, holidays: new Set() },
      attendance: new Map(),
      leaves: [{ startDate: '2026-10-30', endDate: '2026-11-03', typeCode: 'EL', half: false, paid: true }],
    });
    expect(row.codes.slice(0, 4)).toEqual(['WO', 'L-EL', 'L-EL', 'A']);
    expect(row.codes.slice(22)).toEqual(['', '', '', '', '', '', 'WO', '']);
    expect(row.totals.leave).toEqual({ EL: 2 });
  });

  it('an approved day of an unpaid type shows as that leave and is loss of pay, on the register and on the slip alike', () => {
    // November 2026, Sundays off. Worked the 2nd (Mon); Leave Without Pay the 3rd–4th (Tue–Wed);
    // Casual the 5th (Thu); nothing on the 6th (Fri): LOP = the two LWP days + the 6th = 3.
    const calendar = { weeklyOff: SUNDAY_OFF, holidays: new Set<string>() };
    const row = registerRow({
      month: '2026-11',
      joinedOn: '2020-01-01',
      today: '2026-11-07',
      calendar,
      attendance: new Map([['2026-11-02', 'P']]),
      leaves: [
        { startDate: '2026-11-03', endDate: '2026-11-04', typeCode: 'LWP', half: false, paid: false },
        { startDate: '2026-11-05', endDate: '2026-11-05', typeCode: 'CL', half: false, paid: true },
      ],
    });
    expect(row.codes.slice(0, 7)).toEqual(['WO', 'P', 'L-LWP', 'L-LWP', 'L-CL', 'A', '']);
    expect(row.totals.leave).toEqual({ LWP: 2, CL: 1 });
    expect(row.lopDates).toEqual(['2026-11-03', '2026-11-04', '2026-11-06']);
    expect(row.totals.lop).toBe(3);
    // 30 days - 5 Sundays = 25 working days; paid = 25 - 3 (the days not over yet are not LOP).
    expect(row.totals.paidDays).toBe(22);

    const slip = computeSalarySlip({
      monthlyGrossPaise: 30_000_00,
      month: '2026-11',
      joinedOn: '2020-01-01',
      presentDates: new Set(['2026-11-02']),
      approvedLeaveDates: new Set(['2026-11-03', '2026-11-04', '2026-11-05']),
      unpaidLeaveDates: new Set(['2026-11-03', '2026-11-04']),
      today: '2026-11-07',
      calendar,
    });
    expect(slip.lopDates).toEqual(row.lopDates);
    expect(slip.days.paid).toBe(row.totals.paidDays);
  });
});
