/**
 * Figure 1, API overhead: req/s and latency of authenticated JSON calls through the whole stack
 * (helmet, auth guard with its user lookup, zod, the database), each measured right after the bare
 * Fastify hello-world floor with the same connections and duration.
 */
import { int, ms, ratio, type EngineSetting, type FigureResult, type FigureRow } from '../bench-types';

const CONNECTIONS = 10;

export async function measureApiOverhead(s: EngineSetting, today: string, todayRecords: number): Promise<FigureResult> {
  const load = (url: string, headers: Record<string, string> = {}) =>
    s.load({ url, headers, connections: CONNECTIONS, durationSec: s.sizes.loadSec, warmupSec: s.sizes.warmupSec });
  const someone = s.seed.employees[Math.floor(s.seed.employees.length / 2)]!;
  const auth = { 'x-auth-token': s.adminToken };
  const pollPath = `/api/attendance?date=${today}`;
  // The dashboard's poll is a conditional request: the browser's HTTP cache revalidates the last answer.
  const etag = (await fetch(`${s.server.url}${pollPath}`, { headers: auth })).headers.get('etag') ?? '';
  const routes = [
    { key: 'employee', label: 'GET /api/employee/{id}', path: `/api/employee/${someone.userId}`, headers: auth, ok: '200' },
    {
      key: 'poll',
      label: `GET /api/attendance?date= as the dashboard polls it (If-None-Match; today ${int(todayRecords)} records)`,
      path: pollPath,
      headers: { ...auth, 'if-none-match': etag },
      ok: '304',
    },
  ];

  const rows: FigureRow[] = [];
  // One floor for both routes, measured right before them with the same connections and duration.
  const bare = await load(`${s.bare.url}/hello`);
  const raw: FigureResult['raw'] = { bare };
  for (const route of routes) {
    const real = await load(`${s.server.url}${route.path}`, route.headers);
    raw[`${route.key}.real`] = real;
    const bad = real.responses - (real.status[route.ok] ?? 0) + real.errors + real.timeouts;
    const r = ratio(real.rps, bare.rps);
    rows.push(
      {
        id: `api.${route.key}.rps`,
        group: 1,
        label: `${route.label}: req/s (${CONNECTIONS} connections)`,
        value: int(real.rps),
        floor: `${int(bare.rps)} (bare Fastify)`,
        ratio: r,
        target: '≥ 0.50 × floor',
        pass: r !== null && r >= 0.5 && bad === 0,
        note: bad ? `${bad} responses were not ${route.ok}` : undefined,
      },
      {
        id: `api.${route.key}.latency`,
        group: 1,
        label: `${route.label}: p50 / p99`,
        value: `${ms(real.latencyMs.p50)} / ${ms(real.latencyMs.p99)}`,
        floor: `${ms(bare.latencyMs.p50)} / ${ms(bare.latencyMs.p99)}`,
        ratio: ratio(real.latencyMs.p99, bare.latencyMs.p99),
        target: '—',
        pass: null,
      },
    );
  }
  return { rows, raw };
}
