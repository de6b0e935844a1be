/**
 * Cleans control characters out of text stored before the schemas refused them.
 *
 * Single-line text (names, positions, titles, codes, holiday and leave type names, statutory codes):
 * each run of C0/C1 controls, DEL, U+2028 or U+2029 becomes one space, bidirectional controls are
 * dropped, and the result is trimmed, so a name that carried a line break stays readable on one line
 * and can no longer split a record of a file. Multi-line text (reasons, task descriptions) keeps LF
 * and CR; a tab becomes a space and the other controls are dropped.
 *
 * Emails are not rewritten: an address is how a person signs in and is unique, so changing it here
 * could lock someone out or collide with another account. An address holding such characters is
 * flagged instead (its user ids in the audit entry) for an admin to correct.
 *
 * How many rows changed, per column, and the flagged emails go into one audit entry
 * (`data.text-cleanup`, no actor), written only when there was something to report. The rules are
 * copied here on purpose: a migration must keep meaning what it meant when it ran.
 */
import type { Kysely, Migration } from 'kysely';

// eslint-disable-next-line no-control-regex -- finding control characters is the point
const SINGLE_LINE_RUN = /[\u0000-\u001F\u007F-\u009F\u2028\u2029]+/g;
const MULTI_LINE_TAB = /\t/g;
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const MULTI_LINE_DROP = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\u2028\u2029]/g;
const BIDI = /[\u202A-\u202E\u2066-\u2069]/g;
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const SINGLE_LINE_BAD = /[\u0000-\u001F\u007F-\u009F\u2028\u2029\u202A-\u202E\u2066-\u2069]/;

const cleanSingleLine = (s: string): string => s.replace(BIDI, '').replace(SINGLE_LINE_RUN, ' ').trim();
const cleanMultiLine = (s: string): string => s.replace(BIDI, '').replace(MULTI_LINE_TAB, ' ').replace(MULTI_LINE_DROP, '').trim();

/** table, its key column, the text column, and which rule applies. */
const COLUMNS: ReadonlyArray<[table: string, key: string, column: string, multiLine: boolean]> = [
  ['users', 'id', 'name', false],
  ['employees', 'user_id', 'position', false],
  ['employees', 'user_id', 'employee_id', false],
  ['tasks', 'id', 'title', false],
  ['tasks', 'id', 'description', true],
  ['holidays', 'id', 'name', false],
  ['leave_types', 'id', 'name', false],
  ['leaves', 'id', 'reason', true],
  ['attendance_corrections', 'id', 'reason', true],
  ['payroll_approvals', 'month', 'rerun_reason', true],
  ['employee_statutory', 'user_id', 'pan', false],
  ['employee_statutory', 'user_id', 'uan', false],
  ['employee_statutory', 'user_id', 'esi_number', false],
  ['employee_statutory', 'user_id', 'bank_account', false],
  ['employee_statutory', 'user_id', 'ifsc', false],
];

const PAGE = 2000;

export const textControlCleanupMigration: Migration = {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  async up(db: Kysely<any>) {
    const cleaned: Record<string, number> = {};
    for (const [table, key, column, multiLine] of COLUMNS) {
      const clean = multiLine ? cleanMultiLine : cleanSingleLine;
      let count = 0;
      // Paged by key, so a large table (leave reasons of years) is never held at once.
      let after: string | number | null = null;
      for (;;) {
        let q = db.selectFrom(table).select([`${key} as k`, `${column} as v`]).orderBy(key).limit(PAGE);
        if (after !== null) q = q.where(key, '>', after);
        const rows: Array<{ k: string | number; v: string | null }> = await q.execute();
        for (const row of rows) {
          if (row.v === null) continue;
          const next = clean(row.v);
          if (next === row.v) continue;
          // A single-line value that was nothing but controls still needs text (the columns are NOT NULL).
          await db.updateTable(table).set({ [column]: next === '' ? '?' : next }).where(key, '=', row.k).execute();
          count += 1;
        }
        if (rows.length < PAGE) break;
        after = rows[rows.length - 1].k;
      }
      if (count) cleaned[`${table}.${column}`] = count;
    }

    const flaggedEmails: number[] = [];
    const users: Array<{ id: number; email: string }> = await db.selectFrom('users').select(['id', 'email']).execute();
    for (const u of users) if (SINGLE_LINE_BAD.test(u.email)) flaggedEmails.push(Number(u.id));

    if (Object.keys(cleaned).length || flaggedEmails.length) {
      const rows = Object.values(cleaned).reduce((a, b) => a + b, 0);
      await db
        .insertInto('audit_log')
        .values({
          actor_id: null,
          action: 'data.text-cleanup',
          entity: 'database',
          entity_id: null,
          before_json: null,
          after_json: JSON.stringify({ rowsCleaned: rows, cleaned, flaggedEmails: flaggedEmails.slice(0, 1000), flaggedEmailCount: flaggedEmails.length }),
          at: new Date().toISOString(),
        })
        .execute();
    }
  },
};
