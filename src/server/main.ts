/**
 * `npm start`: builds the SPA when it is missing or stale (`--no-build` skips that), migrates the
 * database, creates the first admin on an empty database, and serves the SPA and /api on PORT.
 * Start-up problems print one line and exit non-zero.
 */
import fs from 'node:fs';
import path from 'node:path';
import { buildApp } from './app';
import { createContext } from './bootstrap';
import { ConfigError, loadConfig, publicUrlWarning } from './config';
import { usePrivateUmask } from './data-dir';
import { ensureClientBuilt } from './cli/client-build';
import { ensureFirstAdmin } from './modules/auth/admin-accounts';
import type { AppContext } from './context';

// `--dev` (npm run dev) serves the development build that webpack --watch keeps current.
const DEV = process.argv.includes('--dev');
const CLIENT_DIR = path.resolve(__dirname, DEV ? '../../dist/client-dev' : '../../dist/client');

async function main() {
  // Everything this process creates in DATA_DIR (database, WAL, secret, outbox) is private from birth.
  usePrivateUmask();
  const config = loadConfig();
  const warning = publicUrlWarning(config);
  if (warning) console.warn(`hr-portal: warning: ${warning}`);
  if (DEV) await firstDevBuild();
  else if (!process.argv.includes('--no-build')) ensureClientBuilt(CLIENT_DIR);

  const ctx = await createContext(config).catch((err: Error) => {
    throw new StartupError(`Cannot open the database${config.databaseUrl ? ` at ${redact(config.databaseUrl)}` : ''}: ${oneLine(err)}`);
  });
  const created = await ensureFirstAdmin(ctx.database.db, { email: config.adminEmail, password: config.adminPassword });

  const app = await buildApp({ ctx, clientDir: CLIENT_DIR, logger: true });
  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (err) {
    await app.close();
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'EADDRINUSE') throw new StartupError(`Port ${config.port} is already in use; stop the other process or set PORT.`);
    throw new StartupError(`Cannot listen on ${config.host}:${config.port}: ${oneLine(err as Error)}`);
  }

  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  console.log(`HR Portal is running at http://localhost:${port} (database: ${ctx.database.dialect}, mail: ${ctx.mailer.kind})`);
  if (created) {
    console.log(`First admin account: ${created.email}` + (created.password ? ` / password: ${created.password}  (shown once; change it or set ADMIN_PASSWORD)` : ''));
  }
  onShutdown(app, ctx);
}

function onShutdown(app: { close(): Promise<void> }, ctx: AppContext) {
  const stop = async () => {
    // Background jobs stop and the database closes with the app (plugins/).
    await app.close().catch(() => {});
    ctx.mailer.close();
    process.exit(0);
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

/** `npm run dev` starts webpack beside the server; the static files are routed at start-up, so wait for them. */
async function firstDevBuild() {
  const index = path.join(CLIENT_DIR, 'index.html');
  for (let waited = 0; !fs.existsSync(index); waited += 500) {
    if (waited === 0) console.log('Waiting for webpack to write the development build...');
    if (waited >= 120_000) throw new StartupError(`No development build appeared in ${CLIENT_DIR}; is webpack --watch running?`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

class StartupError extends Error {}

const oneLine = (err: Error) => (err.message || String(err)).split('\n')[0];
const redact = (url: string) => url.replace(/\/\/([^:@/]+):[^@/]+@/, '//$1:***@');

main().catch((err) => {
  const known = err instanceof StartupError || err instanceof ConfigError;
  console.error(`hr-portal: ${known ? err.message : oneLine(err)}`);
  process.exit(1);
});
