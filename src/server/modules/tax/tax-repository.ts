/**
 * The income-tax tables (migration 030): regime choices, declarations with their decisions, proof
 * files and an earlier employer's figures, per employee and financial year; and what a payroll
 * batch needs of them, loaded for many employees at once.
 */
import { sql, type Kysely, type RawBuilder, type SqlBool } from 'kysely';
import { contains } from '../../db/contains';
import type { DB, TaxDeclarationsTable, TaxPreviousEmploymentTable } from '../../db/schema';
import type { Db } from '../../db/handle';
import type { Dialect } from '../../db/database';
import type { TaxRegime } from '../../../shared/payroll/statutory/income-tax';
import type { HraCity, OldRegimeDeclarations, PreviousEmployment } from '../../../shared/payroll/statutory/tax-declarations';
import type { TaxSettings } from '../../../shared/schemas/tax';
import { financialYearOf } from '../../../shared/payroll/statutory/financial-year';
import { yearDates } from './tax-settings';

export type DeclarationRow = Omit<TaxDeclarationsTable, 'id'> & { id: number };

export interface ProofMeta {
  id: number;
  userId: number;
  financialYear: string;
  section: string;
  fileName: string;
  contentType: string;
  size: number;
  uploadedAt: string;
}

const CHUNK = 1000;
const num = (v: number | string | null) => (v === null ? null : Number(v));

export const findRegimeChoice = (db: Db, userId: number, financialYear: string) =>
  db.selectFrom('tax_regime_choices').selectAll().where('user_id', '=', userId).where('financial_year', '=', financialYear).executeTakeFirst();

export async function saveRegimeChoice(db: Db, userId: number, financialYear: string, regime: TaxRegime, chosenBy: number, at: string) {
  await db
    .insertInto('tax_regime_choices')
    .values({ user_id: userId, financial_year: financialYear, regime, chosen_by: chosenBy, chosen_at: at })
    .onConflict((oc) => oc.columns(['user_id', 'financial_year']).doUpdateSet({ regime, chosen_by: chosenBy, chosen_at: at }))
    .execute();
}

export const declarationsOf = async (db: Db, userId: number, financialYear: string): Promise<DeclarationRow[]> =>
  (await db.selectFrom('tax_declarations').selectAll().where('user_id', '=', userId).where('financial_year', '=', financialYear).orderBy('id').execute()).map(normalise);

export const findDeclaration = async (db: Db, id: number): Promise<DeclarationRow | undefined> => {
  const row = await db.selectFrom('tax_declarations').selectAll().where('id', '=', id).executeTakeFirst();
  return row && normalise(row);
};

const normalise = <R extends { id: number; amount_paise: number; verified_amount_paise: number | null; user_id: number }>(r: R): R => ({
  ...r,
  id: Number(r.id),
  user_id: Number(r.user_id),
  amount_paise: Number(r.amount_paise),
  verified_amount_paise: num(r.verified_amount_paise),
});

/** Inserts or replaces the caller's declaration of a section; a change sends it back to 'declared'. */
export async function upsertDeclaration(db: Db, row: { userId: number; financialYear: string; section: string; amountPaise: number; detailsJson: string; at: string }) {
  const values = { amount_paise: row.amountPaise, details_json: row.detailsJson, status: 'declared' as const, verified_amount_paise: null, decision_note: null, decided_by: null, decided_at: null, updated_at: row.at };
  await db
    .insertInto('tax_declarations')
    .values({ user_id: row.userId, financial_year: row.financialYear, section: row.section, ...values })
    .onConflict((oc) => oc.columns(['user_id', 'financial_year', 'section']).doUpdateSet(values))
    .execute();
}

export async function decideDeclaration(db: Db, id: number, d: { status: 'verified' | 'rejected'; verifiedAmountPaise: number | null; note: string | null; by: number; at: string }) {
  await db
    .updateTable('tax_declarations')
    .set({ status: d.status, verified_amount_paise: d.verifiedAmountPaise, decision_note: d.note, decided_by: d.by, decided_at: d.at })
    .where('id', '=', id)
    .execute();
}

