import { SERVER_MSG } from '../../../shared/messages';
import { TASK_MSG } from './task-messages';
import type { Task } from '../../../shared/schemas/task';
import type { Mailer } from '../../mail/mailer';
import { recordExit } from '../../test/leavers';
import { auth, createdId, createTestApp, engines, storedStatus, type TestApp, type TestEmployee } from '../../test/test-app';

describe.each(engines)('tasks on %s', (engine) => {
  let t: TestApp;
  let clock: Date;
  let alice: TestEmployee;
  let bob: TestEmployee;
  beforeEach(async () => {
    clock = new Date('2026-03-02T04:00:00.000Z');
    t = await createTestApp(engine, { overrides: { now: () => clock } });
    alice = await t.employee({ name: 'Alice' });
    bob = await t.employee({ name: 'Bob' });
  });
  afterEach(() => t.close());

  const assign = (body: object, token = t.admin.token) => t.app.inject({ method: 'POST', url: '/api/task/assign', headers: auth(token), payload: body });
  const list = (token: string, query = '') => t.app.inject({ method: 'GET', url: `/api/task${query}`, headers: auth(token) });
  const setStatus = (id: string, body: object, token: string) => t.app.inject({ method: 'PUT', url: `/api/task/${id}`, headers: auth(token), payload: body });
  const task = (employeeId: string, title = 'Write the report') => ({ employeeId, title, description: 'Quarterly numbers, two pages.' });
  /** Assigns a task that must succeed and returns its id. */
  const assigned = async (e: TestEmployee, title?: string) => {
    const res = await assign(task(e.employeeId, title));
    expect(res.statusCode).toBe(201);
    return res.json()._id as string;
  };
  const statusOf = (id: string) => storedStatus(t.ctx.database.db, 'tasks', id);

  describe('POST /api/task/assign', () => {
    it("creates an 'assigned' task and emails the employee", async () => {
      const sent = task(alice.employeeId);
      const res = await assign(sent);
      const id = createdId(res, TASK_MSG.assigned);

      const all: Task[] = (await list(t.admin.token)).json();
      expect(all).toEqual([
        {
          // What was sent comes back as sent, with the owner's name, the new status and the times.
          ...sent,
          _id: id,
          name: 'Alice',
          status: 'assigned',
          dueDate: null,
          priority: 'normal',
          createdAt: clock.toISOString(),
          updatedAt: clock.toISOString(),
        },
      ]);
      expect(t.mailer.sent).toHaveLength(1);
      expect(t.mailer.sent[0]!.to).toBe(alice.email);
      expect(t.mailer.sent[0]!.subject).toContain('Write the report');
      expect(t.mailer.sent[0]!.text).toContain('Quarterly numbers, two pages.');
      const row = await t.ctx.database.db.selectFrom('tasks').select('assigned_by').where('id', '=', Number(id)).executeTakeFirstOrThrow();
      expect(row.assigned_by).toBe(t.admin.id);
    });

    it('accepts the employee id in any letter case', async () => {
      const res = await assign(task(alice.employeeId.toLowerCase()));
      expect(res.statusCode).toBe(201);
      expect((await list(alice.token)).json()).toHaveLength(1);
    });

    it('requires employeeId, title and description, naming the missing one', async () => {
      for (const field of ['employeeId', 'title', 'description'] as const) {
        const body: Record<string, string> = task(alice.employeeId);
        delete body[field];
        const missing = await assign(body);
        expect(missing.statusCode).toBe(400);
        expect(missing.json().msg).toBe(`${field} is required`);
        const blank = await assign({ ...task(alice.employeeId), [field]: ' ' });
        expect(blank.statusCode).toBe(400);
        expect(blank.json().msg).toBe(`${field} is required`);
      }
      const long = await assign(task(alice.employeeId, 'x'.repeat(201)));
      expect(long.statusCode).toBe(400);
      expect(long.json().msg).toBe('title must be at most 200 characters');
      expect(t.mailer.sent).toHaveLength(0);
    });

    it('refuses an unknown employee with 400', async () => {
      const res = await assign(task('EMP9999'));
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ msg: TASK_MSG.noActiveEmployee('EMP9999'), fieldErrors: { employeeId: TASK_MSG.noActiveEmployee('EMP9999') } });
      expect((await list(t.admin.token)).json()).toEqual([]);
      expect(t.mailer.sent).toHaveLength(0);
    });

    it('refuses a deactivated employee with 400', async () => {
      await t.ctx.database.db.updateTable('users').set({ active: 0 }).where('id', '=', bob.id).execute();
      const res = await assign(task(bob.employeeId));
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ msg: TASK_MSG.noActiveEmployee(bob.employeeId), fieldErrors: { employeeId: TASK_MSG.noActiveEmployee(bob.employeeId) } });
      expect((await list(t.admin.token)).json()).toEqual([]);
      expect(t.mailer.sent).toHaveLength(0);
    });

    it('is for admins only', async () => {
      const res = await assign(task(bob.employeeId), alice.token);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ msg: SERVER_MSG.forbidden });
      expect((await list(t.admin.token)).json()).toEqual([]);
    });

    it('keeps the task when the mail cannot be sent, and logs the failure', async () => {
      await t.close();
      const failing: Mailer = { kind: 'smtp', send: () => Promise.reject(new Error('smtp down')), close() {} };
      t = await createTestApp(engine, { overrides: { now: () => clock, mailer: failing } });
      const error = jest.spyOn(t.ctx.log, 'error');
      const e = await t.employee();
      const res = await assign(task(e.employeeId));
      expect(res.statusCode).toBe(201);
      expect(await statusOf(res.json()._id)).toBe('assigned');
      await new Promise((r) => setImmediate(r));
      expect(error).toHaveBeenCalledWith(expect.objectContaining({ to: e.email, err: expect.stringContaining('smtp down') }), 'task assignment mail failed');
    });
  });

  describe('GET /api/task', () => {
    it('gives admins every task, newest first', async () => {
      const first = await assigned(alice, 'One');
      const second = await assigned(bob, 'Two');
      const third = await assigned(alice, 'Three');
      const res = await list(t.admin.token);
      expect(res.statusCode).toBe(200);
      expect(res.headers['x-has-more']).toBe('false');
      expect((res.json() as Task[]).map((x) => [x._id, x.employeeId, x.name])).toEqual([
        [third, alice.employeeId, 'Alice'],
        [second, bob.employeeId, 'Bob'],
        [first, alice.employeeId, 'Alice'],
      ]);
    });

    it("gives an employee only their own tasks, never another's", async () => {
      const mine = await assigned(alice);
      const theirs = await assigned(bob);
      expect((await list(alice.token)).json().map((x: Task) => x._id)).toEqual([mine]);
      expect((await list(bob.token)).json().map((x: Task) => x._id)).toEqual([theirs]);
    });

    it('filters by status and caps the list at ?limit=', async () => {
      const ids = [];
      for (let i = 0; i < 4; i++) ids.push(await assigned(alice, `Task ${i}`));
      expect((await setStatus(ids[1]!, { status: 'completed' }, alice.token)).statusCode).toBe(200);
      expect((await list(alice.token, '?status=completed')).json().map((x: Task) => x._id)).toEqual([ids[1]]);
      expect((await list(t.admin.token, '?status=assigned')).json()).toHaveLength(3);
      const capped = await list(t.admin.token, '?limit=3');
      expect(capped.json().map((x: Task) => x._id)).toEqual([ids[3], ids[2], ids[1]]);
      expect(capped.headers['x-has-more']).toBe('true');
      for (const query of ['?limit=0', '?limit=2001', '?limit=x', '?status=done']) {
        const res = await list(t.admin.token, query);
        expect(res.statusCode).toBe(400);
        expect(res.json().msg).toMatch(/limit|status/);
      }
    });
  });

  describe('PUT /api/task/:id', () => {
    it('lets the assigned employee move the status in any order', async () => {
      const id = await assigned(alice);
      for (const [minute, status] of [[1, 'in-progress'], [2, 'completed'], [3, 'assigned'], [4, 'completed']] as const) {
        clock = new Date(Date.parse('2026-03-02T04:00:00.000Z') + minute * 60_000);
        const res = await setStatus(id, { status }, alice.token);
        expect(res.statusCode).toBe(200);
        expect(res.json()).toEqual({ msg: TASK_MSG.statusUpdated });
        const [mine] = (await list(alice.token)).json() as Task[];
        expect(mine).toMatchObject({ status, updatedAt: clock.toISOString(), createdAt: '2026-03-02T04:00:00.000Z' });
      }
      const audit = await t.ctx.database.db.selectFrom('audit_log').select(['actor_id', 'after_json']).where('action', '=', 'task.status').orderBy('id').execute();
      expect(audit.map((a) => [a.actor_id, JSON.parse(a.after_json!).status])).toEqual([
        [alice.id, 'in-progress'],
        [alice.id, 'completed'],
        [alice.id, 'assigned'],
        [alice.id, 'completed'],
      ]);
    });

    it("refuses another employee's change with 403 and leaves the task alone", async () => {
      const id = await assigned(alice);
      const res = await setStatus(id, { status: 'completed' }, bob.token);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ msg: TASK_MSG.notAssignee });
      expect(await statusOf(id)).toBe('assigned');
    });

    it('refuses an admin with 403: only the assignee chooses the status', async () => {
      const id = await assigned(alice);
      const res = await setStatus(id, { status: 'completed' }, t.admin.token);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ msg: TASK_MSG.notAssignee });
      expect(await statusOf(id)).toBe('assigned');
    });

    it('refuses an unknown status with 400', async () => {
      const id = await assigned(alice);
      for (const body of [{ status: 'done' }, { status: 'In-Progress' }, { status: '' }, {}]) {
        const res = await setStatus(id, body, alice.token);
        expect(res.statusCode).toBe(400);
        expect(res.json().msg).toBe('status must be one of assigned, in-progress, completed');
      }
      expect(await statusOf(id)).toBe('assigned');
    });

    it('answers 404 for an unknown or malformed id, 401 without a token', async () => {
      const unknown = await setStatus('424242', { status: 'completed' }, alice.token);
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json()).toEqual({ msg: TASK_MSG.notFound });
      const malformed = await setStatus('-1', { status: 'completed' }, alice.token);
      expect(malformed.statusCode).toBe(404);
      expect(malformed.json()).toEqual({ msg: TASK_MSG.notFound });
      const anonymous = await t.app.inject({ method: 'PUT', url: '/api/task/1', payload: { status: 'completed' } });
      expect(anonymous.statusCode).toBe(401);
    });
  });

  describe('due date, priority, edit and delete', () => {
    const edit = (id: string, body: object, token = t.admin.token) => t.app.inject({ method: 'PUT', url: `/api/task/edit/${id}`, headers: auth(token), payload: body });
    const remove = (id: string, token = t.admin.token) => t.app.inject({ method: 'DELETE', url: `/api/task/${id}`, headers: auth(token) });
    const leftOn = (e: TestEmployee, date: string) => recordExit(t, e, date);
    const only = async () => ((await list(t.admin.token)).json() as Task[])[0]!;

    it('keeps a due date and a priority given on assignment', async () => {
      const res = await assign({ ...task(alice.employeeId), dueDate: '2026-03-20', priority: 'high' });
      expect(res.statusCode).toBe(201);
      expect(await only()).toMatchObject({ dueDate: '2026-03-20', priority: 'high', status: 'assigned' });
      expect(t.mailer.sent[0]!.text).toContain('Due: 2026-03-20');
    });

    it('answers every bad field of a body at once, each named', async () => {
      const res = await assign({ employeeId: ' ', title: '', description: 'ok', dueDate: '2026-02-30', priority: 'urgent' });
      expect(res.statusCode).toBe(400);
      const { msg, fieldErrors } = res.json();
      expect(Object.keys(fieldErrors).sort()).toEqual(['dueDate', 'employeeId', 'priority', 'title']);
      expect(msg).toBe(fieldErrors.employeeId);
      expect(fieldErrors.priority).toContain('low, normal, high');
    });

    it('refuses a leaver, and takes someone on notice', async () => {
      await leftOn(bob, '2026-03-01');
      const gone = await assign(task(bob.employeeId));
      expect(gone.statusCode).toBe(400);
      expect(gone.json().fieldErrors).toEqual({ employeeId: TASK_MSG.noActiveEmployee(bob.employeeId) });
      await leftOn(alice, '2026-03-31');
      expect((await assign(task(alice.employeeId))).statusCode).toBe(201);
    });

    it('lets an admin edit every field and move the task, emailing the new assignee; the status stays', async () => {
      const id = await assigned(alice);
      expect((await setStatus(id, { status: 'in-progress' }, alice.token)).statusCode).toBe(200);
      clock = new Date('2026-03-03T04:00:00.000Z');
      const res = await edit(id, { employeeId: bob.employeeId.toLowerCase(), title: 'New title', description: 'New words', dueDate: '2026-04-01', priority: 'low' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ msg: TASK_MSG.updated });
      expect(await only()).toMatchObject({ _id: id, employeeId: bob.employeeId, name: 'Bob', title: 'New title', description: 'New words', dueDate: '2026-04-01', priority: 'low', status: 'in-progress', updatedAt: clock.toISOString() });
      expect(t.mailer.sent.at(-1)!.to).toBe(bob.email);
      // Left out, the due date stays; null clears it.
      await edit(id, { employeeId: bob.employeeId, title: 'New title', description: 'New words' });
      expect(await only()).toMatchObject({ dueDate: '2026-04-01', priority: 'low' });
      await edit(id, { employeeId: bob.employeeId, title: 'New title', description: 'New words', dueDate: null });
      expect((await only()).dueDate).toBeNull();
      expect((await list(alice.token)).json()).toEqual([]);
      const audit = await t.ctx.database.db.selectFrom('audit_log').select('action').where('entity', '=', 'task').where('entity_id', '=', id).execute();
      expect(audit.map((a) => a.action)).toContain('task.edit');
    });

    it('refuses a move to a leaver, but keeps an assignee who has left since', async () => {
      const id = await assigned(alice);
      await leftOn(bob, '2026-02-28');
      const moved = await edit(id, { ...task(bob.employeeId), priority: 'high' });
      expect(moved.statusCode).toBe(400);
      expect(moved.json().fieldErrors).toEqual({ employeeId: TASK_MSG.noActiveEmployee(bob.employeeId) });
      await leftOn(alice, '2026-02-28');
      expect((await edit(id, { ...task(alice.employeeId, 'Renamed') })).statusCode).toBe(200);
      expect((await only()).title).toBe('Renamed');
    });

    it('lets an admin delete a task, once', async () => {
      const id = await assigned(alice);
      const res = await remove(id);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ msg: TASK_MSG.deleted });
      expect((await list(t.admin.token)).json()).toEqual([]);
      expect((await remove(id)).statusCode).toBe(404);
      expect((await edit(id, task(alice.employeeId))).statusCode).toBe(404);
    });

    it('refuses edit and delete to employees, the assignee included', async () => {
      const id = await assigned(alice);
      for (const res of [await edit(id, task(alice.employeeId, 'Mine now'), alice.token), await remove(id, alice.token), await remove(id, bob.token)]) {
        expect(res.statusCode).toBe(403);
      }
      expect((await only()).title).toBe('Write the report');
    });
  });
});
