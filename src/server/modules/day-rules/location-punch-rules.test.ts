/**
 * A web punch rule per location on both engines: a location's rule beats the company's, and a
 * person's own rule beats the location's; clearing the location's rule returns its people to the
 * company's. Listed per location, audited, and refused for a location that does not exist.
 */
import { auth, createTestApp, engines, type TestApp, type TestEmployee } from '../../test/test-app';

const OFFICE = '203.0.113.0/24';

describe.each(engines)('punch rules per location on %s', (engine) => {
  let t: TestApp;
  let pune: number;
  let asha: TestEmployee;
  let ravi: TestEmployee;
  let meena: TestEmployee;

  beforeEach(async () => {
    t = await createTestApp(engine, { overrides: { now: () => new Date('2026-08-03T04:00:00.000Z') } });
    const db = t.ctx.database.db;
    pune = Number((await db.insertInto('locations').values({ name: 'Pune plant', state: 'Maharashtra', city: 'Pune', pt_registration: null, created_at: '2026-01-01' }).returning('id').executeTakeFirstOrThrow()).id);
    [asha, ravi, meena] = [await t.employee({ name: 'Asha Rao' }), await t.employee({ name: 'Ravi Iyer' }), await t.employee({ name: 'Meena Das' })];
    await db.updateTable('employees').set({ location_id: pune }).where('user_id', 'in', [asha.id, ravi.id]).execute();
    const policy = await put('/api/punch-policy', { rule: { webAllowed: true, geofenceRequired: false, networkRequired: false }, sites: [], networks: [{ name: 'Pune plant', cidr: OFFICE }] });
    expect(policy.statusCode).toBe(200);
  });
  afterEach(() => t.close());

  const put = (url: string, payload: object) => t.app.inject({ method: 'PUT', url, headers: auth(t.admin.token), payload });
  const get = (url: string, token = t.admin.token) => t.app.inject({ method: 'GET', url, headers: auth(token) });
  const punchIn = (who: TestEmployee, remoteAddress = '198.51.100.9') => t.app.inject({ method: 'POST', url: '/api/attendance/punch-in', headers: auth(who.token), remoteAddress });

  it("puts the person's rule over the location's, and the location's over the company's", async () => {
    const networkOnly = { webAllowed: true, geofenceRequired: false, networkRequired: true };
    expect((await put(`/api/punch-policy/locations/${pune}`, { rule: networkOnly })).json()).toEqual({ msg: 'Punch rule of Pune plant saved' });
    expect((await get('/api/punch-policy/locations')).json()).toEqual([{ locationId: String(pune), name: 'Pune plant', city: 'Pune', rule: networkOnly }]);
    // Ravi has his own rule: anywhere.
    expect((await put(`/api/punch-policy/employees/${ravi.id}`, { rule: { webAllowed: true, geofenceRequired: false, networkRequired: false } })).statusCode).toBe(200);

    const refused = await punchIn(asha);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ msg: 'Punch from the office network: this connection (198.51.100.9) is not one of the office\'s.' });
    expect((await get('/api/punch-policy/mine', asha.token)).json()).toMatchObject(networkOnly);
    expect((await get(`/api/punch-policy/employees/${asha.id}`)).json()).toMatchObject({ own: null, effective: networkOnly });
    expect((await punchIn(asha, '203.0.113.40')).statusCode).toBe(200);
    expect((await punchIn(ravi)).statusCode).toBe(200);
    expect((await punchIn(meena)).statusCode).toBe(200);

    // Cleared: Pune follows the company again.
    expect((await put(`/api/punch-policy/locations/${pune}`, { rule: null })).json()).toEqual({ msg: "Pune plant now follows the company's punch policy" });
    expect((await get('/api/punch-policy/mine', asha.token)).json()).toMatchObject({ networkRequired: false });
    const audit = await t.ctx.database.db.selectFrom('audit_log').select(['action', 'entity_id']).where('action', '=', 'location.punch-rule-change').execute();
    expect(audit).toEqual([
      { action: 'location.punch-rule-change', entity_id: String(pune) },
      { action: 'location.punch-rule-change', entity_id: String(pune) },
    ]);
  });

  it('refuses a missing location and a bad rule, naming the field', async () => {
    expect((await put('/api/punch-policy/locations/999999', { rule: null })).json()).toEqual({ msg: 'Location not found' });
    const bad = await put(`/api/punch-policy/locations/${pune}`, { rule: { webAllowed: 'yes', geofenceRequired: false, networkRequired: false } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fieldErrors).toEqual({ 'rule.webAllowed': 'webAllowed must be true or false' });
    expect((await t.app.inject({ method: 'GET', url: '/api/punch-policy/locations', headers: auth(asha.token) })).statusCode).toBe(403);
  });
});
