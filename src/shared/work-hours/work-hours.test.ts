/** The working-hours rules: timing a record against a shift, and the late-mark rule's loss of pay. */
import { SUNDAY_OFF } from '../leave-policy/work-calendar';
import { appliedLateMarkLop, countLateMarks, createShiftClock, describeLateMarks, formatDays, lateMarkLopDays, recordTiming, type LateMarkRule, type Shift } from './work-hours';

const DAY: Shift = { start: '09:30', end: '18:30', graceMinutes: 15 };
const NIGHT: Shift = { start: '22:00', end: '06:00', graceMinutes: 10 };
const kolkata = createShiftClock('Asia/Kolkata');
const ist = (date: string, time: string) => new Date(`${date}T${time}+05:30`).toISOString();
const RULE: LateMarkRule = { enabled: true, freePerMonth: 2, marksPerStep: 3, daysPerStep: 0.5 };

describe('recordTiming', () => {
  it('counts a punch-in beyond the grace as late from the shift start; exactly at the grace, or seconds into its last minute, is not late', () => {
    const at = (time: string) => recordTiming('2026-08-03', { punchIn: ist('2026-08-03', time), punchOut: null }, DAY, kolkata).lateMinutes;
    expect(at('09:45:00')).toBe(0);
    expect(at('09:45:59')).toBe(0);
    expect(at('09:46:00')).toBe(16);
    expect(at('09:10:00')).toBe(0);
  });

  it('gives hours worked and early leaving only with a punch-out', () => {
    expect(recordTiming('2026-08-03', { punchIn: ist('2026-08-03', '09:30:00'), punchOut: ist('2026-08-03', '17:45:00') }, DAY, kolkata)).toEqual({ hoursWorked: 8.25, lateMinutes: 0, earlyMinutes: 45 });
    expect(recordTiming('2026-08-03', { punchIn: ist('2026-08-03', '09:30:00'), punchOut: null }, DAY, kolkata)).toEqual({ hoursWorked: null, lateMinutes: 0, earlyMinutes: 0 });
  });

  it('ends an overnight shift the next day, and never marks a day off', () => {
    const night = { punchIn: ist('2026-08-03', '22:15:00'), punchOut: ist('2026-08-04', '05:00:00') };
    expect(recordTiming('2026-08-03', night, NIGHT, kolkata)).toEqual({ hoursWorked: 6.75, lateMinutes: 15, earlyMinutes: 60 });
    expect(recordTiming('2026-08-03', night, NIGHT, kolkata, false)).toEqual({ hoursWorked: 6.75, lateMinutes: 0, earlyMinutes: 0 });
  });

  it("reads the shift on the company's clock, not UTC (a zone with DST: New York in July is UTC-4)", () => {
    const ny = createShiftClock('America/New_York');
    expect(recordTiming('2026-07-06', { punchIn: '2026-07-06T13:50:00.000Z', punchOut: null }, DAY, ny).lateMinutes).toBe(20);
  });
});

describe('the late-mark rule', () => {
  it('costs ½ day for 5 late marks with 2 free and every 3 more = ½ day; nothing when off', () => {
    expect([2, 4, 5, 7, 8, 11].map((n) => lateMarkLopDays(n, RULE))).toEqual([0, 0, 0.5, 0.5, 1, 1.5]);
    expect(lateMarkLopDays(5, { ...RULE, enabled: false })).toBe(0);
    expect(appliedLateMarkLop({ count: 8, rule: RULE }, 0.5)).toBe(0.5);
    expect(appliedLateMarkLop(undefined, 20)).toBe(0);
  });

  it('counts late marks on working days only', () => {
    const punchIns = new Map([
      ['2026-08-01', ist('2026-08-01', '10:00:00')],
      ['2026-08-02', ist('2026-08-02', '10:00:00')], // a Sunday
      ['2026-08-03', ist('2026-08-03', '09:40:00')],
      ['2026-08-04', null],
    ]);
    expect(countLateMarks(punchIns, DAY, kolkata, { weeklyOff: SUNDAY_OFF, holidays: new Set() })).toBe(1);
  });

  it('says the line as the slip shows it', () => {
    expect(describeLateMarks(5, 0.5)).toBe('5 (½ day LOP)');
    expect(describeLateMarks(2, 0)).toBe('2');
    expect([0.5, 1, 1.5, 2].map(formatDays)).toEqual(['½ day', '1 day', '1½ days', '2 days']);
  });
});
