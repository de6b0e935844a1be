/**
 * The employee import after parsing: decides for each row, against the database, whether it adds
 * someone, updates them (by employeeId, only the fields the row gives) or changes nothing, then
 * writes every row, its audit entry, the import's summary entry and its kept report in ONE
 * transaction. A dry run does all of it and rolls back, so its answer says exactly what the import
 * would do. `atomic`: one failed row and nothing is written. Invitations go out after the commit,
 * or are held for an admin's Invite ("import now, invite later").
 *
 * Audit: each added employee gets its own 'employee.create' entry and each updated one an
 * 'employee.update' with the fields that changed (as adding or editing one by hand), a moved
 * reporting line an 'employee.manager-change', and the import adds one 'employee.import' entry with
 * the file name and counts. Managers by code: import-managers.ts.
 */
import { sql, type Transaction } from 'kysely';
import { EMPLOYEE_MSG } from '../employee-records';
import type { ImportAnswer, ImportMode } from '../../../shared/schemas/import';
import { dateInZone } from '../../../shared/format';
import { recordAudit } from '../../audit';
import type { Caller } from '../../auth/guard';
import type { AppContext } from '../../context';
import type { DB } from '../../db/schema';
import { conflict, HttpError } from '../../errors';
import { importAnswer, saveImportReport, type KeptRow } from '../../imports/import-report';
import { recordAuditMany } from '../audit';
import type { EmployeeSheetRow, ParsedEmployeeSheet } from './employee-csv';
import { allocateEmployeeIds, findPinHolders, findTakenEmails, insertEmployees, lockEmployeeCounter, paiseToRupees, selectEmployees, toEmployee, updateEmployee, type EmployeeRow, type InsertedEmployee, type NewEmployee } from '../employee-records';
import { isUniqueViolation } from '../../db/unique-violation';
import { EMPLOYEE_ENTITY } from './employee-service';
import { changesLeavingDate, insertNewStatutory, loadStatutoryByUser, NO_STATUTORY, saveStatutory, statutoryUpdateProblem } from '../employee-records';
import type { Invitations } from './invitations';
import { findPlaces, type Places } from '../employee-records';
import { loadPeople, settleManagers, writeManagers, type Person } from './import-managers';
import { loadRuleBook } from '../statutory-rules';
import { applyUnmappedPunches } from '../punches';
import type { RuleBook } from '../../../shared/payroll/statutory/rule-versions';
import { oneLine } from '../../../shared/spreadsheet-safety';
import { recordSalaryRevision, type RevisionOutcome } from '../salary';

/** The reason a salary revision from an import carries in the history. */
const IMPORT_REVISION_REASON = (fileName: string) => `Salary changed by the import of ${oneLine(fileName).slice(0, 120)}`;

export { IMPORT_ERROR_LIMIT } from '../../imports/import-report';

export interface ImportOptions {
  mode: ImportMode;
  dryRun: boolean;
  atomic: boolean;
  inviteLater: boolean;
  fileName: string;
}

/** Thrown inside the transaction to roll a dry run (or a refused all-or-nothing import) back. */
class RollBack extends Error {}

const LOOKUP_CHUNK = 1000;

async function existingByCode(trx: Transaction<DB>, codes: readonly string[]): Promise<Map<string, EmployeeRow>> {
  const found = new Map<string, EmployeeRow>();
  const unique = [...new Set(codes.map((c) => c.toLowerCase()))];
  for (let i = 0; i < unique.length; i += LOOKUP_CHUNK) {
    const rows = await selectEmployees(trx).where(sql`lower(employees.employee_id)`, 'in', unique.slice(i, i + LOOKUP_CHUNK)).execute();
    for (const r of rows) found.set(r.employee_id.toLowerCase(), r);
  }
  return found;
}

