/** A server child's RSS while one request runs (figures 5, 12, 15): the peak against the resting figure taken just before. */
import { readRssKb } from '../server/test/reliability-harness';
import { mb, type FigureRow } from './bench-types';
import { sampleRss } from './processes';

const SAMPLE_MS = 50;
const LIMIT_MB = 150;

export interface RssGrowth {
  baselineKb: number;
  peakKb: number;
  samples: number;
  /** Peak minus baseline, in bytes. */
  growth: number;
}

/** Waits a second for the server to settle after the previous figure, then samples its RSS every 50 ms while `work` runs. */
export async function rssDuring<T>(pid: number, work: () => Promise<T>): Promise<{ out: T; rss: RssGrowth }> {
  await new Promise((r) => setTimeout(r, 1000));
  const baselineKb = readRssKb(pid) ?? 0;
  const sampler = sampleRss(pid, SAMPLE_MS);
  let stopped: { peakKb: number; samples: number } | undefined;
  try {
    const out = await work();
    stopped = sampler.stop();
    return { out, rss: { baselineKb, ...stopped, growth: (stopped.peakKb - baselineKb) * 1024 } };
  } finally {
    if (!stopped) sampler.stop();
  }
}

/** The row of an RSS growth: under 150 MB, and `ok` (the request itself succeeded). */
export function rssRow(row: Pick<FigureRow, 'id' | 'group' | 'label'> & { target?: string; ok: boolean; note?: string }, rss: RssGrowth): FigureRow {
  return {
    id: row.id,
    group: row.group,
    label: row.label,
    value: mb(rss.growth),
    floor: `${mb(rss.baselineKb * 1024)} before`,
    ratio: null,
    target: row.target ?? `< ${LIMIT_MB} MB`,
    pass: row.ok && rss.growth < LIMIT_MB * 1024 * 1024,
    note: `${row.note ?? ''}peak ${mb(rss.peakKb * 1024)}, ${rss.samples} samples every ${SAMPLE_MS} ms`,
  };
}
