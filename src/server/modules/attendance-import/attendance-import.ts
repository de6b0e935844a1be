/**
 * The past-attendance import, after the file is read: each row, against the database, adds the
 * day's record, replaces it, or changes nothing, in ONE transaction (imports/import-run.ts: dry run,
 * all or nothing, the kept report). Which record wins: a day an admin set is never replaced by an
 * import (the row is `unchanged` and says so); an imported day replaces one derived from punches.
 * The same rows imported again change nothing. A leave code files an approved one-day leave of that
 * type, which the balance then counts. Written for 300,000 rows: people, the days already there,
 * approved leave and approved months are each read once, and new records go in 500 at a time.
 */
import { sql, type Insertable, type Transaction } from 'kysely';
import { dateInZone } from '../../../shared/format';
import { leaveDays } from '../../../shared/leave-policy/work-calendar';
import type { ImportAnswer, ImportCounts } from '../../../shared/schemas/import';
import { recordAudit } from '../../audit';
import type { Caller } from '../../auth/guard';
import type { AppContext } from '../../context';
import type { AttendanceTable, DB, LeavesTable } from '../../db/schema';
import { runImport } from '../../imports/import-run';
import { countsOf, refusedRows, type KeptRow } from '../../imports/import-report';
import { listLeaveTypes, workCalendar } from '../leave-policy';
import { typeFinder } from '../leave-policy';
import { valuesOf, type AttendanceSheetRow, type ParsedAttendanceSheet } from './attendance-sheet';
import { approvedMonthsBetween, dayProblem, peopleQuery, punchInstants, toPerson, type Person } from './day-rules';

const CHUNK = 500;

export const IMPORT_MSG = {
  imported: (c: ImportCounts, total: number) => `Attendance: ${c.added} days added, ${c.updated} replaced, ${c.unchanged} unchanged, ${c.failed} failed of ${total} rows`,
  dryRun: (c: ImportCounts, total: number) => `Dry run, nothing written: ${c.added} days would be added, ${c.updated} replaced, ${c.unchanged} unchanged, ${c.failed} failed of ${total} rows`,
  atomicRefused: (failed: number) => `Nothing was imported: ${failed} ${failed === 1 ? 'row has an error' : 'rows have errors'} (all or nothing)`,
  adminDay: 'set by an admin: an import does not change it',
} as const;

interface Existing {
  id: number;
  status: string;
  punch_in: string | null;
  punch_out: string | null;
  source: string | null;
}

