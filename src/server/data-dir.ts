/**
 * DATA_DIR holds the password hashes (the SQLite file, its WAL and SHM), the JWT secret, backups and
 * the mail outbox, whose messages carry live set-password links. None of it is for other local
 * users: the folder is 0700 and everything in it 0600.
 *
 * Three layers, so no path is missed: the server and its scripts run with umask 077 (whatever they
 * or SQLite create is private from birth); the files we create ourselves also get explicit modes; and
 * at start-up the folder and whatever an older version left in it are tightened.
 */
import fs from 'node:fs';
import path from 'node:path';

export const PRIVATE_UMASK = 0o077;
export const PRIVATE_DIR_MODE = 0o700;
export const PRIVATE_FILE_MODE = 0o600;

/** Called first thing by main.ts and every CLI script that writes into DATA_DIR. */
export function usePrivateUmask(): void {
  process.umask(PRIVATE_UMASK);
}

/**
 * Makes `dir` (created if missing) 0700 and every file below it 0600, every folder 0700. Symbolic
 * links are left alone (their target may be anything), and so are entries owned by someone else.
 */
export function securePrivateDir(dir: string): void {
  fs.mkdirSync(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
  const uid = process.getuid?.();
  const stack = [dir];
  while (stack.length) {
    const current = stack.pop()!;
    tighten(current, PRIVATE_DIR_MODE, uid);
    for (const entry of fs.readdirSync(current, { withFileTypes: true })) {
      const full = path.join(current, entry.name);
      if (entry.isDirectory()) stack.push(full);
      else if (entry.isFile()) tighten(full, PRIVATE_FILE_MODE, uid);
    }
  }
}

function tighten(file: string, mode: number, uid: number | undefined) {
  try {
    const stat = fs.lstatSync(file);
    if ((stat.mode & 0o777) === mode || (uid !== undefined && stat.uid !== uid)) return;
    fs.chmodSync(file, mode);
  } catch {
    // Gone meanwhile (a rotated outbox file): nothing to tighten.
  }
}
