/**
 * A stolen session cannot become a takeover, and the email-change mail is no relay:
 * - an employee's own change of sign-in email needs the current password (an admin's does not, and
 *   both addresses are told);
 * - a password change, a set-password link, "log out everywhere" and a deactivation drop a pending change;
 * - the notice to the old address has a link that cancels the change (undoes it if confirmed) and
 *   ends every session;
 * - email changes are throttled per account and per client in the database;
 * - no mail carries the name or other text the asker chose, and the new address only masked.
 */
import { ACCOUNT_MSG } from '../../shared/messages';
import { auth, createTestApp, engines, eventually, type TestApp, type TestEmployee } from '../test/test-app';

const PHISH = 'colleague, URGENT from Payroll: re-verify at https://hr-portal-verify.example/login';

describe.each(engines)('email change on %s', (engine) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp(engine, { env: { PUBLIC_URL: 'https://hr.example.com' } });
  });
  afterEach(() => t.close());

  const edit = (who: { id: number; token: string }, body: object, ip = '10.0.0.1') =>
    t.app.inject({ method: 'PUT', url: `/api/employee/edit/${who.id}`, headers: auth(who.token), payload: body, remoteAddress: ip });
  const me = (token: string) => t.app.inject({ url: '/api/employee/me', headers: auth(token) });
  const linkIn = (to: string, path: string) => {
    const mail = [...t.mailer.sent].reverse().find((m) => m.to === to && m.text.includes(path));
    return mail && decodeURIComponent(/token=([^\s]+)/.exec(mail.text.slice(mail.text.indexOf(path)))![1]!);
  };
  const pending = (userId: number) => t.ctx.database.db.selectFrom('email_changes').select('new_email').where('user_id', '=', userId).execute();
  const askChange = async (e: TestEmployee, to: string, name = 'Alice Victim') => {
    const res = await edit({ id: e.id, token: e.token }, { name, email: to, currentPassword: e.password });
    expect([res.statusCode, res.json().pendingEmail]).toEqual([200, to]);
    await eventually(() => !!linkIn(to, '/confirm-email'), 10_000, 'the confirmation mail');
  };
  const confirm = (token: string) => t.app.inject({ method: 'POST', url: '/api/auth/confirm-email', payload: { token } });

  it("needs the current password for one's own change, and not for an admin's", async () => {
    const e = await t.employee({ name: 'Alice Victim' });
    const without = await edit(e, { name: 'Alice Victim', email: 'thief@evil.example' });
    expect([without.statusCode, without.json()]).toEqual([400, { msg: ACCOUNT_MSG.currentPasswordRequired }]);
    const wrong = await edit(e, { name: 'Alice Victim', email: 'thief@evil.example', currentPassword: 'not-it' });
    expect([wrong.statusCode, wrong.json()]).toEqual([400, { msg: ACCOUNT_MSG.wrongCurrentPassword }]);
    expect(await pending(e.id)).toEqual([]);
    // A name change alone needs no password.
    expect((await edit(e, { name: 'Alice V', email: e.email })).statusCode).toBe(200);

    const admin = await edit({ id: e.id, token: t.admin.token }, { name: 'Alice V', email: 'alice.new@test.local', position: 'Engineer', salary: 500 });
    expect(admin.statusCode).toBe(200);
    await eventually(() => t.mailer.sent.length >= 2, 10_000, 'both notices');
    expect(t.mailer.sent.map((m) => m.to).sort()).toEqual([e.email, 'alice.new@test.local'].sort());
  });

  it('drops a pending change on a password change, a set-password link, log out everywhere and deactivation', async () => {
    const cases: Array<[string, (e: TestEmployee) => Promise<unknown>]> = [
      ['change-password', (e) => t.app.inject({ method: 'PUT', url: '/api/auth/change-password', headers: auth(e.token), payload: { oldPassword: e.password, newPassword: 'Another-Strong-Pass-2026' } })],
      ['logout-everywhere', (e) => t.app.inject({ method: 'POST', url: '/api/auth/logout-everywhere', headers: auth(e.token) })],
      ['deactivation', (e) => t.app.inject({ method: 'DELETE', url: `/api/employee/${e.id}`, headers: auth(t.admin.token) })],
      [
        'set-password',
        async (e) => {
          await t.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email: e.email } });
          await t.app.passwordResets.idle();
          const token = linkIn(e.email, '/set-password')!;
          return t.app.inject({ method: 'POST', url: '/api/auth/set-password', payload: { token, password: 'Yet-Another-Pass-2026' } });
        },
      ],
    ];
    for (const [what, act] of cases) {
      const e = await t.employee();
      const thief = `thief.${what}@evil.example`;
      await askChange(e, thief);
      const res = (await act(e)) as { statusCode: number };
      expect([what, res.statusCode]).toEqual([what, 200]);
      expect(await pending(e.id)).toEqual([]);
      const late = await confirm(linkIn(thief, '/confirm-email')!);
      expect([what, late.statusCode, late.json()]).toEqual([what, 400, { msg: ACCOUNT_MSG.invalidEmailLink }]);
    }
    // "log out everywhere" ended the caller's sessions too.
    const e = await t.employee();
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/logout-everywhere', headers: auth(e.token) })).json()).toEqual({ msg: ACCOUNT_MSG.loggedOutEverywhere });
    expect((await me(e.token)).statusCode).toBe(401);
  });

  it("the old address's link undoes a confirmed change and ends every session, once", async () => {
    const e = await t.employee({ name: 'Alice Victim' });
    const victimSession = e.token;
    await askChange(e, 'attacker@evil.example');
    expect((await confirm(linkIn('attacker@evil.example', '/confirm-email')!)).statusCode).toBe(200);
    const thiefLogin = await t.app.inject({ method: 'POST', url: '/api/auth/employee-login', payload: { email: 'attacker@evil.example', password: e.password } });
    expect(thiefLogin.statusCode).toBe(200);

    const cancelToken = linkIn(e.email, '/cancel-email-change')!;
    const notice = t.mailer.sent.find((m) => m.to === e.email && m.text.includes('/cancel-email-change'))!;
    expect(notice.text).toContain('https://hr.example.com/cancel-email-change?token=');
    const cancel = await t.app.inject({ method: 'POST', url: '/api/auth/cancel-email-change', payload: { token: cancelToken } });
    expect([cancel.statusCode, cancel.json()]).toEqual([200, { msg: ACCOUNT_MSG.emailChangeCancelled }]);
    const row = await t.ctx.database.db.selectFrom('users').select('email').where('id', '=', e.id).executeTakeFirstOrThrow();
    expect(row.email).toBe(e.email);
    expect((await me(thiefLogin.json().token)).statusCode).toBe(401);
    expect((await me(victimSession)).statusCode).toBe(401);
    const again = await t.app.inject({ method: 'POST', url: '/api/auth/cancel-email-change', payload: { token: cancelToken } });
    expect([again.statusCode, again.json()]).toEqual([400, { msg: ACCOUNT_MSG.invalidCancelLink }]);
  });

  it('throttles email changes per account and per client, in the database', async () => {
    const e = await t.employee();
    for (let i = 0; i < 3; i++) expect((await edit(e, { name: 'N', email: `n${i}@x.example`, currentPassword: e.password })).statusCode).toBe(200);
    const fourth = await edit(e, { name: 'N', email: 'n4@x.example', currentPassword: e.password });
    expect(fourth.statusCode).toBe(429);
    expect(fourth.json().msg).toBe(ACCOUNT_MSG.tooManyEmailChanges(Number(fourth.headers['retry-after'])));

    // One client, many accounts: 10 an hour.
    const people = await Promise.all(Array.from({ length: 11 }, () => t.employee()));
    const answers = [];
    for (const [i, p] of people.entries()) answers.push((await edit(p, { name: 'N', email: `c${i}@x.example`, currentPassword: p.password }, '10.9.9.9')).statusCode);
    expect(answers).toEqual([...Array(10).fill(200), 429]);
    const rows = await t.ctx.database.db.selectFrom('auth_throttle').select('scope').where('scope', '=', 'email-change').execute();
    expect(rows.length).toBeGreaterThan(0);
  });

  it('sends no text the asker chose: no name, and the new address only masked', async () => {
    const e = await t.employee({ name: 'Alice Victim' });
    const res = await edit(e, { name: PHISH.slice(0, 200), email: 'victim0@external.example', currentPassword: e.password });
    expect(res.statusCode).toBe(200);
    await eventually(() => t.mailer.sent.length === 2, 10_000, 'two mails');
    for (const mail of t.mailer.sent) {
      expect(mail.text).not.toMatch(/colleague|URGENT|hr-portal-verify|Alice/);
      expect(mail.subject).not.toMatch(/colleague|URGENT/);
      // Each mail opens with the company's fixed wording.
      expect(mail.text).toMatch(/^Someone (signed in|asked)/);
    }
    const notice = t.mailer.sent.find((m) => m.to === e.email)!;
    expect(notice.text).not.toContain('victim0@external.example');
    expect(notice.text).toContain('vi***@***.example');
  });
});
