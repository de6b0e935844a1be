/** Repeated timings of one piece of work in this process, and their percentiles (the in-process figures). */
import { percentile } from './load';

/** Nearest-rank percentile of unsorted milliseconds. */
export const pctOf = (ms: readonly number[], p: number) => percentile([...ms].sort((a, b) => a - b), p);

/** Runs `work` `warmups` times untimed, then `runs` times timed; returns each run's milliseconds. */
export async function timeRuns(work: () => Promise<unknown>, runs: number, warmups = 1): Promise<number[]> {
  for (let i = 0; i < warmups; i++) await work();
  const ms: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    await work();
    ms.push(performance.now() - started);
  }
  return ms;
}
