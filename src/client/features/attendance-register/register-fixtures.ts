/** A register page as the server answers it, for the screen's tests. */
import { datesOfMonth, monthLabel, weekdayOf } from '../../../shared/payroll/pay-month';
import type { RegisterPage, RegisterRowJson } from '../../../shared/schemas/attendance-register';

export function registerRowFixture(n: number, month: string, name = `Person ${n}`): RegisterRowJson {
  const dates = datesOfMonth(month);
  const codes = dates.map((d, i) => (weekdayOf(d) === 0 ? 'WO' : i === 14 ? 'H' : i === 2 ? 'A' : i === 5 ? 'L-CL' : 'P'));
  const count = (c: string) => codes.filter((x) => x === c).length;
  return {
    employeeId: `EMP${String(n).padStart(4, '0')}`,
    name,
    email: `person${n}@acme.in`,
    joinedOn: '2024-01-01',
    codes,
    totals: { present: count('P'), halfDays: 0, leave: { CL: count('L-CL') }, lop: count('A'), lateMarks: 0, lateMarkLop: 0, holidays: count('H'), weeklyOffs: count('WO'), paidDays: dates.length - count('WO') - count('A') },
    overtimeMinutes: 0,
  };
}

export function registerPageFixture(month: string, rows: RegisterRowJson[], opts: { total?: number; offset?: number; limit?: number } = {}): RegisterPage {
  return {
    month,
    monthLabel: monthLabel(month),
    today: '2026-11-23',
    days: datesOfMonth(month).map((date, i) => ({ date, weekday: weekdayOf(date), kind: weekdayOf(date) === 0 ? 'weekly-off' : i === 14 ? 'holiday' : 'working' })),
    leaveTypes: [
      { code: 'CL', name: 'Casual', paid: true },
      { code: 'SL', name: 'Sick', paid: true },
    ],
    total: opts.total ?? rows.length,
    offset: opts.offset ?? 0,
    limit: opts.limit ?? 200,
    rows,
  };
}
