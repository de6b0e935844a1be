/** The rows of an import figure (18, 19): the dry run and the import beside their raw-insert floor, and the memory they took. */
import { mb, ratio, sec, type FigureRow } from './bench-types';
import type { inMegabytes } from './memory-sampler';

/** RSS growth a request may add to the process (the figures' memory target). */
const GROWTH_LIMIT_MB = 150;

export interface MeasuredImport {
  bytes: number;
  dryRun: ReturnType<typeof inMegabytes>;
  importRun: ReturnType<typeof inMegabytes>;
  floorMs: number;
  rssBeforeMb: number;
}

/** `what` names the file's contents ("10,000 employees from one .xlsx"); `targetMs` is each request's limit. */
export function importRows(group: number, key: string, what: string, r: MeasuredImport, targetMs: number): FigureRow[] {
  const timed = (id: string, step: string, run: MeasuredImport['dryRun']): FigureRow => ({
    id: `${key}.${id}`,
    group,
    label: `${step} of ${what} (in-process)`,
    value: sec(run.ms / 1000),
    floor: `${sec(r.floorMs / 1000)} (raw inserts, 1 transaction)`,
    ratio: ratio(run.ms, r.floorMs),
    target: `< ${sec(targetMs / 1000)}`,
    pass: run.ms < targetMs,
    note: `"${run.msg.slice(0, 100)}"; ${mb(r.bytes)} uploaded`,
  });
  return [
    timed('dry', 'Dry run', r.dryRun),
    timed('import', 'Import', r.importRun),
    {
      id: `${key}.memory`,
      group,
      label: `${what}: bench process RSS growth (peak − before), import / dry run`,
      value: `${r.importRun.growthMb} / ${r.dryRun.growthMb} MB`,
      floor: `${r.rssBeforeMb} MB before`,
      ratio: null,
      target: `< ${GROWTH_LIMIT_MB} MB`,
      pass: Math.max(r.importRun.growthMb, r.dryRun.growthMb) < GROWTH_LIMIT_MB,
      note: `JS heap + buffers growth ${r.importRun.heapGrowthMb} / ${r.dryRun.heapGrowthMb} MB (counts garbage not yet collected)`,
    },
  ];
}
