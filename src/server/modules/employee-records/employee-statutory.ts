/**
 * An employee's statutory and bank details (migration 011): reading them for a caller (the account
 * number masked for anyone but an admin), saving an admin's changes with an audit entry that names
 * the changed fields without the account number, and loading them in bulk for payroll.
 */
import { EMPLOYEE_MSG } from './employee-messages';
import type { Insertable, Kysely, Selectable } from 'kysely';
import {
  maskBankAccount,
  NO_STATUTORY,
  STATUTORY_FIELDS,
  type StatutoryDetails,
  type StatutoryField,
  type StatutoryUpdate,
} from '../../../shared/schemas/employee-statutory';
import { recordAudit } from '../../audit';
import { recordAuditMany } from '../audit';
import { badRequest } from '../../errors';
import { epsEligibility, nonMemberProblem } from '../../../shared/payroll/statutory/pf-membership';
import type { RuleBook } from '../../../shared/payroll/statutory/rule-versions';
import type { DB, EmployeeStatutoryTable } from '../../db/schema';
import type { Db } from '../../db/handle';

/** The stored details, in the wire's names (PF wages at joining in rupees, as the wire has them). */
export interface StatutoryValues {
  stateOfWork: string | null;
  pan: string | null;
  uan: string | null;
  esiNumber: string | null;
  bankAccount: string | null;
  ifsc: string | null;
  taxRegime: string | null;
  gender: string | null;
  pfOnFullWages: boolean;
  leftOn: string | null;
  dateOfBirth: string | null;
  pfMember: boolean;
  pfFirstJoinedOn: string | null;
  pfWageAtJoining: number | null;
  epsEligible: boolean | null;
  personWithDisability: boolean;
  employmentType: string | null;
}

type Column = keyof Omit<EmployeeStatutoryTable, 'user_id' | 'updated_at'>;
type Value = string | number | boolean | null;

/** Each field's column and how its value is stored: SQLite has no boolean, money is kept in paise. */
const text = (column: Column) => ({ column, from: (v: unknown): Value => (v ?? null) as Value, to: (v: Value) => v });
const flag = (column: Column) => ({ column, from: (v: unknown): Value => Number(v ?? 0) === 1, to: (v: Value) => (v ? 1 : 0) });
const FIELD: Record<StatutoryField, { column: Column; from: (v: unknown) => Value; to: (v: Value) => Value }> = {
  stateOfWork: text('state_of_work'),
  pan: text('pan'),
  uan: text('uan'),
  esiNumber: text('esi_number'),
  bankAccount: text('bank_account'),
  ifsc: text('ifsc'),
  taxRegime: text('tax_regime'),
  gender: text('gender'),
  pfOnFullWages: flag('pf_on_full_wages'),
  leftOn: text('left_on'),
  dateOfBirth: text('date_of_birth'),
  pfMember: { column: 'pf_member', from: (v) => v === undefined || v === null || Number(v) === 1, to: (v) => (v ? 1 : 0) },
  pfFirstJoinedOn: text('pf_first_joined_on'),
  pfWageAtJoining: {
    column: 'pf_wage_at_joining_paise',
    from: (v) => (v === null || v === undefined ? null : Number(v) / 100),
    to: (v) => (v === null ? null : Math.round(Number(v) * 100)),
  },
  epsEligible: { column: 'eps_eligible', from: (v) => (v === null || v === undefined ? null : Number(v) === 1), to: (v) => (v === null ? null : v ? 1 : 0) },
  personWithDisability: flag('person_with_disability'),
  employmentType: text('employment_type'),
};

export { NO_STATUTORY };

const fromRow = (row: Selectable<EmployeeStatutoryTable> | undefined): StatutoryValues =>
  row ? (Object.fromEntries(STATUTORY_FIELDS.map((f) => [f, FIELD[f].from(row[FIELD[f].column])])) as unknown as StatutoryValues) : { ...NO_STATUTORY };

/** The PF wages at joining in paise, as payroll computes with. */
export const wageAtJoiningPaise = (values: StatutoryValues): number | null => (values.pfWageAtJoining === null ? null : Math.round(values.pfWageAtJoining * 100));

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
export function statutoryView(values: StatutoryValues, fullAccount: boolean, book: RuleBook): StatutoryDetails {
  const masked = !fullAccount && values.bankAccount !== null;
  return {
    ...values,
    epsEligibility: epsEligibility({ epsEligible: values.epsEligible, firstJoinedOn: values.pfFirstJoinedOn, wageAtJoiningPaise: wageAtJoiningPaise(values) }, book),
    bankAccount: masked ? maskBankAccount(values.bankAccount!) : values.bankAccount,
    bankAccountMasked: masked,
    taxRegime: values.taxRegime as StatutoryDetails['taxRegime'],
    gender: values.gender as StatutoryDetails['gender'],
    employmentType: values.employmentType as StatutoryDetails['employmentType'],
  };
}

/** What the audit log keeps of some values: the account number masked, everything else as is. */
const forAudit = (values: Partial<StatutoryValues>) =>
  Object.fromEntries(Object.entries(values).map(([k, v]) => [k, k === 'bankAccount' && typeof v === 'string' ? maskBankAccount(v) : v]));

