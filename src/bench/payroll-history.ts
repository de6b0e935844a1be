/**
 * Figure 23, the payroll register with salary history: 10,000 people with a month of attendance,
 * the register of that month (not approved, so computed live) read first as the floor while nobody
 * has a salary history, then again after each person gets three revisions (from joining, a raise a
 * year before, and a raise from the 16th of the month, which splits the month in two periods) and
 * 1,000 of them get arrears lines (Basic, HRA and special for the month before) paid in it. Same
 * database, same process, same run: the difference is the history's cost. In-process (`inject`).
 * `npm run bench -- --only 23` measures it beside the other figures; on its own:
 * `node --import tsx src/bench/payroll-history.ts [people]` (with DATABASE_URL for PostgreSQL).
 * Target: the register with history under 3 s.
 */
import os from 'node:os';
import { datesOfMonth, weekdayOf } from '../shared/payroll/pay-month';
import { int, ratio, sec, type FigureResult, type Sizes } from './bench-types';
import { insertInChunks, insertStaff } from './staff';
import { injectOk, openStandaloneApp, runAlone } from './standalone-app';
import { pctOf, timeRuns } from './timing';

const round = (ms: number) => Math.round(ms);
/** The register with history, for 10,000 people. */
const TARGET_MS = 3_000;

/** The month before the current one (a register needs a month that has ended). */
function lastMonth(today = new Date()): string {
  const d = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth() - 1, 1));
  return d.toISOString().slice(0, 7);
}

export async function benchPayrollHistory(people = 10_000, withArrears = 1_000, databaseUrl = process.env.DATABASE_URL || undefined) {
  const { app, ctx, engine, headers, close } = await openStandaloneApp(databaseUrl, { APP_TIMEZONE: 'Asia/Kolkata' });
  const db = ctx.database.db;
  const month = lastMonth();
  const monthBefore = lastMonth(new Date(`${month}-15T00:00:00Z`));
  try {
    const now = new Date().toISOString();
    const workdays = datesOfMonth(month).filter((d) => weekdayOf(d) !== 0);
    const seeding = performance.now();
    const ids = await insertStaff(db, people, { name: (n) => `Person ${n} Ramachandran`, position: 'Accounts Executive', salaryPaise: 3_600_000 });
    // Present every working day.
    await db.transaction().execute((trx) =>
      insertInChunks(trx, 'attendance', ids.flatMap((id) => workdays.map((date) => ({ user_id: id, date, status: 'P', punch_in: `${date}T03:30:00.000Z`, punch_out: `${date}T12:30:00.000Z` })))),
    );
    const seeded = (performance.now() - seeding) / 1000;

    const url = `/api/salary/register/${month}`;
    const register = async () => (await injectOk(app, { method: 'GET', url, headers })).json() as { rows: { arrears?: number; earnedGross: number }[] };
    const time = async (runs = 5) => {
      await register();
      let last: Awaited<ReturnType<typeof register>> | undefined;
      const cpu: number[] = [];
      const ms = await timeRuns(
        async () => {
          const cpuBefore = process.cpuUsage();
          last = await register();
          const used = process.cpuUsage(cpuBefore);
          cpu.push((used.user + used.system) / 1000);
        },
        runs,
        0,
      );
      // The process's CPU time per read beside the wall time: on a shared machine the wall time
      // grows with the load, the CPU time much less.
      return { medianMs: round(pctOf(ms, 50)), maxMs: round(Math.max(...ms)), cpuMs: round(pctOf(cpu, 50)), rows: last!.rows.length, withArrears: last!.rows.filter((r) => (r.arrears ?? 0) > 0).length, load: os.loadavg()[0]!.toFixed(1) };
    };

    const floor = await time();

    // Three revisions each, and arrears for the first 1,000.
    await db.transaction().execute(async (trx) => {
      await insertInChunks(
        trx,
        'salary_revisions',
        ids.flatMap((id) => [
          { user_id: id, effective_from: '2022-01-01', salary_paise: 3_000_000, reason: 'Salary before the first recorded revision', applies_from: null, created_by: null, created_at: now },
          { user_id: id, effective_from: `${Number(month.slice(0, 4)) - 1}${month.slice(4)}-01`, salary_paise: 3_300_000, reason: 'Annual raise', applies_from: null, created_by: null, created_at: now },
          { user_id: id, effective_from: `${month}-16`, salary_paise: 3_600_000, reason: 'Promotion', applies_from: null, created_by: null, created_at: now },
        ]),
      );
      const arrears = ids.slice(0, withArrears).flatMap((id) =>
        (['basic', 'hra', 'special'] as const).map((component, k) => ({
          user_id: id,
          pay_month: month,
          for_month: monthBefore,
          component,
          amount_paise: [150_000, 60_000, 90_000][k]!,
          pf_wages_paise: component === 'basic' ? 150_000 : 0,
          eps_wages_paise: component === 'basic' ? 150_000 : 0,
          reason: 'Raise back-dated into an approved month',
          source: 'salary-revision',
          source_ref: null,
          created_by: null,
          created_at: now,
        })),
      );
      await insertInChunks(trx, 'payroll_arrears', arrears);
    });

    const history = await time();
    if (history.withArrears !== withArrears) throw new Error(`${history.withArrears} rows carry arrears, not ${withArrears}`);
    return { engine, people, revisionsEach: 3, withArrears, month, seededSeconds: Math.round(seeded * 10) / 10, floor, history, historyOverFloor: Math.round((history.medianMs / floor.medianMs) * 100) / 100, target: `< ${sec(TARGET_MS / 1000)}`, pass: history.medianMs < TARGET_MS };
  } finally {
    await close();
  }
}

export async function measurePayrollHistory(sizes: Sizes, databaseUrl: string | undefined): Promise<FigureResult> {
  const { people, withArrears } = sizes.payrollHistory;
  const r = await benchPayrollHistory(people, withArrears, databaseUrl);
  return {
    rows: [
      {
        id: 'payroll-history.register',
        group: 23,
        label: `GET /api/salary/register/${r.month} (live), ${int(people)} people with ${r.revisionsEach} salary revisions each and ${int(withArrears)} with arrears: median of 5`,
        value: sec(r.history.medianMs / 1000),
        floor: `${sec(r.floor.medianMs / 1000)} (the same register, nobody with a history)`,
        ratio: ratio(r.history.medianMs, r.floor.medianMs),
        target: r.target,
        pass: r.pass,
        note: `slowest ${sec(r.history.maxMs / 1000)} (floor ${sec(r.floor.maxMs / 1000)}); CPU a read ${sec(r.history.cpuMs / 1000)} (floor ${sec(r.floor.cpuMs / 1000)}); ${int(r.history.rows)} rows, ${int(r.history.withArrears)} with arrears`,
      },
    ],
    raw: { ...r },
  };
}

if (process.argv[1] && /payroll-history\.ts$/.test(process.argv[1])) {
  const people = Number(process.argv[2] ?? 10_000);
  runAlone(() => benchPayrollHistory(people, Math.round(people / 10)));
}
