/**
 * Backup and restore: changes made through the API, `npm run backup` while the real server
 * runs and keeps writing, the data broken (rows deleted behind the API's back, then the file
 * corrupted), `npm run restore`, and every change found again through the API. Also: restore refuses
 * while the server runs and refuses a damaged backup; on PostgreSQL both commands point to
 * pg_dump/pg_restore and exit non-zero.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawn } from 'node:child_process';
import SQLite from '../db/sqlite-driver';
import { dateInZone } from '../../shared/format';
import { weekdayOf } from '../../shared/payroll/pay-month';
import { ROOT, checkSqliteFile, createClient, mintTokens, noonTimeZone, seedDataDir, startServer, type ServerProcess } from '../test/reliability-harness';

const TZ = noonTimeZone();

/**
 * Runs `npm run backup|restore` (the real wiring), or with `direct` the same script as
 * `node --import tsx` (a second faster, for the refusals).
 */
function npmRun(script: 'backup' | 'restore', args: string[], env: Record<string, string>, direct = false): Promise<{ code: number | null; out: string }> {
  const [cmd, argv] = direct
    ? [process.execPath, ['--import', 'tsx', path.join(ROOT, `src/server/cli/${script}.ts`), ...args]]
    : ['npm', ['run', '--silent', script, '--', ...args]];
  return new Promise((resolve) => {
    const child = spawn(cmd, argv, {
      cwd: ROOT,
      env: { ...process.env, DATABASE_URL: '', LOG_LEVEL: 'warn', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (out += d));
    child.on('exit', (code) => resolve({ code, out }));
  });
}

describe('backup and restore (SQLite)', () => {
  let server: ServerProcess | undefined;
  const dirs: string[] = [];
  const tempDir = (prefix: string) => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
    dirs.push(dir);
    return dir;
  };
  afterEach(async () => {
    await server?.stop();
    server = undefined;
    for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('snapshots a running server and brings back every change after the data is broken', async () => {
    const seed = await seedDataDir({ employees: 3, dataDir: tempDir('hr-reliability-') });
    const { dataDir, dbFile } = seed;
    const [e1, e2, e3] = seed.employees as [(typeof seed.employees)[0], (typeof seed.employees)[0], (typeof seed.employees)[0]];
    const tokens = mintTokens();
    const admin = await tokens.admin(seed.admin.userId);
    const [t1, t2, t3] = await Promise.all([e1, e2, e3].map((e) => tokens.employee(e)));
    const today = dateInZone(new Date(), TZ);
    server = await startServer({ dataDir, timeZone: TZ });
    let api = createClient(server.url, 8);
    const ok = async (method: string, url: string, token: string, json?: unknown) => {
      const r = await api.request(method, url, { token, json });
      if (r.status >= 300) throw new Error(`${method} ${url}: ${r.status} ${r.body}`);
      return r.body ? (JSON.parse(r.body) as Record<string, string>) : {};
    };

    // 1. Changes through the API, one of each kind.
    const hired = await ok('POST', '/api/employee', admin, { name: 'Backed Up', email: 'backed.up@reliability.test', position: 'Auditor', salary: 45000 });
    await ok('PUT', `/api/employee/edit/${e3.userId}`, admin, { name: e3.name, email: e3.email, position: 'Promoted', salary: 99000 });
    await ok('POST', '/api/attendance/punch-in', t1!);
    const leave = await ok('POST', '/api/leave', t1!, { startDate: '2031-03-02', endDate: '2031-03-04', reason: 'before the backup' });
    await ok('PUT', `/api/leave/approve/${leave._id}`, admin, { status: 'approved' });
    const task = await ok('POST', '/api/task/assign', admin, { employeeId: e2.employeeId, title: 'Survive a restore', description: 'kept by the backup' });
    await ok('PUT', `/api/task/${task._id}`, t2!, { status: 'completed' });

    // 2. The backup, taken while another employee keeps filing leave requests: one working day each
    // (Sundays are the weekly off), as Leave Without Pay, which has no balance to run out of.
    const snapshot = path.join(tempDir('hr-backup-'), 'snapshot.sqlite');
    const unpaid = (await api.request('GET', '/api/leave-types', { token: t3! })).body;
    const leaveTypeId = (JSON.parse(unpaid) as { _id: string; name: string }[]).find((type) => type.name === 'Leave Without Pay')!._id;
    let writing = true;
    let filed = 0;
    const writer = (async () => {
      for (let day = 0; writing; day++) {
        const d = new Date(Date.UTC(2032, 0, 1) + day * 86_400_000).toISOString().slice(0, 10);
        if (weekdayOf(d) === 0) continue;
        await ok('POST', '/api/leave', t3!, { startDate: d, endDate: d, reason: 'during the backup', leaveTypeId });
        filed += 1;
      }
    })();
    const backup = await npmRun('backup', ['--out', snapshot], { DATA_DIR: dataDir });
    writing = false;
    await writer;
    expect(backup.out).toMatch(/^Backup written: .*snapshot\.sqlite \([\d.]+ MB, integrity ok; /m);
    expect(backup.code).toBe(0);
    expect(filed).toBeGreaterThan(0);

    // The snapshot is one sound file, consistent as of one moment: every leave in it has the audit
    // entry written in the same transaction.
    expect(fs.existsSync(`${snapshot}-wal`)).toBe(false);
    const inSnapshot = checkSqliteFile(snapshot, (db) => ({
      leaves: (db.prepare(`select count(*) n from leaves`).get() as { n: number }).n,
      audited: (db.prepare(`select count(*) n from audit_log where action = 'leave.request'`).get() as { n: number }).n,
    }));
    expect(inSnapshot.integrity).toBe('ok');
    expect(inSnapshot.result.audited).toBe(inSnapshot.result.leaves);

    // 3. Restore refuses while the server runs, and changes nothing.
    const refused = await npmRun('restore', [snapshot], { DATA_DIR: dataDir }, true);
    expect(refused.code).toBe(1);
    expect(refused.out).toMatch(/restore: The database .* (is open in process \d+|is in use): stop the server first/);
    expect(fs.existsSync(`${dbFile}.before-restore`)).toBe(false);
    expect((await api.request('GET', '/api/health')).status).toBe(200);

    // 4. Break the data: deactivate through the API, delete rows behind its back, stop, corrupt the file.
    await ok('DELETE', `/api/employee/${hired._id}`, admin);
    const raw = new SQLite(dbFile, { timeout: 5000 });
    raw.exec(`delete from tasks; delete from leaves; delete from attendance`);
    raw.close();
    api.close();
    await server.stop();
    server = undefined;
    const fd = fs.openSync(dbFile, 'r+');
    const size = fs.fstatSync(fd).size;
    fs.writeSync(fd, Buffer.alloc(Math.min(size - 4096, 16 * 4096), 0xa5), 0, undefined, 4096);
    fs.closeSync(fd);
    expect(() => {
      if (checkSqliteFile(dbFile).integrity === 'ok') throw new Error('still sound');
    }).toThrow();

    // 5. A damaged backup is refused before anything is touched.
    const damaged = `${snapshot}.damaged`;
    fs.copyFileSync(snapshot, damaged);
    const dfd = fs.openSync(damaged, 'r+');
    fs.writeSync(dfd, Buffer.alloc(4 * 4096, 0x5a), 0, undefined, 4096);
    fs.closeSync(dfd);
    const badBackup = await npmRun('restore', [damaged], { DATA_DIR: dataDir }, true);
    expect(badBackup.code).toBe(1);
    expect(badBackup.out).toMatch(/restore: .*(failed the integrity check|is not a sound SQLite database|cannot be opened)/);
    expect(fs.existsSync(`${dbFile}.before-restore`)).toBe(false);

    // 6. Restore, start, and find every change.
    const restored = await npmRun('restore', [snapshot], { DATA_DIR: dataDir });
    expect(restored.out).toMatch(/^Restored .*snapshot\.sqlite into .*hr-portal\.sqlite \(integrity ok; /m);
    expect(restored.out).toMatch(/kept as .*hr-portal\.sqlite\.before-restore\.$/m);
    expect(restored.code).toBe(0);
    expect(fs.existsSync(`${dbFile}.before-restore`)).toBe(true);
    expect(checkSqliteFile(dbFile).integrity).toBe('ok');

    server = await startServer({ dataDir, timeZone: TZ });
    api = createClient(server.url, 4);
    const get = async <T>(url: string, token = admin) => {
      const r = await api.request('GET', url, { token });
      expect(r.status).toBe(200);
      return JSON.parse(r.body) as T;
    };
    const employees = await get<{ _id: string; email: string; position: string; salary: number }[]>('/api/employee');
    expect(employees.find((e) => e._id === hired._id)).toMatchObject({ email: 'backed.up@reliability.test', position: 'Auditor', salary: 45000 });
    expect(employees.find((e) => e.email === e3.email)).toMatchObject({ position: 'Promoted', salary: 99000 });
    const attendance = await get<{ email: string; punchIn: string | null }[]>(`/api/attendance?date=${today}`);
    expect(attendance.find((a) => a.email === e1.email)?.punchIn).toEqual(expect.any(String));
    const leaves = await get<{ _id: string; status: string; reason: string }[]>('/api/leave?limit=2000');
    expect(leaves.find((l) => l._id === leave._id)).toMatchObject({ status: 'approved', reason: 'before the backup' });
    expect(leaves.length).toBe(inSnapshot.result.leaves);
    const tasks = await get<{ _id: string; status: string }[]>('/api/task');
    expect(tasks.find((t) => t._id === task._id)).toMatchObject({ status: 'completed' });
    api.close();
  }, 120_000);

  it('on PostgreSQL both commands point to pg_dump and pg_restore and exit non-zero', async () => {
    const env = { DATA_DIR: tempDir('hr-backup-pg-'), DATABASE_URL: 'postgres://hr@127.0.0.1:5432/hr' };
    const [backup, restore] = await Promise.all([npmRun('backup', [], env, true), npmRun('restore', ['x.dump'], env, true)]);
    for (const run of [backup, restore]) {
      expect(run.code).toBe(2);
      expect(run.out).toMatch(/pg_dump --format=custom/);
      expect(run.out).toMatch(/pg_restore --clean/);
    }
  }, 60_000);
});
