/**
 * Nothing in DATA_DIR is readable by other local users. The real entry point runs
 * as a child process (so its own umask call is what is tested) on a DATA_DIR made 0755 with a 0644
 * file an older version left; while it runs, every file it wrote (database, WAL, SHM, JWT secret,
 * an outbox mail with a live link) must be 0600 and every folder 0700. The backup script's file too.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { backupSqlite } from '../cli/backup';
import { loadConfig, publicUrlWarning } from '../config';
import { securePrivateDir } from '../data-dir';

const MAIN = path.join(__dirname, '..', 'main.ts');
const mode = (file: string) => (fs.statSync(file).mode & 0o777).toString(8);

/** Every file and folder under `dir` with its mode, e.g. { '.': '700', 'jwt-secret': '600' }. */
function modes(dir: string): Record<string, string> {
  const out: Record<string, string> = { '.': mode(dir) };
  for (const entry of fs.readdirSync(dir, { recursive: true, withFileTypes: true })) {
    const full = path.join(entry.parentPath, entry.name);
    out[path.relative(dir, full)] = mode(full);
  }
  return out;
}

describe('data at rest', () => {
  it('the server makes DATA_DIR 0700 and writes everything in it 0600, also what an older version left', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hr-rest-'));
    fs.chmodSync(dataDir, 0o755);
    fs.mkdirSync(path.join(dataDir, 'outbox'), { mode: 0o755 });
    fs.writeFileSync(path.join(dataDir, 'outbox', 'old.eml'), 'left by an older version', { mode: 0o644 });
    fs.chmodSync(path.join(dataDir, 'outbox', 'old.eml'), 0o644);

    const child = spawn(process.execPath, [require.resolve('tsx/cli'), MAIN, '--no-build'], {
      env: { ...process.env, PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'warn', ADMIN_EMAIL: 'admin@rest.test', ADMIN_PASSWORD: 'admin-password-123', PUBLIC_URL: 'http://hr.example.com' },
    });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d));
    child.stderr.on('data', (d: Buffer) => (out += d));
    try {
      const deadline = Date.now() + 45_000;
      while (!/running at http:\/\/localhost:(\d+)/.test(out)) {
        if (Date.now() > deadline || child.exitCode !== null) throw new Error(`server did not start: ${out}`);
        await new Promise((r) => setTimeout(r, 50));
      }
      const port = /running at http:\/\/localhost:(\d+)/.exec(out)![1];
      // The plain-http PUBLIC_URL on a network host is warned about at start.
      expect(out).toMatch(/warning: PUBLIC_URL is http:\/\/hr\.example\.com/);
      // A reset link written to the outbox: the file an attacker would have read.
      const res = await fetch(`http://127.0.0.1:${port}/api/auth/forgot-password`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'admin@rest.test' }) });
      expect(res.status).toBe(200);
      const deadlineMail = Date.now() + 20_000;
      while (fs.readdirSync(path.join(dataDir, 'outbox')).filter((f) => f.endsWith('.eml')).length < 2) {
        if (Date.now() > deadlineMail) throw new Error('no mail in the outbox');
        await new Promise((r) => setTimeout(r, 50));
      }
      const seen = modes(dataDir);
      for (const name of ['hr-portal.sqlite', 'hr-portal.sqlite-wal', 'hr-portal.sqlite-shm', 'jwt-secret', 'outbox/old.eml']) expect(seen).toHaveProperty([name]);
      for (const [name, m] of Object.entries(seen)) {
        const isDir = fs.statSync(path.join(dataDir, name)).isDirectory();
        expect({ name, mode: m }).toEqual({ name, mode: isDir ? '700' : '600' });
      }
    } finally {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
    }

    // The backup script's copy holds the same hashes: private too, whatever the caller's umask.
    const backup = await backupSqlite(dataDir, path.join(dataDir, 'backups', 'b.sqlite'));
    expect([mode(backup.file), mode(path.dirname(backup.file))]).toEqual(['600', '700']);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }, 90_000);

  it('tightens files and folders but leaves symbolic links alone', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hr-rest-'));
    const outside = fs.mkdtempSync(path.join(os.tmpdir(), 'hr-outside-'));
    fs.writeFileSync(path.join(outside, 'public.txt'), 'x', { mode: 0o644 });
    fs.chmodSync(path.join(outside, 'public.txt'), 0o644);
    fs.mkdirSync(path.join(dir, 'backups'), { mode: 0o755 });
    fs.writeFileSync(path.join(dir, 'backups', 'x.sqlite'), 'x', { mode: 0o664 });
    fs.symlinkSync(path.join(outside, 'public.txt'), path.join(dir, 'link'));
    fs.chmodSync(dir, 0o755);
    securePrivateDir(dir);
    expect([mode(dir), mode(path.join(dir, 'backups')), mode(path.join(dir, 'backups', 'x.sqlite'))]).toEqual(['700', '700', '600']);
    expect(mode(path.join(outside, 'public.txt'))).toBe('644');
    fs.rmSync(dir, { recursive: true, force: true });
    fs.rmSync(outside, { recursive: true, force: true });
  });
});

describe('PUBLIC_URL', () => {
  it('warns at start only for plain http:// on a host other than this machine', () => {
    const warn = (PUBLIC_URL?: string) => publicUrlWarning(loadConfig({ PUBLIC_URL }));
    expect(warn('http://hr.example.com')).toMatch(/plain http:\/\//);
    expect(warn('http://10.1.2.3:3000')).toMatch(/plain http:\/\//);
    for (const fine of [undefined, 'https://hr.example.com', 'http://localhost:3000', 'http://127.0.0.1:8080', 'http://[::1]:3000']) expect(warn(fine)).toBeNull();
    expect(() => loadConfig({ PUBLIC_URL: 'javascript:alert(1)' })).toThrow(/PUBLIC_URL must be an http/);
  });
});
