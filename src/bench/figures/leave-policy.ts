/**
 * Figure 13, leave balances and requests at full size:
 * - every active employee's balance of every type, GET /api/leave-balances (admin): computed from
 *   the leave records of the year each time, never a kept counter; time per answer over a few reads;
 * - a leave request with its balance check, POST /api/leave: one request from each of 200 seeded
 *   employees, one after another, for one working day two weeks ahead in the default (paid) type.
 *   Whoever has no balance left is refused with a 409: that is the same check, so it counts too.
 * Times are measured at the client on localhost (server time plus a localhost round trip).
 */
import { shiftDate } from '../../shared/format';
import { isWeeklyOff, SUNDAY_OFF } from '../../shared/leave-policy/work-calendar';
import { int, ms, type EngineSetting, type FigureResult } from '../bench-types';

const BALANCE_READS = 5;
export const LEAVE_REQUESTS = 200;

const percentile = (sorted: readonly number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

async function timed(url: string, init: RequestInit): Promise<{ ms: number; status: number; bytes: number }> {
  const started = performance.now();
  const res = await fetch(url, init);
  const body = await res.arrayBuffer();
  return { ms: performance.now() - started, status: res.status, bytes: body.byteLength };
}

export async function measureLeavePolicy(s: EngineSetting, today: string): Promise<FigureResult> {
  const base = s.server.url;
  const balances: { ms: number; status: number; bytes: number }[] = [];
  // A first read warms the server's statements; the figure is the reads after it.
  await timed(`${base}/api/leave-balances`, { headers: { 'x-auth-token': s.adminToken } });
  for (let i = 0; i < BALANCE_READS; i++) balances.push(await timed(`${base}/api/leave-balances`, { headers: { 'x-auth-token': s.adminToken } }));
  const balanceMs = balances.map((b) => b.ms).sort((a, b) => a - b);

  // Two weeks ahead, on a day that is no weekly off under the seeded company's Sunday rule.
  let day = shiftDate(today, 14);
  while (isWeeklyOff(day, SUNDAY_OFF)) day = shiftDate(day, 1);
  const requests: { ms: number; status: number }[] = [];
  const step = Math.max(1, Math.floor(s.employeeTokens.length / LEAVE_REQUESTS));
  for (let i = 0; i < s.employeeTokens.length && requests.length < LEAVE_REQUESTS; i += step) {
    const r = await timed(`${base}/api/leave`, {
      method: 'POST',
      headers: { 'x-auth-token': s.employeeTokens[i]!, 'content-type': 'application/json' },
      body: JSON.stringify({ startDate: day, endDate: day, reason: 'Bench: balance check' }),
    });
    requests.push({ ms: r.ms, status: r.status });
  }
  const requestMs = requests.map((r) => r.ms).sort((a, b) => a - b);
  const statuses = requests.reduce<Record<number, number>>((acc, r) => ({ ...acc, [r.status]: (acc[r.status] ?? 0) + 1 }), {});
  const answered = requests.every((r) => r.status === 201 || r.status === 409);
  const employees = s.seed.employees.length;
  return {
    raw: { balances, requests: { day, statuses, ms: requestMs } },
    rows: [
      {
        id: 'leave.balances',
        group: 13,
        label: `Leave balances for everyone (${int(employees)} employees × every type), GET /api/leave-balances: median of ${BALANCE_READS}`,
        value: ms(percentile(balanceMs, 50)),
        floor: '—',
        ratio: null,
        target: '< 300 ms',
        pass: balances.every((b) => b.status === 200) && percentile(balanceMs, 50) < 300,
        note: `slowest ${ms(balanceMs.at(-1)!)}; ${(balances[0]!.bytes / 1024).toFixed(0)} KB per answer`,
      },
      {
        id: 'leave.request',
        group: 13,
        label: `Leave request with the balance check, POST /api/leave (${requests.length} employees, one after another): p99`,
        value: ms(percentile(requestMs, 99)),
        floor: '—',
        ratio: null,
        target: '< 50 ms',
        pass: answered && percentile(requestMs, 99) < 50,
        note: `p50 ${ms(percentile(requestMs, 50))}; answers ${Object.entries(statuses).map(([k, v]) => `${k}×${v}`).join(', ')} (409: no balance left, the same check)`,
      },
    ],
  };
}
