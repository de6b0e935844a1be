/**
 * Figure 8, load and soak (the long form; SQLite only): runSoak from src/bench/soak.ts's engine
 * (src/server/test/soak-load.ts) against its own freshly seeded server, the same run as
 * `npx tsx src/bench/soak.ts`. Passes with 0 errors, 0 lost writes and memory growth after warm-up
 * under SOAK_LIMITS; p99 and throughput carry no target and no floor.
 */
import { runSoak } from '../../server/test/soak-load';
import { int, ms, type FigureResult, type FigureRow, type Sizes } from '../bench-types';
import { SOAK_LIMITS, soakFailures } from '../soak';

export async function measureSoak(size: Sizes['soak'], log: (line: string) => void): Promise<FigureResult> {
  const options = { clients: size.clients, durationMs: size.durationSec * 1000, warmupMs: size.warmupSec * 1000, thinkMs: size.thinkMs, seed: 8 };
  const r = await runSoak({ ...options, log });
  const failures = soakFailures(r);
  const m = r.memory;
  const acknowledged = Object.values(r.writes.acknowledged).reduce((a, b) => a + b, 0);
  const what = `${r.clients} clients, ${r.durationS} s`;

  return {
    raw: { options, limits: SOAK_LIMITS, failures, report: r },
    rows: [
      {
        id: 'soak.throughput',
        group: 8,
        label: `Load and soak (${r.clients} clients: ${r.adminPollers} admin pollers, the rest punching, asking leave, updating tasks; ${r.thinkMs ? `think 0–${2 * r.thinkMs} ms` : 'back to back'}; ${r.durationS} s): requests, req/s`,
        value: `${int(r.requests)}, ${int(r.throughputRps)} req/s`,
        floor: '—',
        ratio: null,
        target: '—',
        pass: null,
      },
      {
        id: 'soak.errors',
        group: 8,
        label: `Soak errors: any status other than the one expected, or no answer (${what})`,
        value: int(r.errors),
        floor: '—',
        ratio: null,
        target: '0',
        pass: r.errors === 0,
        note: r.errorSamples.length ? r.errorSamples.slice(0, 3).join('; ') : undefined,
      },
      {
        id: 'soak.lost',
        group: 8,
        label: `Soak lost writes: acknowledged, then missing from the database (${what})`,
        value: `${int(r.writes.lost)} of ${int(acknowledged)}`,
        floor: '—',
        ratio: null,
        target: '0 (and 0 unexplained, integrity_check ok)',
        pass: r.writes.lost === 0 && r.writes.unexplained === 0 && r.integrity === 'ok',
        note: `${r.writes.unexplained} unexplained, integrity_check: ${r.integrity}${r.writes.details.length ? `; ${r.writes.details.slice(0, 3).join('; ')}` : ''}`,
      },
      {
        id: 'soak.p99',
        group: 8,
        label: `Soak latency p50 / p99 / max, all requests (${what})`,
        value: `${ms(r.latency.p50Ms)} / ${ms(r.latency.p99Ms)} / ${ms(r.latency.maxMs)}`,
        floor: '—',
        ratio: null,
        target: '—',
        pass: null,
      },
      growthRow('soak.rss', 'Soak server RSS: start / after warm-up / end', [m.rssStartMb, m.rssAfterWarmupMb, m.rssEndMb], m.rssGrowthAfterWarmupMb, SOAK_LIMITS.rssGrowthMb, `, peak ${m.rssPeakMb} MB`),
      growthRow('soak.heap', 'Soak live heap after a forced full GC: start / after warm-up / end', [m.heapStartMb, m.heapAfterWarmupMb, m.heapEndMb], m.heapGrowthMb, SOAK_LIMITS.heapGrowthMb),
    ],
  };
}

/** A memory row of the soak: start / after warm-up / end, and the growth after warm-up against its limit. */
function growthRow(id: string, label: string, mbs: number[], growthMb: number, limitMb: number, more = ''): FigureRow {
  return { id, group: 8, label, value: `${mbs.join(' / ')} MB`, floor: '—', ratio: null, target: `growth after warm-up < ${limitMb} MB`, pass: growthMb < limitMb, note: `growth after warm-up ${growthMb} MB${more}` };
}
