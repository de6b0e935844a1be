/**
 * Fills a database with a company's worth of data, fast: employees (users + employees rows, the
 * business-id counter moved past them), a history of attendance with a realistic mix, leave and
 * tasks. Rows go in through bulk inserts inside transactions: prepared statements on the raw
 * better-sqlite3 handle, and `INSERT ... SELECT * FROM unnest($1::type[], ...)` on PostgreSQL (one
 * statement and one parameter per column for tens of thousands of rows, the closest thing to COPY
 * that plain `pg` offers).
 *
 * The data is generated from a seeded PRNG, so two runs with the same options hold the same rows.
 * Seeded people have no password (invited, never signed in); benchmarks mint their tokens.
 */
import { leaveDays, SUNDAY_OFF, type WorkCalendar } from '../shared/leave-policy/work-calendar';
import { seededRandom } from '../shared/seeded-random';
import type { SqliteDatabase, SqliteStatement } from '../server/db/sqlite-driver';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../server/db/database';
import type { DB } from '../server/db/schema';
import { formatEmployeeId } from '../server/modules/employee-records';
import { dateInZone } from '../shared/format';
import { silentProgress, type Progress } from './progress';

export interface SeedOptions {
  employees: number;
  /** Days of attendance history, ending on `until`. */
  days: number;
  /** Last day of history (YYYY-MM-DD); default yesterday in `timeZone`, so today is fresh for punching in. */
  until?: string;
  /** APP_TIMEZONE of the server that will read the data: punch times are office hours there. */
  timeZone: string;
  /** PRNG seed; the same seed gives the same rows. */
  seed?: number;
  /** Also create a password-less admin (for minted tokens) and return its id. */
  admin?: boolean;
  /** Draws progress for a phase; default draws nothing. */
  progress?: (label: string, total: number) => Progress;
  /** "Now" for created_at stamps and the default `until`. */
  now?: Date;
  /**
   * Also give everyone a punched-in record (P, no punch-out yet) for the day after `until`: the
   * state a punch-in storm leaves today in, without running one.
   */
  punchedInNextDay?: boolean;
}

export interface SeededEmployee {
  userId: number;
  employeeId: string;
  email: string;
  joinedOn: string;
}

export interface SeedResult {
  adminUserId: number | null;
  employees: SeededEmployee[];
  /** First and last day of the attendance history. */
  from: string;
  until: string;
  counts: { employees: number; attendance: number; leaves: number; tasks: number };
  ms: number;
}

export const SEED_ADMIN_EMAIL = 'bench-admin@seed.example';

const FIRST = ['Aarav', 'Asha', 'Vivaan', 'Meera', 'Arjun', 'Priya', 'Kiran', 'Divya', 'Rahul', 'Sneha', 'Vikram', 'Ananya', 'Rohan', 'Isha', 'Karthik', 'Lakshmi', 'Nikhil', 'Pooja', 'Sanjay', 'Tara', 'Imran', 'Fatima', 'John', 'Maria'];
const LAST = ['Rao', 'Iyer', 'Shah', 'Nair', 'Das', 'Gupta', 'Menon', 'Singh', 'Bose', 'Pillai', 'Reddy', 'Khan', 'Patel', 'Joshi', 'Kulkarni', 'Fernandes', 'Chatterjee', 'Verma'];
const POSITIONS = ['Software Engineer', 'Senior Engineer', 'Analyst', 'Designer', 'Manager', 'QA Engineer', 'HR Executive', 'Accountant', 'Sales Executive', 'Support Engineer'];
const LEAVE_REASONS = ['Family function', 'Medical appointment', 'Fever', 'Travel home', 'Personal work', 'Wedding in the family', 'Child care'];
const TASK_TITLES = ['Prepare quarterly report', 'Review pull requests', 'Update onboarding guide', 'Client demo', 'Fix reported bug', 'Inventory audit', 'Plan sprint', 'Write test cases', 'Vendor follow-up', 'Training session'];

// Rows per transaction (SQLite) and per INSERT ... unnest statement (PostgreSQL).
const SQLITE_CHUNK = 100_000;
const PG_CHUNK = 20_000;

type ColumnType = 'bigint' | 'integer' | 'real' | 'text';
interface Column {
  name: string;
  type: ColumnType;
}
type Row = (string | number | null)[];

/** Bulk insertion for one engine; every call is its own transaction. */
interface BulkWriter {
  readonly chunk: number;
  insert(table: keyof DB, columns: readonly Column[], rows: readonly Row[]): Promise<void>;
  /** Inserts users rows and returns their ids in input order (emails are unique). */
  insertUsers(rows: readonly Row[]): Promise<number[]>;
  finish(): Promise<void>;
}

