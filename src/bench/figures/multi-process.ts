/**
 * Figure 11, more than one process: the same database served by WORKERS=1 and by WORKERS=2
 * (node:cluster, one port), each measured the same way right after the other.
 * - authenticated GET /api/employee/{id}: req/s with 20 connections (enough to keep two
 *   processes busy); the floor is the WORKERS=1 figure;
 * - the payroll run of every seeded employee (to the outbox): started on one process; with
 *   WORKERS=2 the other joins through the lease claims at its next sweep. The floor is the
 *   WORKERS=1 time. An approved month is locked, so each run pays a month of its own that no other
 *   figure approves: WORKERS=1 the third month back from the last complete one, WORKERS=2 the
 *   fourth (figures 6 and 14 take the first two). Both are whole months of the seeded history.
 * Both share the machine with the load generator, so on 2 cores the gain is bounded by it.
 */
import { lastCompleteMonth, splitMonth } from '../../shared/payroll/pay-month';
import { dateInZone } from '../../shared/format';
import { int, ratio, sec, type EngineSetting, type FigureResult, type FigureRow } from '../bench-types';
import type { ChildServer } from '../processes';
// Seeded people have no bank account or UAN: the run approves with those warnings overridden.
import { OVERRIDE_BLOCKING } from '../../e2e/payroll-overrides';

const CONNECTIONS = 20;
const POLL_MS = 250;
const TIMEOUT_MS = 15 * 60_000;

type Setting = Omit<EngineSetting, 'server'>;

async function payrollSeconds(url: string, token: string, timeZone: string, monthsBack: number): Promise<{ seconds: number; total: number; sent: number }> {
  let month = lastCompleteMonth(dateInZone(new Date(), timeZone));
  for (let i = 0; i < monthsBack; i++) month = lastCompleteMonth(`${month}-01`);
  const [year, monthNumber] = splitMonth(month);
  const headers = { 'x-auth-token': token, 'content-type': 'application/json' };
  const started = performance.now();
  const res = await fetch(`${url}/api/salary/email-all`, { method: 'POST', headers, body: JSON.stringify({ month: monthNumber, year, ...OVERRIDE_BLOCKING }) });
  const accepted = (await res.json()) as { msg: string; runId?: string };
  if (res.status !== 202 || !accepted.runId) throw new Error(`email-all answered ${res.status}: ${accepted.msg}`);
  for (;;) {
    const report = (await (await fetch(`${url}/api/salary/runs/${accepted.runId}`, { headers })).json()) as { status: string; total: number; sent: number };
    if (report.status === 'done') return { seconds: (performance.now() - started) / 1000, total: report.total, sent: report.sent };
    if (performance.now() - started > TIMEOUT_MS) throw new Error(`payroll run still running after ${TIMEOUT_MS / 60_000} min`);
    await new Promise((r) => setTimeout(r, POLL_MS));
  }
}

export async function measureMultiProcess(s: Setting, withServer: (env: Record<string, string>, fn: (server: ChildServer) => Promise<void>) => Promise<void>): Promise<FigureResult> {
  const someone = s.seed.employees[Math.floor(s.seed.employees.length / 2)]!;
  const results: Record<string, { rps: number; bad: number; payroll: { seconds: number; total: number; sent: number } }> = {};
  for (const workers of ['1', '2']) {
    await withServer({ WORKERS: workers }, async (server) => {
      const load = await s.load({
        url: `${server.url}/api/employee/${someone.userId}`,
        headers: { 'x-auth-token': s.adminToken },
        connections: CONNECTIONS,
        durationSec: s.sizes.loadSec,
        warmupSec: s.sizes.warmupSec,
      });
      const bad = load.responses - (load.status['200'] ?? 0) + load.errors + load.timeouts;
      const payroll = await payrollSeconds(server.url, s.adminToken, s.timeZone, workers === '1' ? 2 : 3);
      results[workers] = { rps: load.rps, bad, payroll };
    });
  }
  const one = results['1']!;
  const two = results['2']!;
  const rpsRatio = ratio(two.rps, one.rps);
  const payrollRatio = ratio(two.payroll.seconds, one.payroll.seconds);
  const rows: FigureRow[] = [
    {
      id: 'multi.api.rps',
      group: 11,
      label: `GET /api/employee/{id} with WORKERS=2: req/s (${CONNECTIONS} connections)`,
      value: int(two.rps),
      floor: `${int(one.rps)} (WORKERS=1)`,
      ratio: rpsRatio,
      target: '> 1 × WORKERS=1',
      pass: rpsRatio !== null && rpsRatio > 1 && two.bad === 0 && one.bad === 0,
      note: two.bad || one.bad ? `${two.bad} (WORKERS=2) and ${one.bad} (WORKERS=1) responses were not 200` : undefined,
    },
    {
      id: 'multi.payroll.time',
      group: 11,
      label: `Payroll run of ${int(two.payroll.total)} slips with 2 processes sharing it: total time`,
      value: sec(two.payroll.seconds),
      floor: `${sec(one.payroll.seconds)} (1 process)`,
      ratio: payrollRatio,
      target: '< 1 × 1 process',
      pass: payrollRatio !== null && payrollRatio < 1 && two.payroll.sent === two.payroll.total && one.payroll.sent === one.payroll.total,
      note: `${int(one.payroll.sent)} and ${int(two.payroll.sent)} sent`,
    },
  ];
  return { rows, raw: { workers1: one, workers2: two } };
}
