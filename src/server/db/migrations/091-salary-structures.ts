/**
 * Salary structures.
 *
 * - salary_structures: a named split of the monthly gross (shared/payroll/salary-structure.ts):
 *   basic as basis points of the gross, HRA as basis points of basic, and the fixed allowances as
 *   JSON (`[{name, monthlyPaise}]`); the special allowance is the rest.
 * - salary_revisions.structure_id and structure_json: a revision that assigns a structure, with the
 *   structure's rule as it was when assigned (`{name, basicPercentOfGross, hraPercentOfBasic,
 *   fixedAllowances}`), so editing a structure later never re-prices a month computed with it; the
 *   people on it get the new rule when it is assigned again. Null on revisions that change the gross
 *   only: they keep the structure in force.
 */
import type { Kysely, Migration } from 'kysely';
import type { Dialect } from '../database';
import { refType, withId } from './id-columns';

export function salaryStructuresMigration(dialect: Dialect): Migration {
  const ref = refType(dialect);
  const id = withId(dialect);
  return {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    async up(db: Kysely<any>) {
      await id(db.schema.createTable('salary_structures'))
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('name_key', 'text', (c) => c.notNull().unique())
        .addColumn('basic_bp', 'integer', (c) => c.notNull())
        .addColumn('hra_bp', 'integer', (c) => c.notNull())
        .addColumn('allowances_json', 'text', (c) => c.notNull())
        .addColumn('created_by', ref, (c) => c.references('users.id'))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.alterTable('salary_revisions').addColumn('structure_id', ref, (c) => c.references('salary_structures.id')).execute();
      await db.schema.alterTable('salary_revisions').addColumn('structure_json', 'text').execute();
    },
  };
}
