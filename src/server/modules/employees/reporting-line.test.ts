import { auth, createTestApp, engines, type TestApp } from '../../test/test-app';
import { EMPLOYEE_MSG } from '../employee-records';
import { MANAGER_MSG } from './reporting-line';

const base = { name: 'Asha Rao', position: 'Engineer', salary: 50000 };

describe.each(engines)('reporting lines (managerId) on %s', (engine) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp(engine);
  });
  afterEach(() => t.close());

  const create = (body: object, token = t.admin.token) => t.app.inject({ method: 'POST', url: '/api/employee', headers: auth(token), payload: body });
  const edit = (id: number | string, body: object, token = t.admin.token) =>
    t.app.inject({ method: 'PUT', url: `/api/employee/edit/${id}`, headers: auth(token), payload: body });
  const get = (url: string, token = t.admin.token) => t.app.inject({ method: 'GET', url, headers: auth(token) });
  const managerOf = async (id: number | string) => (await get(`/api/employee/${id}`)).json().managerId;

  it('sets the manager on add, returns it on the list and the record, and null for nobody', async () => {
    const boss = await t.employee({ name: 'Meera Boss', email: 'meera@example.com' });
    const res = await create({ ...base, email: 'asha@example.com', managerId: String(boss.id) });
    expect(res.statusCode).toBe(200);
    const { _id } = res.json();
    expect(await managerOf(_id)).toBe(String(boss.id));
    const list = (await get('/api/employee')).json() as { _id: string; managerId: string | null }[];
    expect(list.find((e) => e._id === _id)!.managerId).toBe(String(boss.id));
    expect(list.find((e) => e._id === String(boss.id))!.managerId).toBeNull();
  });

  it('keeps the manager on a spec-shaped save, clears it with null, and audits each change', async () => {
    const [boss, other, asha] = [await t.employee({ email: 'b@example.com' }), await t.employee({ email: 'o@example.com' }), await t.employee({ email: 'a@example.com' })];
    expect((await edit(asha.id, { name: 'Asha', email: 'a@example.com', position: 'Engineer', salary: 50000, managerId: String(boss.id) })).statusCode).toBe(200);
    expect(await managerOf(asha.id)).toBe(String(boss.id));
    expect((await edit(asha.id, { name: 'Asha R', email: 'a@example.com', position: 'Engineer', salary: 50000 })).statusCode).toBe(200);
    expect(await managerOf(asha.id)).toBe(String(boss.id));
    await edit(asha.id, { name: 'Asha R', email: 'a@example.com', managerId: String(other.id) });
    expect(await managerOf(asha.id)).toBe(String(other.id));
    expect((await edit(asha.id, { name: 'Asha R', email: 'a@example.com', managerId: null })).statusCode).toBe(200);
    expect(await managerOf(asha.id)).toBeNull();
    const audit = await t.ctx.database.db.selectFrom('audit_log').select(['action', 'before_json', 'after_json']).where('action', '=', 'employee.manager-change').orderBy('id').execute();
    expect(audit.map((a) => [JSON.parse(a.before_json!).managerId, JSON.parse(a.after_json!).managerId])).toEqual([
      [null, String(boss.id)],
      [String(boss.id), String(other.id)],
      [String(other.id), null],
    ]);
  });

  it('refuses oneself, an unknown person, a leaver, a deactivated person and a loop with 400 {msg}', async () => {
    const [top, mid, low] = [await t.employee({ email: 't@example.com', name: 'Tara Top' }), await t.employee({ email: 'm@example.com', name: 'Mohan Mid' }), await t.employee({ email: 'l@example.com', name: 'Lata Low' })];
    const person = new Map([[top.id, ['Tara Top', 't@example.com']], [mid.id, ['Mohan Mid', 'm@example.com']], [low.id, ['Lata Low', 'l@example.com']]]);
    const set = (who: number, managerId: number | string) => edit(who, { name: person.get(who)![0], email: person.get(who)![1], managerId: String(managerId) });
    expect((await set(mid.id, top.id)).statusCode).toBe(200);
    expect((await set(low.id, mid.id)).statusCode).toBe(200);

    const self = await set(top.id, top.id);
    expect([self.statusCode, self.json()]).toEqual([400, { msg: MANAGER_MSG.self }]);
    const unknown = await set(top.id, 99999);
    expect([unknown.statusCode, unknown.json()]).toEqual([400, { msg: MANAGER_MSG.unknown(99999) }]);
    const admin = await set(top.id, t.admin.id);
    expect([admin.statusCode, admin.json()]).toEqual([400, { msg: MANAGER_MSG.unknown(t.admin.id) }]);
    const loop = await set(top.id, low.id);
    expect(loop.statusCode).toBe(400);
    expect(loop.json().msg).toMatch(/^managerId: .* loop/);
    const direct = await set(top.id, mid.id);
    expect([direct.statusCode, direct.json()]).toEqual([400, { msg: MANAGER_MSG.cycle('Mohan Mid') }]);

    const leaver = await t.employee({ email: 'gone@example.com', name: 'Gita Gone' });
    await t.ctx.database.db.insertInto('employee_statutory').values({ user_id: leaver.id, left_on: '2020-01-31', pf_on_full_wages: 0, updated_at: new Date().toISOString() }).execute();
    const left = await create({ ...base, email: 'n@example.com', managerId: String(leaver.id) });
    expect([left.statusCode, left.json()]).toEqual([400, { msg: MANAGER_MSG.leaver('Gita Gone') }]);
    const removed = await t.employee({ email: 'rem@example.com', name: 'Ravi Removed' });
    await t.app.inject({ method: 'DELETE', url: `/api/employee/${removed.id}`, headers: auth(t.admin.token) });
    const inactive = await set(top.id, removed.id);
    expect([inactive.statusCode, inactive.json()]).toEqual([400, { msg: MANAGER_MSG.leaver('Ravi Removed') }]);
    // Nothing of the refused adds was kept.
    expect(((await get('/api/employee')).json() as { email: string }[]).some((e) => e.email === 'n@example.com')).toBe(false);
  });

  it.each([['abc'], [0], ['0'], [12], [true], ['1 ']])('refuses a managerId that is not a record id (%p) with 400', async (managerId) => {
    const res = await create({ ...base, email: 'asha@example.com', managerId });
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toMatch(/managerId must be a record id or null/);
  });

  it('lets only admins set it: an employee sending managerId, even on their own record, gets 403', async () => {
    const [boss, asha] = [await t.employee({ email: 'b@example.com' }), await t.employee({ email: 'a@example.com' })];
    const res = await edit(asha.id, { name: 'Asha', email: 'a@example.com', managerId: String(boss.id) }, asha.token);
    expect([res.statusCode, res.json()]).toEqual([403, { msg: EMPLOYEE_MSG.ownNameAndEmailOnly }]);
    expect(await managerOf(asha.id)).toBeNull();
  });
});
