/**
 * `npx tsx src/bench/soak.ts [--clients 200] [--duration 60] [--warmup 15] [--think 1000] [--json FILE] [--md FILE]`
 *
 * The long form of the load-and-soak run: 200 concurrent clients on loopback mix admin polls,
 * punches, leave requests and task updates against the real server on SQLite for 60 s. Each client
 * waits a random 0-2 s (--think 1000) between requests, like a person at a screen: a soak measures
 * a sustained load, not overload (--think 0 turns it into a saturation test). Prints a
 * markdown summary (stdout) and the JSON report (to --json, else after the summary); exits 1 unless
 * there were 0 errors, 0 lost writes, a sound database and no steady memory growth. The short form
 * runs in `npm test` (src/server/reliability/soak.test.ts); both share src/server/test/soak-load.ts.
 */
import fs from 'node:fs';
import { parseArgs } from 'node:util';
import { runSoak, soakMarkdown, type SoakReport } from '../server/test/soak-load';

/** Growth after warm-up that counts as "steady growth" over a minute. */
export const SOAK_LIMITS = { rssGrowthMb: 64, heapGrowthMb: 32 };

/** The reasons a soak report fails, empty when it passes. */
export function soakFailures(r: SoakReport): string[] {
  const failures: string[] = [];
  if (r.errors) failures.push(`${r.errors} errors`);
  if (r.writes.lost) failures.push(`${r.writes.lost} lost writes`);
  if (r.writes.unexplained) failures.push(`${r.writes.unexplained} unexplained writes`);
  if (r.integrity !== 'ok') failures.push(`integrity_check: ${r.integrity}`);
  if (r.memory.rssGrowthAfterWarmupMb >= SOAK_LIMITS.rssGrowthMb) failures.push(`RSS grew ${r.memory.rssGrowthAfterWarmupMb} MB after warm-up`);
  if (r.memory.heapGrowthMb >= SOAK_LIMITS.heapGrowthMb) failures.push(`live heap grew ${r.memory.heapGrowthMb} MB`);
  return failures;
}

async function main() {
  const { values } = parseArgs({
    options: {
      clients: { type: 'string', default: '200' },
      duration: { type: 'string', default: '60' },
      warmup: { type: 'string', default: '15' },
      think: { type: 'string', default: '1000' },
      json: { type: 'string' },
      md: { type: 'string' },
    },
  });
  const num = (name: string, v: string) => {
    const n = Number(v);
    if (!Number.isFinite(n) || n < 0) throw new Error(`--${name} must be a non-negative number`);
    return n;
  };
  const durationS = num('duration', values.duration!);
  const warmupS = Math.min(num('warmup', values.warmup!), durationS / 2);
  const report = await runSoak({
    clients: Math.max(2, Math.round(num('clients', values.clients!))),
    durationMs: durationS * 1000,
    warmupMs: warmupS * 1000,
    thinkMs: num('think', values.think!),
    seed: 8,
    log: (line) => process.stderr.write(`[soak] ${line}\n`),
  });
  const failures = soakFailures(report);
  const markdown = `${soakMarkdown(report)}\n\n${failures.length ? `**FAILED**: ${failures.join('; ')}` : '**PASSED**: 0 errors, 0 lost writes, no steady memory growth.'}\n`;
  process.stdout.write(markdown);
  if (values.md) fs.writeFileSync(values.md, markdown);
  if (values.json) fs.writeFileSync(values.json, JSON.stringify({ report, failures }, null, 2));
  else process.stdout.write(`\n${JSON.stringify({ report, failures }, null, 2)}\n`);
  process.exitCode = failures.length ? 1 : 0;
}

if (require.main === module) {
  main().catch((err: Error) => {
    console.error(`soak: ${err.message}`);
    process.exit(1);
  });
}
