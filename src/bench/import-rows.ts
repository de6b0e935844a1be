/** An import figure (18, 19): the dry run and the import of one file, timed with the memory they took, and their rows beside the raw-insert floor. */
import type { FastifyInstance } from 'fastify';
import { mb, ratio, sec, type FigureRow } from './bench-types';
import { inMegabytes, measured, megabytes } from './memory-sampler';
import { fileUpload, importMsg } from './standalone-app';

/** RSS growth a request may add to the process (the figures' memory target). */
const GROWTH_LIMIT_MB = 150;

export interface MeasuredImport {
  bytes: number;
  dryRun: ReturnType<typeof inMegabytes>;
  importRun: ReturnType<typeof inMegabytes>;
  floorMs: number;
  rssBeforeMb: number;
}

/** Uploads `file` to `url` twice in-process, `dryQuery` then `query`; throws unless each kept every row. */
export async function sendImport(
  app: FastifyInstance,
  headers: Record<string, string>,
  url: string,
  file: { name: string; type: string; content: Buffer },
  dryQuery: string,
  query: string,
): Promise<Pick<MeasuredImport, 'bytes' | 'dryRun' | 'importRun' | 'rssBeforeMb'>> {
  const upload = fileUpload(file.name, file.type, file.content);
  const send = async (q: string) => {
    const res = await app.inject({ method: 'POST', url: `${url}${q}`, headers: { ...headers, 'content-type': upload.contentType }, payload: upload.payload });
    return importMsg(url, res);
  };
  const dry = await measured(() => send(dryQuery));
  const real = await measured(() => send(query));
  return { bytes: file.content.length, dryRun: inMegabytes(dry, dry.out), importRun: inMegabytes(real, real.out), rssBeforeMb: megabytes(dry.before) };
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
