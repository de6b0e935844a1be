/**
 * Departments (name, optional head) and locations (name, state, city, professional-tax registration)
 * the employee master points at. Names are unique; an import names them by name or record id.
 */
import { sql } from 'kysely';
import type { Department, Location } from '../../../shared/schemas/company';
import type { Db } from '../../db/handle';

export interface Places {
  department(ref: string): number | undefined;
  location(ref: string): number | undefined;
}

/** Every department and location, to resolve an import's names and ids without a query per row. */
export async function findPlaces(db: Db): Promise<Places> {
  const [departments, locations] = await Promise.all([
    db.selectFrom('departments').select(['id', 'name']).execute(),
    db.selectFrom('locations').select(['id', 'name']).execute(),
  ]);
  const index = (rows: { id: number; name: string }[]) => {
    const byKey = new Map<string, number>();
    for (const r of rows) {
      byKey.set(String(r.id), Number(r.id));
      byKey.set(r.name.toLowerCase(), Number(r.id));
    }
    return (ref: string) => byKey.get(ref.trim().toLowerCase());
  };
  return { department: index(departments), location: index(locations) };
}

export const listDepartments = async (db: Db): Promise<Department[]> =>
  (await db.selectFrom('departments').select(['id', 'name', 'head_user_id']).orderBy(sql`lower(name)`).execute()).map((d) => ({
    _id: String(d.id),
    name: d.name,
    headId: d.head_user_id == null ? null : String(d.head_user_id),
  }));

export const listLocations = async (db: Db): Promise<Location[]> =>
  (await db.selectFrom('locations').selectAll().orderBy(sql`lower(name)`).execute()).map((l) => ({
    _id: String(l.id),
    name: l.name,
    state: l.state,
    city: l.city,
    ptRegistration: l.pt_registration,
  }));