export function createEmployeeImport(ctx: AppContext, invitations: Invitations) {
  return async function importEmployees(actor: Caller, parsed: ParsedEmployeeSheet, opts: ImportOptions): Promise<ImportAnswer> {
    const now = ctx.now();
    const today = dateInZone(now, ctx.config.timeZone);
    const kept: KeptRow[] = parsed.errors.map((e) => ({ row: e.row, employeeId: e.employeeId, result: 'failed', error: e.message, ...(e.problems && { problems: e.problems }), values: e.values }));
    let invitees: InsertedEmployee[] = [];
    let reportId: number | undefined;

    const work = async (trx: Transaction<DB>) => {
      // The counter lock first: concurrent adds and imports queue behind it, so the checks hold.
      await lockEmployeeCounter(trx);
      const existing = await existingByCode(trx, parsed.employees.flatMap((e) => (e.employeeId ? [e.employeeId] : [])));
      const takenEmails = await findTakenEmails(trx, parsed.employees.flatMap((e) => (e.email ? [e.email] : [])));
      const places = await findPlaces(trx);
      // The statutory rules, loaded once and only when a row carries statutory details.
      let ruleBook: RuleBook | undefined;
      const book = async () => (ruleBook ??= await loadRuleBook(trx));
      const fail = (e: EmployeeSheetRow, error: string) => kept.push({ row: e.row, employeeId: e.employeeId ?? null, result: 'failed', error, values: e.values });

      // Today's statutory details of the people the file updates, to check each row's before writing.
      const withStatutory = parsed.employees.filter((e) => Object.keys(e.statutory).length);
      const statutoryBefore = await loadStatutoryByUser(trx, withStatutory.flatMap((e) => (e.employeeId && existing.get(e.employeeId.toLowerCase()) ? [existing.get(e.employeeId.toLowerCase())!.user_id] : [])));

      const toAdd: { sheet: EmployeeSheetRow; row: NewEmployee }[] = [];
      const toUpdate: { sheet: EmployeeSheetRow; before: EmployeeRow }[] = [];
      for (const e of parsed.employees) {
        const refs = resolvePlaces(e, places);
        if (refs.problem) {
          fail(e, refs.problem);
          continue;
        }
        const before = e.employeeId ? existing.get(e.employeeId.toLowerCase()) : undefined;
        // Someone on the roster leaves through Record exit, which checks what an import cannot see (notice, settlement, approved payroll).
        if (before && opts.mode !== 'add' && changesLeavingDate(statutoryBefore.get(Number(before.user_id)) ?? NO_STATUTORY, e.statutory)) {
          fail(e, `statutory.leftOn: ${EMPLOYEE_MSG.leavingDateByExit}`);
          continue;
        }
        if (Object.keys(e.statutory).length && (before ? opts.mode !== 'add' : opts.mode !== 'update')) {
          const facts = statutoryUpdateProblem((before && statutoryBefore.get(Number(before.user_id))) || NO_STATUTORY, e.statutory, {
            joinedOn: e.joinedOn ?? before?.joined_on ?? today,
            book: await book(),
          });
          if (facts) {
            fail(e, facts);
            continue;
          }
        }
        if (opts.mode === 'add' && before) {
          fail(e, `employeeId ${e.employeeId} already exists`);
          continue;
        }
        if (opts.mode === 'update' && !before) {
          fail(e, e.employeeId ? `no employee has the employeeId ${e.employeeId}` : 'employeeId is required to update');
          continue;
        }
        if (before) {
          if (e.email !== undefined && e.email !== before.email && takenEmails.has(e.email)) fail(e, `duplicate email ${e.email} (already exists)`);
          else toUpdate.push({ sheet: e, before });
          continue;
        }
        const missing = (['name', 'email', 'position', 'salaryPaise'] as const).filter((f) => e[f] === undefined);
        if (missing.length) {
          fail(e, missing.map((f) => `${f === 'salaryPaise' ? 'salary' : f} is required to add an employee`).join(', '));
          continue;
        }
        if (takenEmails.has(e.email!)) {
          fail(e, `duplicate email ${e.email} (already exists)`);
          continue;
        }
        toAdd.push({
          sheet: e,
          row: {
            employeeId: e.employeeId ?? '',
            name: e.name!,
            email: e.email!,
            position: e.position!,
            salaryPaise: e.salaryPaise!,
            joinedOn: e.joinedOn ?? today,
            phone: e.phone ?? null,
            departmentId: refs.departmentId ?? null,
            locationId: refs.locationId ?? null,
            ...(e.devicePin !== undefined && { devicePin: e.devicePin }),
            inviteHeld: opts.inviteLater,
          },
        });
      }
      // Device PINs someone else has already (a PIN stays with its holder until an admin moves it).
      const pinned = [...toAdd, ...toUpdate].filter((x) => x.sheet.devicePin !== undefined);
      if (pinned.length) {
        const holders = await findPinHolders(trx, pinned.map((x) => x.sheet.devicePin!));
        const refused = new Set<number>();
        for (const x of pinned) {
          const holder = holders.get(x.sheet.devicePin!);
          if (holder && !('before' in x && Number(x.before.user_id) === holder.userId)) {
            fail(x.sheet, EMPLOYEE_MSG.pinTaken(x.sheet.devicePin!, holder.employeeId));
            refused.add(x.sheet.row);
          }
        }
        for (const list of [toAdd, toUpdate] as { sheet: EmployeeSheetRow }[][]) {
          const keep = list.filter((x) => !refused.has(x.sheet.row));
          list.splice(0, list.length, ...keep);
        }
      }
      // Managers by code, checked against the company and the file as the import leaves them.
      const withManager = [...toAdd, ...toUpdate].filter((x) => x.sheet.managerCode !== undefined);
      const people = withManager.length ? await loadPeople(trx, now, ctx.config.timeZone) : new Map<string, Person>();
      if (withManager.length) {
        const adding = new Map(toAdd.flatMap((a) => (a.row.employeeId ? [[a.row.employeeId.toLowerCase(), a.sheet.row] as const] : [])));
        const failedInFile = new Map(kept.flatMap((r) => (r.employeeId ? [[r.employeeId.toLowerCase(), r.row] as const] : [])));
        const claims = withManager.map((x) => ({
          row: x.sheet.row,
          subject: 'before' in x ? x.before.employee_id.toLowerCase() : x.row.employeeId ? x.row.employeeId.toLowerCase() : `#row${x.sheet.row}`,
          manager: x.sheet.managerCode!.toLowerCase(),
        }));
        const refused = settleManagers(people, claims, adding, failedInFile);
        for (const x of withManager) if (refused.has(x.sheet.row)) fail(x.sheet, refused.get(x.sheet.row)!);
        for (const list of [toAdd, toUpdate] as { sheet: EmployeeSheetRow }[][]) {
          const keep = list.filter((x) => !refused.has(x.sheet.row));
          list.splice(0, list.length, ...keep);
        }
      }
      if (opts.atomic && kept.some((r) => r.result === 'failed')) throw new RollBack();

      // New codes continue the file's own series (or the company's latest), above every code it gave.
      const fresh = await allocateEmployeeIds(trx, toAdd.filter((a) => !a.row.employeeId).length, toAdd.flatMap((a) => (a.row.employeeId ? [a.row.employeeId] : [])));
      let next = 0;
      for (const a of toAdd) if (!a.row.employeeId) a.row.employeeId = fresh[next++]!;
      const added = await insertEmployees(trx, toAdd.map((a) => a.row), now, new Set(toUpdate.flatMap((u) => (u.sheet.devicePin ? [u.sheet.devicePin] : []))));
      // The reporting lines the file gives, now that everyone it adds has a record id.
      const addedIds = new Map(added.map((e) => [e.employeeId.toLowerCase(), e.userId]));
      const idOf = (code: string) => people.get(code)?.userId ?? addedIds.get(code)!;
      const lines = new Map<number, number>();
      for (const [i, a] of toAdd.entries()) if (a.sheet.managerCode !== undefined) lines.set(added[i]!.userId, idOf(a.sheet.managerCode.toLowerCase()));
      const managerMoves: { before: EmployeeRow; managerId: number }[] = [];
      for (const { sheet, before } of toUpdate) {
        if (sheet.managerCode === undefined) continue;
        const managerId = idOf(sheet.managerCode.toLowerCase());
        if (managerId === nullableNumber(before.manager_id)) continue;
        lines.set(before.user_id, managerId);
        managerMoves.push({ before, managerId });
      }
      await writeManagers(trx, lines);
      await recordAuditMany(
        trx,
        added.map((e) => ({ actorId: actor.userId, action: 'employee.create', entity: EMPLOYEE_ENTITY, entityId: String(e.userId), after: auditView(e, lines.get(e.userId)) })),
        now,
      );
      await recordAuditMany(
        trx,
        managerMoves.map(({ before, managerId }) => ({
          actorId: actor.userId,
          action: 'employee.manager-change',
          entity: EMPLOYEE_ENTITY,
          entityId: String(before.user_id),
          before: { employeeId: before.employee_id, managerId: before.manager_id == null ? null : String(before.manager_id) },
          after: { employeeId: before.employee_id, managerId: String(managerId) },
        })),
        now,
      );
      const movedManager = new Set(managerMoves.map((m) => m.before.user_id));
      for (const [i, a] of toAdd.entries()) kept.push({ row: a.sheet.row, employeeId: added[i]!.employeeId, result: 'added' });
      // New people's details in a few statements (each row's were checked above).
      await insertNewStatutory(
        trx,
        toAdd.flatMap((a, i) => (Object.keys(a.sheet.statutory).length ? [{ userId: added[i]!.userId, employeeId: added[i]!.employeeId, update: a.sheet.statutory }] : [])),
        { actorId: actor.userId, entity: EMPLOYEE_ENTITY },
        now,
      );

      for (const { sheet: e, before } of toUpdate) {
        const refs = resolvePlaces(e, places);
        // A changed salary is a revision from a day, as on Edit Employee; it runs first, so a refused day fails the row before anything of it is written.
        let revision: RevisionOutcome | undefined;
        if (e.salaryPaise !== undefined && e.salaryPaise !== Number(before.salary_paise)) {
          try {
            revision = await recordSalaryRevision(
              ctx,
              trx,
              {
                userId: Number(before.user_id),
                employeeId: before.employee_id,
                joinedOn: e.joinedOn ?? before.joined_on,
                previousPaise: Number(before.salary_paise),
                salaryPaise: e.salaryPaise,
                effectiveFrom: e.salaryEffectiveFrom,
                reason: IMPORT_REVISION_REASON(opts.fileName),
                actorId: actor.userId,
              },
              now,
            );
          } catch (err) {
            if (!(err instanceof HttpError)) throw err;
            fail(e, err.message);
            continue;
          }
        }
        const changes = {
          ...(e.name !== undefined && e.name !== before.name && { name: e.name }),
          ...(e.email !== undefined && e.email !== before.email && { email: e.email }),
          ...(e.position !== undefined && e.position !== before.position && { position: e.position }),
          ...(revision && revision.inForceTodayPaise !== Number(before.salary_paise) && { salaryPaise: revision.inForceTodayPaise }),
          ...(e.joinedOn !== undefined && e.joinedOn !== before.joined_on && { joinedOn: e.joinedOn }),
          ...(e.phone !== undefined && e.phone !== before.phone && { phone: e.phone }),
          ...(refs.departmentId !== undefined && refs.departmentId !== nullableNumber(before.department_id) && { departmentId: refs.departmentId }),
          ...(refs.locationId !== undefined && refs.locationId !== nullableNumber(before.location_id) && { locationId: refs.locationId }),
          ...(e.devicePin !== undefined && e.devicePin !== (before.device_pin ?? null) && { devicePin: e.devicePin }),
        };
        const statutoryChanged = Object.keys(e.statutory).length
          ? (await saveStatutory(trx, before.user_id, e.statutory, { actorId: actor.userId, employeeId: before.employee_id, entity: EMPLOYEE_ENTITY }, now, {
              joinedOn: e.joinedOn ?? before.joined_on,
              book: await book(),
            })).length > 0
          : false;
        if (Object.keys(changes).length) {
          await updateEmployee(trx, before.user_id, changes, now);
          const beforeView = toEmployee(before);
          const afterView = toEmployee({ ...before, ...rowChanges(changes) });
          const changed = (Object.keys(afterView) as (keyof typeof afterView)[]).filter((k) => beforeView[k] !== afterView[k]);
          await recordAudit(
            trx,
            {
              actorId: actor.userId,
              action: changed.includes('salary') ? 'employee.salary-change' : 'employee.update',
              entity: EMPLOYEE_ENTITY,
              entityId: String(before.user_id),
              before: Object.fromEntries(['employeeId', ...changed].map((k) => [k, beforeView[k as keyof typeof beforeView]])),
              after: Object.fromEntries(['employeeId', ...changed].map((k) => [k, afterView[k as keyof typeof afterView]])),
            },
            now,
          );
        }
        kept.push({ row: e.row, employeeId: before.employee_id, result: Object.keys(changes).length || revision || statutoryChanged || movedManager.has(before.user_id) ? 'updated' : 'unchanged' });
      }
      // All or nothing: a salary day refused above fails the whole import too.
      if (opts.atomic && kept.some((r) => r.result === 'failed')) throw new RollBack();

      // Punches that waited under a PIN the file gives someone become theirs.
      const newPins = new Map<string, number>([
        ...added.flatMap((e) => (e.devicePin ? [[e.devicePin, e.userId] as const] : [])),
        ...toUpdate.flatMap((u) => (u.sheet.devicePin !== undefined && u.sheet.devicePin !== (u.before.device_pin ?? null) ? [[u.sheet.devicePin, Number(u.before.user_id)] as const] : [])),
      ]);
      if (newPins.size) {
        const waiting = await trx.selectFrom('punches').select('pin').distinct().where('state', '=', 'unmapped').where('pin', 'in', [...newPins.keys()]).execute();
        for (const w of waiting) await applyUnmappedPunches(ctx, trx, w.pin!, newPins.get(w.pin!)!);
      }

      await recordAudit(
        trx,
        {
          actorId: actor.userId,
          action: 'employee.import',
          entity: EMPLOYEE_ENTITY,
          entityId: null,
          after: { file: opts.fileName, mode: opts.mode, rows: parsed.total, added: added.length, updated: kept.filter((r) => r.result === 'updated').length, rejected: kept.filter((r) => r.result === 'failed').length },
        },
        now,
      );
      if (opts.dryRun) throw new RollBack();
      reportId = await saveImportReport(trx, { kind: 'employees', actorId: actor.userId, fileName: opts.fileName, mode: opts.mode, rows: kept }, now);
      invitees = opts.inviteLater ? [] : added;
    };

    let rolledBack = false;
    await ctx.database.db
      .transaction()
      .execute(work)
      .catch((err) => {
        if (err instanceof RollBack) {
          rolledBack = true;
          return;
        }
        // Only a writer outside the counter lock (the admin CLI) can get here; everything rolled back.
        if (isUniqueViolation(err, 'email') || isUniqueViolation(err, 'employee_id')) throw conflict(EMPLOYEE_MSG.importRaced);
        throw err;
      });

    if (rolledBack && !opts.dryRun) {
      // All or nothing, and something failed: the good rows were not written either.
      const failed = kept.filter((r) => r.result === 'failed');
      const answer = importAnswer(EMPLOYEE_MSG.atomicRefused(failed.length), false, failed);
      reportId = await saveImportReport(ctx.database.db, { kind: 'employees', actorId: actor.userId, fileName: opts.fileName, mode: opts.mode, rows: failed }, now);
      return { ...answer, reportId: String(reportId) };
    }
    invitations.send(invitees);
    const counts = { added: kept.filter((r) => r.result === 'added').length };
    const msg = opts.dryRun
      ? EMPLOYEE_MSG.dryRun(parsed.total, kept)
      : opts.mode === 'add'
        ? EMPLOYEE_MSG.imported(counts.added, parsed.total)
        : EMPLOYEE_MSG.importedModes(kept, parsed.total);
    return importAnswer(msg, opts.dryRun, kept, reportId);
  };
}

