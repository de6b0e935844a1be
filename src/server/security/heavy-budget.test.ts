/**
 * Costly authenticated routes (PDF slips and tax statements, registers, exports, imports) spend a
 * per-user budget kept in the database: past it the route answers 429 {msg} with Retry-After, for
 * that user only, on every server instance that shares the database. The budget is spent in the one
 * auth gate, before the body is read, so a refused call costs one indexed upsert.
 */
import { SERVER_MSG } from '../../shared/messages';
import { buildApp } from '../app';
import { createContext } from '../bootstrap';
import { auth, createTestApp, engines, MemoryMailer, TEST_LOG_N, type TestApp } from '../test/test-app';
import { people, type Person } from '../test/security-fixtures';
import { ROUTE_TABLE, routeKey } from './route-table';

const HEAVY = ROUTE_TABLE.filter((r) => r.heavy);
/** A concrete URL for a route (any values: the budget is spent before the request is looked at). */
const urlOf = (path: string) => path.replace(/:employeeId/, 'EMP0001').replace(/:month/, '2026-10').replace(/:financialYear/, '2026-27').replace(/:kind/, 'bank').replace(/:\w+/g, '1');

describe.each(engines)('the budget of costly routes on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine, { overrides: { authLimits: { heavyMax: 2 } } });
  });
  afterAll(() => t.close());

  it('covers the PDFs, registers, exports and imports', () => {
    expect(HEAVY.map(routeKey)).toEqual(
      expect.arrayContaining([
        'GET /api/salary/slip/:employeeId/:month',
        'GET /api/salary/register/:month',
        'GET /api/salary/files/:month/:kind',
        'GET /api/attendance/download',
        'POST /api/employee/upload',
        'POST /api/holidays/import',
        'GET /api/tax/statement/:employeeId/:financialYear',
        'GET /api/tax/annexure/:financialYear',
      ]),
    );
  });

  it.each(HEAVY.map((r) => [routeKey(r), r] as const))('%s: a third call within the minute is a 429 {msg} for that user only', async (_key, route) => {
    const p = await people(t);
    const role = route.roles !== 'public' && route.roles.includes('admin') ? 'admin' : 'employee';
    const [caller, other]: Person[] = [await p.create(role), await p.create(role)];
    const send = (who: Person) => t.app.inject({ method: route.method, url: urlOf(route.path), headers: auth(who.token), payload: route.method === 'GET' ? undefined : {} });
    const first = [await send(caller), await send(caller)];
    for (const res of first) expect(res.statusCode).not.toBe(429);
    const third = await send(caller);
    expect([third.statusCode, third.json()]).toEqual([429, { msg: expect.stringMatching(/^Too many downloads, registers and imports/) }]);
    expect(Number(third.headers['retry-after'])).toBeGreaterThan(0);
    expect(third.json().msg).toBe(SERVER_MSG.tooManyHeavy(Number(third.headers['retry-after'])));
    // Someone else is not slowed, and the caller's cheap calls go on.
    expect((await send(other)).statusCode).not.toBe(429);
    const cheap = role === 'admin' ? '/api/employee' : '/api/employee/me';
    expect((await t.app.inject({ method: 'GET', url: cheap, headers: auth(caller.token) })).statusCode).toBe(200);
  });

  it('is shared by every instance on the database, and starts again after the minute', async () => {
    const ctx2 = await createContext(t.ctx.config, { mailer: new MemoryMailer(), passwordLogN: TEST_LOG_N, authLimits: { heavyMax: 2 }, database: { pgSchema: t.ctx.database.pgSchema } });
    const app2 = await buildApp({ ctx: ctx2 });
    try {
      const admin = await (await people(t)).create('admin');
      const url = '/api/salary/register/2026-10';
      expect((await t.app.inject({ url, headers: auth(admin.token) })).statusCode).not.toBe(429);
      expect((await app2.inject({ url, headers: auth(admin.token) })).statusCode).not.toBe(429);
      expect((await t.app.inject({ url, headers: auth(admin.token) })).statusCode).toBe(429);
      expect((await app2.inject({ url, headers: auth(admin.token) })).statusCode).toBe(429);
      // The window has passed (moved back in the database rather than waited for).
      await t.ctx.database.db.updateTable('auth_throttle').set({ window_start: new Date(Date.now() - 61_000).toISOString() }).where('scope', '=', 'heavy').where('account', '=', String(admin.id)).execute();
      expect((await app2.inject({ url, headers: auth(admin.token) })).statusCode).not.toBe(429);
    } finally {
      await app2.close();
      await ctx2.database.close();
    }
  });
});
