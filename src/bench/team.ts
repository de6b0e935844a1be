/**
 * My Team at company scale, stand-alone: 10,000 people, one manager with 200 direct reports (the rest
 * in teams of 20), two leave requests a person (one approved this week, one pending) and today's
 * attendance for everyone. Each My Team call is made 40 times as that manager (after 5 warm-ups) and its
 * p95 reported, then the whole screen (its six calls at once, as the page makes them), then
 * `GET /api/leave` for the manager and for an employee who manages nobody, side by side (in turns). The floor,
 * in the same run: `GET /api/employee/me`, the cheapest signed-in call. In-process (`inject`), so the
 * figures are the server's work without the network. Run: `node --import tsx src/bench/team.ts`
 * (with DATABASE_URL for PostgreSQL). Target: the screen under 300 ms; the manager's own leave list no
 * slower than an employee's.
 */
import os from 'node:os';
import { dateInZone, shiftDate } from '../shared/format';
import { openStandaloneApp } from './standalone-app';

const pad = (n: number, w = 5) => String(n).padStart(w, '0');
const p95 = (ms: number[]) => [...ms].sort((a, b) => a - b)[Math.ceil(ms.length * 0.95) - 1]!;
const round = (ms: number) => Math.round(ms * 10) / 10;

export async function benchTeam(people = 10_000, reports = 200, databaseUrl = process.env.DATABASE_URL || undefined) {
  const { app, ctx, engine, close } = await openStandaloneApp(databaseUrl, { APP_TIMEZONE: 'Asia/Kolkata' });
  const db = ctx.database.db;
  try {
    const now = new Date().toISOString();
    const today = dateInZone(new Date(), 'Asia/Kolkata');
    const type = await db.selectFrom('leave_types').select('id').orderBy('id').executeTakeFirstOrThrow();
    const ids: number[] = [];
    await db.transaction().execute(async (trx) => {
      for (let i = 1; i <= people; i += 1000) {
        const chunk = Array.from({ length: Math.min(1000, people - i + 1) }, (_, k) => i + k);
        const rows = await trx
          .insertInto('users')
          .values(chunk.map((n) => ({ email: `staff.${n}@acme.co.in`, name: `Person ${n} Ramachandran`, role: 'employee' as const, password_hash: null, created_at: now, updated_at: now })))
          .returning('id')
          .execute();
        ids.push(...rows.map((r) => Number(r.id)));
      }
      // Person 1 manages persons 2..201; everyone after is in a team of 20 under someone among the first 700.
      const managerOf = (k: number) => (k === 0 ? null : k <= reports ? ids[0]! : ids[1 + Math.floor((k - reports - 1) / 20)]!);
      for (let i = 0; i < people; i += 1000) {
        const slice = ids.slice(i, i + 1000);
        await trx
          .insertInto('employees')
          .values(slice.map((id, k) => ({ user_id: id, employee_id: `ACM${pad(i + k + 1)}`, position: 'Accounts Executive', salary_paise: 3_000_000, joined_on: '2022-01-01', manager_id: managerOf(i + k) })))
          .execute();
        await trx.insertInto('attendance').values(slice.map((id, k) => ({ user_id: id, date: today, status: 'P', punch_in: `${today}T03:${pad((i + k) % 60, 2)}:00.000Z`, punch_out: null }))).execute();
        await trx
          .insertInto('leaves')
          .values(
            slice.flatMap((id, k) => [
              { user_id: id, start_date: shiftDate(today, (k % 5) - 2), end_date: shiftDate(today, (k % 5) - 1), reason: 'Family function', status: 'approved' as const, created_at: now, leave_type_id: type.id, days: 2 },
              { user_id: id, start_date: shiftDate(today, 30 + (k % 20)), end_date: shiftDate(today, 30 + (k % 20)), reason: 'Bank work', status: 'pending' as const, created_at: now, leave_type_id: type.id, days: 1 },
            ]),
          )
          .execute();
      }
    });
    const tokenOf = async (id: number, employeeId: string) => {
      const u = await db.selectFrom('users').select('token_version').where('id', '=', id).executeTakeFirstOrThrow();
      return { 'x-auth-token': await ctx.tokens.sign({ role: 'employee', employeeId, user: { id: String(id), role: 'employee' }, tv: u.token_version }) };
    };
    const manager = await tokenOf(ids[0]!, 'ACM00001');
    const plain = await tokenOf(ids[people - 1]!, `ACM${pad(people)}`);
    const get = async (url: string, headers: Record<string, string>) => {
      const res = await app.inject({ method: 'GET', url, headers });
      if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body.slice(0, 200)}`);
      return res;
    };
    const time = async (what: () => Promise<unknown>, n = 40) => {
      for (let i = 0; i < 5; i++) await what();
      const ms: number[] = [];
      for (let i = 0; i < n; i++) {
        const started = performance.now();
        await what();
        ms.push(performance.now() - started);
      }
      return round(p95(ms));
    };
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
      return { manager: round(p95(ms.manager)), employee: round(p95(ms.employee)) };
    };
    return {
      engine,
      people,
      reports,
      floorMeP95: await time(() => get('/api/employee/me', plain)),
      calls,
      wholeScreenP95: screenP95,
      ownLeaveP95: await ownLeave(),
      load: os.loadavg()[0]!.toFixed(1),
    };
  } finally {
    await close();
  }
}

if (process.argv[1] && /team\.ts$/.test(process.argv[1])) {
  console.log(`load at start ${os.loadavg()[0]!.toFixed(1)}`);
  benchTeam()
    .then((r) => console.log(JSON.stringify(r, null, 2)))
    .catch((err) => {
      console.error(err);
      process.exitCode = 1;
    });
}