/** What the saved details may not be, taken together: dates in order, and PF membership as the law allows. */
function personFactsProblem(after: StatutoryValues, opts: { joinedOn: string; book: RuleBook }): string | null {
  if (after.leftOn !== null && after.leftOn < opts.joinedOn) return EMPLOYEE_MSG.leftBeforeJoining(after.leftOn, opts.joinedOn);
  if (after.dateOfBirth !== null && after.dateOfBirth >= opts.joinedOn) return EMPLOYEE_MSG.bornAfterJoining(after.dateOfBirth, opts.joinedOn);
  if (after.dateOfBirth !== null && after.pfFirstJoinedOn !== null && after.pfFirstJoinedOn <= after.dateOfBirth) {
    return EMPLOYEE_MSG.pfBeforeBirth(after.pfFirstJoinedOn, after.dateOfBirth);
  }
  if (!after.pfMember) {
    return nonMemberProblem({ uan: after.uan, firstJoinedOn: after.pfFirstJoinedOn, wageAtJoiningPaise: wageAtJoiningPaise(after), joinedOn: opts.joinedOn }, opts.book);
  }
  return null;
}

/**
 * Whether `update` changes the leaving date. It is an exit's last working day and only the exit
 * routes set it (exits/exit-service.ts), because they check the notice, an approved settlement and
 * approved payroll; an edit or an import that carries it back as it is changes nothing.
 */
export const changesLeavingDate = (before: Pick<StatutoryValues, 'leftOn'>, update: StatutoryUpdate): boolean =>
  update.leftOn !== undefined && (update.leftOn ?? null) !== before.leftOn;

/**
 * What the details would break after `update`, or null: an import checks each row with it before it
 * writes anything, so a bad row is that row's error, not the whole file's.
 */
export function statutoryUpdateProblem(before: StatutoryValues, update: StatutoryUpdate, opts: { joinedOn: string; book: RuleBook }): string | null {
  const after: StatutoryValues = { ...before };
  for (const f of STATUTORY_FIELDS) if (update[f] !== undefined) (after as unknown as Record<StatutoryField, Value>)[f] = update[f] ?? null;
  return personFactsProblem(after, opts);
}

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
  opts: { joinedOn: string; book: RuleBook },
): Promise<StatutoryField[]> {
  const before = await loadStatutory(trx, userId);
  const changed = STATUTORY_FIELDS.filter((f) => update[f] !== undefined && update[f] !== before[f]);
  if (!changed.length) return [];
  const after: StatutoryValues = { ...before };
  for (const f of changed) (after as unknown as Record<StatutoryField, Value>)[f] = update[f] ?? null;
  const problem = personFactsProblem(after, opts);
  if (problem) throw badRequest(problem);
  const columns = Object.fromEntries(STATUTORY_FIELDS.map((f) => [FIELD[f].column, FIELD[f].to(after[f])])) as unknown as Insertable<Omit<EmployeeStatutoryTable, 'user_id' | 'updated_at'>>;
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

// Rows per INSERT of new details: 18 columns, far below either engine's bound-parameter limit.
const NEW_DETAILS_CHUNK = 500;

/**
 * The details of people just added (an import's new rows, each already checked with
 * statutoryUpdateProblem), written a few hundred to a statement and audited as saveStatutory audits
 * one: who, when, which fields, before (nothing) and after, the account number masked.
 */
export async function insertNewStatutory(
  trx: Db,
  entries: readonly { userId: number; employeeId: string; update: StatutoryUpdate }[],
  audit: { actorId: number; entity: string },
  now: Date,
): Promise<void> {
  const stamp = now.toISOString();
  const rows: Insertable<EmployeeStatutoryTable>[] = [];
  const audits: Parameters<typeof recordAuditMany>[1][number][] = [];
  for (const { userId, employeeId, update } of entries) {
    const changed = STATUTORY_FIELDS.filter((f) => update[f] !== undefined && update[f] !== NO_STATUTORY[f]);
    if (!changed.length) continue;
    const after: StatutoryValues = { ...NO_STATUTORY };
    for (const f of changed) (after as unknown as Record<StatutoryField, Value>)[f] = update[f] ?? null;
    const columns = Object.fromEntries(STATUTORY_FIELDS.map((f) => [FIELD[f].column, FIELD[f].to(after[f])])) as unknown as Insertable<Omit<EmployeeStatutoryTable, 'user_id' | 'updated_at'>>;
    rows.push({ user_id: userId, ...columns, updated_at: stamp });
    const pick = (v: StatutoryValues) => Object.fromEntries(changed.map((f) => [f, v[f]])) as Partial<StatutoryValues>;
    audits.push({
      actorId: audit.actorId,
      action: 'employee.statutory-change',
      entity: audit.entity,
      entityId: String(userId),
      before: { employeeId, fields: changed, ...forAudit(pick(NO_STATUTORY)) },
      after: { employeeId, fields: changed, ...forAudit(pick(after)) },
    });
  }
  for (let i = 0; i < rows.length; i += NEW_DETAILS_CHUNK) await trx.insertInto('employee_statutory').values(rows.slice(i, i + NEW_DETAILS_CHUNK)).execute();
  await recordAuditMany(trx, audits, now);
}