export function createAttendanceImport(ctx: AppContext) {
  return async function importAttendance(caller: Caller, parsed: ParsedAttendanceSheet, opts: { dryRun: boolean; atomic: boolean; fileName: string }): Promise<ImportAnswer> {
    const now = ctx.now();
    const zone = ctx.config.timeZone;
    const today = dateInZone(now, zone);
    return runImport(
      ctx,
      { kind: 'attendance', actorId: caller.userId, mode: 'upsert', ...opts },
      refusedRows(parsed.errors),
      async (trx, refused) => {
        const kept: KeptRow[] = [];
        const fail = (r: AttendanceSheetRow, error: string) => kept.push({ row: r.row, employeeId: r.employeeId, result: 'failed', error, values: valuesOf(r) });
        if (!parsed.rows.length) return kept;
        let from = parsed.rows[0]!.date;
        let to = from;
        for (const r of parsed.rows) {
          if (r.date < from) from = r.date;
          if (r.date > to) to = r.date;
        }
        const people = await peopleByCode(trx, parsed.rows.map((r) => r.employeeId));
        const approved = await approvedMonthsBetween(trx, from, to);
        const days = await existingDays(trx, from, to);
        const leave = await approvedLeaveDays(trx, from, to);
        const findType = typeFinder(await listLeaveTypes(trx));
        const calendar = await workCalendar(trx, from, to);

        // Written as the rows are decided, a chunk at a time, so 300,000 new records are never held at
        // once. A replaced record goes before any insert (a file names each person-day once, so no
        // insert of this file can be for a day a later chunk replaces).
        let inserts: Insertable<AttendanceTable>[] = [];
        let leaves: Insertable<LeavesTable>[] = [];
        let replaced: number[] = [];
        const flush = async () => {
          // A replaced record may be what an approved correction points at: it keeps the correction, unlinked.
          for (let i = 0; i < replaced.length; i += CHUNK) {
            const ids = replaced.slice(i, i + CHUNK);
            await trx.updateTable('attendance_corrections').set({ attendance_id: null }).where('attendance_id', 'in', ids).execute();
            await trx.deleteFrom('attendance').where('id', 'in', ids).execute();
          }
          for (let i = 0; i < inserts.length; i += CHUNK) await trx.insertInto('attendance').values(inserts.slice(i, i + CHUNK)).execute();
          for (let i = 0; i < leaves.length; i += CHUNK) await trx.insertInto('leaves').values(leaves.slice(i, i + CHUNK)).execute();
          replaced = [];
          inserts = [];
          leaves = [];
        };
        for (const r of parsed.rows) {
          if (replaced.length + inserts.length + leaves.length >= CHUNK * 4) await flush();
          const person = people.get(r.employeeId.toLowerCase());
          if (!person) {
            fail(r, `no employee has the employeeId ${r.employeeId}`);
            continue;
          }
          const problem = dayProblem(person, r.date, today, approved);
          if (problem) {
            fail(r, problem);
            continue;
          }
          const key = `${person.userId}|${r.date}`;
          const before = days.get(key);
          const onLeave = leave.get(key);
          if (r.kind === 'leave') {
            const type = findType(r.code);
            if (!type) {
              fail(r, `status "${r.code}" is not P, A, H, HD or a leave code`);
              continue;
            }
            if (onLeave !== undefined) {
              if (onLeave === type.id) kept.push({ row: r.row, employeeId: person.employeeId, result: 'unchanged' });
              else fail(r, 'already has approved leave of another type that day');
              continue;
            }
            if (before?.source === 'admin') {
              kept.push({ row: r.row, employeeId: person.employeeId, result: 'unchanged', error: IMPORT_MSG.adminDay });
              continue;
            }
            // The leave stands for the day: a record from punches or an import that day gives way.
            if (before) replaced.push(before.id);
            leaves.push({
              user_id: person.userId,
              start_date: r.date,
              end_date: r.date,
              reason: `Imported attendance (${opts.fileName})`.slice(0, 500),
              status: 'approved',
              decided_by: caller.userId,
              decided_at: now.toISOString(),
              decided_as: 'admin',
              created_at: now.toISOString(),
              leave_type_id: type.id,
              days: leaveDays(r.date, r.date, calendar),
            });
            kept.push({ row: r.row, employeeId: person.employeeId, result: before ? 'updated' : 'added' });
            continue;
          }
          if (onLeave !== undefined) {
            fail(r, 'is a day of approved leave: cancel the leave first, or give its leave code');
            continue;
          }
          const wanted =
            r.kind === 'status' ? { status: r.status, punch_in: null, punch_out: null } : (({ in: inAt, out }) => ({ status: 'P', punch_in: inAt, punch_out: out }))(punchInstants(r.date, r.punchIn, r.punchOut, zone));
          if (before?.source === 'admin') {
            kept.push({ row: r.row, employeeId: person.employeeId, result: 'unchanged', error: IMPORT_MSG.adminDay });
            continue;
          }
          if (before && before.source === 'import' && before.status === wanted.status && before.punch_in === wanted.punch_in && before.punch_out === wanted.punch_out) {
            kept.push({ row: r.row, employeeId: person.employeeId, result: 'unchanged' });
            continue;
          }
          if (before) replaced.push(before.id);
          inserts.push({ user_id: person.userId, date: r.date, ...wanted, source: 'import' });
          kept.push({ row: r.row, employeeId: person.employeeId, result: before ? 'updated' : 'added' });
        }
        await flush();
        await recordAudit(
          trx,
          { actorId: caller.userId, action: 'attendance.import', entity: 'attendance', entityId: null, after: { file: opts.fileName, rows: parsed.total, from, to, ...countsOf([...refused, ...kept]) } },
          now,
        );
        return kept;
      },
      (kept, outcome) => (outcome === 'refused' ? IMPORT_MSG.atomicRefused(kept.length) : outcome === 'dry-run' ? IMPORT_MSG.dryRun(countsOf(kept), parsed.total) : IMPORT_MSG.imported(countsOf(kept), parsed.total)),
    );
  };
}

async function peopleByCode(trx: Transaction<DB>, codes: readonly string[]): Promise<Map<string, Person>> {
  const unique = [...new Set(codes.map((c) => c.toLowerCase()))];
  const found = new Map<string, Person>();
  for (let i = 0; i < unique.length; i += 1000) {
    const rows = await peopleQuery(trx).where(sql`lower(e.employee_id)`, 'in', unique.slice(i, i + 1000)).execute();
    for (const r of rows) found.set(r.employee_id.toLowerCase(), toPerson(r));
  }
  return found;
}

/** Every record in the range by `${userId}|${date}` (the (date, user_id) index serves it). */
async function existingDays(trx: Transaction<DB>, from: string, to: string): Promise<Map<string, Existing>> {
  const rows = await trx.selectFrom('attendance').select(['id', 'user_id', 'date', 'status', 'punch_in', 'punch_out', 'source']).where('date', '>=', from).where('date', '<=', to).execute();
  const found = new Map<string, Existing>();
  for (const r of rows) found.set(`${r.user_id}|${r.date}`, { id: Number(r.id), status: r.status, punch_in: r.punch_in, punch_out: r.punch_out, source: r.source ?? null });
  return found;
}

/** Each day of approved leave in the range by `${userId}|${date}`, with its type (the default type for untyped rows: -1). */
async function approvedLeaveDays(trx: Transaction<DB>, from: string, to: string): Promise<Map<string, number>> {
  const rows = await trx
    .selectFrom('leaves')
    .select(['user_id', 'start_date', 'end_date', 'leave_type_id'])
    .where('status', '=', 'approved')
    .where('start_date', '<=', to)
    .where('end_date', '>=', from)
    .execute();
  const found = new Map<string, number>();
  for (const r of rows) {
    for (let d = r.start_date < from ? from : r.start_date; d <= r.end_date && d <= to; d = nextDay(d)) found.set(`${r.user_id}|${d}`, r.leave_type_id == null ? -1 : Number(r.leave_type_id));
  }
  return found;
}

const nextDay = (date: string) => new Date(Date.parse(`${date}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
