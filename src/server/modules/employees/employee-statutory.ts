/**
 * An employee's statutory and bank details (migration 011): reading them for a caller (the account
 * number masked for anyone but an admin), saving an admin's changes with an audit entry that names
 * the changed fields without the account number, and loading them in bulk for payroll.
 */
import { EMPLOYEE_MSG } from './employee-messages';
import type { Kysely } from 'kysely';
import {
  maskBankAccount,
  STATUTORY_FIELDS,
  type StatutoryDetails,
  type StatutoryField,
  type StatutoryUpdate,
} from '../../../shared/schemas/employee-statutory';
import { recordAudit } from '../../audit';
import { badRequest } from '../../errors';
import type { DB, EmployeeStatutoryTable } from '../../db/schema';
import type { Db } from './employee-repository';

/** The stored details, in the wire's names; null where not given (PF on full wages: false). */
export type StatutoryValues = { [K in Exclude<StatutoryField, 'pfOnFullWages'>]: string | null } & { pfOnFullWages: boolean };

const COLUMN: Record<StatutoryField, keyof Omit<EmployeeStatutoryTable, 'user_id' | 'updated_at'>> = {
  stateOfWork: 'state_of_work',
  pan: 'pan',
  uan: 'uan',
  esiNumber: 'esi_number',
  bankAccount: 'bank_account',
  ifsc: 'ifsc',
  taxRegime: 'tax_regime',
  gender: 'gender',
  pfOnFullWages: 'pf_on_full_wages',
  leftOn: 'left_on',
};

export const NO_STATUTORY: StatutoryValues = {
  stateOfWork: null,
  pan: null,
  uan: null,
  esiNumber: null,
  bankAccount: null,
  ifsc: null,
  taxRegime: null,
  gender: null,
  pfOnFullWages: false,
  leftOn: null,
};

/** A column's value as the wire has it: the opt-in is stored as 0/1 (SQLite has no boolean). */
const fromColumn = (f: StatutoryField, v: string | number | null | undefined) => (f === 'pfOnFullWages' ? Number(v ?? 0) === 1 : (v ?? null));
const toColumn = (f: StatutoryField, v: string | boolean | null) => (f === 'pfOnFullWages' ? (v ? 1 : 0) : v);

const fromRow = (row: EmployeeStatutoryTable | undefined): StatutoryValues =>
  row ? (Object.fromEntries(STATUTORY_FIELDS.map((f) => [f, fromColumn(f, row[COLUMN[f]])])) as StatutoryValues) : { ...NO_STATUTORY };

export async function loadStatutory(db: Db, userId: number): Promise<StatutoryValues> {
  return fromRow(await db.selectFrom('employee_statutory').selectAll().where('user_id', '=', userId).executeTakeFirst());
}

/** Details of many employees at once (payroll batches): one query per 1,000 ids. */
export async function loadStatutoryByUser(db: Kysely<DB>, userIds: readonly number[]): Promise<Map<number, StatutoryValues>> {
  const out = new Map<number, StatutoryValues>();
  for (let i = 0; i < userIds.length; i += 1000) {
    const rows = await db.selectFrom('employee_statutory').selectAll().where('user_id', 'in', userIds.slice(i, i + 1000)).execute();
    for (const row of rows) out.set(Number(row.user_id), fromRow(row));
  }
  return out;
}

/** What a caller is shown: everything to an admin; to the employee, the account number as XXXXXX1234. */
export function statutoryView(values: StatutoryValues, fullAccount: boolean): StatutoryDetails {
  const masked = !fullAccount && values.bankAccount !== null;
  return {
    ...values,
    bankAccount: masked ? maskBankAccount(values.bankAccount!) : values.bankAccount,
    bankAccountMasked: masked,
    taxRegime: values.taxRegime as StatutoryDetails['taxRegime'],
    gender: values.gender as StatutoryDetails['gender'],
  };
}

/** What the audit log keeps of some values: the account number masked, everything else as is. */
const forAudit = (values: Partial<StatutoryValues>) =>
  Object.fromEntries(Object.entries(values).map(([k, v]) => [k, k === 'bankAccount' && typeof v === 'string' ? maskBankAccount(v) : v]));

/**
 * Saves the fields `update` carries, in the caller's transaction, and audits them: who (actor), when,
 * which fields, before and after (the account number masked both sides). Returns the changed fields.
 * A leaving date before the joining date is a 400 (the caller's transaction is then rolled back).
 */
export async function saveStatutory(
  trx: Db,
  userId: number,
  update: StatutoryUpdate,
  audit: { actorId: number; employeeId: string; entity: string },
  now: Date,
  opts: { joinedOn: string },
): Promise<StatutoryField[]> {
  const before = await loadStatutory(trx, userId);
  const changed = STATUTORY_FIELDS.filter((f) => update[f] !== undefined && update[f] !== before[f]);
  if (!changed.length) return [];
  const after: StatutoryValues = { ...before };
  for (const f of changed) (after as Record<StatutoryField, string | boolean | null>)[f] = update[f] ?? null;
  if (after.leftOn !== null && after.leftOn < opts.joinedOn) {
    throw badRequest(EMPLOYEE_MSG.leftBeforeJoining(after.leftOn, opts.joinedOn));
  }
  const columns = Object.fromEntries(STATUTORY_FIELDS.map((f) => [COLUMN[f], toColumn(f, after[f])])) as Omit<EmployeeStatutoryTable, 'user_id' | 'updated_at'>;
  const stamp = now.toISOString();
  await trx
    .insertInto('employee_statutory')
    .values({ user_id: userId, ...columns, updated_at: stamp })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ ...columns, updated_at: stamp }))
    .execute();
  const pick = (v: StatutoryValues) => Object.fromEntries(changed.map((f) => [f, v[f]])) as Partial<StatutoryValues>;
  await recordAudit(
    trx,
    {
      actorId: audit.actorId,
      action: 'employee.statutory-change',
      entity: audit.entity,
      entityId: String(userId),
      before: { employeeId: audit.employeeId, fields: changed, ...forAudit(pick(before)) },
      after: { employeeId: audit.employeeId, fields: changed, ...forAudit(pick(after)) },
    },
    now,
  );
  return changed;
}
