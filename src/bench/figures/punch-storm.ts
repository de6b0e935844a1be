/**
 * Figure 3, the punch-in storm: every seeded employee punches in on a fresh day, 100 at a time,
 * each request signed in as a different person. Then the database must hold exactly one record
 * per successful punch. The floor is the bare hello-world at the same concurrency.
 */
import fs from 'node:fs';
import path from 'node:path';
import { int, ms, ratio, type EngineSetting, type FigureResult } from '../bench-types';
import { countAttendanceOn } from '../bench-database';

const CONNECTIONS = 100;

export async function measurePunchStorm(s: EngineSetting, today: string, label: string): Promise<FigureResult & { records: number }> {
  const before = await countAttendanceOn(s, today);
  if (before) throw new Error(`today (${today}) already holds ${before} records; the storm needs a fresh day`);
  const tokensFile = path.join(s.tmpDir, `storm-tokens-${process.hrtime.bigint()}.json`);
  fs.writeFileSync(tokensFile, JSON.stringify(s.employeeTokens));

  const bare = await s.load({ url: `${s.bare.url}/hello`, connections: CONNECTIONS, durationSec: s.sizes.loadSec, warmupSec: s.sizes.warmupSec });
  const storm = await s.load({
    url: `${s.server.url}/api/attendance/punch-in`,
    method: 'POST',
    connections: CONNECTIONS,
    amount: s.employeeTokens.length,
    tokensFile,
    timeoutSec: 60,
  });
  fs.rmSync(tokensFile, { force: true });
  const successes = storm.status['200'] ?? 0;
  const failed = storm.responses - successes + storm.errors + storm.timeouts;
  const records = await countAttendanceOn(s, today);
  const people = s.employeeTokens.length;
  const r = ratio(storm.rps, bare.rps);

  return {
    records,
    raw: { bare, storm, successes, records },
    rows: [
      {
        id: `storm.${label}.rps`,
        group: 3,
        label: `Punch-in storm (${int(people)} people, ${CONNECTIONS} concurrent, ${label} history): punches/s`,
        value: int(storm.rps),
        floor: `${int(bare.rps)} (bare, ${CONNECTIONS} conn.)`,
        ratio: r,
        target: '—',
        pass: null,
        note: `all ${int(people)} in ${storm.elapsedSec.toFixed(1)} s`,
      },
      {
        id: `storm.${label}.p99`,
        group: 3,
        label: `Punch-in storm p50 / p99 (${label} history)`,
        value: `${ms(storm.latencyMs.p50)} / ${ms(storm.latencyMs.p99)}`,
        floor: `${ms(bare.latencyMs.p50)} / ${ms(bare.latencyMs.p99)}`,
        ratio: ratio(storm.latencyMs.p99, bare.latencyMs.p99),
        target: '—',
        pass: null,
      },
      {
        id: `storm.${label}.errors`,
        group: 3,
        label: `Punch-in storm errors (${label} history)`,
        value: int(failed),
        floor: '—',
        ratio: null,
        target: '0',
        pass: failed === 0,
        note: failed ? `statuses ${JSON.stringify(storm.status)}, socket errors ${storm.errors}, timeouts ${storm.timeouts}` : undefined,
      },
      {
        id: `storm.${label}.records`,
        group: 3,
        label: `Records in the database after the storm = successes (${label} history)`,
        value: `${int(records)} = ${int(successes)}`,
        floor: '—',
        ratio: null,
        target: 'equal',
        pass: records === successes,
      },
    ],
  };
}