/** The admin lists' search: part of the name, email or employee ID of `u` (users) and `e` (employees), any case. */
export function employeeMatches(q: string) {
  return sql<SqlBool>`(${contains('u.name', q)} or ${contains('u.email', q)} or ${contains('e.employee_id', q)})`;
}

export interface ListPage {
  q?: string;
  offset: number;
  limit: number;
}

/** A year's declarations with their employees, matching the search. */
const declarationsOfYear = (db: Db, financialYear: string, q: string | undefined) =>
  db
    .selectFrom('tax_declarations as d')
    .innerJoin('employees as e', 'e.user_id', 'd.user_id')
    .innerJoin('users as u', 'u.id', 'd.user_id')
    .where('d.financial_year', '=', financialYear)
    .$if(!!q, (qb) => qb.where(employeeMatches(q!)));

/** One page of the verification list: a year's declarations with a status, employee names joined, oldest change first. */
export async function listDeclarations(db: Db, financialYear: string, status: DeclarationRow['status'], page: ListPage) {
  const rows = await declarationsOfYear(db, financialYear, page.q)
    .selectAll('d')
    .select(['e.employee_id', 'u.name'])
    .where('d.status', '=', status)
    .orderBy('d.updated_at')
    .orderBy('d.id')
    .limit(page.limit)
    .offset(page.offset)
    .execute();
  return rows.map((r) => ({ ...normalise(r), employee_id: r.employee_id, name: r.name }));
}

/** A 'YYYY-MM' text as a month count (year × 12 + month), in SQL on both engines. */
const monthNumber = (month: RawBuilder<string>) => sql<number>`(cast(substr(${month}, 1, 4) as integer) * 12 + cast(substr(${month}, 6, 2) as integer))`;

/** A field of `d.details_json` (JSON text) in SQL: SQLite's json_extract, PostgreSQL's ->>. */
const detail = (dialect: Dialect, field: 'fromMonth' | 'toMonth') =>
  dialect === 'postgres' ? sql<string>`(${sql.ref('d.details_json')}::json ->> ${field})` : sql<string>`json_extract(${sql.ref('d.details_json')}, ${`$.${field}`})`;

/**
 * What a declaration's amount is multiplied by for the year: rent is a month's rent on the row, so
 * the months rented (from and to inclusive, 0 when either is missing or they are the wrong way round);
 * every other section is already a year's amount.
 */
function yearFactor(dialect: Dialect) {
  const from = detail(dialect, 'fromMonth');
  const to = detail(dialect, 'toMonth');
  return sql<number>`(case when ${sql.ref('d.section')} <> 'rent' then 1
    when length(${from}) = 7 and length(${to}) = 7 and ${to} >= ${from} then ${monthNumber(to)} - ${monthNumber(from)} + 1
    else 0 end)`;
}

/**
 * The verification list's counts by status and its rupees a year, for everyone the search finds:
 * declared (not rejected) and verified. One aggregate query: rent's months are read from the row's
 * details by the database, so 10,000 declarations are not fetched to be summed here.
 */
export async function declarationTotals(db: Db, dialect: Dialect, financialYear: string, q: string | undefined) {
  const factor = yearFactor(dialect);
  const byStatus = await declarationsOfYear(db, financialYear, q)
    .select((eb) => [
      'd.status',
      eb.fn.countAll<number>().as('n'),
      eb.fn.sum<number>(sql`${eb.ref('d.amount_paise')} * ${factor}`).as('amount'),
      eb.fn.sum<number>(sql`${eb.fn.coalesce('d.verified_amount_paise', 'd.amount_paise')} * ${factor}`).as('verified'),
    ])
    .groupBy('d.status')
    .execute();
  const counts = { declared: 0, verified: 0, rejected: 0 };
  let declaredPaise = 0;
  let verifiedPaise = 0;
  for (const r of byStatus) {
    counts[r.status] = Number(r.n);
    if (r.status !== 'rejected') declaredPaise += Number(r.amount ?? 0);
    if (r.status === 'verified') verifiedPaise += Number(r.verified ?? 0);
  }
  return { counts, declaredPaise, verifiedPaise };
}

