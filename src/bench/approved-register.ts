/**
 * The payroll register of an approved month, stand-alone: 1,200 seeded people with 70 days of
 * history (the seeder's attendance and leave), the last complete month approved (slips held for
 * release, so no mail is sent meanwhile), then `GET /api/salary/register/{month}` timed 8 times
 * after 2 warm-ups, in-process (`inject`):
 * - as shipped: only people whose inputs digest differently from their stored slip's are computed
 *   again to find "live data differs";
 * - every digest cleared, which is what each register of an approved month cost before: the whole
 *   month computed again;
 * - after a late change for three people (days of presence taken out), as shipped: the register must name exactly them;
 * and the floors in the same run: `GET /api/salary/settings` (a cheap admin call), and the draft register of the month before
 * (one computation of the month). Run: `node --import tsx src/bench/approved-register.ts` (with
 * DATABASE_URL for PostgreSQL).
 */
import os from 'node:os';
import { dateInZone, shiftDate } from '../shared/format';
import { lastCompleteMonth } from '../shared/payroll/pay-month';
import { monthBounds } from '../server/modules/salary/salary-repository';
import { OVERRIDE_BLOCKING } from '../e2e/payroll-overrides';
import { seedDatabase } from './seeder';
import { openStandaloneApp } from './standalone-app';

const ZONE = 'Asia/Kolkata';
const median = (ms: number[]) => [...ms].sort((a, b) => a - b)[Math.floor(ms.length / 2)]!;
const p95 = (ms: number[]) => [...ms].sort((a, b) => a - b)[Math.ceil(ms.length * 0.95) - 1]!;
const round = (ms: number) => Math.round(ms);

interface LiveDiffers {
  count: number;
  people: { employeeId: string }[];
}

export async function benchApprovedRegister(people = 1200, databaseUrl = process.env.DATABASE_URL || undefined) {
  // The costly-route budget (30 a minute) would stop a bench that calls the register this often.
  const { app, ctx, engine, headers, close } = await openStandaloneApp(databaseUrl, { APP_TIMEZONE: ZONE }, { authLimits: { heavyMax: 100_000 } });
  const db = ctx.database.db;
  try {
    const today = dateInZone(new Date(), ZONE);
    await seedDatabase(ctx.database, { employees: people, days: 70, timeZone: ZONE, until: shiftDate(today, -1) });
    const month = lastCompleteMonth(today);
    const draft = lastCompleteMonth(`${month}-01`);
    const call = async (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) => {
      const res = await app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
      if (res.statusCode >= 300) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body.slice(0, 300)}`);
      return res;
    };
    await call('PUT', '/api/salary/settings', { slipRelease: 'release' });
    await call('POST', `/api/salary/register/${month}/approve`, OVERRIDE_BLOCKING);
    const register = () => call('GET', `/api/salary/register/${month}`);
    const time = async (what: () => Promise<unknown>, n = 8) => {
      for (let i = 0; i < 2; i++) await what();
      const ms: number[] = [];
      for (let i = 0; i < n; i++) {
        const started = performance.now();
        await what();
        ms.push(performance.now() - started);
      }
      return { p50: round(median(ms)), p95: round(p95(ms)) };
    };
    const liveOf = async () => ((await register()).json() as { liveDiffers: LiveDiffers | null }).liveDiffers;
    const loadAt = { start: os.loadavg()[0]!.toFixed(1) };

    const floorSettings = await time(() => call('GET', '/api/salary/settings'));
    const draftRegister = await time(() => call('GET', `/api/salary/register/${draft}`), 4);
    const shipped = await time(register);
    if ((await liveOf()) !== null) throw new Error('live data differs right after approval');

    // A late change for three people: their attendance of the month's 10th to 14th taken out (a
    // correction), so those working days become loss of pay.
    const { from } = monthBounds(month);
    const late = await db.selectFrom('employees').select('user_id').orderBy('user_id').limit(3).execute();
    await db
      .deleteFrom('attendance')
      .where('user_id', 'in', late.map((r) => r.user_id))
      .where('date', '>=', shiftDate(from, 9))
      .where('date', '<=', shiftDate(from, 13))
      .execute();
    const afterChange = await time(register);
    const liveShipped = await liveOf();
    if (liveShipped?.count !== late.length) throw new Error(`live data differs for ${liveShipped?.count ?? 0} people, not ${late.length}`);

    await db.updateTable('payroll_approved_slips').set({ input_digest: null }).where('month', '=', month).execute();
    const everyone = await time(register, 4);
    const liveEveryone = await liveOf();
    const names = (l: LiveDiffers | null) => JSON.stringify(l?.people.map((p) => p.employeeId) ?? []);
    if (names(liveShipped) !== names(liveEveryone)) throw new Error(`the two ways disagree: ${names(liveShipped)} against ${names(liveEveryone)}`);

    return {
      engine,
      people,
      month,
      floorSettingsMs: floorSettings,
      draftRegisterMs: draftRegister,
      approvedRegisterMs: { shipped, afterLateChange: afterChange, everyoneRecomputed: everyone },
      liveDiffers: liveShipped?.count ?? 0,
      load: { ...loadAt, end: os.loadavg()[0]!.toFixed(1) },
    };
  } finally {
    await close();
  }
}

if (process.argv[1] && /approved-register\.ts$/.test(process.argv[1])) {
  benchApprovedRegister()
    .then((r) => console.log(JSON.stringify(r, null, 2)))
    .catch((err) => {
      console.error(err);
      process.exitCode = 1;
    });
}
