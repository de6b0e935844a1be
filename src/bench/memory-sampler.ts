/**
 * Time and memory of one piece of work in this process: the RSS and the JS heap plus buffers,
 * sampled every 50 ms, peak minus before. Both, because the RSS keeps what an earlier step freed.
 * Run with `node --expose-gc` so each measurement starts after a collection.
 */
const MB = 1024 * 1024;

export interface Measured<T> {
  out: T;
  ms: number;
  /** Peak RSS growth in bytes. */
  growth: number;
  /** Peak growth of the JS heap plus external memory and buffers, in bytes. */
  heapGrowth: number;
  /** RSS before the work, in bytes. */
  before: number;
}

export async function measured<T>(work: () => Promise<T>): Promise<Measured<T>> {
  global.gc?.();
  const heapOf = () => {
    const m = process.memoryUsage();
    return m.heapUsed + m.external + m.arrayBuffers;
  };
  const before = process.memoryUsage().rss;
  const heapBefore = heapOf();
  let peak = before;
  let heapPeak = heapBefore;
  const sample = () => {
    peak = Math.max(peak, process.memoryUsage().rss);
    heapPeak = Math.max(heapPeak, heapOf());
  };
  const timer = setInterval(sample, 50);
  const started = performance.now();
  try {
    const out = await work();
    const ms = performance.now() - started;
    sample();
    return { out, ms, growth: peak - before, heapGrowth: heapPeak - heapBefore, before };
  } finally {
    clearInterval(timer);
  }
}

/** A measured request as the benches report it: whole milliseconds, growth in MB to one decimal. */
export const inMegabytes = (m: Measured<unknown>, msg: string) => ({
  ms: Math.round(m.ms),
  growthMb: +(m.growth / MB).toFixed(1),
  heapGrowthMb: +(m.heapGrowth / MB).toFixed(1),
  msg,
});

export const megabytes = (bytes: number) => +(bytes / MB).toFixed(1);