const PROOF_META = ['id', 'user_id', 'financial_year', 'section', 'file_name', 'content_type', 'size_bytes', 'uploaded_at'] as const;
const toProofMeta = (r: { id: number; user_id: number; financial_year: string; section: string; file_name: string; content_type: string; size_bytes: number; uploaded_at: string }): ProofMeta => ({
  id: Number(r.id),
  userId: Number(r.user_id),
  financialYear: r.financial_year,
  section: r.section,
  fileName: r.file_name,
  contentType: r.content_type,
  size: Number(r.size_bytes),
  uploadedAt: r.uploaded_at,
});

/** Proofs (without their bytes) of some employees in a year. */
export async function proofsOf(db: Db, userIds: readonly number[], financialYear: string): Promise<ProofMeta[]> {
  if (!userIds.length) return [];
  const rows = await db.selectFrom('tax_proofs').select(PROOF_META).where('user_id', 'in', userIds).where('financial_year', '=', financialYear).orderBy('id').execute();
  return rows.map(toProofMeta);
}

export async function findProofMeta(db: Db, id: number): Promise<ProofMeta | undefined> {
  const row = await db.selectFrom('tax_proofs').select(PROOF_META).where('id', '=', id).executeTakeFirst();
  return row && toProofMeta(row);
}

export async function proofContent(db: Db, id: number): Promise<Buffer> {
  const row = await db.selectFrom('tax_proofs').select('content').where('id', '=', id).executeTakeFirstOrThrow();
  return Buffer.from(row.content);
}

