/** Builds the SPA once (production mode, as `npm start` serves it) before any journey runs. */
import path from 'node:path';
import { spawnSync } from 'node:child_process';

export default async function globalSetup(): Promise<void> {
  const root = path.resolve(__dirname, '../..');
  const result = spawnSync(process.execPath, [require.resolve('webpack-cli/bin/cli.js'), '--mode', 'production'], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  if (result.status !== 0) throw new Error('webpack build failed; the browser journeys need the built app');
}
