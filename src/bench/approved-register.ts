/**
 * Figure 21, the payroll register of an approved month: 1,200 seeded people with 70 days of
 * history (the seeder's attendance and leave), the last complete month approved (slips held for
 * release, so no mail is sent meanwhile), then `GET /api/salary/register/{month}` timed 8 times
 * after 2 warm-ups, in-process (`inject`):
 * - as shipped: only people whose inputs digest differently from their stored slip's are computed
 *   again to find "live data differs";
 * - every digest cleared, which is what each register of an approved month cost before: the whole
 *   month computed again;
 * - after a late change for three people (days of presence taken out), as shipped: the register must name exactly them;
 * and the floors in the same run: `GET /api/salary/settings` (a cheap admin call), and the draft register of the month before
 * (one computation of the month). `npm run bench -- --only 21` measures it beside the other figures;
 * on its own: `node --import tsx src/bench/approved-register.ts` (with DATABASE_URL for PostgreSQL).
 */
import os from 'node:os';
import { dateInZone, shiftDate } from '../shared/format';
import { lastCompleteMonth } from '../shared/payroll/pay-month';
import { monthBounds } from '../server/modules/salary';
import { OVERRIDE_BLOCKING } from '../e2e/payroll-overrides';
import { seedDatabase } from './seeder';
import { int, ms, ratio, type FigureResult, type Sizes } from './bench-types';
import { injectOk, openStandaloneApp, runAlone } from './standalone-app';
import { pctOf, timeRuns } from './timing';

const ZONE = 'Asia/Kolkata';

interface LiveDiffers {
  count: number;
  people: { employeeId: string }[];
}

export async function benchApprovedRegister(people = 1200, days = 70, databaseUrl = process.env.DATABASE_URL || undefined) {
  // The costly-route budget (30 a minute) would stop a bench that calls the register this often.
  const { app, ctx, engine, headers, close } = await openStandaloneApp(databaseUrl, { APP_TIMEZONE: ZONE }, { authLimits: { heavyMax: 100_000 } });
  const db = ctx.database.db;
  try {
    const today = dateInZone(new Date(), ZONE);
    await seedDatabase(ctx.database, { employees: people, days, timeZone: ZONE, until: shiftDate(today, -1) });
    const month = lastCompleteMonth(today);
    const draft = lastCompleteMonth(`${month}-01`);
    const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) => injectOk(app, { method, url, headers, payload });
    await call('PUT', '/api/salary/settings', { slipRelease: 'release' });
    await call('POST', `/api/salary/register/${month}/approve`, OVERRIDE_BLOCKING);
    const register = () => call('GET', `/api/salary/register/${month}`);
    const time = async (what: () => Promise<unknown>, n = 8) => {
      const ms = await timeRuns(what, n, 2);
      const tenth = (x: number) => Math.round(x * 10) / 10;
      return { p50: tenth(pctOf(ms, 50)), p95: tenth(pctOf(ms, 95)) };
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

export async function measureApprovedRegister(sizes: Sizes, databaseUrl: string | undefined): Promise<FigureResult> {
  const { people, days } = sizes.approvedRegister;
  const r = await benchApprovedRegister(people, days, databaseUrl);
  const draft = r.draftRegisterMs.p50;
  const { shipped, afterLateChange, everyoneRecomputed } = r.approvedRegisterMs;
  // The draft register is the floor of one computation of a month; the target is against the same
  // month computed again, since sharing work between people alike can make a draft cheaper than
  // reading and checking the stored slips.
  const floor = `${ms(draft)} (the draft register of the month before: one computation)`;
  const label = (what: string) => `GET /api/salary/register/${r.month}, approved, ${int(people)} people: ${what}`;
  return {
    rows: [
      {
        id: 'approved.shipped',
        group: 21,
        label: label('p50 / p95'),
        value: `${ms(shipped.p50)} / ${ms(shipped.p95)}`,
        floor,
        ratio: ratio(shipped.p50, draft),
        target: `< ${ms(everyoneRecomputed.p50)}, the month computed again (below)`,
        pass: shipped.p50 < everyoneRecomputed.p50,
        note: `GET /api/salary/settings p50 ${ms(r.floorSettingsMs.p50)}`,
      },
      {
        id: 'approved.late',
        group: 21,
        label: label('after a late change for 3 people, p50'),
        value: ms(afterLateChange.p50),
        floor,
        ratio: ratio(afterLateChange.p50, draft),
        target: `< ${ms(everyoneRecomputed.p50)}, naming exactly those 3`,
        pass: afterLateChange.p50 < everyoneRecomputed.p50 && r.liveDiffers === 3,
        note: `live data differs for ${r.liveDiffers}`,
      },
      {
        id: 'approved.everyone',
        group: 21,
        label: label('every stored digest cleared (the whole month computed again, as before), p50 / p95'),
        value: `${ms(everyoneRecomputed.p50)} / ${ms(everyoneRecomputed.p95)}`,
        floor,
        ratio: ratio(everyoneRecomputed.p50, draft),
        target: '—',
        pass: null,
      },
    ],
    raw: { ...r },
  };
}

if (process.argv[1] && /approved-register\.ts$/.test(process.argv[1])) runAlone(() => benchApprovedRegister());
