/**
 * A Kysely query built and compiled once, then run with new parameter values. Building and
 * compiling the query tree costs more CPU than running a one-row lookup by primary key, and the
 * auth guard runs one on every authenticated call; this keeps Kysely's typed builder for writing
 * the query and skips it on the hot path.
 *
 * The builder is called once with markers in place of its arguments; each compiled parameter that
 * is a marker is replaced by the matching argument on every run. Arguments must be scalars used as
 * whole parameters (`where('id', '=', id)`): a builder that looks inside a value (an array expanded
 * into `in (...)`) would see only the marker.
 *
 * What it buys (BENCHMARKS.md, "API overhead of an authenticated JSON call"): this, the statement
 * cache in database.ts, helmet's headers computed once and each token verified once took an
 * authenticated GET /api/employee/{id} from 3,600–4,200 to 8,400–9,700 req/s on the bench machine;
 * the CPU profile put Kysely's building and compiling of the guard's lookup among the costs removed.
 */
import type { Compilable, CompiledQuery, Kysely } from 'kysely';

class Marker {
  constructor(readonly index: number) {}
}

export type PreparedQuery<A extends unknown[], R> = (...args: A) => Promise<R[]>;

export function prepareQuery<DB, A extends unknown[], R>(db: Kysely<DB>, build: (...args: A) => Compilable<R>): PreparedQuery<A, R> {
  const markers = Array.from({ length: build.length }, (_, i) => new Marker(i)) as unknown as A;
  const compiled: CompiledQuery<R> = build(...markers).compile();
  const slots = compiled.parameters.map((p) => (p instanceof Marker ? p.index : -1));
  if (slots.filter((slot) => slot >= 0).length < build.length) {
    throw new Error('prepareQuery: every argument must appear as a whole parameter of the query');
  }
  return async (...args: A) => {
    const parameters = compiled.parameters.map((p, i) => (slots[i]! >= 0 ? args[slots[i]!] : p));
    return (await db.executeQuery<R>({ ...compiled, parameters })).rows;
  };
}
