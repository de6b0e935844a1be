import { recordAudit } from '../../audit';
import { auth, createTestApp, engines, type TestApp } from '../../test/test-app';
import { recordAuditMany } from './audit-repository';

describe.each(engines)('audit log on %s', (engine) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp(engine);
  });
  afterEach(() => t.close());

  const list = (query = '', token = t.admin.token) => t.app.inject({ method: 'GET', url: `/api/audit${query}`, headers: auth(token) });
  const seed = async (n: number) => {
    const at = new Date('2025-03-01T10:00:00.000Z');
    await recordAuditMany(
      t.ctx.database.db,
      Array.from({ length: n }, (_, i) => ({ actorId: t.admin.id, action: 'test.entry', entity: 'thing', entityId: String(i + 1), after: { n: i + 1 } })),
      at,
    );
  };

  it('lists entries newest first with actor, before and after', async () => {
    const db = t.ctx.database.db;
    await recordAudit(db, { actorId: t.admin.id, action: 'employee.update', entity: 'employee', entityId: '7', before: { salary: 1 }, after: { salary: 2 } }, new Date('2025-01-01T00:00:00.000Z'));
    await recordAudit(db, { actorId: null, action: 'system.job', entity: 'payroll', entityId: null }, new Date('2025-01-02T00:00:00.000Z'));
    const res = await list();
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([
      { _id: expect.any(String), at: '2025-01-02T00:00:00.000Z', actor: null, action: 'system.job', entity: 'payroll', entityId: null, before: null, after: null },
      {
        _id: expect.any(String),
        at: '2025-01-01T00:00:00.000Z',
        actor: { _id: String(t.admin.id), name: 'Admin', email: 'admin@test.local' },
        action: 'employee.update',
        entity: 'employee',
        entityId: '7',
        before: { salary: 1 },
        after: { salary: 2 },
      },
    ]);
  });

  it('pages with ?limit (default 100) and ?before, without gaps or repeats', async () => {
    await seed(250);
    const first = (await list()).json();
    expect(first).toHaveLength(100);
    expect(first[0].entityId).toBe('250');

    const seen: string[] = [];
    let before: string | undefined;
    for (;;) {
      const page = (await list(`?limit=60${before ? `&before=${before}` : ''}`)).json();
      if (page.length === 0) break;
      expect(page.length).toBeLessThanOrEqual(60);
      seen.push(...page.map((e: { entityId: string }) => e.entityId));
      before = page.at(-1)._id;
    }
    expect(seen).toEqual(Array.from({ length: 250 }, (_, i) => String(250 - i)));
  });

  it('allows up to 500 per page and refuses bad paging values with 400', async () => {
    await seed(501);
    expect((await list('?limit=500')).json()).toHaveLength(500);
    for (const q of ['?limit=0', '?limit=501', '?limit=abc', '?limit=1.5', '?before=abc', '?before=0']) {
      const res = await list(q);
      expect(res.statusCode).toBe(400);
      expect(res.json().msg).toMatch(/limit|before/);
    }
  });

  it('is for admins only', async () => {
    const e = await t.employee();
    expect((await list('', e.token)).statusCode).toBe(403);
    expect((await t.app.inject('/api/audit')).statusCode).toBe(401);
  });
});
