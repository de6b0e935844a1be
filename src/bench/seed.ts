/**
 * `npm run seed -- --employees 10000 --days 365 [--data-dir DIR] [--until YYYY-MM-DD] [--seed N]`
 *
 * Fills the database the server would open (SQLite in DATA_DIR, or PostgreSQL when DATABASE_URL is
 * set) with employees, attendance history ending yesterday, leave and tasks. Migrates first, and
 * appends to existing data. No admin is created: `npm start` creates the first one as usual.
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { migrateToLatest, openDatabase } from '../server/db/database';
import { usePrivateUmask } from '../server/data-dir';
import { createProgress } from './progress';
import { seedDatabase } from './seeder';

const USAGE = 'Usage: npm run seed -- --employees 10000 --days 365 [--data-dir DIR] [--until YYYY-MM-DD] [--seed N]';

function positiveInt(name: string, text: string | undefined, fallback: number): number {
  if (text === undefined) return fallback;
  const n = Number(text);
  if (!Number.isSafeInteger(n) || n < 1) throw new Error(`--${name} must be a whole number of at least 1 (got "${text}")`);
  return n;
}

async function main() {
  // Whatever it writes into DATA_DIR is private (src/server/data-dir.ts).
  usePrivateUmask();
  const { values } = parseArgs({
    options: {
      employees: { type: 'string' },
      days: { type: 'string' },
      'data-dir': { type: 'string' },
      until: { type: 'string' },
      seed: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) {
    console.log(USAGE);
    return;
  }
  if (values.until !== undefined && !/^\d{4}-\d{2}-\d{2}$/.test(values.until)) throw new Error('--until must be a date YYYY-MM-DD');
  const employees = positiveInt('employees', values.employees, 1000);
  const days = positiveInt('days', values.days, 30);
  const timeZone = process.env.APP_TIMEZONE || Intl.DateTimeFormat().resolvedOptions().timeZone;
  const dataDir = path.resolve(values['data-dir'] ?? process.env.DATA_DIR ?? './data');
  const databaseUrl = process.env.DATABASE_URL || undefined;

  const database = openDatabase({ dataDir, databaseUrl });
  try {
    await migrateToLatest(database);
    const where = database.dialect === 'sqlite' ? database.sqlite!.name : 'PostgreSQL (DATABASE_URL)';
    console.error(`Seeding ${employees.toLocaleString('en-US')} employees x ${days} days into ${where} (APP_TIMEZONE ${timeZone})`);
    const result = await seedDatabase(database, {
      employees,
      days,
      until: values.until,
      timeZone,
      seed: values.seed === undefined ? undefined : positiveInt('seed', values.seed, 1),
      progress: (label, total) => createProgress(label, total),
    });
    const c = result.counts;
    console.error(
      `Done in ${(result.ms / 1000).toFixed(1)} s: ${c.employees} employees, ${c.attendance} attendance records ` +
        `(${result.from} to ${result.until}), ${c.leaves} leave requests, ${c.tasks} tasks.`,
    );
  } finally {
    await database.close();
  }
}

main().catch((err: Error) => {
  console.error(`seed: ${err.message}\n${USAGE}`);
  process.exit(1);
});
