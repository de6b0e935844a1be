/** Owed invitations claimed through the database: two instances resuming together send each once; a dead instance's claim is taken over. */
import { createTestApp, engines, MemoryMailer, type TestApp } from '../../test/test-app';
import { reopenApp } from '../../test/salary-test-helpers';
import { DEFAULT_LEASE_TIMING } from '../../db/work-leases';

describe.each(engines)('invitation claims on %s', (engine) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp(engine);
  });
  afterEach(() => t.close());

  /** Employees created (as by an earlier process) with their invitations still owed. */
  async function owed(n: number, createdAt = '2020-01-01T00:00:00.000Z') {
    const emails: string[] = [];
    for (let i = 0; i < n; i++) {
      const e = await t.employee({ email: `owed${i}@test.local` });
      emails.push(e.email);
      await t.ctx.database.db.updateTable('users').set({ invite_pending: 1, password_hash: null, created_at: createdAt }).where('id', '=', e.id).execute();
    }
    return emails;
  }
  const sentOnce = (emails: string[], ...mailers: MemoryMailer[]) => {
    const counts = new Map(emails.map((e) => [e, 0]));
    for (const m of mailers.flatMap((x) => x.sent)) counts.set(m.to, (counts.get(m.to) ?? 0) + 1);
    return [...counts].filter(([, n]) => n !== 1);
  };

  it('two instances resuming at the same moment send every owed invitation once', async () => {
    const emails = await owed(25);
    const other = new MemoryMailer();
    const second = await reopenApp(t, other, new Date());
    try {
      await Promise.all([t.app.invitations.resume(), second.app.invitations.resume()]);
      await Promise.all([t.app.invitations.idle(), second.app.invitations.idle()]);
      expect(sentOnce(emails, t.mailer, other)).toEqual([]);
      const left = await t.ctx.database.db.selectFrom('users').select('id').where('invite_pending', '=', 1).execute();
      expect(left).toEqual([]);
    } finally {
      await second.close();
    }
  });

  it('takes over a batch whose instance stopped renewing, once its lease has passed, and not before', async () => {
    const emails = await owed(3);
    // Another instance claimed them and died: a lease that runs until a minute from now.
    const now = new Date();
    const held = new Date(now.getTime() + 60_000).toISOString();
    await t.ctx.database.db.updateTable('users').set({ invite_lease_until: held }).where('email', 'in', emails).execute();
    expect(await t.app.invitations.sweep()).toBe(0);
    expect(await t.app.invitations.resume()).toBe(0);

    const other = new MemoryMailer();
    const later = await reopenApp(t, other, new Date(now.getTime() + 60_000 + DEFAULT_LEASE_TIMING.leaseMs));
    try {
      expect(await later.app.invitations.sweep()).toBe(3);
      await later.app.invitations.idle();
      expect(sentOnce(emails, other)).toEqual([]);
    } finally {
      await later.close();
    }
  });
});
