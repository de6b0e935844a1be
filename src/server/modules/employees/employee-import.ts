/**
 * The CSV import after parsing: drops rows whose email or business id is already taken, then
 * writes every remaining row, its audit entry and the import's summary entry in ONE transaction,
 * so a failure part-way leaves no trace. Invitations are queued only after the commit.
 *
 * Audit: each imported employee gets its own 'employee.create' entry (the same as adding one by
 * hand, so "who created EMP0042 and at what salary" always has an answer), and the import adds one
 * 'employee.import' entry with the file name and counts.
 */
import { EMPLOYEE_MSG } from './employee-messages';
import type { UploadResponse } from '../../../shared/schemas/employee';
import { dateInZone } from '../../../shared/format';
import { recordAudit } from '../../audit';
import type { Caller } from '../../auth/guard';
import type { AppContext } from '../../context';
import { conflict } from '../../errors';
import { recordAuditMany } from '../audit/audit-repository';
import type { CsvEmployee, ParsedEmployeeCsv } from './employee-csv';
import type { RowError } from '../../csv-table';
import {
  allocateEmployeeIds,
  employeeIdNumber,
  findTakenEmails,
  findTakenEmployeeIds,
  insertEmployees,
  isUniqueViolation,
  lockEmployeeCounter,
  paiseToRupees,
  type InsertedEmployee,
} from './employee-repository';
import { EMPLOYEE_ENTITY } from './employee-service';
import type { Invitations } from './invitations';

/** Row errors listed in one answer; a file of 100,000 bad rows gets a count for the rest. */
export const IMPORT_ERROR_LIMIT = 1000;

export function createEmployeeImport(ctx: AppContext, invitations: Invitations) {
  return async function importEmployees(actor: Caller, parsed: ParsedEmployeeCsv, fileName: string): Promise<UploadResponse> {
    const now = ctx.now();
    const today = dateInZone(now, ctx.config.timeZone);
    const errors: RowError[] = [...parsed.errors];

    const inserted = await ctx.database.db
      .transaction()
      .execute(async (trx) => {
        // The counter lock first: concurrent adds and imports queue behind it, so the checks hold.
        await lockEmployeeCounter(trx);
        const takenEmails = await findTakenEmails(trx, parsed.employees.map((e) => e.email));
        const takenIds = await findTakenEmployeeIds(trx, parsed.employees.flatMap((e) => (e.employeeId ? [e.employeeId] : [])));

        const accepted: CsvEmployee[] = [];
        for (const e of parsed.employees) {
          const problems: string[] = [];
          if (takenEmails.has(e.email)) problems.push(`duplicate email ${e.email} (already exists)`);
          if (e.employeeId && takenIds.has(e.employeeId)) problems.push(`employeeId ${e.employeeId} already exists`);
          if (problems.length) errors.push({ row: e.row, message: problems.join(', ') });
          else accepted.push(e);
        }

        // New ids go above every id the file supplied, so a later add never collides with one.
        const highestSupplied = accepted.reduce((max, e) => Math.max(max, e.employeeId ? employeeIdNumber(e.employeeId)! : 0), 0);
        const fresh = await allocateEmployeeIds(trx, accepted.filter((e) => !e.employeeId).length, highestSupplied);
        let next = 0;
        const rows = accepted.map((e) => ({
          employeeId: e.employeeId ?? fresh[next++]!,
          name: e.name,
          email: e.email,
          position: e.position,
          salaryPaise: e.salaryPaise,
          joinedOn: e.joinedOn ?? today,
        }));

        const added = await insertEmployees(trx, rows, now);
        await recordAuditMany(
          trx,
          added.map((e) => ({ actorId: actor.userId, action: 'employee.create', entity: EMPLOYEE_ENTITY, entityId: String(e.userId), after: auditView(e) })),
          now,
        );
        await recordAudit(
          trx,
          {
            actorId: actor.userId,
            action: 'employee.import',
            entity: EMPLOYEE_ENTITY,
            entityId: null,
            after: { file: fileName, rows: parsed.total, added: added.length, rejected: parsed.total - added.length },
          },
          now,
        );
        return added;
      })
      .catch((err) => {
        // Only a writer outside the counter lock (the admin CLI) can get here; everything rolled back.
        if (isUniqueViolation(err, 'email')) throw conflict(EMPLOYEE_MSG.importRaced);
        throw err;
      });

    invitations.send(inserted);
    return { msg: EMPLOYEE_MSG.imported(inserted.length, parsed.total), errors: formatErrors(errors) };
  };
}

const auditView = (e: InsertedEmployee) => ({
  _id: String(e.userId),
  employeeId: e.employeeId,
  name: e.name,
  email: e.email,
  position: e.position,
  salary: paiseToRupees(e.salaryPaise),
});

/** 'Row 4: invalid email "x@"', in row order, at most IMPORT_ERROR_LIMIT of them plus a count. */
export function formatErrors(errors: readonly RowError[]): string[] {
  const sorted = [...errors].sort((a, b) => a.row - b.row);
  const shown = sorted.slice(0, IMPORT_ERROR_LIMIT).map((e) => `Row ${e.row}: ${e.message}`);
  if (sorted.length > IMPORT_ERROR_LIMIT) shown.push(EMPLOYEE_MSG.moreRowErrors(sorted.length - IMPORT_ERROR_LIMIT));
  return shown;
}
