import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import fs from 'node:fs';

/**
 * Client layers (bulletproof-react's rule): a feature imports only itself, `session/` (the layer
 * every signed-in screen stands on) and the shared layers (api/, components/, flows/, feedback/,
 * config/, copy.ts, src/shared); the shared layers import no feature but `session/`; app/ composes
 * them all (the router, the store, app/dashboard: the signed-in frames and home screens, built
 * from attendance, salary and employee parts, and app/leaves: the leave screen, with the balance
 * card, the leave-policy links and the attendance corrections). A feature folder added later is
 * covered as soon as it exists.
 */
const FEATURES = fs
  .readdirSync('src/client/features', { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && entry.name !== 'session')
  .map((entry) => entry.name);
const featureZones = FEATURES.map((feature) => ({
  target: `./src/client/features/${feature}`,
  from: './src/client/features',
  except: [`./${feature}`, './session'],
  message: 'Features do not import each other: move what both need to a shared layer (api/, components/, flows/, copy.ts), or compose them in app/.',
}));
const sharedLayerZone = {
  target: ['./src/client/api', './src/client/components', './src/client/flows', './src/client/feedback', './src/client/config', './src/client/copy.ts'],
  from: './src/client/features',
  except: ['./session'],
  message: 'Shared client layers import no feature (session/ excepted).',
};
const dashboardZone = {
  target: ['./src/client/features', ...sharedLayerZone.target],
  from: ['./src/client/app/dashboard', './src/client/app/leaves', './src/client/app/employees'],
  message: 'app/ screens compose features; features and shared layers do not import them.',
};

/**
 * Server modules: each is a folder under src/server/modules whose index.ts is its one public file.
 * Code outside a module (other modules, the server's shared files and tests, benches, journeys)
 * imports that file only; a module's own files and tests import each other directly, never through
 * their index (src/README.md, Module boundaries). A module added later is covered as soon as it exists.
 */
const SERVER_MODULES = fs
  .readdirSync('src/server/modules', { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const outsideModules = [
  ...fs.readdirSync('src').filter((name) => name !== 'server').map((name) => `./src/${name}`),
  ...fs.readdirSync('src/server').filter((name) => name !== 'modules').map((name) => `./src/server/${name}`),
  './src/server/modules/index.ts',
];
const moduleZones = SERVER_MODULES.map((name) => ({
  target: [...outsideModules, ...SERVER_MODULES.filter((other) => other !== name).map((other) => `./src/server/modules/${other}`)],
  from: `./src/server/modules/${name}`,
  except: ['./index.ts'],
  message: `Import the ${name} module through its public file, src/server/modules/${name}/index.ts.`,
}));

// Which better-sqlite3 build loads depends on the Node version (src/server/db/sqlite-driver.ts).
const sqliteDriverOnly = {
  name: 'better-sqlite3',
  allowTypeImports: true,
  message: 'Import the driver from src/server/db/sqlite-driver.ts: it loads the build for this Node.',
};

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'coverage/**', 'data/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['src/client/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    // One-way imports: client and server never import each other (src/README.md, Layout).
    files: ['src/client/**/*'],
    rules: { 'no-restricted-imports': ['error', { patterns: ['**/server/**'] }] },
  },
  {
    files: ['src/client/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: { 'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.css'] })] },
    rules: { 'import-x/no-restricted-paths': ['error', { zones: [...featureZones, sharedLayerZone, dashboardZone] }] },
  },
  {
    files: ['src/server/**/*.ts', 'src/bench/**/*.ts', 'src/e2e/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: { 'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js'] })] },
    rules: { 'import-x/no-restricted-paths': ['error', { zones: moduleZones }] },
  },
  {
    // No import cycles anywhere: a cycle makes load order decide what is undefined at start.
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.css'] })],
      // The rule follows only files it can parse: TypeScript ones, through typescript-eslint's parser.
      'import-x/extensions': ['.ts', '.tsx'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
    },
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
  {
    files: ['src/server/**/*'],
    rules: { 'no-restricted-imports': ['error', { patterns: ['**/client/**'], paths: [sqliteDriverOnly] }] },
  },
  {
    // Route files declare the HTTP surface and call a module's functions: the queries live in the
    // module's data and service files, where tests and other routes reach them (src/README.md, Queries).
    files: ['src/server/**/routes.ts', 'src/server/**/*-routes.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: 'CallExpression[callee.property.name=/^(selectFrom|insertInto|updateTable|deleteFrom|replaceInto|mergeInto)$/]',
          message: 'No queries in a route file: call a function of the module that owns the table.',
        },
      ],
    },
  },
  {
    files: ['src/e2e/**/*', 'src/bench/**/*'],
    rules: { 'no-restricted-imports': ['error', { paths: [sqliteDriverOnly] }] },
  },
  {
    files: ['src/shared/**/*'],
    rules: { 'no-restricted-imports': ['error', { patterns: ['**/client/**', '**/server/**'] }] },
  },
  {
    // The few CommonJS files Node loads before any TypeScript loader: the compiled start and a worker shim.
    files: ['src/**/*.cjs'],
    languageOptions: {
      sourceType: 'commonjs',
      globals: { require: 'readonly', module: 'writable', __dirname: 'readonly', process: 'readonly', console: 'readonly' },
    },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    files: ['webpack.config.js'],
    languageOptions: { globals: { require: 'readonly', module: 'writable', __dirname: 'readonly' } },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
);
