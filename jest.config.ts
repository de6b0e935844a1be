/**
 * The suite as lanes, each a jest project (`--selectProjects`, see package.json's test:* scripts):
 * - unit: shared code, the server's parts that need no database or child process (node), and the
 *   React client (jsdom) — the fast lane;
 * - server: the API through buildApp on SQLite (and PostgreSQL when DATABASE_URL is set), the
 *   security suites, scripts run as child processes, the bench seeder;
 * - reliability: crash, soak and backup runs (real processes, longer);
 * - e2e: browser journeys (real built app + real server + system Chromium), long timeouts.
 * `npm test` runs them all in one jest run, so the journeys share the workers with the rest.
 *
 * Jest reads this file through ts-node, whose require hook then stays on for the global setup and
 * teardown below; transpiling only (no type check, which `npm run typecheck` does) spares every run
 * a whole-program check that cost seconds of CPU each time.
 *
 * @jest-config-loader-options {"transpileOnly": true, "compilerOptions": {"module": "CommonJS", "moduleResolution": "node10"}}
 */
import { availableParallelism } from 'node:os';
import type { Config } from 'jest';

const swc = [
  '@swc/jest',
  {
    jsc: {
      parser: { syntax: 'typescript', tsx: true },
      transform: { react: { runtime: 'automatic' } },
      target: 'es2022',
    },
    module: { type: 'commonjs' },
  },
] as const;

const transform = { '^.+\\.(t|j)sx?$': swc as unknown as [string, Record<string, unknown>] };

// No dependency ships ESM only (package.json's overrides keep content-disposition and cookie on their
// CommonJS releases), so jest's default of not transforming node_modules holds.

/** Server tests that open no database and start no process: they belong to the fast lane. */
const serverUnit = [
  '<rootDir>/src/server/auth/tokens.test.ts',
  '<rootDir>/src/server/mail/work-queue.test.ts',
  '<rootDir>/src/server/mail/mailer.test.ts',
  '<rootDir>/src/server/modules/attendance/answer-cache.test.ts',
  '<rootDir>/src/server/modules/employees/employee-csv.test.ts',
  '<rootDir>/src/server/modules/punches/attlog.test.ts',
  '<rootDir>/src/server/security-headers.test.ts',
  '<rootDir>/src/server/comments-point-inside.test.ts',
];
// testPathIgnorePatterns are regular expressions over the absolute path.
const toIgnore = (path: string) => path.replace(/[.]/g, '\\.');

// Setup names the run and gives it its own TMPDIR; teardown drops the PostgreSQL schemas it made
// and removes that folder (the lanes that open databases or write files).
const runScope = {
  globalSetup: '<rootDir>/src/server/test/run-setup.ts',
  globalTeardown: '<rootDir>/src/server/test/run-teardown.ts',
};

const config: Config = {
  // One worker more than the cores (jest's default is one fewer). Every worker spends part of its
  // time waiting on PostgreSQL, a server it started or its browser; with two workers on two cores
  // both waited at once often enough to leave the CPU 15 % idle. The whole suite on 2 cores, idle:
  // 2 workers 682 s at 85 % busy, 3 workers 604 s at 96 %, the same 1,145 CPU-seconds.
  maxWorkers: availableParallelism() + 1,
  projects: [
    {
      displayName: 'unit',
      testEnvironment: 'node',
      ...runScope,
      transform,
      testMatch: [...serverUnit, '<rootDir>/src/shared/**/*.test.ts'],
    },
    {
      displayName: 'client',
      testEnvironment: 'jsdom',
      transform,
      testMatch: ['<rootDir>/src/client/**/*.test.{ts,tsx}'],
      setupFilesAfterEnv: ['<rootDir>/src/client/test/setup.ts'],
      moduleNameMapper: { '\\.css$': '<rootDir>/__mocks__/style-mock.ts' },
    } as Config['projects'] extends (infer P)[] | undefined ? P : never,
    {
      displayName: 'server',
      testEnvironment: 'node',
      ...runScope,
      transform,
      testMatch: ['<rootDir>/src/server/**/*.test.ts', '<rootDir>/src/bench/**/*.test.ts'],
      testPathIgnorePatterns: ['/node_modules/', ...serverUnit.map(toIgnore), '<rootDir>/src/server/reliability/'],
    },
    {
      displayName: 'reliability',
      testEnvironment: 'node',
      ...runScope,
      transform,
      testMatch: ['<rootDir>/src/server/reliability/**/*.test.ts'],
    },
    {
      displayName: 'e2e',
      testEnvironment: 'node',
      transform,
      testMatch: ['<rootDir>/src/e2e/**/*.test.ts'],
      globalSetup: '<rootDir>/src/e2e/global-setup.ts',
    },
  ],
  // A net for a hung test, not a speed check (speed is the bench's): at load 15-18 on 2 cores,
  // with other work beside the suite, ordinary server tests took 30-40 s.
  testTimeout: 90_000,
};

export default config;
