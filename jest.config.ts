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

// No dependency ships ESM only (package.json's overrides keep content-disposition and cookie on their
// CommonJS releases), so jest's default of not transforming node_modules holds.

const config: Config = {
  projects: [
    {
      displayName: 'server',
      testEnvironment: 'node',
      globalSetup: '<rootDir>/src/server/test/pg-schemas-teardown.ts',
      globalTeardown: '<rootDir>/src/server/test/pg-schemas-teardown.ts',
      transform,
      testMatch: ['<rootDir>/src/server/**/*.test.ts', '<rootDir>/src/shared/**/*.test.ts', '<rootDir>/src/bench/**/*.test.ts'],
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
      displayName: 'e2e',
      testEnvironment: 'node',
      transform,
      testMatch: ['<rootDir>/src/e2e/**/*.test.ts'],
      globalSetup: '<rootDir>/src/e2e/global-setup.ts',
    },
  ],
  testTimeout: 30_000,
};

export default config;
