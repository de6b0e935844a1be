/**
 * Opening leave balances and adjustments. An opening balance is what a person had of a leave type
 * when the company went live: one per person and type, entered by hand or imported, and replaced
 * (audited, before and after) when entered again. An adjustment adds or removes days for one person
 * with a required reason. Both are rows of leave_adjustments; the balance adds them to what it
 * computes from the records (leave-balances.ts), and the person's history lists them.
 */
import { sql, type Insertable, type Transaction } from 'kysely';
import { dateInZone } from '../../../shared/format';
import type { ImportAnswer, ImportCounts } from '../../../shared/schemas/import';
import type { LeaveAdjustmentBody, OpeningBalanceBody } from '../../../shared/schemas/leave-adjustments';
import { recordAudit } from '../../audit';
import type { Caller } from '../../auth/guard';
import type { AppContext } from '../../context';
import type { DB } from '../../db/schema';
import { badRequest, notFound } from '../../errors';
import { runImport } from '../../imports/import-run';
import { countsOf, refusedRows, type KeptRow } from '../../imports/import-report';
import { recordAuditMany } from '../audit';
import { readGoLive } from '../go-live';
import { EMPLOYEE_MSG } from '../employee-records';
import { findEmployeeByBusinessId, selectEmployees, type EmployeeRow } from '../employee-records';
import { listLeaveTypes, type LeaveTypeRow } from './leave-policy-repository';
import type { ParsedOpeningSheet } from './opening-balance-sheet';
import { adjustmentHistory, openingBalances } from './opening-balances-repository';

type Db = Transaction<DB> | AppContext['database']['db'];

export const BALANCE_MSG = {
  typeUnknown: (t: string) => `no leave type "${t}" (use its code, such as CL, or its name)`,
  asOfNeeded: 'asOf is required until the go-live date is set (Company settings)',
  openingSaved: (days: number, type: string, who: string) => `Opening balance of ${type} for ${who} set to ${days} days`,
  adjusted: (days: number, type: string, who: string) => `${days > 0 ? 'Added' : 'Removed'} ${Math.abs(days)} ${Math.abs(days) === 1 ? 'day' : 'days'} of ${type} for ${who}`,
  imported: (counts: ImportCounts, total: number) =>
    `Opening balances: ${counts.added} added, ${counts.updated} updated, ${counts.unchanged} unchanged, ${counts.failed} failed of ${total} rows`,
  dryRun: (counts: ImportCounts, total: number) =>
    `Dry run, nothing written: ${counts.added} would be added, ${counts.updated} updated, ${counts.unchanged} unchanged, ${counts.failed} failed of ${total} rows`,
  atomicRefused: (failed: number) => `Nothing was imported: ${failed} ${failed === 1 ? 'row has an error' : 'rows have errors'} (all or nothing)`,
} as const;

const ENTITY = 'leave_balance';

/** A leave type by code, name or record id, without case. */
export function typeFinder(types: readonly LeaveTypeRow[]) {
  const byKey = new Map<string, LeaveTypeRow>();
  for (const t of types) byKey.set(`id:${t.id}`, t);
  for (const t of types) byKey.set(t.name.toLowerCase(), t);
  for (const t of types) if (t.code) byKey.set(t.code.toLowerCase(), t);
  return (text: string): LeaveTypeRow | undefined => byKey.get(text.trim().toLowerCase()) ?? (/^\d+$/.test(text.trim()) ? byKey.get(`id:${text.trim()}`) : undefined);
}

