/**
 * Three projects: the server and shared code under node, the React client under jsdom, and the
 * browser journeys (real built app + real server + system Chromium) under node with long timeouts.
 */
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

// Dependencies that ship ESM only. Node 20.19+ loads them natively with require(); jest's module
// system does not, so swc turns them into CommonJS for the tests.
const esmOnly = ['cookie', 'content-disposition'];
const transformIgnorePatterns = [`/node_modules/(?!(${esmOnly.join('|')})/)`];

const config: Config = {
  projects: [
    {
      displayName: 'server',
      testEnvironment: 'node',
      globalSetup: '<rootDir>/src/server/test/pg-schemas-teardown.ts',
      globalTeardown: '<rootDir>/src/server/test/pg-schemas-teardown.ts',
      transform,
      transformIgnorePatterns,
      testMatch: ['<rootDir>/src/server/**/*.test.ts', '<rootDir>/src/shared/**/*.test.ts', '<rootDir>/src/bench/**/*.test.ts'],
    },
    {
      displayName: 'client',
      testEnvironment: 'jsdom',
      transform,
      transformIgnorePatterns,
      testMatch: ['<rootDir>/src/client/**/*.test.{ts,tsx}'],
      setupFilesAfterEnv: ['<rootDir>/src/client/test/setup.ts'],
      moduleNameMapper: { '\\.css$': '<rootDir>/__mocks__/style-mock.ts' },
    } as Config['projects'] extends (infer P)[] | undefined ? P : never,
    {
      displayName: 'e2e',
      testEnvironment: 'node',
      transform,
      transformIgnorePatterns,
      testMatch: ['<rootDir>/src/e2e/**/*.test.ts'],
      globalSetup: '<rootDir>/src/e2e/global-setup.ts',
    },
  ],
  testTimeout: 30_000,
};

export default config;
