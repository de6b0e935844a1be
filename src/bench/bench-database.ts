/** The bench process's own connection to the database a server child is using (counts, floors). */
import { openDatabase, type Database } from '../server/db/database';
import type { EngineSetting } from './bench-types';

export async function withBenchDatabase<T>(s: Pick<EngineSetting, 'dataDir' | 'databaseUrl'>, fn: (database: Database) => Promise<T>): Promise<T> {
  const database = openDatabase({ dataDir: s.dataDir, databaseUrl: s.databaseUrl });
  try {
    return await fn(database);
  } finally {
    await database.close();
  }
}

/** Attendance records of one day, counted by the database. */
export function countAttendanceOn(s: Pick<EngineSetting, 'dataDir' | 'databaseUrl'>, date: string): Promise<number> {
  return withBenchDatabase(s, async ({ db }) => {
    const row = await db.selectFrom('attendance').select((eb) => eb.fn.countAll<number>().as('n')).where('date', '=', date).executeTakeFirstOrThrow();
    return Number(row.n);
  });
}
