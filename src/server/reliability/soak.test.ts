/**
 * The short form of the load-and-soak run: 20 concurrent clients for 8 s against the real
 * server on SQLite, mixing admin polls, punches, leave requests and task updates. It passes with no
 * unexpected status, every acknowledged write in the database and no steady memory growth. The
 * long form (200 clients, 60 s) is `npx tsx src/bench/soak.ts`.
 */
import { runSoak, soakMarkdown } from '../test/soak-load';

// Bounds for 8 s: generous against the noise of a short run on a shared 2-core machine, tight
// against a leak of even a few KB per request (thousands of requests here).
const MAX_RSS_GROWTH_MB = 64;
const MAX_HEAP_GROWTH_MB = 24;

describe('load and soak (short form, SQLite)', () => {
  it('20 clients for 8 s: 0 errors, 0 lost writes, no steady memory growth', async () => {
    const report = await runSoak({ clients: 20, durationMs: 8_000, warmupMs: 2_500, thinkMs: 5, seed: 8 });
    console.log(soakMarkdown(report));

    expect(report.errorSamples).toEqual([]);
    expect(report.errors).toBe(0);
    expect(report.writes.details).toEqual([]);
    expect(report.writes.lost).toBe(0);
    expect(report.writes.unexplained).toBe(0);
    expect(report.integrity).toBe('ok');
    // The mix really ran: every kind of request, and writes of every kind.
    for (const kind of Object.values(report.byKind)) expect(kind.requests).toBeGreaterThan(0);
    expect(report.writes.acknowledged.leave).toBeGreaterThan(0);
    expect(report.writes.acknowledged.task).toBeGreaterThan(0);
    expect(report.writes.acknowledged.punchIn).toBeGreaterThan(0);
    // The admin poll's If-None-Match path ran: unchanged days answered 304.
    expect(report.byKind.poll.statuses['304'] ?? 0).toBeGreaterThan(0);

    expect(report.memory.rssGrowthAfterWarmupMb).toBeLessThan(MAX_RSS_GROWTH_MB);
    expect(report.memory.heapGrowthMb).toBeLessThan(MAX_HEAP_GROWTH_MB);
  }, 60_000);
});
