/**
 * The load generator, run as its own process so it never shares an event loop with the server it
 * measures or with the bench: `node --import tsx src/bench/load.ts` reads LoadSpecs as JSON lines on
 * stdin, fires autocannon as each says, and answers each with one JSON LoadResult line.
 *
 * Latency percentiles are computed here from every response's own time (autocannon measures each
 * with hrtime; its built-in histogram rounds to whole milliseconds, too coarse for a 1 ms route).
 */
import fs from 'node:fs';
import readline from 'node:readline';
import autocannon from 'autocannon';

export interface LoadSpec {
  url: string;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
  connections: number;
  /** Run for this long... */
  durationSec?: number;
  /** ...or send exactly this many requests. */
  amount?: number;
  /** A JSON array of tokens: request i carries token i as x-auth-token (one request per token). */
  tokensFile?: string;
  /** A run of this length first, with the same requests, whose numbers are thrown away. */
  warmupSec?: number;
  timeoutSec?: number;
}

export interface LoadResult {
  responses: number;
  elapsedSec: number;
  rps: number;
  latencyMs: { p50: number; p90: number; p99: number; max: number; mean: number };
  /** Responses by HTTP status. */
  status: Record<string, number>;
  /** Connection errors and timeouts (no HTTP answer at all). */
  errors: number;
  timeouts: number;
  /** Bytes received, headers included, per response. */
  bytesPerResponse: number;
}

/** Nearest-rank percentile of sorted values. */
export function percentile(sorted: ArrayLike<number>, p: number): number {
  if (!sorted.length) return 0;
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[rank]!;
}

const round = (n: number, places = 2) => Math.round(n * 10 ** places) / 10 ** places;

async function fire(spec: LoadSpec, measure: boolean, overrideSec?: number): Promise<LoadResult> {
  const tokens: string[] | undefined = spec.tokensFile ? JSON.parse(fs.readFileSync(spec.tokensFile, 'utf8')) : undefined;
  let next = 0;
  const latencies: number[] = [];
  const status: Record<string, number> = {};
  let bytes = 0;

  const opts: autocannon.Options = {
    url: spec.url,
    method: spec.method ?? 'GET',
    headers: spec.headers ?? {},
    body: spec.body,
    connections: spec.connections,
    timeout: spec.timeoutSec ?? 30,
    ...(overrideSec !== undefined ? { duration: overrideSec } : spec.amount !== undefined ? { amount: spec.amount } : { duration: spec.durationSec ?? 10 }),
    ...(tokens && overrideSec === undefined
      ? {
          requests: [
            {
              // Called once per request sent: each one signs in as the next person.
              setupRequest: (req: autocannon.Request) => ({ ...req, headers: { ...req.headers, 'x-auth-token': tokens[next++ % tokens.length]! } }),
            },
          ],
        }
      : {}),
  };
  const started = performance.now();
  const instance = autocannon(opts);
  if (measure) {
    instance.on('response', (_client: unknown, statusCode: number, resBytes: number, responseTime: number) => {
      latencies.push(responseTime);
      status[statusCode] = (status[statusCode] ?? 0) + 1;
      bytes += resBytes;
    });
  }
  const result = await instance;
  const elapsedSec = (performance.now() - started) / 1000;
  const sorted = Float64Array.from(latencies).sort();
  const mean = latencies.length ? latencies.reduce((a, b) => a + b, 0) / latencies.length : 0;
  return {
    responses: latencies.length,
    // autocannon's own duration excludes its start-up; use it when it ran for a fixed time.
    elapsedSec: round(spec.amount !== undefined ? elapsedSec : result.duration, 3),
    rps: round(latencies.length / (spec.amount !== undefined ? elapsedSec : result.duration), 1),
    latencyMs: {
      p50: round(percentile(sorted, 50)),
      p90: round(percentile(sorted, 90)),
      p99: round(percentile(sorted, 99)),
      max: round(sorted.length ? sorted[sorted.length - 1]! : 0),
      mean: round(mean),
    },
    status,
    errors: result.errors,
    timeouts: result.timeouts,
    bytesPerResponse: latencies.length ? Math.round(bytes / latencies.length) : 0,
  };
}

async function measure(spec: LoadSpec): Promise<LoadResult> {
  // The warm-up never uses the one-shot tokens: those are for the measured requests only.
  if (spec.warmupSec && !spec.tokensFile) await fire(spec, false, spec.warmupSec);
  return fire(spec, true);
}

/**
 * One spec per line on stdin, one result (or `{"error": ...}`) per line on stdout, in order: the
 * bench keeps one runner for the whole run instead of paying a process start per measurement.
 */
async function main() {
  const lines = readline.createInterface({ input: process.stdin });
  for await (const line of lines) {
    if (!line.trim()) continue;
    try {
      process.stdout.write(JSON.stringify(await measure(JSON.parse(line) as LoadSpec)) + '\n');
    } catch (err) {
      process.stdout.write(JSON.stringify({ error: String((err as Error).stack ?? err) }) + '\n');
    }
  }
}

if (require.main === module) {
  main().catch((err) => {
    console.error(`load: ${(err as Error).stack ?? err}`);
    process.exit(1);
  });
}
