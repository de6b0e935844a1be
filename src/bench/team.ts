/**
 * Figure 22, My Team at company scale: 10,000 people, one manager with 200 direct reports (the rest
 * in teams of 20), two leave requests a person (one approved this week, one pending) and today's
 * attendance for everyone. Each My Team call is made 40 times as that manager (after 5 warm-ups) and its
 * p95 reported, then the whole screen (its six calls at once, as the page makes them), then
 * `GET /api/leave` for the manager and for an employee who manages nobody, side by side (in turns). The floor,
 * in the same run: `GET /api/employee/me`, the cheapest signed-in call. In-process (`inject`), so the
 * figures are the server's work without the network. `npm run bench -- --only 22` measures it beside
 * the other figures; on its own: `node --import tsx src/bench/team.ts` (with DATABASE_URL for PostgreSQL). Target: the screen under 300 ms; the manager's own leave list no
 * slower than an employee's.
 */
import { dateInZone, shiftDate } from '../shared/format';
import { int, ms, ratio, type FigureResult, type Sizes } from './bench-types';
import { insertInChunks, insertStaff, pad, staffCode } from './staff';
import { injectOk, openStandaloneApp, runAlone } from './standalone-app';
import { pctOf, timeRuns } from './timing';

const p95 = (ms: readonly number[]) => Math.round(pctOf(ms, 95) * 10) / 10;

export async function benchTeam(people = 10_000, reports = 200, databaseUrl = process.env.DATABASE_URL || undefined) {
  const { app, ctx, engine, close } = await openStandaloneApp(databaseUrl, { APP_TIMEZONE: 'Asia/Kolkata' });
  const db = ctx.database.db;
  try {
    const now = new Date().toISOString();
    const today = dateInZone(new Date(), 'Asia/Kolkata');
    const type = await db.selectFrom('leave_types').select('id').orderBy('id').executeTakeFirstOrThrow();
    // Person 1 manages persons 2..201; everyone after is in a team of 20 under someone among the first 700.
    const managerOf = (k: number, ids: readonly number[]) => (k === 0 ? null : k <= reports ? ids[0]! : ids[1 + Math.floor((k - reports - 1) / 20)]!);
    const ids = await insertStaff(db, people, { name: (n) => `Person ${n} Ramachandran`, position: 'Accounts Executive', managerOf });
    await db.transaction().execute(async (trx) => {
      await insertInChunks(trx, 'attendance', ids.map((id, k) => ({ user_id: id, date: today, status: 'P', punch_in: `${today}T03:${pad(k % 60)}:00.000Z`, punch_out: null })));
      await insertInChunks(
        trx,
        'leaves',
        ids.flatMap((id, k) => [
          { user_id: id, start_date: shiftDate(today, (k % 5) - 2), end_date: shiftDate(today, (k % 5) - 1), reason: 'Family function', status: 'approved', created_at: now, leave_type_id: type.id, days: 2 },
          { user_id: id, start_date: shiftDate(today, 30 + (k % 20)), end_date: shiftDate(today, 30 + (k % 20)), reason: 'Bank work', status: 'pending', created_at: now, leave_type_id: type.id, days: 1 },
        ]),
      );
    });
    const tokenOf = async (id: number, employeeId: string) => {
      const u = await db.selectFrom('users').select('token_version').where('id', '=', id).executeTakeFirstOrThrow();
      return { 'x-auth-token': await ctx.tokens.sign({ role: 'employee', employeeId, user: { id: String(id), role: 'employee' }, tv: u.token_version }) };
    };
    const manager = await tokenOf(ids[0]!, staffCode(1));
    const plain = await tokenOf(ids[people - 1]!, staffCode(people));
    const get = (url: string, headers: Record<string, string>) => injectOk(app, { method: 'GET', url, headers });
    const time = async (what: () => Promise<unknown>, n = 40) => p95(await timeRuns(what, n, 5));
    const week = `from=${shiftDate(today, -3)}&to=${shiftDate(today, 3)}`;
    const screen = ['/api/team/summary', '/api/team/attendance', '/api/leave?scope=team', '/api/attendance/corrections?scope=team', `/api/team/whos-off?${week}`, '/api/team/leave-balances'];
    const check = await get('/api/team/attendance', manager);
    const members = (check.json() as { members: unknown[] }).members.length;
    if (members !== reports) throw new Error(`the manager sees ${members} people, not ${reports}`);
    const calls: Record<string, number> = {};
    for (const url of screen) calls[url.replace(/\?from=.*/, '')] = await time(() => get(url, manager));
    const screenP95 = await time(() => Promise.all(screen.map((url) => get(url, manager))), 20);
    // The two own lists in turns, so neither gets the warmer process or the quieter minute.
    const ownLeave = async (n = 40) => {
      const ms = { manager: [] as number[], employee: [] as number[] };
      for (let i = 0; i < 5; i++) await Promise.all([get('/api/leave', manager), get('/api/leave', plain)]);
      for (let i = 0; i < n; i++) {
        for (const [who, headers] of (i % 2 ? [['employee', plain], ['manager', manager]] : [['manager', manager], ['employee', plain]]) as ['manager' | 'employee', Record<string, string>][]) {
          const started = performance.now();
          await get('/api/leave', headers);
          ms[who].push(performance.now() - started);
        }
      }
      return { manager: p95(ms.manager), employee: p95(ms.employee) };
    };
    return {
      engine,
      people,
      reports,
      floorMeP95: await time(() => get('/api/employee/me', plain)),
      calls,
      wholeScreenP95: screenP95,
      ownLeaveP95: await ownLeave(),
    };
  } finally {
    await close();
  }
}

const SCREEN_TARGET_MS = 300;
/** The manager's own list against an employee's: "no slower", with room for one machine's noise. */
const OWN_LIST_MAX_RATIO = 1.25;

export async function measureTeam(sizes: Sizes, databaseUrl: string | undefined): Promise<FigureResult> {
  const { people, reports } = sizes.team;
  const r = await benchTeam(people, reports, databaseUrl);
  const floor = `${ms(r.floorMeP95)} (GET /api/employee/me)`;
  const own = ratio(r.ownLeaveP95.manager, r.ownLeaveP95.employee);
  return {
    rows: [
      {
        id: 'team.screen',
        group: 22,
        label: `My Team, the whole screen (its six calls at once) for a manager of ${int(reports)} among ${int(people)} people: p95`,
        value: ms(r.wholeScreenP95),
        floor,
        ratio: ratio(r.wholeScreenP95, r.floorMeP95),
        target: `< ${ms(SCREEN_TARGET_MS)}`,
        pass: r.wholeScreenP95 < SCREEN_TARGET_MS,
        note: Object.entries(r.calls)
          .map(([url, p95]) => `${url.replace('/api/', '')} ${ms(p95)}`)
          .join(', '),
      },
      {
        id: 'team.own-leave',
        group: 22,
        label: 'GET /api/leave, own list: the manager / an employee who manages nobody, p95 (in turns)',
        value: `${ms(r.ownLeaveP95.manager)} / ${ms(r.ownLeaveP95.employee)}`,
        floor,
        ratio: own,
        target: `manager ≤ ${OWN_LIST_MAX_RATIO} × employee`,
        pass: own !== null && own <= OWN_LIST_MAX_RATIO,
      },
    ],
    raw: { ...r },
  };
}

if (process.argv[1] && /team\.ts$/.test(process.argv[1])) runAlone(() => benchTeam());
