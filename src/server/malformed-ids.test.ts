/** An id that cannot be a record id answers like an unknown one: the route's 404, never validator text. */
import { auth, createTestApp, engines, type TestApp } from './test/test-app';

describe.each(engines)('malformed record ids (%s)', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine);
  });
  afterAll(() => t.close());

  it.each([
    ['GET', '/api/employee/abc', 'Employee not found'],
    ['PUT', '/api/employee/edit/0', 'Employee not found'],
    ['DELETE', '/api/employee/12345678901234567890', 'Employee not found'],
    ['PUT', '/api/leave/approve/x1', 'Leave request not found'],
  ])('%s %s answers 404 "%s"', async (method, url, msg) => {
    const res = await t.app.inject({ method: method as 'GET', url, headers: auth(t.admin.token), payload: method === 'GET' || method === 'DELETE' ? undefined : {} });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ msg });
  });

  it('says so for tasks too, to their assignee', async () => {
    const e = await t.employee();
    const res = await t.app.inject({ method: 'PUT', url: '/api/task/not-a-task', headers: auth(e.token), payload: { status: 'completed' } });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ msg: 'Task not found' });
  });

  it('still asks for a token first, and still refuses the wrong role first', async () => {
    expect((await t.app.inject({ url: '/api/employee/abc' })).statusCode).toBe(401);
    const e = await t.employee();
    // An admin-only route: an employee is refused before the malformed id is looked at.
    expect((await t.app.inject({ method: 'DELETE', url: '/api/employee/abc', headers: auth(e.token) })).statusCode).toBe(403);
  });
});
