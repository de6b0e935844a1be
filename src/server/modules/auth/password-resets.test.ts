/**
 * "Forgot password" is durable: the request is stored before the answer, so a stop right after the
 * answer loses nothing, and the next start stores the link and mails it, once.
 */
import { SERVER_MSG } from '../../../shared/messages';
import { createPasswordResets } from './password-resets';
import { createTestApp, engines, type TestApp } from '../../test/test-app';

describe.each(engines)('password reset requests on %s', (engine) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp(engine);
  });
  afterEach(() => t.close());

  const forgot = (email: string) => t.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email } });
  const links = () => t.ctx.database.db.selectFrom('password_tokens').selectAll().execute();
  const requests = () => t.ctx.database.db.selectFrom('password_reset_requests').selectAll().execute();

  it('stores the request before answering; a later start stores its link and mails it once', async () => {
    const e = await t.employee();
    // The process "stops" before its background work runs: nothing queued will run.
    await t.app.passwordResets.close();
    const res = await forgot(e.email);
    expect([res.statusCode, res.json()]).toEqual([200, { msg: SERVER_MSG.resetLinkSent }]);
    expect(await links()).toEqual([]);
    expect((await requests()).map((r) => r.email)).toEqual([e.email]);

    await new Promise((r) => setTimeout(r, 5));
    // Two instances start on the same database; the request is worked on once.
    const [one, two] = [createPasswordResets(t.ctx), createPasswordResets(t.ctx)];
    expect(await one.resume()).toBe(1);
    expect(await two.resume()).toBe(1);
    await Promise.all([one.idle(), two.idle()]);
    expect((await links()).map((l) => [l.user_id, l.purpose])).toEqual([[e.id, 'reset']]);
    expect(t.mailer.sent.map((m) => m.to)).toEqual([e.email]);
    expect(await requests()).toEqual([]);
  });

  it('answers an unknown email the same, and retires its request without a link', async () => {
    const res = await forgot('ghost@test.local');
    expect([res.statusCode, res.json()]).toEqual([200, { msg: SERVER_MSG.resetLinkSent }]);
    await t.app.passwordResets.idle();
    expect(await requests()).toEqual([]);
    expect(await links()).toEqual([]);
    expect(t.mailer.sent).toEqual([]);
  });
});
