import { EMPLOYEE_MSG } from '../employee-records';
import { SERVER_MSG } from '../../../shared/messages';
import { buildApp } from '../../app';
import { createMailer } from '../../mail/mailer';
import { startTestSmtp } from '../../mail/smtp-test-server';
import { auth, createTestApp, engines, eventually, linkToken, type TestApp } from '../../test/test-app';
import { isUniqueViolation } from '../../db/unique-violation';

const asha = { name: 'Asha Rao', email: 'asha@example.com', position: 'Engineer', salary: 50000.5 };


/** The employee master's fields beyond the spec's, unset. */
const NO_MASTER = { phone: null, departmentId: null, locationId: null };

describe.each(engines)('employees on %s', (engine) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp(engine);
  });
  afterEach(() => t.close());

  const db = () => t.ctx.database.db;
  const create = (body: object, token = t.admin.token) => t.app.inject({ method: 'POST', url: '/api/employee', headers: auth(token), payload: body });
  const get = (url: string, token = t.admin.token) => t.app.inject({ method: 'GET', url, headers: auth(token) });
  const edit = (id: string | number, body: object, token = t.admin.token) =>
    t.app.inject({ method: 'PUT', url: `/api/employee/edit/${id}`, headers: auth(token), payload: body });
  const remove = (id: string | number, token = t.admin.token) => t.app.inject({ method: 'DELETE', url: `/api/employee/${id}`, headers: auth(token) });
  const audit = async () => (await get('/api/audit')).json();

  describe('POST /api/employee', () => {
    it('adds an employee with the next business id and salary stored as paise', async () => {
      const res = await create(asha);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ msg: EMPLOYEE_MSG.added, _id: expect.any(String), employeeId: 'EMP0001' });
      const second = await create({ ...asha, email: 'ravi@example.com', salary: '0.29' });
      expect(second.json().employeeId).toBe('EMP0002');

      const stored = await db().selectFrom('employees').innerJoin('users', 'users.id', 'employees.user_id').selectAll().orderBy('employee_id').execute();
      expect(stored.map((r) => [r.employee_id, Number(r.salary_paise), r.role, r.password_hash, r.active])).toEqual([
        ['EMP0001', 5000050, 'employee', null, 1],
        ['EMP0002', 29, 'employee', null, 1],
      ]);
      expect(stored[0]!.joined_on).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    });

    it('trims and lowercases the email and refuses a duplicate of any account with 409', async () => {
      expect((await create({ ...asha, email: '  Asha@Example.COM ' })).statusCode).toBe(200);
      for (const email of ['asha@example.com', ' ASHA@example.com', 'admin@test.local']) {
        const res = await create({ ...asha, email });
        expect(res.statusCode).toBe(409);
        expect(res.json()).toEqual({ msg: EMPLOYEE_MSG.duplicateEmail(email.trim().toLowerCase()) });
      }
      const list = (await get('/api/employee')).json();
      expect(list.map((e: { email: string }) => e.email)).toEqual(['asha@example.com']);
    });

    it('gives one 200 and one 409 to simultaneous adds of the same email, and distinct ids to different ones', async () => {
      const same = await Promise.all([create(asha), create({ ...asha, email: 'ASHA@example.com' })]);
      expect(same.map((r) => r.statusCode).sort()).toEqual([200, 409]);
      const many = await Promise.all([1, 2, 3, 4, 5].map((n) => create({ ...asha, email: `p${n}@example.com` })));
      expect(many.every((r) => r.statusCode === 200)).toBe(true);
      expect(new Set(many.map((r) => r.json().employeeId)).size).toBe(5);
    });

    it('refuses the email of a deleted employee too (accounts are kept)', async () => {
      const { _id } = (await create(asha)).json();
      await remove(_id);
      expect((await create(asha)).statusCode).toBe(409);
    });

    it.each([
      [{ ...asha, name: undefined }, /name is required/],
      [{ ...asha, name: '   ' }, /name is required/],
      [{ ...asha, email: 'x@' }, /invalid email "x@"/],
      [{ ...asha, email: undefined }, /email/],
      [{ ...asha, position: '' }, /position is required/],
      [{ ...asha, salary: undefined }, /salary is required/],
      [{ ...asha, salary: -1 }, /salary must be 0 or more/],
      [{ ...asha, salary: 'abc' }, /salary must be a number/],
      [{ ...asha, salary: '' }, /salary must be a number/],
      [{ ...asha, salary: null }, /salary must be a number/],
      [{ ...asha, salary: true }, /salary must be a number/],
      [{ ...asha, salary: 12.345 }, /salary can have at most 2 decimals/],
      [{ ...asha, salary: 1e12 }, /salary is too large/],
    ])('answers 400 naming the field for %j', async (body, msg) => {
      const res = await create(body);
      expect(res.statusCode).toBe(400);
      expect(res.json().msg).toMatch(msg);
      expect(await db().selectFrom('employees').select('user_id').execute()).toEqual([]);
    });

    it('is for admins only', async () => {
      const e = await t.employee();
      expect((await create(asha, e.token)).statusCode).toBe(403);
      expect((await t.app.inject({ method: 'POST', url: '/api/employee', payload: asha })).statusCode).toBe(401);
    });

    it('emails a one-time set-password link valid 72 hours that lets the employee sign in', async () => {
      await create(asha);
      await eventually(() => t.mailer.sent.length === 1);
      const mail = t.mailer.sent[0]!;
      expect(mail.to).toBe('asha@example.com');
      expect(mail.subject).toMatch(/set your password/);
      expect(mail.text).toContain('EMP0001');
      const token = linkToken(mail.text)!;
      expect(mail.text).toContain(`${t.ctx.config.publicUrl}/set-password?token=${token}`);

      const stored = await db().selectFrom('password_tokens').selectAll().executeTakeFirstOrThrow();
      expect(stored.purpose).toBe('invite');
      expect(Date.parse(stored.expires_at) - Date.parse(stored.created_at)).toBe(72 * 3600_000);

      const set = (password: string) => t.app.inject({ method: 'POST', url: '/api/auth/set-password', payload: { token, password } });
      expect((await set('a-good-password')).statusCode).toBe(200);
      expect((await set('another-password')).statusCode).toBe(400);
      const login = await t.app.inject({ method: 'POST', url: '/api/auth/employee-login', payload: { email: 'asha@example.com', password: 'a-good-password' } });
      expect(login.statusCode).toBe(200);
    });

    it('sends the invitation only after the commit, and nothing for a refused add', async () => {
      const seen: boolean[] = [];
      const mailer = t.mailer;
      const original = mailer.send.bind(mailer);
      mailer.send = async (message) => {
        // A separate read: on PostgreSQL it sees only committed rows.
        const row = await db().selectFrom('users').select('id').where('email', '=', message.to).executeTakeFirst();
        seen.push(row !== undefined);
        return original(message);
      };
      await create(asha);
      await create(asha); // 409
      await eventually(() => seen.length === 1);
      await new Promise((r) => setTimeout(r, 50));
      expect(seen).toEqual([true]);
    });

    it('sends, at the next start, the invitations the last one left pending, and only those', async () => {
      const pendingFlags = async () =>
        Object.fromEntries((await db().selectFrom('users').select(['email', 'invite_pending']).where('role', '=', 'employee').execute()).map((u) => [u.email, u.invite_pending]));
      // Asha's and Meera's invitations cannot be sent (as if the process had stopped first); Ravi's is.
      t.mailer.refuse = (to) => to === asha.email || to === 'meera@example.com';
      const logged = jest.spyOn(t.ctx.log, 'error');
      await create(asha);
      await create({ ...asha, email: 'ravi@example.com' });
      await create({ ...asha, email: 'meera@example.com' });
      await eventually(() => logged.mock.calls.filter((c) => c[1] === 'invitation mail failed').length === 2 && t.mailer.sent.length === 1);
      await eventually(async () => (await pendingFlags())['ravi@example.com'] === 0);
      expect(await pendingFlags()).toEqual({ [asha.email]: 1, 'ravi@example.com': 0, 'meera@example.com': 1 });
      // Meera sets a password another way ("forgot password") before the next start: no invitation for her.
      await db().updateTable('users').set({ password_hash: 'set-meanwhile' }).where('email', '=', 'meera@example.com').execute();

      // The next start: a new server on the same database, listening.
      t.mailer.refuse = () => false;
      await new Promise((r) => setTimeout(r, 5));
      const next = await buildApp({ ctx: t.ctx });
      try {
        await next.listen({ port: 0, host: '127.0.0.1' });
        await eventually(async () => (await pendingFlags())[asha.email] === 0);
        expect(t.mailer.sent.map((m) => m.to).sort()).toEqual([asha.email, 'ravi@example.com']);
        expect(linkToken(t.mailer.sent.find((m) => m.to === asha.email)!.text)).toBeTruthy();
      } finally {
        await next.close();
      }
    });

    it('keeps the employee when the mail server refuses every attempt, and logs the failure', async () => {
      const smtp = await startTestSmtp({ reject: () => 451 });
      const failing = createMailer({ smtpUrl: smtp.url, from: 'hr@test.local', outboxDir: t.dataDir, retries: 2, retryDelayMs: 5 });
      const t2 = await createTestApp(engine, { overrides: { mailer: failing } });
      try {
        const logged = jest.spyOn(t2.ctx.log, 'error');
        const res = await t2.app.inject({ method: 'POST', url: '/api/employee', headers: auth(t2.admin.token), payload: asha });
        expect(res.statusCode).toBe(200);
        await eventually(() => logged.mock.calls.some((c) => c[1] === 'invitation mail failed'), 10_000);
        expect(smtp.attempts).toBe(3);
        const list = (await t2.app.inject({ method: 'GET', url: '/api/employee', headers: auth(t2.admin.token) })).json();
        expect(list).toEqual([{ _id: res.json()._id, employeeId: 'EMP0001', name: 'Asha Rao', email: 'asha@example.com', position: 'Engineer', salary: 50000.5, joiningDate: expect.any(String), ...NO_MASTER, devicePin: '1', managerId: null, status: 'active', leftOn: null }]);
      } finally {
        await t2.close();
        failing.close();
        await smtp.close();
      }
    });

    it('delivers the invitation through a real SMTP server', async () => {
      const smtp = await startTestSmtp();
      const mailer = createMailer({ smtpUrl: smtp.url, from: 'hr@test.local', outboxDir: t.dataDir });
      const t2 = await createTestApp(engine, { overrides: { mailer } });
      try {
        await t2.app.inject({ method: 'POST', url: '/api/employee', headers: auth(t2.admin.token), payload: asha });
        await eventually(() => smtp.received.length === 1, 10_000);
        expect(smtp.received[0]!.to).toEqual(['asha@example.com']);
        expect(smtp.received[0]!.raw).toMatch(/^Subject: HR Portal: your account is ready, set your password$/m);
        const token = linkToken(smtp.received[0]!.text)!;
        const set = await t2.app.inject({ method: 'POST', url: '/api/auth/set-password', payload: { token, password: 'a-good-password' } });
        expect(set.statusCode).toBe(200);
      } finally {
        await t2.close();
        mailer.close();
        await smtp.close();
      }
    });

    it('never reuses a business id, even after a delete', async () => {
      const first = (await create(asha)).json();
      await remove(first._id);
      expect((await create({ ...asha, email: 'next@example.com' })).json().employeeId).toBe('EMP0002');
    });
  });

  describe('GET /api/employee', () => {
    it('lists active employees in business-id order with the wire shape, past EMP9999 too', async () => {
      await db().updateTable('counters').set({ value: 9998 }).where('name', '=', 'employee_id').execute();
      const ids = [];
      for (const n of [1, 2, 3, 4]) ids.push((await create({ ...asha, email: `p${n}@example.com`, salary: n * 1000 })).json());
      await remove(ids[1]._id);
      const res = await get('/api/employee');
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual([
        { _id: ids[0]._id, employeeId: 'EMP9999', name: 'Asha Rao', email: 'p1@example.com', position: 'Engineer', salary: 1000, joiningDate: expect.any(String), ...NO_MASTER, devicePin: '9999', managerId: null, status: 'active', leftOn: null },
        { _id: ids[2]._id, employeeId: 'EMP10001', name: 'Asha Rao', email: 'p3@example.com', position: 'Engineer', salary: 3000, joiningDate: expect.any(String), ...NO_MASTER, devicePin: '10001', managerId: null, status: 'active', leftOn: null },
        { _id: ids[3]._id, employeeId: 'EMP10002', name: 'Asha Rao', email: 'p4@example.com', position: 'Engineer', salary: 4000, joiningDate: expect.any(String), ...NO_MASTER, devicePin: '10002', managerId: null, status: 'active', leftOn: null },
      ]);
    });

    it('answers [] when there is nobody, and 403 to employees', async () => {
      expect((await get('/api/employee')).json()).toEqual([]);
      const e = await t.employee();
      expect((await get('/api/employee', e.token)).statusCode).toBe(403);
    });
  });

  describe('GET /api/employee/me, /current and /:id', () => {
    it('gives the signed-in employee their own full record on /me and /current', async () => {
      const e = await t.employee({ name: 'Meera', position: 'Analyst', salaryPaise: 12_345_67 });
      const expected = { _id: String(e.id), employeeId: e.employeeId, name: 'Meera', email: e.email, position: 'Analyst', salary: 12345.67, joiningDate: '2024-01-01', ...NO_MASTER, devicePin: null, managerId: null, statutory: expect.objectContaining({ bankAccount: null }) };
      for (const url of ['/api/employee/me', '/api/employee/current']) {
        const res = await get(url, e.token);
        expect(res.statusCode).toBe(200);
        expect(res.json()).toEqual(expected);
      }
      const bearer = await t.app.inject({ method: 'GET', url: '/api/employee/current', headers: { authorization: `Bearer ${e.token}` } });
      expect(bearer.json()).toEqual(expected);
      // Admins have no employee record; the static path is not taken for an id.
      expect((await get('/api/employee/me')).statusCode).toBe(403);
      expect((await t.app.inject('/api/employee/me')).statusCode).toBe(401);
    });

    it('lets an admin read anyone and an employee only themself', async () => {
      const a = await t.employee({ name: 'A' });
      const b = await t.employee({ name: 'B' });
      expect((await get(`/api/employee/${a.id}`)).json()).toMatchObject({ _id: String(a.id), name: 'A', employeeId: a.employeeId });
      expect((await get(`/api/employee/${a.id}`, a.token)).json()).toMatchObject({ name: 'A' });
      const other = await get(`/api/employee/${b.id}`, a.token);
      expect(other.statusCode).toBe(403);
      expect(other.json()).toEqual({ msg: SERVER_MSG.forbidden });
    });

    it('answers 404 for an unknown id, a deleted employee, an admin account and a malformed id', async () => {
      const e = await t.employee();
      expect((await get('/api/employee/999999')).statusCode).toBe(404);
      expect((await get(`/api/employee/${t.admin.id}`)).statusCode).toBe(404);
      // An employee hears 403 for any record but their own, existing or not (src/server/security/pentest-lows.test.ts).
      expect((await get('/api/employee/999999', e.token)).statusCode).toBe(403);
      await remove(e.id);
      const gone = await get(`/api/employee/${e.id}`);
      expect(gone.statusCode).toBe(404);
      expect(gone.json()).toEqual({ msg: EMPLOYEE_MSG.notFound });
      expect((await get('/api/employee/EMP0001')).json()).toEqual({ msg: EMPLOYEE_MSG.notFound });
      expect((await get('/api/employee/0')).statusCode).toBe(404);
    });
  });

  describe('PUT /api/employee/edit/:id', () => {
    it('lets an admin change all four fields, audited with before and after', async () => {
      const { _id } = (await create(asha)).json();
      const res = await edit(_id, { name: 'Asha R.', email: 'ASHA.R@example.com ', position: 'Lead', salary: 65000 });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ msg: EMPLOYEE_MSG.updated });
      expect((await get(`/api/employee/${_id}`)).json()).toEqual({ _id, employeeId: 'EMP0001', name: 'Asha R.', email: 'asha.r@example.com', position: 'Lead', salary: 65000, joiningDate: expect.any(String), ...NO_MASTER, devicePin: '1', managerId: null, statutory: expect.any(Object) });

      const [entry] = await audit();
      expect(entry).toMatchObject({
        action: 'employee.salary-change',
        entity: 'employee',
        entityId: _id,
        actor: { _id: String(t.admin.id), email: 'admin@test.local' },
        before: { employeeId: 'EMP0001', name: 'Asha Rao', email: 'asha@example.com', position: 'Engineer', salary: 50000.5 },
        after: { employeeId: 'EMP0001', name: 'Asha R.', email: 'asha.r@example.com', position: 'Lead', salary: 65000 },
      });
    });

    it('records an edit without a salary change as an update of the changed fields only, and a no-op not at all', async () => {
      const { _id } = (await create(asha)).json();
      await edit(_id, { ...asha, position: 'Staff Engineer' });
      const [entry] = await audit();
      expect(entry).toMatchObject({ action: 'employee.update', before: { employeeId: 'EMP0001', position: 'Engineer' }, after: { employeeId: 'EMP0001', position: 'Staff Engineer' } });
      expect(Object.keys(entry.after)).toEqual(['employeeId', 'position']);
      const count = (await audit()).length;
      expect((await edit(_id, { ...asha, position: 'Staff Engineer' })).statusCode).toBe(200);
      expect((await audit()).length).toBe(count);
    });

    it('keeps the fields an admin leaves out', async () => {
      const { _id } = (await create(asha)).json();
      expect((await edit(_id, { name: 'New Name', email: asha.email })).statusCode).toBe(200);
      expect((await get(`/api/employee/${_id}`)).json()).toMatchObject({ name: 'New Name', position: 'Engineer', salary: 50000.5 });
    });

    it('validates like the add form and refuses an email another account has with 409', async () => {
      const { _id } = (await create(asha)).json();
      await create({ ...asha, email: 'taken@example.com' });
      expect((await edit(_id, { ...asha, email: 'nope' })).statusCode).toBe(400);
      expect((await edit(_id, { ...asha, name: '' })).json().msg).toMatch(/name is required/);
      expect((await edit(_id, { ...asha, salary: -3 })).json().msg).toMatch(/salary/);
      const dup = await edit(_id, { ...asha, email: ' TAKEN@example.com' });
      expect(dup.statusCode).toBe(409);
      expect(dup.json()).toEqual({ msg: EMPLOYEE_MSG.duplicateEmail('taken@example.com') });
      expect((await edit(_id, { ...asha, email: 'admin@test.local' })).statusCode).toBe(409);
      // Their own email, in another case, is not a duplicate.
      expect((await edit(_id, { ...asha, email: 'ASHA@example.com' })).statusCode).toBe(200);
    });

    it('lets an employee change only their own name and email', async () => {
      const e = await t.employee({ name: 'Old', position: 'Analyst', salaryPaise: 100_00 });
      const other = await t.employee();
      const ok = await edit(e.id, { name: 'New', email: 'new.me@test.local', currentPassword: e.password }, e.token);
      expect(ok.statusCode).toBe(200);
      // The new email waits for confirmation from that address (account-security.test.ts).
      expect(ok.json()).toEqual({ msg: EMPLOYEE_MSG.updated, pendingEmail: 'new.me@test.local' });
      expect((await get('/api/employee/me', e.token)).json()).toMatchObject({ name: 'New', email: e.email, position: 'Analyst', salary: 100 });

      for (const body of [{ name: 'N', email: e.email, salary: 999999 }, { name: 'N', email: e.email, position: 'CEO' }, { name: 'N', email: e.email, salary: 'x' }]) {
        const res = await edit(e.id, body, e.token);
        expect(res.statusCode).toBe(403);
        expect(res.json()).toEqual({ msg: EMPLOYEE_MSG.ownNameAndEmailOnly });
      }
      expect((await edit(other.id, { name: 'Hacked', email: other.email }, e.token)).statusCode).toBe(403);
      expect((await get(`/api/employee/${other.id}`)).json().name).not.toBe('Hacked');
      // Another account's email gets the same answer as a free one: no "already exists" oracle.
      expect((await edit(e.id, { name: 'N', email: other.email, currentPassword: e.password }, e.token)).json()).toEqual({ msg: EMPLOYEE_MSG.updated, pendingEmail: other.email });
      expect((await edit(999999, { name: 'N', email: 'z@test.local' }, e.token)).statusCode).toBe(403);
      const stored = await db().selectFrom('employees').select(['position', 'salary_paise']).where('user_id', '=', e.id).executeTakeFirstOrThrow();
      expect([stored.position, Number(stored.salary_paise)]).toEqual(['Analyst', 100_00]);
    });

    it('answers 404 for a deleted employee', async () => {
      const { _id } = (await create(asha)).json();
      await remove(_id);
      expect((await edit(_id, asha)).statusCode).toBe(404);
    });
  });

  describe('DELETE /api/employee/:id', () => {
    it('deactivates: gone from the list, signed out, cannot sign in, history kept; twice is a 404', async () => {
      const e = await t.employee({ password: 'employee-password' });
      await db().insertInto('attendance').values({ user_id: e.id, date: '2025-01-02', status: 'P', punch_in: '2025-01-02T03:30:00.000Z', punch_out: null }).execute();

      const res = await remove(e.id);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ msg: EMPLOYEE_MSG.deleted });

      expect((await get('/api/employee')).json()).toEqual([]);
      expect((await get('/api/employee/me', e.token)).statusCode).toBe(401);
      const login = await t.app.inject({ method: 'POST', url: '/api/auth/employee-login', payload: { email: e.email, password: 'employee-password' } });
      expect(login.statusCode).toBe(401);
      expect(await db().selectFrom('attendance').select('status').where('user_id', '=', e.id).execute()).toEqual([{ status: 'P' }]);
      const user = await db().selectFrom('users').select(['active', 'token_version']).where('id', '=', e.id).executeTakeFirstOrThrow();
      expect(user).toEqual({ active: 0, token_version: 1 });

      const again = await remove(e.id);
      expect(again.statusCode).toBe(404);
      expect(again.json()).toEqual({ msg: EMPLOYEE_MSG.notFound });
    });

    it('is for admins only, and does not touch admin accounts', async () => {
      const e = await t.employee();
      expect((await remove(e.id, e.token)).statusCode).toBe(403);
      expect((await remove(t.admin.id)).statusCode).toBe(404);
      expect((await remove(999999)).statusCode).toBe(404);
    });

    it('is audited with the record before and after', async () => {
      const { _id } = (await create(asha)).json();
      await remove(_id);
      const [entry] = await audit();
      expect(entry).toMatchObject({
        action: 'employee.delete',
        entityId: _id,
        actor: { _id: String(t.admin.id) },
        before: { employeeId: 'EMP0001', email: 'asha@example.com', salary: 50000.5 },
        after: { employeeId: 'EMP0001', active: false },
      });
    });
  });

  it('audits an add with who, when and the new record', async () => {
    const before = Date.now();
    const { _id } = (await create(asha)).json();
    const [entry] = await audit();
    expect(entry).toEqual({
      _id: expect.any(String),
      at: expect.any(String),
      actor: { _id: String(t.admin.id), name: 'Admin', email: 'admin@test.local' },
      action: 'employee.create',
      entity: 'employee',
      entityId: _id,
      before: null,
      after: { _id, employeeId: 'EMP0001', name: 'Asha Rao', email: 'asha@example.com', position: 'Engineer', salary: 50000.5, joiningDate: expect.any(String), ...NO_MASTER, devicePin: '1', managerId: null },
    });
    expect(Date.parse(entry.at)).toBeGreaterThanOrEqual(before - 1000);
  });

  it('tells a unique-email violation from other unique violations on this engine', async () => {
    const e = await t.employee();
    const stamp = new Date().toISOString();
    const dupEmail = await db()
      .insertInto('users')
      .values({ email: e.email, name: 'X', role: 'employee', password_hash: null, created_at: stamp, updated_at: stamp })
      .execute()
      .catch((err: unknown) => err);
    expect(isUniqueViolation(dupEmail)).toBe(true);
    expect(isUniqueViolation(dupEmail, 'email')).toBe(true);
    const user = await db().insertInto('users').values({ email: 'new@test.local', name: 'X', role: 'employee', password_hash: null, created_at: stamp, updated_at: stamp }).returning('id').executeTakeFirstOrThrow();
    const dupId = await db()
      .insertInto('employees')
      .values({ user_id: user.id, employee_id: e.employeeId, position: 'P', salary_paise: 0, joined_on: '2025-01-01' })
      .execute()
      .catch((err: unknown) => err);
    expect(isUniqueViolation(dupId)).toBe(true);
    expect(isUniqueViolation(dupId, 'email')).toBe(false);
    expect(isUniqueViolation(new Error('other'))).toBe(false);
  });

  it('describes every employee route in the OpenAPI document', async () => {
    const spec = (await t.app.inject('/api/openapi.json')).json();
    expect(Object.keys(spec.paths)).toEqual(
      expect.arrayContaining(['/api/employee', '/api/employee/upload', '/api/employee/me', '/api/employee/current', '/api/employee/{id}', '/api/employee/edit/{id}', '/api/audit']),
    );
    const body = spec.paths['/api/employee'].post.requestBody.content['application/json'].schema;
    expect(Object.keys(body.properties)).toEqual(['name', 'email', 'position', 'salary', 'employeeId', 'joiningDate', 'phone', 'departmentId', 'locationId', 'devicePin', 'managerId']);
    expect(spec.paths['/api/employee/upload'].post.summary).toMatch(/10 MB/);
  });
});

