/** What a bench run measures and reports: figure rows, sizes, and the per-engine setting each figure runs in. */
import type { Dialect as Engine } from '../server/db/database';
import type { LoadResult } from './load';
import type { ChildServer, LoadRunner } from './processes';
import type { SeedResult } from './seeder';

/** One line of a BENCHMARKS.md table: a measured value beside its same-run floor and the target. */
export interface FigureRow {
  /** Stable key, e.g. `api.employee.rps`. */
  id: string;
  /** Which figure (its number in BENCHMARKS.md). */
  group: number;
  label: string;
  value: string;
  floor: string;
  /** value / floor where that means something (higher-is-better or lower-is-better per target). */
  ratio: number | null;
  target: string;
  /** null for informational rows without a target. */
  pass: boolean | null;
  note?: string;
}

export interface Sizes {
  employees: number;
  longDays: number;
  shortDays: number;
  importRows: number;
  exportRows: number;
  /** Seconds of each autocannon measurement (after a warm-up). */
  loadSec: number;
  warmupSec: number;
  /** Page loads per browser timing (median reported). */
  browserRuns: number;
  /** Today-poll: changes, each followed by one timed full answer (the answer built afresh). */
  pollChanges: number;
  /** Slips rendered in-process for the payroll floor (scaled to the run's size). */
  slipFloorSample: number;
  /** Also run the storm again with SQLITE_SYNCHRONOUS=NORMAL (what the per-commit sync costs). */
  syncComparison: boolean;
  /** Figure 8, load and soak (SQLite only): concurrent clients, seconds of load (warm-up included), think time. */
  soak: { clients: number; durationSec: number; warmupSec: number; thinkMs: number };
  /** Figures 18-23 run in the bench process (the app through `inject`), each on a fresh database of its own. */
  xlsxImportRows: number;
  attendanceImport: { people: number; days: number };
  devicePush: { people: number; devices: number; lines: number; batch: number };
  approvedRegister: { people: number; days: number };
  team: { people: number; reports: number };
  payrollHistory: { people: number; withArrears: number };
}

/** Figures 18-23 for a company of `people`: a month of attendance each, a device per 500 people, a manager of a fiftieth, a tenth with arrears. */
function inProcessSizes(people: number): Pick<Sizes, 'xlsxImportRows' | 'attendanceImport' | 'devicePush' | 'approvedRegister' | 'team' | 'payrollHistory'> {
  return {
    xlsxImportRows: people,
    attendanceImport: { people, days: 30 },
    // Ten punches a person over five days, so the recompute has a whole day for everyone.
    devicePush: { people, devices: people / 500, lines: people * 10, batch: 500 },
    // The seeder's company with its leave and 70 days of history, so the last complete month is whole.
    approvedRegister: { people: (people * 12) / 100, days: 70 },
    team: { people, reports: people / 50 },
    payrollHistory: { people, withArrears: people / 10 },
  };
}

export const FULL: Sizes = {
  employees: 10_000,
  longDays: 365,
  shortDays: 30,
  importRows: 100_000,
  exportRows: 1_000_000,
  loadSec: 10,
  warmupSec: 2,
  browserRuns: 5,
  pollChanges: 40,
  slipFloorSample: 500,
  syncComparison: true,
  // The long form, as `npx tsx src/bench/soak.ts` runs it by default.
  soak: { clients: 200, durationSec: 60, warmupSec: 15, thinkMs: 1000 },
  // 10,000 people in each in-process figure, as the company above.
  ...inProcessSizes(10_000),
};

export const QUICK: Sizes = {
  // Small enough to check every figure on both engines in minutes (18 min at load 22-32 on 2 cores).
  employees: 500,
  // Enough history for the 100,000-row export; the 30-day run beside it still shows the poll's independence.
  longDays: 270,
  shortDays: 30,
  importRows: 10_000,
  exportRows: 100_000,
  loadSec: 1,
  warmupSec: 0.5,
  browserRuns: 3,
  pollChanges: 10,
  slipFloorSample: 100,
  syncComparison: false,
  // The short form of `npm test` (src/server/reliability/soak.test.ts).
  soak: { clients: 20, durationSec: 8, warmupSec: 2.5, thinkMs: 5 },
  // The in-process figures at a tenth of the full run's people (their companies are their own).
  ...inProcessSizes(FULL.xlsxImportRows / 10),
};

/** Everything a figure needs about the server it is measuring. */
export interface EngineSetting {
  engine: Engine;
  sizes: Sizes;
  server: ChildServer;
  /** DATA_DIR of the server (SQLite file, outbox). */
  dataDir: string;
  /** PostgreSQL only: the bench database's URL. */
  databaseUrl?: string;
  timeZone: string;
  seed: SeedResult;
  adminToken: string;
  /** One token per seeded employee, same order as seed.employees. */
  employeeTokens: string[];
  /** Scratch space for spec and token files. */
  tmpDir: string;
  /** The bare Fastify floor, shared by the whole run. */
  bare: ChildServer;
  /** The autocannon runner process, shared by the whole run. */
  load: LoadRunner['run'];
}

/** Raw measurements kept in bench-results.json beside the rows. */
export type Raw = Record<string, LoadResult | number | string | boolean | null | object>;

export interface FigureResult {
  rows: FigureRow[];
  raw: Raw;
}

// ---- formatting ----

export const int = (n: number) => Math.round(n).toLocaleString('en-US');
export const ms = (n: number) => `${n < 10 ? n.toFixed(2) : n < 100 ? n.toFixed(1) : Math.round(n).toLocaleString('en-US')} ms`;
export const sec = (n: number) => `${n.toFixed(n < 10 ? 2 : 1)} s`;
export const mb = (bytes: number) => `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
export const kb = (bytes: number) => (bytes < 10_240 ? `${int(bytes)} B` : `${(bytes / 1024).toFixed(1)} KB`);
export const pct = (n: number) => `${(n * 100).toFixed(1)}%`;
export const ratio = (value: number, floor: number) => (floor > 0 ? Math.round((value / floor) * 1000) / 1000 : null);
