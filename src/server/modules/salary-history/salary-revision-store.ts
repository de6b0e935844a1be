/**
 * The salary_revisions table (migration 050): an employee's monthly gross from a day on. The rules
 * (default effective day, arrears for approved months) are in src/server/modules/salary/salary-revisions.ts; the reading of a
 * history is shared/payroll/salary-history.ts.
 */
import type { Kysely, Transaction } from 'kysely';
import { structureOn, type SalaryRevisionFact } from '../../../shared/payroll/salary-history';
import type { DB } from '../../db/schema';

type Db = Kysely<DB> | Transaction<DB>;

/** One revision as Edit Employee lists it; money in paise. */
export interface StoredRevision extends SalaryRevisionFact {
  id: number;
  reason: string;
  appliesFrom: string | null;
  enteredBy: string | null;
  enteredAt: string;
  /** The salary structure in force from this revision's day: the one it assigns, or the one it keeps (null: the company default). */
  inForce?: AssignedStructure | null;
}

const CHUNK = 1000;

type AssignedStructure = NonNullable<SalaryRevisionFact['structure']>;

/**
 * Parses stored structure snapshots once each: the people assigned one structure together share one
 * object, so the slip builds one policy (and one set of day caches) for all of them.
 */
function structureInterner() {
  const seen = new Map<string, AssignedStructure>();
  return {
    of(json: string): AssignedStructure {
      let s = seen.get(json);
      if (!s) seen.set(json, (s = Object.freeze(JSON.parse(json) as AssignedStructure)));
      return s;
    },
  };
}

/** The revisions of some employees, by users id, in the order they were entered: one query per 1,000. */
export async function revisionsByUser(db: Db, userIds: readonly number[]): Promise<Map<number, SalaryRevisionFact[]>> {
  const byUser = new Map<number, SalaryRevisionFact[]>();
  const structures = structureInterner();
  for (let i = 0; i < userIds.length; i += CHUNK) {
    const rows = await db
      .selectFrom('salary_revisions')
      .select(['user_id', 'effective_from', 'salary_paise', 'applies_from', 'structure_json'])
      .where('user_id', 'in', userIds.slice(i, i + CHUNK))
      .orderBy('id')
      .execute();
    for (const r of rows) {
      const id = Number(r.user_id);
      let list = byUser.get(id);
      if (!list) byUser.set(id, (list = []));
      list.push({ effectiveFrom: r.effective_from, monthlyGrossPaise: Number(r.salary_paise), appliesFrom: r.applies_from, ...(r.structure_json && { structure: structures.of(r.structure_json) }) });
    }
  }
  return byUser;
}

/** One employee's history, latest effective day first (a later entry first on the same day). */
export async function revisionHistory(db: Db, userId: number): Promise<StoredRevision[]> {
  const rows = await db
    .selectFrom('salary_revisions as r')
    .leftJoin('users as u', 'u.id', 'r.created_by')
    .select(['r.id', 'r.effective_from', 'r.salary_paise', 'r.reason', 'r.applies_from', 'r.created_at', 'r.structure_json', 'u.name as entered_by'])
    .where('r.user_id', '=', userId)
    .orderBy('r.effective_from', 'desc')
    .orderBy('r.id', 'desc')
    .execute();
  const structures = structureInterner();
  const stored = rows.map((r) => ({
    id: Number(r.id),
    effectiveFrom: r.effective_from,
    monthlyGrossPaise: Number(r.salary_paise),
    reason: r.reason,
    appliesFrom: r.applies_from,
    enteredBy: r.entered_by,
    enteredAt: r.created_at,
    ...(r.structure_json && { structure: structures.of(r.structure_json) }),
  }));
  // In entry order, so a later entry wins on the same day as the slip reads it.
  const facts = [...stored].sort((a, b) => a.id - b.id);
  return stored.map((r) => {
    // The structure in force from this revision's day, for the month it takes effect in.
    const inForce = structureOn(r.effectiveFrom, facts.filter((f) => f.id <= r.id || f.effectiveFrom !== r.effectiveFrom), r.appliesFrom ?? r.effectiveFrom.slice(0, 7));
    return { ...r, inForce: inForce ?? null };
  });
}
