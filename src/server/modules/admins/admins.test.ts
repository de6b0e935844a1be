import { ADMINS_MSG } from '../../../shared/schemas/admins';
import { createMailer } from '../../mail/mailer';
import { startTestSmtp } from '../../mail/smtp-test-server';
import { auth, createTestApp, engines, eventually, linkToken, type TestApp } from '../../test/test-app';

describe.each(engines)('admin accounts on %s', (engine) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp(engine);
  });
  afterEach(() => t.close());

  const as = (token: string) => auth(token);
  const list = (token = t.admin.token) => t.app.inject({ method: 'GET', url: '/api/admins', headers: as(token) });
  const invite = (payload: unknown, token = t.admin.token) => t.app.inject({ method: 'POST', url: '/api/admins', headers: as(token), payload: payload as object });
  const deactivate = (id: string | number, token = t.admin.token) => t.app.inject({ method: 'PUT', url: `/api/admins/${id}/deactivate`, headers: as(token) });
  const signIn = (email: string, password: string) => t.app.inject({ method: 'POST', url: '/api/auth/admin-login', payload: { email, password } });

  /** Invites, sets the password through the mailed link and signs in; the new admin's id and token. */
  async function secondAdmin(email = 'priya@example.com') {
    const res = await invite({ email, name: 'Priya Raghunathan' });
    expect(res.statusCode).toBe(201);
    await eventually(() => t.mailer.sent.some((m) => m.to === email));
    const token = linkToken(t.mailer.sent.find((m) => m.to === email)!.text)!;
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/set-password', payload: { token, password: 'a-sturdy-admin-pass' } })).statusCode).toBe(200);
    const login = await signIn(email, 'a-sturdy-admin-pass');
    expect(login.statusCode).toBe(200);
    return { id: res.json()._id as string, token: login.json().token as string };
  }

  it('lists the admins with who they are, whether active and when they last signed in', async () => {
    expect((await signIn('admin@test.local', 'admin-password')).statusCode).toBe(200);
    const res = await list();
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([
      { _id: String(t.admin.id), name: 'Admin', email: 'admin@test.local', active: true, invited: false, lastSignInAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/), createdAt: expect.any(String), you: true },
    ]);
  });

  it('invites an admin by email with the set-password link; the new admin signs in on the Admin tab', async () => {
    const res = await invite({ email: '  Priya@Example.com ', name: 'Priya Raghunathan' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ msg: ADMINS_MSG.invited('priya@example.com'), _id: expect.any(String) });
    const invited = (await list()).json().find((a: { email: string }) => a.email === 'priya@example.com');
    expect(invited).toMatchObject({ name: 'Priya Raghunathan', active: true, invited: true, lastSignInAt: null, you: false });

    await eventually(() => t.mailer.sent.length === 1);
    const mail = t.mailer.sent[0]!;
    expect(mail.to).toBe('priya@example.com');
    expect(mail.text).toContain('Admin tab');
    // Before the password is chosen there is nothing to sign in with.
    expect((await signIn('priya@example.com', 'anything-at-all')).statusCode).toBe(401);
    const token = linkToken(mail.text)!;
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/set-password', payload: { token, password: 'a-sturdy-admin-pass' } })).statusCode).toBe(200);
    const login = await signIn('priya@example.com', 'a-sturdy-admin-pass');
    expect(login.json()).toMatchObject({ role: 'admin' });
    expect((await list(login.json().token)).json().find((a: { email: string }) => a.email === 'priya@example.com')).toMatchObject({ invited: false, you: true });

    const audit = await t.ctx.database.db.selectFrom('audit_log').selectAll().where('action', '=', 'admin.invite').execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actor_id: t.admin.id, entity: 'user', entity_id: res.json()._id });
  });

  it('refuses an email that already has an account (409) and bad fields (400, each named)', async () => {
    const e = await t.employee({ email: 'taken@example.com' });
    expect(e.id).toBeGreaterThan(0);
    const taken = await invite({ email: 'TAKEN@example.com', name: 'Someone' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toEqual({ msg: ADMINS_MSG.emailTaken });
    const badEmail = await invite({ email: 'not-an-email', name: 'Someone' });
    expect(badEmail.statusCode).toBe(400);
    expect(badEmail.json().msg).toMatch(/email/);
    const noName = await invite({ email: 'someone@example.com', name: ' ' });
    expect(noName.statusCode).toBe(400);
    expect(noName.json().msg).toMatch(/name is required/);
    expect((await invite({ email: 'x@example.com', name: 'Line\nbreak' })).statusCode).toBe(400);
    expect((await list()).json()).toHaveLength(1);
    expect(t.mailer.sent).toHaveLength(0);
  });

  it('deactivates an admin: sign-in and their sessions end at once, audited', async () => {
    const second = await secondAdmin();
    const res = await deactivate(second.id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ msg: ADMINS_MSG.deactivated('Priya Raghunathan') });
    expect((await list(second.token)).statusCode).toBe(401);
    expect((await signIn('priya@example.com', 'a-sturdy-admin-pass')).statusCode).toBe(401);
    expect((await list()).json().find((a: { _id: string }) => a._id === second.id)).toMatchObject({ active: false });
    expect((await deactivate(second.id)).json()).toEqual({ msg: ADMINS_MSG.alreadyInactive });
    const audit = await t.ctx.database.db.selectFrom('audit_log').selectAll().where('action', '=', 'admin.deactivate').execute();
    expect(audit.map((a) => [a.actor_id, a.entity_id])).toEqual([[t.admin.id, second.id]]);
  });

  it('never deactivates the last active admin, nor oneself (409 {msg})', async () => {
    const self = await deactivate(t.admin.id);
    expect(self.statusCode).toBe(409);
    expect(self.json()).toEqual({ msg: ADMINS_MSG.notYourself });

    const second = await secondAdmin();
    expect((await deactivate(t.admin.id, second.token)).statusCode).toBe(200);
    // The second admin is now the only active one: the first, deactivated, can no longer act, and
    // a third cannot deactivate the last one either.
    const third = await t.ctx.database.db.selectFrom('users').select('id').where('email', '=', 'priya@example.com').executeTakeFirstOrThrow();
    expect(third.id).toBe(Number(second.id));
    const last = await t.app.inject({ method: 'PUT', url: `/api/admins/${second.id}/deactivate`, headers: as(second.token) });
    expect(last.statusCode).toBe(409);
  });

  it('answers the last-admin rule whoever asks: with two active admins deactivating each other at once, one stays', async () => {
    const second = await secondAdmin();
    const [a, b] = await Promise.all([deactivate(second.id), deactivate(t.admin.id, second.token)]);
    const codes = [a.statusCode, b.statusCode].sort();
    // One of them wins; the other is refused (401 once its caller is gone, or 409 as the last).
    expect(codes[0]).toBe(200);
    expect([401, 409]).toContain(codes[1]);
    const active = await t.ctx.database.db.selectFrom('users').select('id').where('role', '=', 'admin').where('active', '=', 1).execute();
    expect(active).toHaveLength(1);
  });

  it('answers 404 for an id that is not an admin, and refuses employees (403)', async () => {
    const e = await t.employee();
    expect((await deactivate(e.id)).statusCode).toBe(404);
    expect((await deactivate(987654)).json()).toEqual({ msg: ADMINS_MSG.notFound });
    expect((await list(e.token)).statusCode).toBe(403);
    expect((await invite({ email: 'sneaky@example.com', name: 'Sneaky' }, e.token)).statusCode).toBe(403);
    expect((await deactivate(t.admin.id, e.token)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/admins' })).statusCode).toBe(401);
  });

  it("lets an admin change their own password: the old one is required, weak ones refused, other sessions end", async () => {
    const other = (await signIn('admin@test.local', 'admin-password')).json().token as string;
    const change = (payload: object) => t.app.inject({ method: 'PUT', url: '/api/auth/change-password', headers: as(t.admin.token), payload });
    const wrong = await change({ oldPassword: 'not-it', newPassword: 'a-sturdy-admin-pass' });
    expect(wrong.statusCode).toBe(400);
    expect((await change({ oldPassword: 'admin-password', newPassword: 'password' })).statusCode).toBe(400);
    expect((await change({ oldPassword: 'admin-password', newPassword: 'short' })).json().msg).toMatch(/at least 8/);
    const ok = await change({ oldPassword: 'admin-password', newPassword: 'a-sturdy-admin-pass' });
    expect(ok.statusCode).toBe(200);
    expect((await list(other)).statusCode).toBe(401);
    expect((await list(ok.json().token)).statusCode).toBe(200);
    expect((await signIn('admin@test.local', 'a-sturdy-admin-pass')).statusCode).toBe(200);
  });

  it('delivers the invitation through a real SMTP server', async () => {
    const smtp = await startTestSmtp();
    const mailer = createMailer({ smtpUrl: smtp.url, from: 'hr@test.local', outboxDir: t.dataDir });
    const t2 = await createTestApp(engine, { overrides: { mailer } });
    try {
      const res = await t2.app.inject({ method: 'POST', url: '/api/admins', headers: auth(t2.admin.token), payload: { email: 'meera@example.com', name: 'Meera Venkataraman' } });
      expect(res.statusCode).toBe(201);
      await eventually(() => smtp.received.length === 1, 10_000);
      expect(smtp.received[0]!.to).toEqual(['meera@example.com']);
      expect(smtp.received[0]!.raw).toMatch(/^Subject: HR Portal: you have been made an admin, set your password$/m);
      const token = linkToken(smtp.received[0]!.text)!;
      expect((await t2.app.inject({ method: 'POST', url: '/api/auth/set-password', payload: { token, password: 'a-sturdy-admin-pass' } })).statusCode).toBe(200);
      expect((await t2.app.inject({ method: 'POST', url: '/api/auth/admin-login', payload: { email: 'meera@example.com', password: 'a-sturdy-admin-pass' } })).statusCode).toBe(200);
    } finally {
      await t2.close();
      mailer.close();
      await smtp.close();
    }
  });
});
