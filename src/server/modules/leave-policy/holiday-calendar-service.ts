/**
 * The holiday CSV import (all or nothing) and "Who's off" (a period's approved leave and holidays).
 */
import { HOLIDAY_CALENDAR_MSG as MSG } from '../../../shared/leave-policy/holiday-calendar-messages';
import type { HolidayImportResponse, WhosOff, WhosOffQuery } from '../../../shared/schemas/holiday-calendar';
import { recordAudit } from '../../audit';
import type { Caller } from '../../auth/guard';
import type { AppContext } from '../../context';
import { badRequest, conflict } from '../../errors';
import { recordAuditMany } from '../audit';
import type { RowError } from '../../csv-table';
import { isUniqueViolation } from '../../db/unique-violation';
import { formatErrors } from '../../imports/import-report';
import type { ParsedHolidayCsv } from './holiday-csv';
import { holidaysBetween, readLeaveSettings } from './leave-policy-repository';
import { whosOffOf } from './whos-off';

/** Approved leaves one "Who's off" answer carries at most (6 weeks of a 10,000-person company is far below). */
export const WHOS_OFF_MAX_LEAVES = 20_000;

export const HOLIDAY_ENTITY = 'holiday';

export function createHolidayCalendarService(ctx: AppContext) {
  const { db } = ctx.database;

  return {
    /**
     * Adds every holiday of the file in one transaction, or none: a row with a problem (in the file,
     * or a date that already has a holiday) refuses the whole file, and every such row is listed.
     */
    async importHolidays(caller: Caller, parsed: ParsedHolidayCsv, fileName: string): Promise<{ status: 200 | 400; body: HolidayImportResponse }> {
      const now = ctx.now();
      const errors: RowError[] = [...parsed.errors];
      const refused = () => ({ status: 400 as const, body: { msg: MSG.importRefused(new Set(errors.map((e) => e.row)).size), added: 0, errors: formatErrors(errors) } });

      const outcome = await db
        .transaction()
        .execute(async (trx) => {
          const dates = parsed.holidays.map((h) => h.date);
          const taken = new Map<string, string>();
          for (let i = 0; i < dates.length; i += 500) {
            const rows = await trx.selectFrom('holidays').select(['date', 'name']).where('date', 'in', dates.slice(i, i + 500)).execute();
            for (const r of rows) taken.set(r.date, r.name);
          }
          // A day a repeating holiday already falls on is taken too.
          const repeating = await trx.selectFrom('holidays').select(['date', 'name']).where('repeats_yearly', '=', 1).execute();
          for (const h of parsed.holidays) {
            const name = taken.get(h.date) ?? repeating.find((r) => r.date <= h.date && r.date.slice(5) === h.date.slice(5))?.name;
            if (name !== undefined) errors.push({ row: h.row, message: MSG.alreadyHoliday(h.date, name) });
          }
          // Every problem is listed at once, the file's own and the dates already taken.
          if (errors.length) return null;
          const at = now.toISOString();
          const inserted = await trx
            .insertInto('holidays')
            .values(parsed.holidays.map((h) => ({ date: h.date, name: h.name, optional: h.optional ? 1 : 0, created_at: at })))
            .returning(['id', 'date', 'name', 'optional'])
            .execute();
          await recordAuditMany(
            trx,
            inserted.map((r) => ({ actorId: caller.userId, action: 'holiday.create', entity: HOLIDAY_ENTITY, entityId: String(r.id), after: { date: r.date, name: r.name, optional: r.optional === 1 } })),
            now,
          );
          await recordAudit(trx, { actorId: caller.userId, action: 'holiday.import', entity: HOLIDAY_ENTITY, entityId: null, after: { file: fileName, rows: parsed.total, added: inserted.length } }, now);
          return inserted.length;
        })
        .catch((err) => {
          // Another admin added one of the dates between our check and our insert; all rolled back.
          if (isUniqueViolation(err)) throw conflict(MSG.importRefused(1));
          throw err;
        });
      if (outcome === null) return refused();
      return { status: 200, body: { msg: MSG.imported(outcome), added: outcome, errors: [] } };
    },

    /** Approved leave of active employees overlapping [from, to], the period's holidays and the weekly off rule. */
    async whosOff({ from, to }: WhosOffQuery): Promise<WhosOff> {
      // status + end_date is indexed (migration 006): the scan starts at the period, not at the first leave ever.
      const overlapping = db
        .selectFrom('leaves as l')
        .innerJoin('users as u', 'u.id', 'l.user_id')
        .innerJoin('employees as e', 'e.user_id', 'l.user_id')
        .where('l.status', '=', 'approved')
        .where('l.end_date', '>=', from)
        .where('l.start_date', '<=', to)
        .where('u.active', '=', 1);
      const { count } = await overlapping.select((eb) => eb.fn.countAll<number | string>().as('count')).executeTakeFirstOrThrow();
      if (Number(count) > WHOS_OFF_MAX_LEAVES) throw badRequest(MSG.tooManyLeaves(Number(count), WHOS_OFF_MAX_LEAVES));

      const [leaves, holidays, settings, defaultType] = await Promise.all([
        overlapping
          .leftJoin('leave_types as t', 't.id', 'l.leave_type_id')
          .select(['l.id', 'e.employee_id', 'u.name', 't.name as type_name', 'l.start_date', 'l.end_date', 'l.day_part'])
          .orderBy('l.start_date')
          .orderBy((eb) => eb.fn('length', ['e.employee_id']))
          .orderBy('e.employee_id')
          .execute(),
        holidaysBetween(db, from, to),
        readLeaveSettings(db),
        db.selectFrom('leave_types').select('name').where('is_default', '=', 1).executeTakeFirst(),
      ]);
      return whosOffOf(from, to, settings, holidays, leaves, defaultType?.name ?? 'Leave');
    },
  };
}
