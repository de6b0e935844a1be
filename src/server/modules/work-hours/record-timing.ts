/** Each attendance record's hours worked, late arrival and early leaving, against the person's shift. */
import type { WorkCalendar } from '../../../shared/leave-policy/work-calendar';
import { createShiftClock, lateMarksWithMinutes, recordTiming, shiftMinutes, type MonthLateMarks, type Timing } from '../../../shared/work-hours/work-hours';
import type { DB } from '../../db/schema';
import type { Kysely, Transaction } from 'kysely';
import { ownShifts, readWorkHours } from './work-hours-repository';

interface TimedRow {
  user_id: number;
  date: string;
  punch_in: string | null;
  punch_out: string | null;
}

/** Loads the company's shift and people's own (two small reads) and times records with them. */
export type RecordTimer = (row: TimedRow, workingDay: boolean) => Timing;

export async function recordTimer(db: Kysely<DB> | Transaction<DB>, timeZone: string, userIds?: readonly number[]): Promise<RecordTimer> {
  const [settings, own] = await Promise.all([readWorkHours(db), ownShifts(db, userIds)]);
  const clock = createShiftClock(timeZone);
  return (row, workingDay) => recordTiming(row.date, { punchIn: row.punch_in, punchOut: row.punch_out }, own.get(row.user_id) ?? settings.shift, clock, workingDay);
}

/**
 * Each person's late marks in a month (with the minutes they lost and their shift's length, for the
 * Code on Wages s.20 limit) and the company's late-mark rule, from their present days'
 * punch-ins (already read with their presence): the company's shift and the batch's own shifts are
 * two small reads, so payroll and the register stay at one attendance query per batch.
 */
export async function monthLateMarks(
  db: Kysely<DB> | Transaction<DB>,
  timeZone: string,
  punchIns: ReadonlyMap<number, ReadonlyMap<string, string | null>>,
  calendar: WorkCalendar,
): Promise<Map<number, MonthLateMarks>> {
  const [settings, own] = await Promise.all([readWorkHours(db), ownShifts(db, [...punchIns.keys()])]);
  const clock = createShiftClock(timeZone);
  const rule = settings.lateMarkRule;
  return new Map(
    [...punchIns].map(([userId, days]) => {
      const shift = own.get(userId) ?? settings.shift;
      return [userId, { ...lateMarksWithMinutes(days, shift, clock, calendar), rule, shiftMinutes: shiftMinutes(shift) }];
    }),
  );
}