/** Columns as `name` (text) or `name:type`. */
const columns = (...specs: string[]): Column[] =>
  specs.map((spec) => {
    const [name, type = 'text'] = spec.split(':');
    return { name: name!, type: type as ColumnType };
  });

const USER_COLUMNS = columns('email', 'name', 'role', 'password_hash', 'created_at', 'updated_at');
const EMPLOYEE_COLUMNS = columns('user_id:bigint', 'employee_id', 'position', 'salary_paise:bigint', 'joined_on');
const ATTENDANCE_COLUMNS = columns('user_id:bigint', 'date', 'status', 'punch_in', 'punch_out');
/** The seeded company's calendar: the default leave settings (Sundays off) and no holidays. */
const SEED_CALENDAR: WorkCalendar = { weeklyOff: SUNDAY_OFF, holidays: new Set() };
// `days`: the working days the product stores with every request since leave types (migration 010);
// only rows from before it are counted on read.
const LEAVE_COLUMNS = columns('user_id:bigint', 'start_date', 'end_date', 'reason', 'status', 'decided_by:bigint', 'decided_at', 'created_at', 'days:real');
const TASK_COLUMNS = columns('user_id:bigint', 'title', 'description', 'status', 'assigned_by:bigint', 'created_at', 'updated_at');

function sqliteWriter(handle: SqliteDatabase): BulkWriter {
  // The seeding connection only: a bigger page cache keeps the (user_id, date) index's inserts off
  // the disk, and no syncs at all (a seed that crashes is simply run again on a fresh file).
  handle.pragma('synchronous = OFF');
  handle.pragma('cache_size = -262144');
  const statements = new Map<string, SqliteStatement>();
  const statement = (table: string, columns: readonly Column[]) => {
    const key = `${table}:${columns.map((c) => c.name).join(',')}`;
    let stmt = statements.get(key);
    if (!stmt) {
      stmt = handle.prepare(`insert into ${table} (${columns.map((c) => c.name).join(', ')}) values (${columns.map(() => '?').join(', ')})`);
      statements.set(key, stmt);
    }
    return stmt;
  };
  return {
    chunk: SQLITE_CHUNK,
    async insert(table, columns, rows) {
      const stmt = statement(table, columns);
      handle.transaction(() => {
        for (const row of rows) stmt.run(row);
      })();
    },
    async insertUsers(rows) {
      const stmt = statement('users', USER_COLUMNS);
      return handle.transaction(() => rows.map((row) => Number(stmt.run(row).lastInsertRowid)))();
    },
    async finish() {
      // Leaves an empty WAL behind, so the server that opens the file next does not pay for it.
      handle.pragma('wal_checkpoint(TRUNCATE)');
      handle.pragma('synchronous = FULL');
    },
  };
}

function postgresWriter(db: Kysely<DB>): BulkWriter {
  const unnest = (columns: readonly Column[], rows: readonly Row[]) =>
    sql.join(columns.map((c, i) => sql`${sql.val(rows.map((r) => r[i]))}::${sql.raw(c.type)}[]`));
  const columnList = (columns: readonly Column[]) => sql.join(columns.map((c) => sql.ref(c.name)));
  return {
    chunk: PG_CHUNK,
    async insert(table, columns, rows) {
      await sql`insert into ${sql.table(table)} (${columnList(columns)}) select * from unnest(${unnest(columns, rows)})`.execute(db);
    },
    async insertUsers(rows) {
      const result = await sql<{ id: number; email: string }>`insert into users (${columnList(USER_COLUMNS)})
        select * from unnest(${unnest(USER_COLUMNS, rows)}) returning id, email`.execute(db);
      // RETURNING order is not promised; emails are unique, so match on them.
      const ids = new Map(result.rows.map((r) => [r.email, Number(r.id)]));
      return rows.map((r) => ids.get(r[0] as string)!);
    },
    async finish() {
      // What autovacuum would do a minute after a bulk load, done now so it cannot land mid-benchmark:
      // planner statistics, and the visibility map that lets counts use index-only scans.
      for (const table of ['users', 'employees', 'attendance', 'leaves', 'tasks']) await sql`vacuum analyze ${sql.table(table)}`.execute(db);
    },
  };
}


