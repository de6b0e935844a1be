/** The whole schema, written once with Kysely's builder so both engines get the same tables. */
import type { Kysely, Migration } from 'kysely';
import type { Dialect } from '../database';
import { refType, withId as idFor } from './id-columns';

export function initialMigration(dialect: Dialect): Migration {
  const ref = refType(dialect);
  const withId = idFor(dialect);

  return {
    // Migrations run against the schema as it was then, not today's DB type (Kysely's advice).
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('users')
        .$call(withId)
        .addColumn('email', 'text', (c) => c.notNull().unique())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('role', 'text', (c) => c.notNull())
        .addColumn('password_hash', 'text')
        .addColumn('token_version', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('employees')
        .addColumn('user_id', ref, (c) => c.primaryKey().references('users.id'))
        .addColumn('employee_id', 'text', (c) => c.notNull().unique())
        .addColumn('position', 'text', (c) => c.notNull())
        .addColumn('salary_paise', 'bigint', (c) => c.notNull())
        .addColumn('joined_on', 'text', (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('counters')
        .addColumn('name', 'text', (c) => c.primaryKey())
        .addColumn('value', 'bigint', (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('password_tokens')
        .$call(withId)
        .addColumn('user_id', ref, (c) => c.notNull().references('users.id'))
        .addColumn('token_hash', 'text', (c) => c.notNull().unique())
        .addColumn('purpose', 'text', (c) => c.notNull())
        .addColumn('expires_at', 'text', (c) => c.notNull())
        .addColumn('used_at', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('attendance')
        .$call(withId)
        .addColumn('user_id', ref, (c) => c.notNull().references('users.id'))
        .addColumn('date', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('punch_in', 'text')
        .addColumn('punch_out', 'text')
        // One record per person per day: concurrent punch-ins collapse into one row.
        .addUniqueConstraint('attendance_user_date_unique', ['user_id', 'date'])
        .execute();
      // The today-poll and range reports filter by date first; this keeps them off a table scan.
      await db.schema.createIndex('attendance_date_idx').on('attendance').columns(['date', 'user_id']).execute();

      await db.schema
        .createTable('leaves')
        .$call(withId)
        .addColumn('user_id', ref, (c) => c.notNull().references('users.id'))
        .addColumn('start_date', 'text', (c) => c.notNull())
        .addColumn('end_date', 'text', (c) => c.notNull())
        .addColumn('reason', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('decided_by', ref, (c) => c.references('users.id'))
        .addColumn('decided_at', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('leaves_user_idx').on('leaves').columns(['user_id', 'start_date']).execute();

      await db.schema
        .createTable('tasks')
        .$call(withId)
        .addColumn('user_id', ref, (c) => c.notNull().references('users.id'))
        .addColumn('title', 'text', (c) => c.notNull())
        .addColumn('description', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('assigned_by', ref, (c) => c.references('users.id'))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('tasks_user_idx').on('tasks').column('user_id').execute();

      await db.schema
        .createTable('audit_log')
        .$call(withId)
        .addColumn('actor_id', ref)
        .addColumn('action', 'text', (c) => c.notNull())
        .addColumn('entity', 'text', (c) => c.notNull())
        .addColumn('entity_id', 'text')
        .addColumn('before_json', 'text')
        .addColumn('after_json', 'text')
        .addColumn('at', 'text', (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('payroll_runs')
        .$call(withId)
        .addColumn('month', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('total', 'integer', (c) => c.notNull())
        .addColumn('created_by', ref)
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('finished_at', 'text')
        .execute();

      await db.schema
        .createTable('payroll_run_items')
        .addColumn('run_id', ref, (c) => c.notNull().references('payroll_runs.id'))
        .addColumn('user_id', ref, (c) => c.notNull().references('users.id'))
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('error', 'text')
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('payroll_run_items_pk', ['run_id', 'user_id'])
        .execute();

      await db.insertInto('counters').values({ name: 'employee_id', value: 0 }).execute();
    },
  };
}