export function createOpeningBalances(ctx: AppContext) {
  const { db } = ctx.database;
  const today = () => dateInZone(ctx.now(), ctx.config.timeZone);

  async function subject(trx: Db, body: { employeeId: string; leaveType: string }): Promise<{ employee: EmployeeRow; type: LeaveTypeRow }> {
    const employee = await findEmployeeByBusinessId(trx, body.employeeId);
    if (!employee) throw notFound(EMPLOYEE_MSG.notFound);
    const type = typeFinder(await listLeaveTypes(trx))(body.leaveType);
    if (!type) throw badRequest(BALANCE_MSG.typeUnknown(body.leaveType));
    return { employee, type };
  }

  return {
    /** Sets (or replaces) one person's opening balance of one type. */
    async setOpening(caller: Caller, body: OpeningBalanceBody) {
      const now = ctx.now();
      return db.transaction().execute(async (trx) => {
        const { employee, type } = await subject(trx, body);
        const asOf = body.asOf ?? (await readGoLive(trx)).goLiveDate;
        if (!asOf) throw badRequest(BALANCE_MSG.asOfNeeded);
        const before = (await openingBalances(trx, [employee.user_id])).get(`${employee.user_id}:${type.id}`);
        const after = { employeeId: employee.employee_id, leaveType: type.code ?? type.name, days: body.days, asOf };
        if (before) {
          await trx.updateTable('leave_adjustments').set({ days: body.days, as_of: asOf, actor_id: caller.userId, created_at: now.toISOString() }).where('id', '=', before.id).execute();
        } else {
          await trx
            .insertInto('leave_adjustments')
            .values({ user_id: employee.user_id, leave_type_id: type.id, kind: 'opening', days: body.days, as_of: asOf, reason: 'Opening balance', actor_id: caller.userId, created_at: now.toISOString() })
            .execute();
        }
        await recordAudit(
          trx,
          { actorId: caller.userId, action: 'leave-balance.opening', entity: ENTITY, entityId: String(employee.user_id), ...(before && { before: { ...after, days: before.days, asOf: before.as_of } }), after },
          now,
        );
        return { msg: BALANCE_MSG.openingSaved(body.days, type.name, employee.name) };
      });
    },

    /** Adds or removes days for one person, with a reason, dated today. */
    async adjust(caller: Caller, body: LeaveAdjustmentBody) {
      const now = ctx.now();
      return db.transaction().execute(async (trx) => {
        const { employee, type } = await subject(trx, body);
        const row = await trx
          .insertInto('leave_adjustments')
          .values({ user_id: employee.user_id, leave_type_id: type.id, kind: 'adjustment', days: body.days, as_of: today(), reason: body.reason, actor_id: caller.userId, created_at: now.toISOString() })
          .returning('id')
          .executeTakeFirstOrThrow();
        await recordAudit(
          trx,
          { actorId: caller.userId, action: 'leave-balance.adjust', entity: ENTITY, entityId: String(employee.user_id), after: { adjustmentId: String(row.id), employeeId: employee.employee_id, leaveType: type.code ?? type.name, days: body.days, reason: body.reason } },
          now,
        );
        return { msg: BALANCE_MSG.adjusted(body.days, type.name, employee.name) };
      });
    },

    async history(employeeId: string) {
      const employee = await findEmployeeByBusinessId(db, employeeId);
      if (!employee) throw notFound(EMPLOYEE_MSG.notFound);
      return adjustmentHistory(db, employee.user_id);
    },

    /** The opening-balances import: added (new), updated (another figure or date) or unchanged, per row. */
    async importOpening(caller: Caller, parsed: ParsedOpeningSheet, opts: { dryRun: boolean; atomic: boolean; fileName: string }): Promise<ImportAnswer> {
      const now = ctx.now();
      return runImport(
        ctx,
        { kind: 'leave-balances', actorId: caller.userId, mode: 'upsert', ...opts },
        refusedRows(parsed.errors),
        async (trx, refused) => {
          const kept: KeptRow[] = [];
          const findType = typeFinder(await listLeaveTypes(trx));
          const goLive = (await readGoLive(trx)).goLiveDate;
          const codes = [...new Set(parsed.rows.map((r) => r.employeeId.toLowerCase()))];
          const people = new Map<string, EmployeeRow>();
          for (let i = 0; i < codes.length; i += 1000) {
            for (const e of await selectEmployees(trx).where(sql`lower(employees.employee_id)`, 'in', codes.slice(i, i + 1000)).execute()) people.set(e.employee_id.toLowerCase(), e);
          }
          const existing = await openingBalances(trx, [...people.values()].map((p) => p.user_id));
          const fail = (r: (typeof parsed.rows)[number], error: string) => kept.push({ row: r.row, employeeId: r.employeeId, result: 'failed', error, values: r.values });
          const inserts: Insertable<DB['leave_adjustments']>[] = [];
          const audits = [];
          for (const r of parsed.rows) {
            const person = people.get(r.employeeId.toLowerCase());
            if (!person) {
              fail(r, `no employee has the employeeId ${r.employeeId}`);
              continue;
            }
            const type = findType(r.leaveType);
            if (!type) {
              fail(r, BALANCE_MSG.typeUnknown(r.leaveType));
              continue;
            }
            const asOf = r.asOf ?? goLive;
            if (!asOf) {
              fail(r, BALANCE_MSG.asOfNeeded);
              continue;
            }
            const before = existing.get(`${person.user_id}:${type.id}`);
            const after = { employeeId: person.employee_id, leaveType: type.code ?? type.name, days: r.days, asOf };
            if (before && before.days === r.days && before.as_of === asOf) {
              kept.push({ row: r.row, employeeId: person.employee_id, result: 'unchanged' });
              continue;
            }
            if (before) {
              await trx.updateTable('leave_adjustments').set({ days: r.days, as_of: asOf, actor_id: caller.userId, created_at: now.toISOString() }).where('id', '=', before.id).execute();
            } else {
              inserts.push({ user_id: person.user_id, leave_type_id: type.id, kind: 'opening', days: r.days, as_of: asOf, reason: 'Opening balance', actor_id: caller.userId, created_at: now.toISOString() });
            }
            audits.push({ actorId: caller.userId, action: 'leave-balance.opening', entity: ENTITY, entityId: String(person.user_id), ...(before && { before: { ...after, days: before.days, asOf: before.as_of } }), after });
            kept.push({ row: r.row, employeeId: person.employee_id, result: before ? 'updated' : 'added' });
          }
          for (let i = 0; i < inserts.length; i += 500) await trx.insertInto('leave_adjustments').values(inserts.slice(i, i + 500)).execute();
          await recordAuditMany(trx, audits, now);
          await recordAudit(trx, { actorId: caller.userId, action: 'leave-balance.import', entity: ENTITY, entityId: null, after: { file: opts.fileName, rows: parsed.total, ...countsOf([...refused, ...kept]) } }, now);
          return kept;
        },
        (kept, outcome) =>
          outcome === 'refused' ? BALANCE_MSG.atomicRefused(kept.length) : outcome === 'dry-run' ? BALANCE_MSG.dryRun(countsOf(kept), parsed.total) : BALANCE_MSG.imported(countsOf(kept), parsed.total),
      );
    },
  };
}
