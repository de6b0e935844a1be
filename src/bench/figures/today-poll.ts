/**
 * Figure 2, the dashboard's 10-second today-poll (GET /api/attendance?date=today) at a given
 * length of history: latency of a full answer and of a revalidation (If-None-Match), the bytes of
 * each, and how many revalidations came back 304 while nothing changed. One connection, requests
 * back to back: the latency one admin's dashboard sees, not a queue. The floor is the bare
 * hello-world under the same load.
 *
 * The server keeps one serialized answer per version, so repeated full answers are copies; the
 * first full answer after a change reads and serializes the day. That one is timed separately:
 * an admin renames an employee (a new version), then one full answer, `sizes.pollChanges` times.
 */
import { int, kb, ms, pct, ratio, type EngineSetting, type FigureResult } from '../bench-types';
import { percentile, type LoadResult } from '../load';

/** Latencies (ms, sorted) of the first full answer after each of `samples` changes. */
async function firstAnswersAfterChange(s: EngineSetting, url: string, samples: number): Promise<number[]> {
  const admin = { 'x-auth-token': s.adminToken };
  const someone = s.seed.employees[0]!;
  const times: number[] = [];
  for (let i = 0; i < samples; i++) {
    const edit = await fetch(`${s.server.url}/api/employee/edit/${someone.userId}`, {
      method: 'PUT',
      headers: { ...admin, 'content-type': 'application/json' },
      body: JSON.stringify({ name: `Bench Rename ${i % 2}`, email: someone.email }),
    });
    if (edit.status !== 200) throw new Error(`renaming for the poll figure answered ${edit.status}: ${await edit.text()}`);
    const started = performance.now();
    const res = await fetch(url, { headers: admin });
    await res.arrayBuffer();
    times.push(performance.now() - started);
    if (res.status !== 200) throw new Error(`today-poll after a change answered ${res.status}`);
  }
  return times.sort((a, b) => a - b);
}

export interface PollFigure extends FigureResult {
  /** Medians (ms) compared across history lengths: a p99 over a few seconds on a shared machine is its noise. */
  p50: { full: number; afterChange: number; revalidate: number };
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
  const afterChange = await firstAnswersAfterChange(s, url, s.sizes.pollChanges);
  const notModified = revalidate.status['304'] ?? 0;
  const rate304 = revalidate.responses ? notModified / revalidate.responses : 0;
  const where = `${historyDays} d history (${int(historyRecords)} rows), today ${int(records)} records`;

  return {
    bare,
    p50: { full: full.latencyMs.p50, afterChange: percentile(afterChange, 50), revalidate: revalidate.latencyMs.p50 },
    raw: { bare, full, revalidate, afterChangeMs: afterChange, records, bodyBytes: Buffer.byteLength(body), etag },
    rows: [
      {
        id: `poll.${historyDays}.p99.full`,
        group: 2,
        label: `Today-poll p99, full answer (200) of an unchanged version — ${where}`,
        value: ms(full.latencyMs.p99),
        floor: `${ms(bare.latencyMs.p99)} (bare, 1 conn.)`,
        ratio: ratio(full.latencyMs.p99, bare.latencyMs.p99),
        target: '< 20 ms',
        pass: full.latencyMs.p99 < 20 && (full.status['200'] ?? 0) === full.responses,
        note: `p50 ${ms(full.latencyMs.p50)}, ${int(full.rps)} req/s`,
      },
      {
        id: `poll.${historyDays}.p99.afterChange`,
        group: 2,
        label: `Today-poll p99, first full answer after a change (read + serialize) — ${where}`,
        value: ms(percentile(afterChange, 99)),
        floor: `${ms(bare.latencyMs.p99)} (bare, 1 conn.)`,
        ratio: ratio(percentile(afterChange, 99), bare.latencyMs.p99),
        target: '—',
        pass: null,
        note: `p50 ${ms(percentile(afterChange, 50))}, ${s.sizes.pollChanges} changes, one at a time`,
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
