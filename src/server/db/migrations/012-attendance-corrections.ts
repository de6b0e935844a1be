/**
 * Attendance corrections: an employee's request to set a past day's in and out times,
 * decided once by an admin.
 *
 * - requested_in / requested_out: the instants asked for (the form's HH:MM on the company's clock).
 * - original_*: the day's record as it stood, taken when asked for and again at approval (what the
 *   approval replaced); has_original 0 when there was no record (an absent day).
 * - attendance_id: the record the approval created or corrected.
 * - One live request per person and day: a partial unique index over pending and approved rows, so
 *   even two simultaneous requests cannot both stand; a rejected one frees the day again.
 * - (status, date): the admin's pending list, the dashboard's pending count, and the attendance
 *   list's fingerprint (approved corrections of a range) read it.
 */
import { sql, type Kysely, type Migration } from 'kysely';
import type { Dialect } from '../database';
import { refType, withId as idFor } from './id-columns';

export function attendanceCorrectionsMigration(dialect: Dialect): Migration {
  const ref = refType(dialect);
  const withId = idFor(dialect);

  return {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('attendance_corrections')
        .$call(withId)
        .addColumn('user_id', ref, (c) => c.notNull().references('users.id'))
        .addColumn('date', 'text', (c) => c.notNull())
        .addColumn('requested_in', 'text', (c) => c.notNull())
        .addColumn('requested_out', 'text', (c) => c.notNull())
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('reason', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('has_original', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('original_status', 'text')
        .addColumn('original_punch_in', 'text')
        .addColumn('original_punch_out', 'text')
        .addColumn('attendance_id', ref, (c) => c.references('attendance.id'))
        .addColumn('decided_by', ref, (c) => c.references('users.id'))
        .addColumn('decided_at', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('attendance_corrections_live_day_uq')
        .on('attendance_corrections')
        .columns(['user_id', 'date'])
        .unique()
        .where(sql.raw<boolean>(`status in ('pending', 'approved')`))
        .execute();
      await db.schema.createIndex('attendance_corrections_status_date_idx').on('attendance_corrections').columns(['status', 'date']).execute();
      // An employee's own list, newest first.
      await db.schema.createIndex('attendance_corrections_user_idx').on('attendance_corrections').columns(['user_id', 'id']).execute();
    },
  };
}
