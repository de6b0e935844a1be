/**
 * `npm run create-admin -- --email X [--name "Jane Doe"]`: adds an admin account. The password comes
 * from ADMIN_PASSWORD, or is asked for on the terminal without echo.
 */
import { parseArgs } from 'node:util';
import readline from 'node:readline';
import { loadConfig } from '../config';
import { usePrivateUmask } from '../data-dir';
import { migrateToLatest, openDatabase } from '../db/database';
import { createAdmin } from '../modules/auth';
import { emailSchema } from '../../shared/schemas/common';
import { MIN_PASSWORD_LENGTH } from '../../shared/constants';

function askHidden(question: string): Promise<string> {
  if (!process.stdin.isTTY) {
    // Piped input: read one line.
    const rl = readline.createInterface({ input: process.stdin });
    return new Promise((resolve) => rl.once('line', (line) => (rl.close(), resolve(line))));
  }
  return new Promise((resolve) => {
    process.stdout.write(question);
    let value = '';
    const onData = (buf: Buffer) => {
      for (const ch of buf.toString('utf8')) {
        if (ch === '\r' || ch === '\n') {
          process.stdin.setRawMode(false);
          process.stdin.pause();
          process.stdin.off('data', onData);
          process.stdout.write('\n');
          return resolve(value);
        }
        if (ch === '\u0003') process.exit(130);
        value = ch === '\u007f' ? value.slice(0, -1) : value + ch;
      }
    };
    process.stdin.setRawMode(true);
    process.stdin.resume();
    process.stdin.on('data', onData);
  });
}

async function main() {
  // Whatever it writes into DATA_DIR is private (src/server/data-dir.ts).
  usePrivateUmask();
  const { values } = parseArgs({ options: { email: { type: 'string' }, name: { type: 'string' } } });
  const email = emailSchema.safeParse(values.email ?? '');
  if (!email.success) throw new Error('usage: npm run create-admin -- --email admin@example.com [--name "Full Name"]');

  const config = loadConfig();
  const password = process.env.ADMIN_PASSWORD || (await askHidden(`Password for ${email.data}: `));
  if (password.length < MIN_PASSWORD_LENGTH) throw new Error(`The password must be at least ${MIN_PASSWORD_LENGTH} characters long`);

  const database = openDatabase({ dataDir: config.dataDir, databaseUrl: config.databaseUrl });
  try {
    await migrateToLatest(database);
    await createAdmin(database.db, email.data, password, undefined, values.name ?? 'Admin');
    console.log(`Admin ${email.data} created.`);
  } finally {
    await database.close();
  }
}

main().catch((err: Error) => {
  console.error(`create-admin: ${err.message.split('\n')[0]}`);
  process.exit(1);
});