export async function countProofs(db: Db, userId: number, financialYear: string, section: string): Promise<number> {
  const row = await db
    .selectFrom('tax_proofs')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .where('financial_year', '=', financialYear)
    .where('section', '=', section)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function insertProof(db: Db, p: { userId: number; financialYear: string; section: string; fileName: string; contentType: string; content: Buffer; by: number; at: string }): Promise<number> {
  const row = await db
    .insertInto('tax_proofs')
    .values({ user_id: p.userId, financial_year: p.financialYear, section: p.section, file_name: p.fileName, content_type: p.contentType, size_bytes: p.content.length, content: p.content, uploaded_by: p.by, uploaded_at: p.at })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

export const deleteProof = (db: Db, id: number) => db.deleteFrom('tax_proofs').where('id', '=', id).execute();

export const findPreviousEmployment = async (db: Db, userId: number, financialYear: string) =>
  db.selectFrom('tax_previous_employment').selectAll().where('user_id', '=', userId).where('financial_year', '=', financialYear).executeTakeFirst();

export async function savePreviousEmployment(db: Db, row: Omit<TaxPreviousEmploymentTable, 'updated_at'> & { updated_at: string }) {
  const { user_id: _user, financial_year: _year, ...rest } = row;
  await db
    .insertInto('tax_previous_employment')
    .values(row)
    .onConflict((oc) => oc.columns(['user_id', 'financial_year']).doUpdateSet(rest))
    .execute();
}

export const toPreviousEmployment = (r: TaxPreviousEmploymentTable): PreviousEmployment => ({
  salaryPaise: Number(r.salary_paise),
  exemptionsPaise: Number(r.exemptions_paise),
  employeePfPaise: Number(r.pf_paise),
  professionalTaxPaise: Number(r.pt_paise),
  taxPaise: Number(r.tax_paise),
});

/** What one employee's tax looks like to a payroll month. */
export interface TaxInputs {
  /** The regime chosen for the month's year; null when none was (the employee record's, or the new regime). */
  regime: TaxRegime | null;
  declarations: OldRegimeDeclarations | null;
  previousEmployment: PreviousEmployment | null;
}

/**
 * The amount of a declaration that counts in `month`: a rejected one nothing; a verified one the
 * amount verified; one still declared its amount while the company counts declarations and the
 * year's proof window is open on the month's first day, nothing after.
 */
export function countingAmount(row: Pick<DeclarationRow, 'status' | 'amount_paise' | 'verified_amount_paise' | 'financial_year'>, month: string, settings: TaxSettings): number {
  if (row.status === 'rejected') return 0;
  if (row.status === 'verified') return row.verified_amount_paise ?? row.amount_paise;
  if (!settings.declaredUntilProofWindowCloses) return 0;
  return `${month}-01` <= yearDates(settings, row.financial_year).proofWindowCloses ? row.amount_paise : 0;
}

type Details = Record<string, unknown>;

/** The counting amounts of one employee's declarations as the slip's input. */
export function declarationsFor(rows: readonly Pick<DeclarationRow, 'section' | 'status' | 'amount_paise' | 'verified_amount_paise' | 'financial_year' | 'details_json'>[], month: string, settings: TaxSettings): OldRegimeDeclarations | null {
  if (!rows.length) return null;
  const out: OldRegimeDeclarations = {};
  for (const row of rows) {
    const amount = countingAmount(row, month, settings);
    const details = JSON.parse(row.details_json) as Details;
    switch (row.section) {
      case 'rent':
        out.rent = amount > 0 ? { monthlyRentPaise: amount, fromMonth: String(details.fromMonth), toMonth: String(details.toMonth), city: details.city as HraCity } : null;
        break;
      case '80C':
        out.section80CPaise = amount;
        break;
      case '80CCD1B':
        out.npsPaise = amount;
        break;
      case '80D-self':
        out.healthSelfPaise = amount;
        out.healthSelfSenior = details.senior === true;
        break;
      case '80D-parents':
        out.healthParentsPaise = amount;
        out.healthParentsSenior = details.senior === true;
        break;
      case '24b':
        out.homeLoanInterestPaise = amount;
        break;
    }
  }
  return out;
}

/** The tax inputs of many employees for a pay month: three queries per 1,000 of them. */
export async function taxInputsByUser(db: Kysely<DB>, userIds: readonly number[], month: string, settings: TaxSettings): Promise<Map<number, TaxInputs>> {
  const fy = financialYearOf(month);
  const out = new Map<number, TaxInputs>();
  const entry = (id: number) => {
    let e = out.get(id);
    if (!e) out.set(id, (e = { regime: null, declarations: null, previousEmployment: null }));
    return e;
  };
  for (let i = 0; i < userIds.length; i += CHUNK) {
    const ids = userIds.slice(i, i + CHUNK);
    const [choices, declarations, previous] = await Promise.all([
      db.selectFrom('tax_regime_choices').select(['user_id', 'regime']).where('financial_year', '=', fy).where('user_id', 'in', ids).execute(),
      db
        .selectFrom('tax_declarations')
        .select(['user_id', 'section', 'status', 'amount_paise', 'verified_amount_paise', 'financial_year', 'details_json'])
        .where('financial_year', '=', fy)
        .where('user_id', 'in', ids)
        .execute(),
      db.selectFrom('tax_previous_employment').selectAll().where('financial_year', '=', fy).where('user_id', 'in', ids).execute(),
    ]);
    for (const c of choices) entry(Number(c.user_id)).regime = c.regime;
    const byUser = new Map<number, typeof declarations>();
    for (const d of declarations) {
      const id = Number(d.user_id);
      byUser.set(id, [...(byUser.get(id) ?? []), { ...d, amount_paise: Number(d.amount_paise), verified_amount_paise: num(d.verified_amount_paise) }]);
    }
    for (const [id, rows] of byUser) entry(id).declarations = declarationsFor(rows, month, settings);
    for (const p of previous) entry(Number(p.user_id)).previousEmployment = toPreviousEmployment(p);
  }
  return out;
}
