/**
 * Password hashing with Node's scrypt at OWASP parameters (N=2^17, r=8, p=1). The parameters are
 * stored in each hash, so raising them later still verifies old hashes.
 *
 * Every hash and verify goes through one small pool (fastq): each costs ~0.9 s of CPU and 128 MiB,
 * and runs on libuv's 4-thread pool, which file and DNS work share. Unbounded, 16 concurrent sign-ins
 * took every thread and both cores, and a normal request waited 11 s; bounded, a burst queues here
 * while the event loop and the rest of the thread pool stay free for other requests.
 */
import os from 'node:os';
import { randomBytes, scrypt as scryptCb, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import fastq from 'fastq';

/** Hashes running at once: half the cores (at least one), so the other half keeps serving requests. */
export const HASH_CONCURRENCY = Math.max(1, Math.floor(os.availableParallelism() / 2));

interface ScryptJob {
  password: string;
  salt: Buffer;
  keylen: number;
  opts: ScryptOptions;
}

const pool = fastq.promise(
  (job: ScryptJob) =>
    new Promise<Buffer>((resolve, reject) =>
      scryptCb(job.password.normalize('NFKC'), job.salt, job.keylen, job.opts, (err, key) => (err ? reject(err) : resolve(key))),
    ),
  HASH_CONCURRENCY,
);

const scrypt = (password: string, salt: Buffer, keylen: number, opts: ScryptOptions) => pool.push({ password, salt, keylen, opts });

/** Hashes running and waiting (tests and the bench look at it). */
export const hashPoolLoad = () => ({ running: pool.running(), waiting: pool.length() });

const KEY_LENGTH = 32;
export const OWASP_LOG_N = 17;

// 128 * N * r bytes are needed; 2^17 * 8 * 128 = 128 MiB, so allow headroom.
const maxmem = (logN: number) => 256 * 2 ** logN * 8 + 16 * 1024 * 1024;

export async function hashPassword(password: string, logN = OWASP_LOG_N): Promise<string> {
  const salt = randomBytes(16);
  const key = await scrypt(password, salt, KEY_LENGTH, { N: 2 ** logN, r: 8, p: 1, maxmem: maxmem(logN) });
  return `scrypt$${logN}$8$1$${salt.toString('base64')}$${key.toString('base64')}`;
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, logN, r, p, saltB64, keyB64] = stored.split('$');
  if (scheme !== 'scrypt' || !saltB64 || !keyB64) return false;
  const expected = Buffer.from(keyB64, 'base64');
  const key = await scrypt(password, Buffer.from(saltB64, 'base64'), expected.length, {
    N: 2 ** Number(logN),
    r: Number(r),
    p: Number(p),
    maxmem: maxmem(Number(logN)),
  });
  return timingSafeEqual(key, expected);
}

/** A fixed hash to verify against when the account does not exist, so both paths cost the same. */
let dummyHash: Promise<string> | undefined;
export const dummyPasswordHash = (logN: number) => (dummyHash ??= hashPassword(randomBytes(16).toString('hex'), logN));

/** A readable random password for a generated first admin. */
export const generatePassword = () => randomBytes(12).toString('base64url');