const DAY_MS = 86_400_000;
const dayMs = (date: string) => Date.parse(`${date}T00:00:00Z`);
const dateOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);
export const addDays = (date: string, days: number) => dateOf(dayMs(date) + days * DAY_MS);
const isSunday = (date: string) => new Date(dayMs(date)).getUTCDay() === 0;

/** Minutes `timeZone` is ahead of UTC on `date` (taken at local noon, away from DST switches). */
function zoneOffsetMinutes(date: string, timeZone: string): number {
  const noon = dayMs(date) + 12 * 3_600_000;
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', { timeZone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit' })
      .formatToParts(new Date(noon))
      .map((p) => [p.type, Number(p.value)]),
  );
  return (Date.UTC(parts.year!, parts.month! - 1, parts.day!, parts.hour!, parts.minute!) - noon) / 60_000;
}

/** Runs the seeding; the database must be migrated. Appends to what is there (new ids, new emails). */
export async function seedDatabase(database: Database, opts: SeedOptions): Promise<SeedResult> {
  const started = performance.now();
  const random = seededRandom(opts.seed ?? 20_260_101);
  const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)]!;
  const progress = opts.progress ?? silentProgress;
  const now = opts.now ?? new Date();
  const stamp = now.toISOString();
  const until = opts.until ?? addDays(dateInZone(now, opts.timeZone), -1);
  const from = addDays(until, -(Math.max(1, opts.days) - 1));
  const { db } = database;
  const writer = database.sqlite ? sqliteWriter(database.sqlite) : postgresWriter(db);

  // ---- admin ----
  let adminUserId: number | null = null;
  if (opts.admin) {
    const existing = await db.selectFrom('users').select('id').where('email', '=', SEED_ADMIN_EMAIL).executeTakeFirst();
    adminUserId = existing ? Number(existing.id) : (await writer.insertUsers([[SEED_ADMIN_EMAIL, 'Bench Admin', 'admin', null, stamp, stamp]]))[0]!;
  }
  // Leave decisions and task assignments need an admin; any existing one will do.
  const anyAdmin = await db.selectFrom('users').select('id').where('role', '=', 'admin').orderBy('id').executeTakeFirst();
  const deciderId = adminUserId ?? (anyAdmin ? Number(anyAdmin.id) : null);

  // ---- employees ----
  const counter = Number((await db.selectFrom('counters').select('value').where('name', '=', 'employee_id').executeTakeFirst())?.value ?? 0);
  const employees: SeededEmployee[] = [];
  const bar = progress('employees ', opts.employees);
  for (let offset = 0; offset < opts.employees; offset += writer.chunk) {
    const size = Math.min(writer.chunk, opts.employees - offset);
    const people = Array.from({ length: size }, (_, i) => {
      const n = counter + offset + i + 1;
      const first = pick(FIRST);
      const last = pick(LAST);
      // Most joined before the history starts; one in twenty joins during it.
      const joinedOn = random() < 0.95 ? addDays(from, -1 - Math.floor(random() * 4 * 365)) : addDays(from, Math.floor(random() * opts.days));
      return {
        employeeId: formatEmployeeId(n),
        name: `${first} ${last}`,
        email: `${first}.${last}.${n}@seed.example`.toLowerCase(),
        position: pick(POSITIONS),
        salaryPaise: (25_000 + Math.floor(random() * 2250) * 100) * 100,
        joinedOn,
      };
    });
    const ids = await writer.insertUsers(people.map((p) => [p.email, p.name, 'employee', null, stamp, stamp]));
    await writer.insert('employees', EMPLOYEE_COLUMNS, people.map((p, i) => [ids[i]!, p.employeeId, p.position, p.salaryPaise, p.joinedOn]));
    people.forEach((p, i) => employees.push({ userId: ids[i]!, employeeId: p.employeeId, email: p.email, joinedOn: p.joinedOn }));
    bar.update(employees.length);
  }
  await db
    .updateTable('counters')
    .set({ value: counter + opts.employees })
    .where('name', '=', 'employee_id')
    .execute();
  bar.finish();

  // ---- leave (before attendance: nobody punches in on an approved day off) ----
  const onLeave = new Map<number, Set<string>>();
  const leaveRows: Row[] = [];
  for (const e of employees) {
    const count = Math.floor((opts.days / 365) * 3 + random());
    for (let k = 0; k < count; k++) {
      let start = addDays(from, Math.floor(random() * opts.days));
      if (isSunday(start)) start = addDays(start, 1);
      const end = addDays(start, Math.floor(random() * 3));
      const r = random();
      const status = r < 0.75 ? 'approved' : 'rejected';
      if (status === 'approved') {
        const days = onLeave.get(e.userId) ?? new Set<string>();
        for (let d = start; d <= end; d = addDays(d, 1)) days.add(d);
        onLeave.set(e.userId, days);
      }
      leaveRows.push([e.userId, start, end, pick(LEAVE_REASONS), status, deciderId, `${addDays(start, -2)}T10:00:00.000Z`, `${addDays(start, -5)}T09:30:00.000Z`, leaveDays(start, end, SEED_CALENDAR)]);
    }
    // One in ten has a request waiting for the coming weeks.
    if (random() < 0.1) {
      const start = addDays(until, 1 + Math.floor(random() * 30));
      const end = addDays(start, Math.floor(random() * 3));
      leaveRows.push([e.userId, start, end, pick(LEAVE_REASONS), 'pending', null, null, stamp, leaveDays(start, end, SEED_CALENDAR)]);
    }
  }
  for (let i = 0; i < leaveRows.length; i += writer.chunk) await writer.insert('leaves', LEAVE_COLUMNS, leaveRows.slice(i, i + writer.chunk));

  // ---- tasks ----
  const taskRows: Row[] = [];
  for (const e of employees) {
    const count = 2 + Math.floor(random() * 4);
    for (let k = 0; k < count; k++) {
      const created = `${addDays(from, Math.floor(random() * opts.days))}T05:${String(Math.floor(random() * 60)).padStart(2, '0')}:00.000Z`;
      const r = random();
      const status = r < 0.6 ? 'completed' : r < 0.85 ? 'in-progress' : 'assigned';
      taskRows.push([e.userId, pick(TASK_TITLES), 'Details are in the team tracker.', status, deciderId, created, created]);
    }
  }
  for (let i = 0; i < taskRows.length; i += writer.chunk) await writer.insert('tasks', TASK_COLUMNS, taskRows.slice(i, i + writer.chunk));

  // ---- attendance, day by day as it would have accumulated ----
  const attendanceBar = progress('attendance', opts.days * employees.length);
  let buffer: Row[] = [];
  let attendance = 0;
  let personDays = 0;
  const flush = async () => {
    if (!buffer.length) return;
    await writer.insert('attendance', ATTENDANCE_COLUMNS, buffer);
    attendance += buffer.length;
    buffer = [];
  };
  for (let date = from; date <= until; date = addDays(date, 1)) {
    personDays += employees.length;
    if (isSunday(date)) continue;
    // Midnight of `date` in the company's zone, as an instant.
    const midnight = dayMs(date) - zoneOffsetMinutes(date, opts.timeZone) * 60_000;
    const at = (minutes: number) => new Date(midnight + Math.round(minutes * 60_000)).toISOString();
    for (const e of employees) {
      if (e.joinedOn > date || onLeave.get(e.userId)?.has(date)) continue;
      const r = random();
      if (r < 0.9) {
        // Present: in between 09:00 and 09:45, out between 17:30 and 18:30; a few forget to punch out.
        const punchIn = 540 + random() * 45;
        buffer.push([e.userId, date, 'P', at(punchIn), random() < 0.02 ? null : at(1050 + random() * 60)]);
      } else if (r < 0.93) {
        // Half day.
        buffer.push([e.userId, date, 'H', at(540 + random() * 45), at(780 + random() * 60)]);
      } else if (r < 0.95) {
        // Marked absent; the other absences simply have no record.
        buffer.push([e.userId, date, 'A', null, null]);
      }
    }
    if (buffer.length >= writer.chunk) await flush();
    attendanceBar.update(personDays);
  }
  await flush();
  await writer.finish();
  if (opts.punchedInNextDay) {
    // Written after the history is settled (vacuumed on PostgreSQL), so these rows are as fresh as a
    // storm's: a poll reading them costs the same as on a database where the storm really ran.
    const day = addDays(until, 1);
    const midnight = dayMs(day) - zoneOffsetMinutes(day, opts.timeZone) * 60_000;
    for (const e of employees) {
      if (e.joinedOn <= day) buffer.push([e.userId, day, 'P', new Date(midnight + Math.round((540 + random() * 45) * 60_000)).toISOString(), null]);
    }
    await flush();
  }
  attendanceBar.finish(`-> ${attendance.toLocaleString('en-US')} records`);
  return {
    adminUserId,
    employees,
    from,
    until,
    counts: { employees: employees.length, attendance, leaves: leaveRows.length, tasks: taskRows.length },
    ms: Math.round(performance.now() - started),
  };
}
