/**
 * The HTTP surface: security headers with a strict CSP on every kind of answer, no internals in
 * 5xx answers (a real database failure and a thrown error), the JSON body limit, CORS closed for
 * every route, and the sign-in limits: the per-client failure throttle and the per-client budget of
 * the public auth routes (which a spoofed X-Forwarded-For does not get around).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { JSON_BODY_LIMIT_BYTES } from '../../shared/constants';
import { SERVER_MSG } from '../../shared/messages';
import { buildApp } from '../app';
import { createContext } from '../bootstrap';
import { loadConfig } from '../config';
import { auth, createTestApp, engines, MemoryMailer, TEST_LOG_N, type TestApp } from '../test/test-app';
import { ROUTE_TABLE } from './route-table';
import { leaksInternals, people } from '../test/security-fixtures';

/** The directives of a Content-Security-Policy header, each with its sources. */
function directives(csp: string | undefined): Map<string, string[]> {
  return new Map(
    (csp ?? '')
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((d) => d[0])
      .map(([name, ...sources]) => [name!, sources]),
  );
}

/** A concrete URL for a table path: parameters filled with plausible values. */
const concrete = (p: string) => p.replace(':employeeId', 'EMP0001').replace(':month', '2025-03').replace(/:\w+/g, '1').replace('*', 'swagger-ui.css');

describe('security headers and CSP', () => {
  let t: TestApp;
  beforeAll(async () => {
    const clientDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hr-client-'));
    fs.writeFileSync(path.join(clientDir, 'index.html'), '<!doctype html><html><head><script defer src="/assets/main.js"></script></head><body><div id="root"></div></body></html>');
    t = await createTestApp('sqlite', { clientDir });
  });
  afterAll(() => t.close());

  it("sends a strict policy on pages, API answers and errors: scripts only from 'self', no inline, no framing", async () => {
    const answers = [
      await t.app.inject('/'),
      await t.app.inject('/admin/employees/list'),
      await t.app.inject('/api/health'),
      await t.app.inject('/api/employee'),
      await t.app.inject({ url: '/api/employee', headers: auth(t.admin.token) }),
      await t.app.inject('/api/no-such-route'),
      await t.app.inject({ method: 'POST', url: '/api/auth/admin-login', payload: '{bad json', headers: { 'content-type': 'application/json' } }),
      await t.app.inject('/api/openapi.json'),
    ];
    for (const res of answers) {
      const csp = directives(res.headers['content-security-policy'] as string);
      expect(csp.get('script-src')).toEqual(["'self'"]);
      expect(csp.get('default-src')).toEqual(["'self'"]);
      expect(csp.get('object-src')).toEqual(["'none'"]);
      expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
      expect(csp.get('base-uri')).toEqual(["'self'"]);
      expect(csp.get('script-src-attr')).toEqual(["'none'"]);
      for (const sources of csp.values()) expect(sources).not.toEqual(expect.arrayContaining(["'unsafe-inline'"]));
      for (const sources of csp.values()) expect(sources).not.toEqual(expect.arrayContaining(["'unsafe-eval'"]));
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['referrer-policy']).toBe('no-referrer');
      expect(res.headers['x-powered-by']).toBeUndefined();
    }
  });

  it('answers a malformed URL with {msg}, not a stray nosniff-less body', async () => {
    for (const url of ['/api/employee/%', '/api/salary/runs/%E0%A4%A', `/api/employee/${'9'.repeat(200)}`]) {
      const res = await t.app.inject({ url, headers: auth(t.admin.token) });
      expect(res.statusCode).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
      expect(res.json()).toEqual({ msg: expect.any(String) });
      expect(res.headers['x-content-type-options']).toBe('nosniff');
    }
  });
});

describe.each(engines)('no internals in errors on %s', (engine) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp(engine);
  });
  afterEach(() => t.close());

  it("answers a failing database query with exactly {msg:'Server error'}", async () => {
    await sql`drop table leaves`.execute(t.ctx.database.db);
    const e = await people(t).then((p) => p.create());
    for (const [token, url] of [[t.admin.token, '/api/leave'], [e.token, '/api/leave']] as const) {
      const res = await t.app.inject({ url, headers: auth(token) });
      expect(res.statusCode).toBe(500);
      expect(res.body).toBe(JSON.stringify({ msg: SERVER_MSG.serverError }));
    }
  });

  it('answers with a bare 503 or 500 when the database is gone, and says nothing about it', async () => {
    await t.ctx.database.close();
    const health = await t.app.inject('/api/health');
    expect(health.statusCode).toBe(503);
    expect(leaksInternals(health.body)).toBeNull();
    const guarded = await t.app.inject({ url: '/api/employee', headers: auth(t.admin.token) });
    expect(guarded.statusCode).toBe(500);
    expect(guarded.body).toBe(JSON.stringify({ msg: SERVER_MSG.serverError }));
    // close() above ran; the harness closes again, which both engines tolerate.
    t.ctx.database.close = async () => {};
  });
});