describe.each(engines)('joining date on %s', (engine) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp(engine, { overrides: { now: () => new Date('2026-11-21T06:00:00Z') } });
  });
  afterEach(() => t.close());

  it('defaults to today in the company zone, accepts an earlier date, and rejects a malformed one', async () => {
    const add = (body: object) => t.app.inject({ method: 'POST', url: '/api/employee', headers: auth(t.admin.token), payload: body });
    const base = { name: 'Asha', position: 'Analyst', salary: 40000 };
    const today = await add({ ...base, email: 'today@x.in' });
    const earlier = await add({ ...base, email: 'earlier@x.in', joiningDate: '2025-04-01' });
    expect((await add({ ...base, email: 'bad@x.in', joiningDate: '2025-02-30' })).statusCode).toBe(400);
    const get = async (id: string) => (await t.app.inject({ url: `/api/employee/${id}`, headers: auth(t.admin.token) })).json();
    expect((await get(today.json()._id)).joiningDate).toBe('2026-11-21');
    expect((await get(earlier.json()._id)).joiningDate).toBe('2025-04-01');
  });

  it('reads an optional joining date column from the CSV', async () => {
    const csv = 'name,email,position,salary,Date of Joining\nA,a@x.in,Dev,100,2024-01-15\nB,b@x.in,Dev,100,\nC,c@x.in,Dev,100,01/15/2024\n';
    const boundary = 'xyzBOUNDARY';
    const payload = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="e.csv"\r\nContent-Type: text/csv\r\n\r\n${csv}\r\n--${boundary}--\r\n`);
    const res = await t.app.inject({ method: 'POST', url: '/api/employee/upload', headers: { ...auth(t.admin.token), 'content-type': `multipart/form-data; boundary=${boundary}` }, payload });
    expect(res.json().msg).toBe('Added 2 of 3 employees');
    expect(res.json().errors).toEqual([expect.stringMatching(/^Row 4: .*"01\/15\/2024" reads month first/)]);
    const list = (await t.app.inject({ url: '/api/employee', headers: auth(t.admin.token) })).json();
    expect(list.map((e: { email: string; joiningDate: string }) => [e.email, e.joiningDate])).toEqual([
      ['a@x.in', '2024-01-15'],
      ['b@x.in', '2026-11-21'],
    ]);
  });
});
