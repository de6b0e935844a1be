/**
 * An admin setting past days: one person's day by hand (times or a status, with a reason), or many
 * people's days at once (present, absent or half day). Either way the record says the admin set it
 * (`source = 'admin'`), so no import and no punch replaces it, and the change is audited with the
 * record before and after and the reason. A day of approved leave is left alone (cancel the leave
 * first); an approved payroll month is locked.
 */
import { sql } from 'kysely';
import { dateInZone, shiftDate } from '../../../shared/format';
import { dayKind } from '../../../shared/leave-policy/work-calendar';
import type { AdminDayBody, BulkMarkAnswer, BulkMarkBody } from '../../../shared/schemas/attendance-admin';
import { recordAudit } from '../../audit';
import type { Caller } from '../../auth/guard';
import type { AppContext } from '../../context';
import { badRequest, conflict, notFound } from '../../errors';
import { EMPLOYEE_MSG } from '../employee-records';
import { workCalendar } from '../leave-policy';
import { recordAuditMany } from '../audit';
import { approvedMonthsBetween, dayProblem, peopleQuery, punchInstants, toPerson, type Person } from './day-rules';

const CHUNK = 500;
const SKIPPED_LISTED = 1000;

export function createAdminDays(ctx: AppContext) {
  const { db } = ctx.database;
  const zone = () => ctx.config.timeZone;

  return {
    async setDay(caller: Caller, body: AdminDayBody) {
      const now = ctx.now();
      const today = dateInZone(now, zone());
      return db.transaction().execute(async (trx) => {
        const row = await peopleQuery(trx).where(sql`lower(e.employee_id)`, '=', body.employeeId.toLowerCase()).executeTakeFirst();
        if (!row) throw notFound(EMPLOYEE_MSG.notFound);
        const person = toPerson(row);
        const problem = dayProblem(person, body.date, today, await approvedMonthsBetween(trx, body.date, body.date));
        if (problem) throw (problem.includes('approved') ? conflict : badRequest)(`${person.name}: ${problem}`);
        const leave = await trx.selectFrom('leaves').select('id').where('user_id', '=', person.userId).where('status', '=', 'approved').where('start_date', '<=', body.date).where('end_date', '>=', body.date).executeTakeFirst();
        if (leave) throw conflict(`${person.name} is on approved leave on ${body.date}: cancel the leave first`);
        const punches = body.punchIn ? punchInstants(body.date, body.punchIn, body.punchOut ?? undefined, zone()) : { in: null, out: null };
        const after = { status: body.status, punch_in: punches.in, punch_out: punches.out, source: 'admin' };
        const before = await trx.selectFrom('attendance').select(['id', 'status', 'punch_in', 'punch_out', 'source']).where('user_id', '=', person.userId).where('date', '=', body.date).executeTakeFirst();
        let id: number;
        if (before) {
          await trx.updateTable('attendance').set(after).where('id', '=', before.id).execute();
          id = Number(before.id);
        } else {
          id = Number((await trx.insertInto('attendance').values({ user_id: person.userId, date: body.date, ...after }).returning('id').executeTakeFirstOrThrow()).id);
        }
        await recordAudit(
          trx,
          {
            actorId: caller.userId,
            action: 'attendance.admin-set',
            entity: 'attendance',
            entityId: String(id),
            ...(before && { before: { employeeId: person.employeeId, date: body.date, status: before.status, punchIn: before.punch_in, punchOut: before.punch_out, source: before.source ?? 'web' } }),
            after: { employeeId: person.employeeId, date: body.date, status: body.status, punchIn: punches.in, punchOut: punches.out, source: 'admin', reason: body.reason },
          },
          now,
        );
        return { msg: `${person.name}'s day on ${body.date} is set`, _id: String(id) };
      });
    },

    async bulkMark(caller: Caller, body: BulkMarkBody, { dryRun = false } = {}): Promise<BulkMarkAnswer> {
      const now = ctx.now();
      const today = dateInZone(now, zone());
      return db.transaction().execute(async (trx) => {
        const codes = [...new Set(body.employeeIds.map((c) => c.toLowerCase()))];
        const people: Person[] = [];
        for (let i = 0; i < codes.length; i += 1000) people.push(...(await peopleQuery(trx).where(sql`lower(e.employee_id)`, 'in', codes.slice(i, i + 1000)).execute()).map(toPerson));
        const unknown = codes.filter((c) => !people.some((p) => p.employeeId.toLowerCase() === c));
        if (unknown.length) throw badRequest(`No employee has the employeeId ${unknown.slice(0, 5).join(', ')}${unknown.length > 5 ? ` and ${unknown.length - 5} more` : ''}`);
        const approved = await approvedMonthsBetween(trx, body.from, body.to);
        const calendar = await workCalendar(trx, body.from, body.to);
        const leave = new Set<string>();
        const existing = new Map<string, { id: number; status: string; punch_in: string | null; punch_out: string | null; source: string | null }>();
        for (let i = 0; i < people.length; i += CHUNK) {
          const ids = people.slice(i, i + CHUNK).map((p) => p.userId);
          const leaves = await trx.selectFrom('leaves').select(['user_id', 'start_date', 'end_date']).where('status', '=', 'approved').where('user_id', 'in', ids).where('start_date', '<=', body.to).where('end_date', '>=', body.from).execute();
          for (const l of leaves) for (let d = l.start_date; d <= l.end_date; d = shiftDate(d, 1)) leave.add(`${l.user_id}|${d}`);
          const days = await trx.selectFrom('attendance').select(['id', 'user_id', 'date', 'status', 'punch_in', 'punch_out', 'source']).where('user_id', 'in', ids).where('date', '>=', body.from).where('date', '<=', body.to).execute();
          for (const d of days) existing.set(`${d.user_id}|${d.date}`, { id: Number(d.id), status: d.status, punch_in: d.punch_in, punch_out: d.punch_out, source: d.source ?? null });
        }
        const skipped: BulkMarkAnswer['skipped'] = [];
        let skippedCount = 0;
        const counts = { added: 0, updated: 0, unchanged: 0, failed: 0 };
        const rows: BulkMarkAnswer['rows'] = [];
        const errors: string[] = [];
        let rowNo = 0;
        const skip = (employeeId: string, date: string, reason: string) => {
          skippedCount += 1;
          counts.failed += 1;
          if (skipped.length < SKIPPED_LISTED) skipped.push({ employeeId, date, reason });
          if (rows.length < SKIPPED_LISTED) {
            rows.push({ row: rowNo, employeeId, date, result: 'failed', error: `${date}: ${reason}` });
            errors.push(`Row ${rowNo}: ${employeeId} on ${date}: ${reason}`);
          }
        };
        const replace: number[] = [];
        const inserts = [];
        for (let date = body.from; date <= body.to; date = shiftDate(date, 1)) {
          const kind = dayKind(date, calendar);
          for (const p of people) {
            rowNo += 1;
            if (kind !== 'working' && !body.includeDaysOff) {
              skip(p.employeeId, date, kind === 'holiday' ? 'a holiday' : 'a weekly off');
              continue;
            }
            const problem = dayProblem(p, date, today, approved);
            if (problem) {
              skip(p.employeeId, date, problem);
              continue;
            }
            if (leave.has(`${p.userId}|${date}`)) {
              skip(p.employeeId, date, 'approved leave');
              continue;
            }
            const before = existing.get(`${p.userId}|${date}`);
            if (before) replace.push(before.id);
            const result = !before ? 'added' : before.source === 'admin' && before.status === body.status && !before.punch_in && !before.punch_out ? 'unchanged' : 'updated';
            counts[result] += 1;
            if (rows.length < SKIPPED_LISTED) rows.push({ row: rowNo, employeeId: p.employeeId, date, result });
            inserts.push({ user_id: p.userId, date, status: body.status, punch_in: null, punch_out: null, source: 'admin' });
          }
        }
        const word = body.status === 'P' ? 'present' : body.status === 'A' ? 'absent' : 'a half day';
        const days = (n: number) => `${n} ${n === 1 ? 'day' : 'days'}`;
        const left = skippedCount ? `; ${skippedCount} left as they were` : '';
        if (dryRun) {
          const replacing = replace.length ? ` (${replace.length} replacing a record)` : '';
          return { msg: `Dry run, nothing written: ${days(inserts.length)} would be marked ${word}${replacing}${left}`, dryRun, set: inserts.length, replaced: replace.length, skipped, skippedCount, counts, rows, errors };
        }
        for (let i = 0; i < replace.length; i += CHUNK) {
          const ids = replace.slice(i, i + CHUNK);
          await trx.updateTable('attendance_corrections').set({ attendance_id: null }).where('attendance_id', 'in', ids).execute();
          await trx.deleteFrom('attendance').where('id', 'in', ids).execute();
        }
        for (let i = 0; i < inserts.length; i += CHUNK) await trx.insertInto('attendance').values(inserts.slice(i, i + CHUNK)).execute();
        await recordAudit(
          trx,
          {
            actorId: caller.userId,
            action: 'attendance.bulk-mark',
            entity: 'attendance',
            entityId: null,
            after: { employeeIds: people.map((p) => p.employeeId), from: body.from, to: body.to, status: body.status, reason: body.reason, set: inserts.length, replaced: replace.length, skipped: skippedCount },
          },
          now,
        );
        // Each replaced day keeps what it was in the audit log, as a hand edit does.
        const replaced = new Set(replace);
        await recordAuditMany(
          trx,
          [...existing.values()]
            .filter((d) => replaced.has(d.id))
            .map((d) => ({ actorId: caller.userId, action: 'attendance.admin-set', entity: 'attendance', entityId: String(d.id), before: { status: d.status, punchIn: d.punch_in, punchOut: d.punch_out, source: d.source ?? 'web' }, after: { status: body.status, source: 'admin', reason: body.reason } })),
          now,
        );
        return { msg: `Marked ${days(inserts.length)} ${word}${left}`, dryRun, set: inserts.length, replaced: replace.length, skipped, skippedCount, counts, rows, errors };
      });
    },
  };
}