const nullableNumber = (v: number | null) => (v == null ? null : Number(v));

/** The changes in the database row's names, to show the record as it is after them. */
const rowChanges = (c: { name?: string; email?: string; position?: string; salaryPaise?: number; joinedOn?: string; phone?: string; departmentId?: number | null; locationId?: number | null; devicePin?: string }): Partial<EmployeeRow> => ({
  ...(c.name !== undefined && { name: c.name }),
  ...(c.email !== undefined && { email: c.email }),
  ...(c.position !== undefined && { position: c.position }),
  ...(c.salaryPaise !== undefined && { salary_paise: c.salaryPaise }),
  ...(c.joinedOn !== undefined && { joined_on: c.joinedOn }),
  ...(c.phone !== undefined && { phone: c.phone }),
  ...(c.departmentId !== undefined && { department_id: c.departmentId }),
  ...(c.locationId !== undefined && { location_id: c.locationId }),
  ...(c.devicePin !== undefined && { device_pin: c.devicePin }),
});

/** A row's department and location, by record id or name (any case); undefined when the row gives none. */
function resolvePlaces(e: EmployeeSheetRow, places: Places): { departmentId?: number; locationId?: number; problem?: string } {
  const out: { departmentId?: number; locationId?: number; problem?: string } = {};
  if (e.department !== undefined) {
    out.departmentId = places.department(e.department);
    if (out.departmentId === undefined) out.problem = `no department "${e.department}" (add it on the Company profile first)`;
  }
  if (e.location !== undefined) {
    out.locationId = places.location(e.location);
    if (out.locationId === undefined) out.problem = [out.problem, `no location "${e.location}" (add it on the Company profile first)`].filter(Boolean).join(', ');
  }
  return out;
}

const auditView = (e: InsertedEmployee, managerId: number | undefined) => ({
  _id: String(e.userId),
  employeeId: e.employeeId,
  name: e.name,
  email: e.email,
  position: e.position,
  salary: paiseToRupees(e.salaryPaise),
  ...(managerId !== undefined && { managerId: String(managerId) }),
});
