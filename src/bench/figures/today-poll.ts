/**
 * Figure 2, the dashboard's 10-second today-poll (GET /api/attendance?date=today) at a given
 * length of history: latency of a full answer and of a revalidation (If-None-Match), the bytes of
 * each, and how many revalidations came back 304 while nothing changed. One connection, requests
 * back to back: the latency one admin's dashboard sees, not a queue. The floor is the bare
 * hello-world under the same load.
 */
import { int, kb, ms, pct, ratio, type EngineSetting, type FigureResult } from '../bench-types';
import type { LoadResult } from '../load';

export interface PollFigure extends FigureResult {
  p99Full: number;
  p99Revalidate: number;
  /** The 1-connection floor, reused by the next history length of the same engine. */
  bare: LoadResult;
}

export async function measureTodayPoll(s: EngineSetting, today: string, historyDays: number, historyRecords: number, floor?: LoadResult): Promise<PollFigure> {
  const url = `${s.server.url}/api/attendance?date=${today}`;
  const headers = { 'x-auth-token': s.adminToken };
  const first = await fetch(url, { headers });
  const body = await first.text();
  const etag = first.headers.get('etag');
  if (first.status !== 200 || !etag) throw new Error(`today-poll answered ${first.status} without an ETag: ${body.slice(0, 200)}`);
  const records = (JSON.parse(body) as unknown[]).length;

  const load = (u: string, h: Record<string, string>) =>
    s.load({ url: u, headers: h, connections: 1, durationSec: s.sizes.loadSec, warmupSec: s.sizes.warmupSec });
  const bare = floor ?? (await load(`${s.bare.url}/hello`, {}));
  const full = await load(url, headers);
  const revalidate = await load(url, { ...headers, 'if-none-match': etag });
  const notModified = revalidate.status['304'] ?? 0;
  const rate304 = revalidate.responses ? notModified / revalidate.responses : 0;
  const where = `${historyDays} d history (${int(historyRecords)} rows), today ${int(records)} records`;

  return {
    bare,
    p99Full: full.latencyMs.p99,
    p99Revalidate: revalidate.latencyMs.p99,
    raw: { bare, full, revalidate, records, bodyBytes: Buffer.byteLength(body), etag },
    rows: [
      {
        id: `poll.${historyDays}.p99.full`,
        group: 2,
        label: `Today-poll p99, full answer (200) — ${where}`,
        value: ms(full.latencyMs.p99),
        floor: `${ms(bare.latencyMs.p99)} (bare, 1 conn.)`,
        ratio: ratio(full.latencyMs.p99, bare.latencyMs.p99),
        target: '< 20 ms',
        pass: full.latencyMs.p99 < 20 && (full.status['200'] ?? 0) === full.responses,
        note: `p50 ${ms(full.latencyMs.p50)}, ${int(full.rps)} req/s`,
      },
      {
        id: `poll.${historyDays}.p99.revalidate`,
        group: 2,
        label: `Today-poll p99, revalidation (If-None-Match) — ${where}`,
        value: ms(revalidate.latencyMs.p99),
        floor: `${ms(bare.latencyMs.p99)} (bare, 1 conn.)`,
        ratio: ratio(revalidate.latencyMs.p99, bare.latencyMs.p99),
        target: '< 20 ms',
        pass: revalidate.latencyMs.p99 < 20,
        note: `p50 ${ms(revalidate.latencyMs.p50)}, ${int(revalidate.rps)} req/s`,
      },
      {
        id: `poll.${historyDays}.bytes`,
        group: 2,
        label: `Today-poll bytes per response (200 / 304) — ${historyDays} d history`,
        value: `${kb(full.bytesPerResponse)} / ${kb(revalidate.bytesPerResponse)}`,
        floor: `${kb(bare.bytesPerResponse)} (bare)`,
        ratio: null,
        target: '—',
        pass: null,
        note: `JSON body ${kb(Buffer.byteLength(body))} for ${int(records)} records`,
      },
      {
        id: `poll.${historyDays}.rate304`,
        group: 2,
        label: `Today-poll 304 rate while nothing changed — ${historyDays} d history`,
        value: pct(rate304),
        floor: '—',
        ratio: null,
        target: '100%',
        pass: rate304 === 1,
      },
    ],
  };
}
