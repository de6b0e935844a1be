/** The real entry point as a child process: start-up problems print one line and exit non-zero. */
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { loadConfig, ConfigError } from './config';

const MAIN = path.join(__dirname, 'main.ts');

/**
 * How long one start may take before the child is killed and the test fails with what it printed.
 * A start costs 2 to 4 s of CPU; at load 30 on two cores the same starts ran past a minute, so the
 * limit is generous: it catches a hang, it does not measure speed.
 */
const START_LIMIT_MS = 240_000;
/** A test's own limit: room for its starts, one after another (the first test makes two). */
const testLimit = (starts: number) => starts * START_LIMIT_MS + 30_000;

function run(env: Record<string, string>, untilOutput?: RegExp, args = ['--no-build'], entry = [require.resolve('tsx/cli'), MAIN]): Promise<{ code: number | null; out: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...entry, ...args], {
      env: { ...process.env, LOG_LEVEL: 'warn', HOST: '127.0.0.1', DATABASE_URL: '', ...env },
    });
    let out = '';
    const hung = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`no ${untilOutput ? `${untilOutput} in the output` : 'exit'} within ${START_LIMIT_MS / 1000} s; it printed:\n${out}`));
    }, START_LIMIT_MS);
    const collect = (d: Buffer) => {
      out += d;
      if (untilOutput?.test(out)) child.kill('SIGTERM');
    };
    child.stdout.on('data', collect);
    child.stderr.on('data', collect);
    child.on('exit', (code) => {
      clearTimeout(hung);
      resolve({ code, out });
    });
  });
}

const tmp = () => fs.mkdtempSync(path.join(os.tmpdir(), 'hr-start-'));

describe('start-up', () => {
  it('prints the URL and the generated first-admin password once, and keeps the JWT secret', async () => {
    const dataDir = tmp();
    const first = await run({ PORT: '0', DATA_DIR: dataDir, ADMIN_EMAIL: '', ADMIN_PASSWORD: '' }, /First admin account.*\n/);
    expect(first.out).toMatch(/HR Portal is running at http:\/\/localhost:\d+/);
    expect(first.out).toMatch(/First admin account: admin@hr-portal\.local \/ password: \S{16}/);
    const secret = fs.readFileSync(path.join(dataDir, 'jwt-secret'), 'utf8');
    const second = await run({ PORT: '0', DATA_DIR: dataDir }, /running at/);
    expect(second.out).not.toMatch(/First admin account/);
    expect(fs.readFileSync(path.join(dataDir, 'jwt-secret'), 'utf8')).toBe(secret);
  }, testLimit(2));

  it('says on the start line that manager powers are off with the email-only sign-in, and only then', async () => {
    const emailOnly = await run({ PORT: '0', DATA_DIR: tmp(), EMPLOYEE_LOGIN: 'email-only' }, /running at.*\n/);
    expect(emailOnly.out).toMatch(/HR Portal is running at .*EMPLOYEE_LOGIN=email-only: manager powers are off, every request goes to HR/);
    const usual = await run({ PORT: '0', DATA_DIR: tmp() }, /running at.*\n/);
    expect(usual.out).toMatch(/HR Portal is running at/);
    expect(usual.out).not.toMatch(/manager powers/);
  }, testLimit(2));

  it('runs as compiled JavaScript under `npm start`, compiling the server when it is stale', async () => {
    const compiledMain = path.join(__dirname, '../../dist/server/server/main.js');
    // An older build than any source file must be replaced, not run.
    fs.mkdirSync(path.dirname(compiledMain), { recursive: true });
    fs.writeFileSync(compiledMain, 'throw new Error("stale build ran");');
    fs.utimesSync(compiledMain, new Date(0), new Date(0));
    const started = await run({ PORT: '0', DATA_DIR: tmp() }, /running at.*\n/, ['--no-build'], [path.join(__dirname, 'start.cjs')]);
    expect(started.out).toMatch(/HR Portal is running at http:\/\/localhost:\d+/);
    expect(fs.readFileSync(compiledMain, 'utf8')).toContain('HR Portal is running at');
    // No test file is part of the compiled tree.
    expect(fs.existsSync(path.join(path.dirname(compiledMain), 'startup.test.js'))).toBe(false);
  }, testLimit(1));

  it('stops with one line when the port is taken', async () => {
    const server = net.createServer().listen(0, '127.0.0.1');
    await new Promise((r) => server.once('listening', r));
    const port = (server.address() as net.AddressInfo).port;
    try {
      const { code, out } = await run({ PORT: String(port), DATA_DIR: tmp() });
      expect(code).toBe(1);
      expect(out.trim()).toMatch(new RegExp(`^hr-portal: Port ${port} is already in use`, 'm'));
      expect(out).not.toMatch(/\n\s+at /);
    } finally {
      server.close();
    }
  }, testLimit(1));

  it.each([
    ['tsx src/server/main.ts', [require.resolve('tsx/cli'), MAIN]],
    ['npm start (start.cjs)', [path.join(__dirname, 'start.cjs')]],
  ])('checks the port before building the web app or touching the database: %s', async (_name, entry) => {
    const server = net.createServer().listen(0, '127.0.0.1');
    await new Promise((r) => server.once('listening', r));
    const port = (server.address() as net.AddressInfo).port;
    const dataDir = tmp();
    try {
      // No --no-build: the build step is on the way, and the port check must come before it.
      const { code, out } = await run({ PORT: String(port), DATA_DIR: dataDir }, undefined, [], entry);
      expect(code).toBe(1);
      expect(out.trim()).toBe(`hr-portal: Port ${port} is already in use; stop the other process or set PORT.`);
      expect(out).not.toMatch(/Building the web app/);
      // Nothing was migrated or generated: the database and the JWT secret come after the check.
      expect(fs.readdirSync(dataDir)).toEqual([]);
    } finally {
      server.close();
    }
  }, testLimit(1));

  it('stops with one line when the database cannot be reached', async () => {
    const { code, out } = await run({ PORT: '0', DATA_DIR: tmp(), DATABASE_URL: 'postgres://nobody:secret@127.0.0.1:1/none' });
    expect(code).toBe(1);
    expect(out).toMatch(/^hr-portal: Cannot open the database at postgres:\/\/nobody:\*\*\*@127\.0\.0\.1:1\/none: .*ECONNREFUSED/m);
    expect(out).not.toMatch(/secret/);
  }, testLimit(1));
});

describe('config', () => {
  it('rejects bad values with one readable line per problem', () => {
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x', PORT: 'abc' })).toThrow(ConfigError);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x', PORT: 'abc' })).toThrow(
      'Invalid configuration: PORT: PORT must be a port number (0-65535); DATABASE_URL: DATABASE_URL must be a postgres:// URL',
    );
    expect(() => loadConfig({ APP_TIMEZONE: 'Mars/Olympus' })).toThrow(/APP_TIMEZONE must be an IANA time zone/);
    expect(() => loadConfig({ EMPLOYEE_LOGIN: 'none' })).toThrow(/EMPLOYEE_LOGIN/);
  });

  it('has working defaults', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({ port: 3000, employeeLogin: 'password' });
    expect(c.dataDir).toBe(path.resolve('./data'));
  });
});
