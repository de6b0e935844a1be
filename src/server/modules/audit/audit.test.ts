import { recordAudit } from '../../audit';
import { auth, createTestApp, engines, type TestApp } from '../../test/test-app';
import { recordAuditMany } from './audit-repository';
import { startOfDayIn } from './audit-export';

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

  describe('filters', () => {
    /** Entries by two people and the system over three days (company zone Asia/Kolkata). */
    async function seedMixed() {
      const db = t.ctx.database.db;
      const asha = await t.employee({ name: 'Asha Rao', email: 'asha.rao@example.com' });
      const entries: [number | null, string, string, string][] = [
        [t.admin.id, 'employee.update', 'employee', '2025-03-01T18:29:59.000Z'], // 1 Mar 23:59 IST
        [t.admin.id, 'leave.decide', 'leave', '2025-03-01T18:30:00.000Z'], // 2 Mar 00:00 IST
        [asha.id, 'leave.request', 'leave', '2025-03-02T10:00:00.000Z'],
        [null, 'payroll.run', 'payroll', '2025-03-03T05:00:00.000Z'],
      ];
      for (const [actorId, action, entity, at] of entries) await recordAudit(db, { actorId, action, entity, entityId: '1' }, new Date(at));
      return asha;
    }
    const actions = async (q: string) => {
      const res = await list(q);
      expect(res.statusCode).toBe(200);
      return res.json().map((e: { action: string }) => e.action);
    };

    it('by person (part of a name or email, any case), action, entity and day range in the company zone', async () => {
      await seedMixed();
      expect(await actions('?person=ASHA')).toEqual(['leave.request']);
      expect(await actions('?person=rao@example')).toEqual(['leave.request']);
      expect(await actions('?person=admin')).toEqual(['leave.decide', 'employee.update']);
      expect(await actions('?person=%25')).toEqual([]);
      expect(await actions('?action=leave.decide')).toEqual(['leave.decide']);
      expect(await actions('?entity=leave')).toEqual(['leave.request', 'leave.decide']);
      expect(await actions('?from=2025-03-02&to=2025-03-02')).toEqual(['leave.request', 'leave.decide']);
      expect(await actions('?to=2025-03-01')).toEqual(['employee.update']);
      expect(await actions('?entity=leave&person=admin&from=2025-03-02')).toEqual(['leave.decide']);
    });

    it('pages a filtered list with ?before without gaps', async () => {
      await seed(30);
      await seedMixed();
      const first = (await list('?entity=thing&limit=20')).json();
      const second = (await list(`?entity=thing&limit=20&before=${first.at(-1)._id}`)).json();
      expect([...first, ...second].map((e: { entityId: string }) => e.entityId)).toEqual(Array.from({ length: 30 }, (_, i) => String(30 - i)));
    });

    it('lists the actions and entities for the filter lists', async () => {
      await seedMixed();
      const res = await t.app.inject({ method: 'GET', url: '/api/audit/facets', headers: auth(t.admin.token) });
      expect(res.json()).toEqual({ actions: ['employee.update', 'leave.decide', 'leave.request', 'payroll.run'], entities: ['employee', 'leave', 'payroll'] });
    });

    it('refuses bad filters with 400 naming the field', async () => {
      for (const [q, word] of [['?from=2025-13', 'from'], ['?to=yesterday', 'to'], ['?from=2025-03-05&to=2025-03-01', 'from'], ['?person=a%0Ab', 'person'], [`?action=${'x'.repeat(101)}`, 'action']] as const) {
        const res = await list(q);
        expect(res.statusCode).toBe(400);
        expect(res.json().msg).toMatch(word);
      }
    });
  });

  describe('CSV export', () => {
    const exportCsv = (q = '') => t.app.inject({ method: 'GET', url: `/api/audit/export${q}`, headers: auth(t.admin.token) });

    it('has every filtered entry newest recorded first, times on the company clock, formula cells escaped', async () => {
      const db = t.ctx.database.db;
      const evil = await t.employee({ name: '=HYPERLINK("http://evil.example","x")', email: 'evil@example.com' });
      await recordAudit(db, { actorId: evil.id, action: 'leave.request', entity: 'leave', entityId: '5', after: { reason: '+SUM(A1)' } }, new Date('2025-03-02T10:00:00.000Z'));
      await recordAudit(db, { actorId: t.admin.id, action: 'employee.update', entity: 'employee', entityId: '7', before: { name: 'A' }, after: { name: 'B' } }, new Date('2025-03-01T10:00:00.000Z'));
      const res = await exportCsv();
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/csv/);
      expect(res.headers['content-disposition']).toBe('attachment; filename="audit-log.csv"');
      const lines = res.body.replace(/^\uFEFF/, '').trimEnd().split('\r\n');
      expect(lines[0]).toBe('When (Asia/Kolkata),Person,Email,Action,Entity,Record,Before,After');
      expect(lines[2]).toBe(`2025-03-02 15:30:00,"'=HYPERLINK(""http://evil.example"",""x"")",evil@example.com,leave.request,leave,5,,"{""reason"":""+SUM(A1)""}"`);
      expect(lines[1]).toBe('2025-03-01 15:30:00,Admin,admin@test.local,employee.update,employee,7,"{""name"":""A""}","{""name"":""B""}"');
      const only = (await exportCsv('?action=employee.update')).body.trimEnd().split('\r\n');
      expect(only).toHaveLength(2);
    });

    it('reads past one page (2,000 entries) without losing any', async () => {
      await seed(4500);
      const lines = (await exportCsv('?entity=thing')).body.trimEnd().split('\r\n');
      expect(lines).toHaveLength(4501);
      expect(lines[1]).toMatch(/,thing,4500,,/);
      expect(lines.at(-1)).toMatch(/,thing,1,,/);
    });
  });

  it('finds the start of a day in a zone, across a daylight-saving change too', () => {
    expect(startOfDayIn('2025-03-02', 'Asia/Kolkata').toISOString()).toBe('2025-03-01T18:30:00.000Z');
    expect(startOfDayIn('2025-03-30', 'Europe/London').toISOString()).toBe('2025-03-30T00:00:00.000Z');
    expect(startOfDayIn('2025-03-31', 'Europe/London').toISOString()).toBe('2025-03-30T23:00:00.000Z');
    expect(startOfDayIn('2025-01-01', 'UTC').toISOString()).toBe('2025-01-01T00:00:00.000Z');
  });

  it('is for admins only', async () => {
    const e = await t.employee();
    expect((await list('', e.token)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/audit/export', headers: auth(e.token) })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/audit/facets', headers: auth(e.token) })).statusCode).toBe(403);
    expect((await t.app.inject('/api/audit')).statusCode).toBe(401);
  });
});
