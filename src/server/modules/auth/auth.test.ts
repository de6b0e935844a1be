import { SignJWT } from 'jose';
import { SERVER_MSG } from '../../../shared/messages';
import { hashPassword, verifyPassword } from '../../auth/passwords';
import { auth, createTestApp, engines, eventually, type TestApp } from '../../test/test-app';
import { ensureFirstAdmin } from './admin-accounts';

describe.each(engines)('auth on %s', (engine) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp(engine);
  });
  afterEach(() => t.close());

  const login = (kind: 'admin' | 'employee', body: object, ip = '127.0.0.1') =>
    t.app.inject({ method: 'POST', url: `/api/auth/${kind}-login`, payload: body, remoteAddress: ip });

  it('answers health once the database answers', async () => {
    const res = await t.app.inject('/api/health');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
  });

  it('signs an admin in with a pinned HS256 token that expires in 8 hours', async () => {
    const res = await login('admin', { email: ' Admin@Test.local ', password: 'admin-password' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ email: 'admin@test.local', role: 'admin' });
    const [header, payload] = body.token.split('.').slice(0, 2).map((p: string) => JSON.parse(Buffer.from(p, 'base64url').toString()));
    expect(header.alg).toBe('HS256');
    expect(payload).toMatchObject({ role: 'admin', employeeId: null, user: { id: String(t.admin.id), role: 'admin' } });
    expect(payload.exp - payload.iat).toBe(8 * 3600);
  });

  it('gives the same 401 for an unknown email and a wrong password', async () => {
    const unknown = await login('admin', { email: 'nobody@test.local', password: 'whatever1' });
    const wrong = await login('admin', { email: 'admin@test.local', password: 'wrong-password' });
    expect(unknown.statusCode).toBe(401);
    expect(wrong.statusCode).toBe(401);
    expect(unknown.json()).toEqual({ msg: SERVER_MSG.invalidCredentials });
    expect(wrong.json()).toEqual(unknown.json());
  });

  it('signs an employee in with email and password, carrying the business id', async () => {
    const e = await t.employee();
    const res = await login('employee', { email: e.email, password: e.password });
    expect(res.statusCode).toBe(200);
    const payload = JSON.parse(Buffer.from(res.json().token.split('.')[1], 'base64url').toString());
    expect(payload).toMatchObject({ role: 'employee', employeeId: e.employeeId });
    expect((await login('employee', { email: e.email })).statusCode).toBe(401);
  });

  it('does not let an admin in through the employee door, nor the reverse', async () => {
    const e = await t.employee();
    expect((await login('employee', { email: 'admin@test.local', password: 'admin-password' })).statusCode).toBe(401);
    expect((await login('admin', { email: e.email, password: e.password })).statusCode).toBe(401);
  });

  it('rejects malformed login bodies with a 400 naming the field', async () => {
    const res = await login('admin', { email: 'not-an-email', password: 'x' });
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toMatch(/email/);
    const missing = await login('admin', { email: 'a@b.co' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().msg).toMatch(/password/);
    const notJson = await t.app.inject({ method: 'POST', url: '/api/auth/admin-login', payload: '{nope', headers: { 'content-type': 'application/json' } });
    expect(notJson.statusCode).toBe(400);
    expect(notJson.json()).toHaveProperty('msg');
  });

  describe('tokens', () => {
    const me = (headers: Record<string, string>) => t.app.inject({ method: 'PUT', url: '/api/auth/change-password', headers, payload: { oldPassword: 'x', newPassword: 'short' } });

    it('requires a token, accepted in x-auth-token or Authorization: Bearer', async () => {
      const e = await t.employee();
      expect((await me({})).statusCode).toBe(401);
      expect((await me({})).json()).toEqual({ msg: SERVER_MSG.missingToken });
      // Past the guard the body is validated: 400 proves the token was accepted.
      expect((await me(auth(e.token))).statusCode).toBe(400);
      expect((await me({ authorization: `Bearer ${e.token}` })).statusCode).toBe(400);
    });

    it('rejects garbage, expired, foreign-key and alg:none tokens with 401', async () => {
      const e = await t.employee();
      const claims = { role: 'employee', employeeId: e.employeeId, user: { id: String(e.id), role: 'employee' }, tv: 0 };
      const expired = await new SignJWT(claims).setProtectedHeader({ alg: 'HS256' }).setIssuedAt(1_000).setExpirationTime(2_000).sign(new TextEncoder().encode(t.ctx.config.jwtSecret!));
      const foreign = await new SignJWT(claims).setProtectedHeader({ alg: 'HS256' }).setExpirationTime('1h').sign(new TextEncoder().encode('another-secret-another-secret-123'));
      const b64 = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
      const none = `${b64({ alg: 'none', typ: 'JWT' })}.${b64({ ...claims, exp: 9_999_999_999 })}.`;
      const noExp = await new SignJWT(claims).setProtectedHeader({ alg: 'HS256' }).sign(new TextEncoder().encode(t.ctx.config.jwtSecret!));
      for (const token of ['garbage', expired, foreign, none, noExp]) {
        const res = await me(auth(token));
        expect(res.statusCode).toBe(401);
        expect(res.json()).toEqual({ msg: SERVER_MSG.invalidToken });
      }
    });

    it('answers 403 to the wrong role', async () => {
      // An employee-only route (change-password is open to admins too).
      const res = await t.app.inject({ method: 'GET', url: '/api/employee/current', headers: auth(t.admin.token) });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ msg: SERVER_MSG.forbidden });
    });

    it("stops a deactivated account's tokens", async () => {
      const e = await t.employee();
      await t.ctx.database.db.updateTable('users').set({ active: 0 }).where('id', '=', e.id).execute();
      expect((await me(auth(e.token))).statusCode).toBe(401);
      expect((await login('employee', { email: e.email, password: e.password })).statusCode).toBe(401);
    });
  });

  describe('change password', () => {
    const change = (token: string, body: object) => t.app.inject({ method: 'PUT', url: '/api/auth/change-password', headers: auth(token), payload: body });

    it('refuses a wrong old password and a short new one with 400', async () => {
      const e = await t.employee();
      const wrong = await change(e.token, { oldPassword: 'nope-nope', newPassword: 'long-enough-1' });
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json()).toEqual({ msg: SERVER_MSG.wrongOldPassword });
      const short = await change(e.token, { oldPassword: e.password, newPassword: 'short' });
      expect(short.statusCode).toBe(400);
      expect(short.json().msg).toBe('New password must be at least 8 characters long');
    });

    it('changes it, revokes older tokens and hands back a fresh one', async () => {
      const e = await t.employee();
      const res = await change(e.token, { oldPassword: e.password, newPassword: 'brand-new-password' });
      expect(res.statusCode).toBe(200);
      expect(res.json().msg).toBe(SERVER_MSG.passwordChanged);
      expect((await change(e.token, { oldPassword: 'x', newPassword: 'short' })).statusCode).toBe(401);
      expect((await change(res.json().token, { oldPassword: 'x', newPassword: 'short' })).statusCode).toBe(400);
      expect((await login('employee', { email: e.email, password: e.password })).statusCode).toBe(401);
      expect((await login('employee', { email: e.email, password: 'brand-new-password' })).statusCode).toBe(200);
    });
  });

  describe('password links', () => {
    it('mails a one-time link that sets the password exactly once', async () => {
      const e = await t.employee();
      const res = await t.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email: e.email } });
      expect(res.json()).toEqual({ msg: SERVER_MSG.resetLinkSent });
      // The link is made and mailed after the answer (same timing for every email).
      await eventually(() => t.mailer.sent.length === 1, 20_000, 'the reset mail');
      const token = /token=([\w-]+)/.exec(t.mailer.sent[0]!.text)![1]!;
      expect(t.mailer.sent[0]!.to).toBe(e.email);

      const set = (password: string) => t.app.inject({ method: 'POST', url: '/api/auth/set-password', payload: { token, password } });
      expect((await set('short')).statusCode).toBe(400);
      const ok = await set('my-new-password');
      expect(ok.statusCode).toBe(200);
      expect(ok.json()).toEqual({ msg: SERVER_MSG.passwordSet });
      expect((await set('another-password')).json()).toEqual({ msg: SERVER_MSG.invalidResetToken });
      expect((await login('employee', { email: e.email, password: 'my-new-password' })).statusCode).toBe(200);
      // Setting a password also revokes sessions opened with the old one.
      expect((await t.app.inject({ method: 'PUT', url: '/api/auth/change-password', headers: auth(e.token), payload: {} })).statusCode).toBe(401);
    });

    it('answers the same for unknown emails and sends nothing', async () => {
      const res = await t.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email: 'ghost@test.local' } });
      expect(res.json()).toEqual({ msg: SERVER_MSG.resetLinkSent });
      expect(t.mailer.sent).toHaveLength(0);
    });

    it('refuses an expired link', async () => {
      const e = await t.employee();
      await t.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email: e.email } });
      await eventually(() => t.mailer.sent.length === 1, 20_000, 'the reset mail');
      const token = /token=([\w-]+)/.exec(t.mailer.sent[0]!.text)![1]!;
      await t.ctx.database.db.updateTable('password_tokens').set({ expires_at: '2000-01-01T00:00:00.000Z' }).execute();
      const res = await t.app.inject({ method: 'POST', url: '/api/auth/set-password', payload: { token, password: 'my-new-password' } });
      expect(res.statusCode).toBe(400);
    });
  });

  it('throttles after 10 failures of one client on one account with a 429 that says when to retry', async () => {
    for (let i = 0; i < 10; i++) {
      expect((await login('admin', { email: 'admin@test.local', password: `wrong-${i}` }, '10.0.0.1')).statusCode).toBe(401);
    }
    const blocked = await login('admin', { email: 'admin@test.local', password: 'admin-password' }, '10.0.0.1');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().msg).toMatch(/Too many login attempts. Try again in 15 minute/);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(800);
    // Only that client: the owner elsewhere still signs in (account-security.test.ts has the rest).
    expect((await login('admin', { email: 'admin@test.local', password: 'admin-password' }, '10.0.1.1')).statusCode).toBe(200);
  });

  it('creates the first admin once, with a generated password when none is given', async () => {
    const db = t.ctx.database.db;
    expect(await ensureFirstAdmin(db, {})).toBeUndefined(); // the harness already made one
    await db.deleteFrom('users').execute();
    const created = await ensureFirstAdmin(db, { logN: 10 });
    expect(created?.password).toHaveLength(16);
    expect((await login('admin', { email: created!.email, password: created!.password! })).statusCode).toBe(200);
    expect(await ensureFirstAdmin(db, {})).toBeUndefined();
  });

  it('describes the API as OpenAPI and serves the docs page from the package', async () => {
    const spec = (await t.app.inject('/api/openapi.json')).json();
    expect(spec.openapi).toMatch(/^3\./);
    expect(Object.keys(spec.paths)).toEqual(expect.arrayContaining(['/api/auth/admin-login', '/api/health']));
    const docs = await t.app.inject('/api/docs/');
    expect(docs.statusCode).toBe(200);
    expect(docs.body).toMatch(/swagger/i);
    expect(docs.body).not.toMatch(/https?:\/\/(cdn|unpkg)/);
  });

  it('answers unknown /api paths with a JSON 404', async () => {
    const res = await t.app.inject('/api/nope');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ msg: 'Not found' });
  });
});

describe('email-only employee sign-in (EMPLOYEE_LOGIN=email-only)', () => {
  it('accepts the email alone for employees but never for admins', async () => {
    const t = await createTestApp('sqlite', { env: { EMPLOYEE_LOGIN: 'email-only' } });
    try {
      const e = await t.employee();
      const res = await t.app.inject({ method: 'POST', url: '/api/auth/employee-login', payload: { email: e.email } });
      expect(res.statusCode).toBe(200);
      const admin = await t.app.inject({ method: 'POST', url: '/api/auth/admin-login', payload: { email: 'admin@test.local' } });
      expect(admin.statusCode).toBe(400);
    } finally {
      await t.close();
    }
  });
});

describe('passwords', () => {
  it('hash with scrypt at the OWASP cost by default and verify', async () => {
    const hash = await hashPassword('correct horse');
    expect(hash).toMatch(/^scrypt\$17\$8\$1\$/);
    expect(await verifyPassword('correct horse', hash)).toBe(true);
    expect(await verifyPassword('wrong horse', hash)).toBe(false);
  });
});
