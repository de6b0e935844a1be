/**
 * Today's absentees by name: the people the dashboard counts as absent (employed today, no punch in,
 * no approved leave, on a working day), so the figure and the list come from the same rule.
 */
import { dateInZone } from '../../../shared/format';
import { dayKind } from '../../../shared/leave-policy/work-calendar';
import type { AbsentToday } from '../../../shared/schemas/attendance';
import type { AppContext } from '../../context';
import { notInOn } from '../roster-counts';
import { workCalendar } from '../leave-policy';

export async function absentToday(ctx: AppContext, q: string, limit: number): Promise<AbsentToday> {
  const { db } = ctx.database;
  const date = dateInZone(ctx.now(), ctx.config.timeZone);
  const kind = dayKind(date, await workCalendar(db, date, date));
  if (kind !== 'working') return { date, dayOff: kind, total: 0, people: [] };
  return { date, dayOff: null, ...(await notInOn(db, date, q, limit)) };
}