describe('no internals from a thrown error', () => {
  it("turns an Error carrying SQL, a path and a stack into exactly {msg:'Server error'}", async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hr-test-'));
    const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', JWT_SECRET: randomBytes(32).toString('hex'), APP_TIMEZONE: 'UTC' });
    const ctx = await createContext(config, { mailer: new MemoryMailer(), passwordLogN: TEST_LOG_N });
    const app = await buildApp({ ctx });
    app.get('/api/boom', { config: { roles: 'public' } }, async () => {
      const err = new TypeError('SQLITE_ERROR: near "SELECT password_hash FROM users": syntax error at /work/main/src/server/x.ts:12:3');
      (err as { statusCode?: number }).statusCode = 500;
      throw err;
    });
    app.get('/api/bad-shape', { config: { roles: 'public' }, schema: { response: { 200: (await import('zod')).z.object({ n: (await import('zod')).z.number() }) } } }, async () => ({ n: 'not a number' }) as never);
    await app.ready();
    try {
      for (const url of ['/api/boom', '/api/bad-shape']) {
        const res = await app.inject(url);
        expect(res.statusCode).toBe(500);
        expect(res.body).toBe(JSON.stringify({ msg: SERVER_MSG.serverError }));
      }
    } finally {
      await app.close();
      await ctx.database.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe.each(engines)('body limits and CORS on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine);
  });
  afterAll(() => t.close());

  it(`reads a JSON body of exactly ${JSON_BODY_LIMIT_BYTES} bytes and refuses one byte more with 413 {msg}`, async () => {
    const body = (n: number) => {
      const shell = JSON.stringify({ name: '', email: 'limit@security.test', position: 'P', salary: 1 });
      return shell.replace('"name":""', `"name":"${'x'.repeat(n - shell.length)}"`);
    };
    const at = await t.app.inject({ method: 'POST', url: '/api/employee', headers: { ...auth(t.admin.token), 'content-type': 'application/json' }, payload: body(JSON_BODY_LIMIT_BYTES) });
    expect(Buffer.byteLength(body(JSON_BODY_LIMIT_BYTES))).toBe(JSON_BODY_LIMIT_BYTES);
    expect(at.statusCode).toBe(400); // read and validated: the name is too long
    expect(at.json().msg).toMatch(/name/);
    const over = await t.app.inject({ method: 'POST', url: '/api/employee', headers: { ...auth(t.admin.token), 'content-type': 'application/json' }, payload: body(JSON_BODY_LIMIT_BYTES + 1) });
    expect(over.statusCode).toBe(413);
    expect(over.json()).toEqual({ msg: 'Request body is too large' });
  });

  it('grants no cross-origin access on any route: no CORS headers, preflights refused', async () => {
    const corsHeaders = ['access-control-allow-origin', 'access-control-allow-methods', 'access-control-allow-headers', 'access-control-allow-credentials'];
    for (const route of ROUTE_TABLE) {
      const url = concrete(route.path);
      const preflight = await t.app.inject({
        method: 'OPTIONS',
        url,
        headers: { origin: 'https://evil.example', 'access-control-request-method': route.method, 'access-control-request-headers': 'x-auth-token, content-type' },
      });
      expect({ route: route.path, status: preflight.statusCode }).toEqual({ route: route.path, status: 404 });
      const real = await t.app.inject({ method: route.method, url, headers: { origin: 'https://evil.example', ...auth(t.admin.token) }, payload: route.method === 'GET' ? undefined : {} });
      for (const res of [preflight, real]) for (const h of corsHeaders) expect({ route: route.path, [h]: res.headers[h] }).toEqual({ route: route.path, [h]: undefined });
    }
  });
});

describe.each(engines)('sign-in limits on %s', (engine) => {
  let t: TestApp;
  afterEach(() => t.close());

  const login = (kind: 'admin' | 'employee', body: object, ip: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url: `/api/auth/${kind}-login`, payload: body, remoteAddress: ip, headers });

  it('locks out a client after 30 failures across different accounts, even for a right password; other clients still get in', async () => {
    t = await createTestApp(engine);
    const e = await (await people(t)).create();
    for (let i = 0; i < 30; i++) {
      expect((await login('employee', { email: `guess${i}@security.test`, password: 'wrong-password' }, '203.0.113.7')).statusCode).toBe(401);
    }
    const blocked = await login('employee', { email: e.email, password: e.password }, '203.0.113.7');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().msg).toBe(SERVER_MSG.tooManyAttempts(Number(blocked.headers['retry-after'])));
    // The admin door shares the per-client count.
    expect((await login('admin', { email: 'admin@test.local', password: 'admin-password' }, '203.0.113.7')).statusCode).toBe(429);
    expect((await login('employee', { email: e.email, password: e.password }, '198.51.100.1')).statusCode).toBe(200);
  });

  it('gives each client one budget of 60 requests a minute over both sign-ins, forgot-password and set-password, whatever X-Forwarded-For claims', async () => {
    // Failure limits that never close, so every 429 here comes from the budget.
    t = await createTestApp(engine, { overrides: { authLimits: { pairMax: 1e9, clientMax: 1e9, accountDelayAfter: 1e9 } } });
    const calls = [
      () => login('admin', { email: 'admin@test.local', password: 'wrong-password' }, '203.0.113.9', { 'x-forwarded-for': '192.0.2.1' }),
      () => login('employee', { email: 'nobody@security.test', password: 'wrong-password' }, '203.0.113.9', { 'x-forwarded-for': '192.0.2.2' }),
      () => t.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email: 'nobody@security.test' }, remoteAddress: '203.0.113.9' }),
      () => t.app.inject({ method: 'POST', url: '/api/auth/set-password', payload: { token: 'x'.repeat(43), password: 'long-enough-1' }, remoteAddress: '203.0.113.9' }),
    ];
    // 15 of each: 60 in all, every one under the budget. (Before, each route had its own 60.)
    for (let i = 0; i < 60; i++) expect((await calls[i % 4]!()).statusCode).toBeLessThan(429);
    for (const call of calls) {
      const capped = await call();
      expect(capped.statusCode).toBe(429);
      expect(capped.json()).toEqual({ msg: expect.stringMatching(/rate limit/i) });
      expect(Number(capped.headers['retry-after'])).toBeGreaterThan(0);
    }
    expect((await login('admin', { email: 'admin@test.local', password: 'admin-password' }, '198.51.100.2')).statusCode).toBe(200);
  });
});

