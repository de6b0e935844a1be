/**
 * Reporting lines: an employee's manager, as the manager's users id (the `_id` of the wire); null for
 * nobody. Only the line itself is stored: what a manager may see or decide is worked out from it at
 * each request, so changing the line changes access at once. The index serves "who reports to me".
 */
import type { Kysely, Migration } from 'kysely';
import type { Dialect } from '../database';
import { refType } from './id-columns';

export function employeeManagerMigration(dialect: Dialect): Migration {
  return {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    async up(db: Kysely<any>) {
      await db.schema
        .alterTable('employees')
        .addColumn('manager_id', refType(dialect), (c) => c.references('users.id'))
        .execute();
      await db.schema.createIndex('employees_manager_id').on('employees').column('manager_id').execute();
    },
  };
}
