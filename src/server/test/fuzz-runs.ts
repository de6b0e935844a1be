/**
 * How many random inputs a property of the hostile-input suites tries. `npm test` and CI run a
 * sample: a quarter of a property's full count on SQLite and a tenth on PostgreSQL (where each query
 * is a network round trip), never fewer than 10. The suites' fixed lists (every field with every
 * nasty value, every raw JSON trick, wrong content types, broken multipart) run whole either way,
 * so the sample still reaches every route and every kind of input. `npm run test:fuzz` (FUZZ=full)
 * is the fuzz lane: the full count on both engines.
 */
import type { Engine } from './test-app';

export function fuzzRuns(full: number, engine: Engine): number {
  if (process.env.FUZZ === 'full') return full;
  return Math.max(10, Math.round(full / (engine === 'sqlite' ? 4 : 10)));
}
