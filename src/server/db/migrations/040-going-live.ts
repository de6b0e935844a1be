/**
 * What a company needs to start from zero with its own data:
 *
 * - employees.phone / department_id / location_id: the rest of the employee master, and the
 *   departments (name, optional head) and locations (name, state, city, professional-tax
 *   registration) they point at.
 * - employee codes are the company's own (ACM0001, 5, E-17) and unique regardless of case: a unique
 *   index on lower(employee_id), beside the exact one of migration 001.
 * - users.invite_held: 1 for someone imported "invite later": no invitation is owed yet (so
 *   invite_pending stays 0 and nothing resumes it), until an admin's Invite releases it.
 * - import_reports: every import (employees, leave balances, attendance), who ran it, its counts and
 *   every row's result, kept so the report and the failed rows can be fetched again.
 * - leave_types.code: a short code (CL, SL, EL) files name a type by; kept when a type is renamed.
 * - leave_adjustments: opening balances at go-live and later adjustments, in days (+ or −), each
 *   with its reason and who made it; the balance adds them to what it computes from the records.
 * - attendance.source: who set the day: 'admin', 'import', or what punches derive ('web', ...);
 *   null on older rows, read as 'web'. An admin's day wins over an import, an import over punches.
 */
import { sql, type Kysely, type Migration } from 'kysely';
import type { Dialect } from '../database';
import { refType, withId as idFor } from './id-columns';

/** The seeded types' codes; other existing types get theirs from their name (see below). */
const SEEDED_CODES: Record<string, string> = { Casual: 'CL', Sick: 'SL', Earned: 'EL' };

export function goingLiveMigration(dialect: Dialect): Migration {
  const ref = refType(dialect);
  const withId = idFor(dialect);
  return {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('departments')
        .$call(withId)
        .addColumn('name', 'text', (c) => c.notNull().unique())
        .addColumn('head_user_id', ref, (c) => c.references('users.id'))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('locations')
        .$call(withId)
        .addColumn('name', 'text', (c) => c.notNull().unique())
        .addColumn('state', 'text')
        .addColumn('city', 'text')
        .addColumn('pt_registration', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.alterTable('employees').addColumn('phone', 'text').execute();
      await db.schema.alterTable('employees').addColumn('department_id', ref, (c) => c.references('departments.id')).execute();
      await db.schema.alterTable('employees').addColumn('location_id', ref, (c) => c.references('locations.id')).execute();
      await sql`create unique index employees_employee_id_ci on employees (lower(employee_id))`.execute(db);

      await db.schema.alterTable('users').addColumn('invite_held', 'integer', (c) => c.notNull().defaultTo(0)).execute();

      await db.schema
        .createTable('import_reports')
        .$call(withId)
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('actor_id', ref, (c) => c.notNull().references('users.id'))
        .addColumn('file_name', 'text', (c) => c.notNull())
        .addColumn('mode', 'text', (c) => c.notNull())
        .addColumn('added', 'integer', (c) => c.notNull())
        .addColumn('updated', 'integer', (c) => c.notNull())
        .addColumn('unchanged', 'integer', (c) => c.notNull())
        .addColumn('failed', 'integer', (c) => c.notNull())
        .addColumn('rows_json', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('import_reports_kind_idx').on('import_reports').columns(['kind', 'created_at']).execute();

      await db.schema.alterTable('leave_types').addColumn('code', 'text').execute();
      const types = (await db.selectFrom('leave_types').select(['id', 'name']).orderBy('id').execute()) as { id: number; name: string }[];
      const used = new Set<string>();
      for (const t of types) {
        let code = SEEDED_CODES[t.name] ?? (t.name.replace(/[^A-Za-z0-9]/g, '').slice(0, 2).toUpperCase() || 'LT');
        for (let n = 2; used.has(code.toLowerCase()); n += 1) code = `${code.slice(0, 8)}${n}`;
        used.add(code.toLowerCase());
        await db.updateTable('leave_types').set({ code }).where('id', '=', t.id).execute();
      }
      await sql`create unique index leave_types_code_ci on leave_types (lower(code))`.execute(db);

      await db.schema
        .createTable('leave_adjustments')
        .$call(withId)
        .addColumn('user_id', ref, (c) => c.notNull().references('users.id'))
        .addColumn('leave_type_id', ref, (c) => c.notNull().references('leave_types.id'))
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('days', 'real', (c) => c.notNull())
        .addColumn('as_of', 'text', (c) => c.notNull())
        .addColumn('reason', 'text', (c) => c.notNull())
        .addColumn('actor_id', ref, (c) => c.notNull().references('users.id'))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('leave_adjustments_user_idx').on('leave_adjustments').columns(['user_id', 'leave_type_id', 'as_of']).execute();

      await db.schema.alterTable('attendance').addColumn('source', 'text').execute();
    },
  };
}
