/** The seeder fills what the benchmarks read: right counts, valid rows, and ids that never collide. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { migrateToLatest, openDatabase, type Database } from '../server/db/database';
import { engines, testSchemaPrefix, withPg, type Engine } from '../server/test/test-app';
import { seedDatabase } from './seeder';

const TZ = 'Asia/Kolkata';
// 2026-03-01 is a Sunday: 5 days ending on Thursday 2026-03-05 hold 4 working days.
const UNTIL = '2026-03-05';


describe.each(engines)('seeder on %s', (engine: Engine) => {
  let database: Database;
  let dataDir: string;
  let schema: string | undefined;

  beforeEach(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hr-seed-'));
    // Named like every test app's schema, so the run's teardown drops it: dropping it here, while
    // another worker's migrator reads the catalog, fails that worker's migration.
    schema = engine === 'postgres' ? `${testSchemaPrefix()}seed_${randomBytes(5).toString('hex')}` : undefined;
    if (schema) await withPg((c) => c.query(`create schema ${schema}`));
    database = openDatabase({ dataDir, databaseUrl: engine === 'postgres' ? process.env.DATABASE_URL : undefined, pgSchema: schema });
    await migrateToLatest(database);
  });

  afterEach(async () => {
    await database.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const count = async (table: 'users' | 'employees' | 'attendance' | 'leaves' | 'tasks') =>
    Number((await database.db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);

  it('seeds 20 employees x 5 days with matching counts and valid attendance', async () => {
    const result = await seedDatabase(database, { employees: 20, days: 5, until: UNTIL, timeZone: TZ, admin: true, seed: 7 });

    expect(result.from).toBe('2026-03-01');
    expect(result.counts.employees).toBe(20);
    expect(await count('employees')).toBe(20);
    expect(await count('users')).toBe(21); // + the bench admin
    expect(await count('attendance')).toBe(result.counts.attendance);
    expect(await count('leaves')).toBe(result.counts.leaves);
    expect(await count('tasks')).toBe(result.counts.tasks);
    // 20 people x 4 working days, minus absences without a record, late joiners and leave.
    expect(result.counts.attendance).toBeGreaterThan(40);
    expect(result.counts.attendance).toBeLessThanOrEqual(80);

    const rows = await database.db.selectFrom('attendance').selectAll().execute();
    const keys = new Set(rows.map((r) => `${r.user_id}/${r.date}`));
    expect(keys.size).toBe(rows.length);
    for (const r of rows) {
      expect(r.date >= '2026-03-02' && r.date <= UNTIL).toBe(true); // never the Sunday
      expect(['P', 'H', 'A']).toContain(r.status);
      if (r.status === 'A') continue;
      // Punch-in between 09:00 and 09:45 India time (UTC+05:30) on that day.
      const local = new Date(Date.parse(r.punch_in!) + 330 * 60_000).toISOString();
      expect(local.slice(0, 10)).toBe(r.date);
      expect(local.slice(11, 16) >= '09:00' && local.slice(11, 16) <= '09:45').toBe(true);
      if (r.punch_out) expect(r.punch_out > r.punch_in!).toBe(true);
    }
    expect(rows.filter((r) => r.status === 'P').length).toBeGreaterThan(rows.length / 2);
  });

  it('can leave the next day as a punch-in storm would: everyone present, no punch-out yet', async () => {
    const result = await seedDatabase(database, { employees: 20, days: 5, until: UNTIL, timeZone: TZ, seed: 3, punchedInNextDay: true });
    const day = await database.db.selectFrom('attendance').selectAll().where('date', '=', '2026-03-06').execute();
    const joined = result.employees.filter((e) => e.joinedOn <= '2026-03-06').length;
    expect(day).toHaveLength(joined);
    expect(day.every((r) => r.status === 'P' && r.punch_in && r.punch_out === null)).toBe(true);
    expect(result.counts.attendance).toBe(await count('attendance'));
  });

  it('advances the employee id counter, so a second seed appends without collisions', async () => {
    await seedDatabase(database, { employees: 20, days: 5, until: UNTIL, timeZone: TZ, seed: 1 });
    const second = await seedDatabase(database, { employees: 5, days: 5, until: UNTIL, timeZone: TZ, seed: 1 });

    expect(second.employees.map((e) => e.employeeId)).toEqual(['EMP0021', 'EMP0022', 'EMP0023', 'EMP0024', 'EMP0025']);
    const counter = await database.db.selectFrom('counters').select('value').where('name', '=', 'employee_id').executeTakeFirstOrThrow();
    expect(Number(counter.value)).toBe(25);
    expect(await count('employees')).toBe(25);
    const passwords = await database.db.selectFrom('users').select('password_hash').where('password_hash', 'is not', null).execute();
    expect(passwords).toEqual([]);
  });
});
