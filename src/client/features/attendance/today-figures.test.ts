import type { AttendanceRecord, AttendanceSummaryDay } from '../../../shared/schemas/attendance';
import { formatWorked, punchAvailability, todayPresence, withLiveToday, workedMinutes } from './attendance-view';
import { punchStatusText } from './punch-status';

const TODAY = '2026-03-10';
const record = (email: string, overrides: Partial<AttendanceRecord> = {}): AttendanceRecord => ({
  _id: email,
  employeeId: null,
  email,
  date: TODAY,
  status: 'P',
  punchIn: `${TODAY}T03:40:00.000Z`,
  punchOut: null,
  ...overrides,
});
const day = (date: string, present: number, absent: number): AttendanceSummaryDay => ({ date, present, absent });

describe("today's live figures (cards, chart and strip share this rule)", () => {
  const summary = [day('2026-03-09', 4, 1), day(TODAY, 0, 5)];

  // One record per person per day is the server's rule (a unique index), so records count people.
  it('counts present (P or H) from the live records, and the rest of the workforce as absent', () => {
    const records = [record('a@x.in'), record('b@x.in', { status: 'H' }), record('c@x.in', { status: 'A', punchIn: null })];
    expect(todayPresence(TODAY, records, summary)).toEqual({ present: 2, absent: 3 });
  });

  it('is unknown (null) until the records arrive, and absent is unknown with a summary of another day', () => {
    expect(todayPresence(TODAY, undefined, summary)).toEqual({ present: null, absent: null });
    expect(todayPresence(TODAY, [record('a@x.in')], undefined)).toEqual({ present: 1, absent: null });
    expect(todayPresence('2026-03-11', [], summary)).toEqual({ present: 0, absent: null });
  });

  it('never counts fewer than nobody absent when more punched in than the summary knew of', () => {
    const records = ['a', 'b', 'c', 'd', 'e', 'f'].map((n) => record(`${n}@x.in`));
    expect(todayPresence(TODAY, records, summary)).toEqual({ present: 6, absent: 0 });
  });

  it("puts the live figures into the chart's today and leaves the other days as the server sent them", () => {
    expect(withLiveToday(summary, TODAY, { present: 2, absent: 3 })).toEqual([day('2026-03-09', 4, 1), day(TODAY, 2, 3)]);
    expect(withLiveToday(summary, TODAY, { present: null, absent: null })).toBe(summary);
  });
});

describe('punch buttons follow today\'s record', () => {
  it('no record today: Punch In only', () => {
    expect(punchAvailability([record('a@x.in', { date: '2026-03-09', punchOut: `2026-03-09T12:00:00.000Z` })], TODAY)).toEqual({
      record: null,
      canPunchIn: true,
      canPunchOut: false,
    });
  });

  it('punched in, not out: Punch Out only', () => {
    const open = record('a@x.in');
    expect(punchAvailability([open], TODAY)).toEqual({ record: open, canPunchIn: false, canPunchOut: true });
  });

  it('punched out (one record a day on the server): neither', () => {
    const closed = record('a@x.in', { punchOut: `${TODAY}T12:45:00.000Z` });
    expect(punchAvailability([closed], TODAY)).toMatchObject({ canPunchIn: false, canPunchOut: false });
  });

  it('a day recorded without a punch (holiday or absence filed by HR): neither', () => {
    expect(punchAvailability([record('a@x.in', { status: 'H', punchIn: null })], TODAY)).toMatchObject({ canPunchIn: false, canPunchOut: false });
  });

  it('list not known: both off while it loads, both on when it failed (the server judges)', () => {
    expect(punchAvailability(undefined, TODAY)).toMatchObject({ canPunchIn: false, canPunchOut: false });
    expect(punchAvailability(undefined, TODAY, true)).toMatchObject({ canPunchIn: true, canPunchOut: true });
  });

  it("words for today's record", () => {
    expect(punchStatusText(null)).toBe('Not punched in yet');
    // The same local time string as the table's Punch In cell, seconds included, so the two agree.
    expect(punchStatusText(record('a@x.in'))).toBe(`Punched in at ${new Date(`${TODAY}T03:40:00.000Z`).toLocaleTimeString()}`);
    expect(punchStatusText(record('a@x.in', { punchOut: `${TODAY}T12:45:00.000Z` }))).toMatch(/^Punched out at /);
    expect(punchStatusText(record('a@x.in', { status: 'H', punchIn: null }))).toBe('Today is recorded as Present');
  });
});

describe('hours worked', () => {
  it("is '8h 05m' between the punches, whole minutes down", () => {
    expect(formatWorked('2026-03-10T03:40:00.000Z', '2026-03-10T11:45:59.999Z')).toBe('8h 05m');
    expect(formatWorked('2026-03-10T03:40:00.000Z', '2026-03-10T03:40:30.000Z')).toBe('0h 00m');
    expect(formatWorked('2026-03-10T00:00:00.000Z', '2026-03-10T23:59:00.000Z')).toBe('23h 59m');
  });

  it("is '-' while the day is open, was never punched, or the punches are out of order", () => {
    expect(formatWorked('2026-03-10T03:40:00.000Z', null)).toBe('-');
    expect(formatWorked(null, null)).toBe('-');
    expect(workedMinutes('2026-03-10T12:00:00.000Z', '2026-03-10T03:40:00.000Z')).toBeNull();
  });
});
