/** Builds the SPA with webpack when dist/client is missing or older than its sources. */
import fs from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { PROJECT_ROOT as ROOT } from '../project-root';

const SOURCES = ['src/client', 'src/shared', 'webpack.config.js'].map((p) => path.join(ROOT, p));

function newestMtime(p: string): number {
  const stat = fs.statSync(p, { throwIfNoEntry: false });
  if (!stat) return 0;
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(0, ...fs.readdirSync(p).map((name) => newestMtime(path.join(p, name))));
}

export function ensureClientBuilt(clientDir: string): void {
  const index = path.join(clientDir, 'index.html');
  const builtAt = fs.statSync(index, { throwIfNoEntry: false })?.mtimeMs ?? 0;
  if (builtAt && builtAt >= Math.max(...SOURCES.map(newestMtime))) return;

  let webpackCli: string;
  try {
    webpackCli = require.resolve('webpack-cli/bin/cli.js', { paths: [ROOT] });
  } catch {
    // A production install without dev tools serves whatever was built before.
    if (builtAt) return;
    throw new Error('The web app is not built and webpack is not installed; run `npm install` then `npm run build`.');
  }
  console.log('Building the web app (webpack, production)...');
  const result = spawnSync(process.execPath, [webpackCli, '--mode', 'production'], { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'] });
  if (result.status !== 0) throw new Error('Building the web app failed; run `npm run build` to see why.');
}
