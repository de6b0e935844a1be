/**
 * The one rule for text: single-line fields (names, positions, emails, codes, titles, holiday and
 * leave type names, statutory codes) refuse C0 and C1 controls, DEL, NEL, U+2028 and U+2029 with a
 * 400 {msg} naming the field; multi-line fields (task description, leave and correction reasons)
 * keep line breaks and refuse the rest. Migration 035 cleans what was stored before and says how
 * many rows it changed.
 */
import { SINGLE_LINE_FORBIDDEN } from '../../shared/schemas/common';
import { textControlCleanupMigration } from '../db/migrations/035-text-control-cleanup';
import { auth, createTestApp, engines, type TestApp } from '../test/test-app';

/** Every kind the rule names: C0 (TAB, LF, CR, BEL, ESC), DEL, C1 (NEL and others), LS and PS. */
const HOSTILE = ['\t', '\n', '\r', '\r\n', '\u0007', '\u001b', '\u007f', '\u0085', '\u0080', '\u009f', '\u2028', '\u2029'];
const oneLine = (field: string) => `${field} must be one line of text, without line breaks, tabs or other control characters`;
const multiLine = (field: string) => `${field} must not contain tabs or control characters (line breaks are fine)`;

describe.each(engines)('control characters on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine);
  });
  afterAll(() => t.close());

  const call = (method: 'POST' | 'PUT', url: string, token: string, payload: object) => t.app.inject({ method, url, headers: auth(token), payload });

  it('refuses them in every single-line field with a 400 naming the field, and stores nothing', async () => {
    const e = await t.employee({ name: 'Mallory Attacker' });
    const type = (await call('POST', '/api/leave-types', t.admin.token, { name: 'Study', yearlyEntitlement: 12, accrual: 'yearly', proRate: false, carryForwardCap: 0, halfDayAllowed: false, paid: false })).json()._id;
    expect(type).toBeDefined();
    for (const c of HOSTILE) {
      const cases: Array<[string, Promise<{ statusCode: number; json(): { msg: string } }>]> = [
        // The finding: an employee's own rename carrying a bank record.
        ['name', call('PUT', `/api/employee/edit/${e.id}`, e.token, { name: `Mallory${c}999999999999,HDFC0000001,999999.00`, email: e.email })],
        ['name', call('POST', '/api/employee', t.admin.token, { name: `Ravi${c}`, email: 'ravi@test.local', position: 'Engineer', salary: 1 })],
        ['position', call('POST', '/api/employee', t.admin.token, { name: 'Ravi', email: 'ravi@test.local', position: `Eng${c}ineer`, salary: 1 })],
        ['email', call('POST', '/api/employee', t.admin.token, { name: 'Ravi', email: `ravi@test.local${c}`, position: 'Engineer', salary: 1 })],
        ['PAN', call('PUT', `/api/employee/edit/${e.id}`, t.admin.token, { name: 'Mallory Attacker', email: e.email, statutory: { pan: `ABCDE1234F${c}` } })],
        ['Bank account number', call('PUT', `/api/employee/edit/${e.id}`, t.admin.token, { name: 'Mallory Attacker', email: e.email, statutory: { bankAccount: `1234${c}56789` } })],
        ['title', call('POST', '/api/task/assign', t.admin.token, { employeeId: e.employeeId, title: `Fix${c}it`, description: 'd' })],
        ['employeeId', call('POST', '/api/task/assign', t.admin.token, { employeeId: `${e.employeeId}${c}`, title: 'Fix', description: 'd' })],
        ['name', call('POST', '/api/holidays', t.admin.token, { date: '2026-12-25', name: `Christmas${c}` })],
        ['name', call('POST', '/api/leave-types', t.admin.token, { name: `Sick${c}`, yearlyEntitlement: 12, accrual: 'yearly', proRate: false, carryForwardCap: 0, halfDayAllowed: false, paid: false })],
        ['name', call('PUT', `/api/leave-types/${type}`, t.admin.token, { name: `Study${c}`, yearlyEntitlement: 12, accrual: 'yearly', proRate: false, carryForwardCap: 0, halfDayAllowed: false, paid: false })],
      ];
      for (const [field, pending] of cases) {
        const res = await pending;
        expect([JSON.stringify(c), res.statusCode, res.json().msg]).toEqual([JSON.stringify(c), 400, oneLine(field)]);
      }
    }
    const names = await t.ctx.database.db.selectFrom('users').select('name').execute();
    expect(names.map((n) => n.name).filter((n) => SINGLE_LINE_FORBIDDEN.test(n))).toEqual([]);
    expect(await t.ctx.database.db.selectFrom('holidays').select('id').execute()).toEqual([]);
  });

  it('keeps line breaks in multi-line fields and refuses tabs and the other controls there', async () => {
    const e = await t.employee({ joinedOn: '2024-01-01' });
    const description = 'Step one.\nStep two.\r\nDone.';
    const task = await call('POST', '/api/task/assign', t.admin.token, { employeeId: e.employeeId, title: 'Steps', description });
    expect(task.statusCode).toBe(201);
    const stored = await t.ctx.database.db.selectFrom('tasks').select('description').where('id', '=', Number(task.json()._id)).executeTakeFirstOrThrow();
    expect(stored.description).toBe(description);
    const leave = await call('POST', '/api/leave', e.token, { startDate: '2026-12-21', endDate: '2026-12-21', reason: 'Family\nwedding' });
    expect(leave.statusCode).toBe(201);

    for (const c of ['\t', '\u0007', '\u007f', '\u0085', '\u2028', '\u2029', '\u000b', '\u000c']) {
      const bad = await call('POST', '/api/task/assign', t.admin.token, { employeeId: e.employeeId, title: 'Steps', description: `a${c}b` });
      expect([JSON.stringify(c), bad.statusCode, bad.json().msg]).toEqual([JSON.stringify(c), 400, multiLine('description')]);
      const badLeave = await call('POST', '/api/leave', e.token, { startDate: '2026-12-22', endDate: '2026-12-22', reason: `a${c}b` });
      expect([badLeave.statusCode, badLeave.json().msg]).toEqual([400, multiLine('reason')]);
      const badCorrection = await call('POST', '/api/attendance/corrections', e.token, { date: '2025-03-03', inTime: '09:00', outTime: '18:00', kind: 'other', reason: `a${c}b` });
      expect([badCorrection.statusCode, badCorrection.json().msg]).toEqual([400, multiLine('reason')]);
    }
  });

  it('migration 035 cleans rows stored before the rule and records how many in the audit log', async () => {
    const db = t.ctx.database.db;
    const dirty = await t.employee({ name: 'Mallory Attacker\r\n999999999999,HDFC0000001,999999.00,X', position: 'Eng\u2028ineer' });
    const clean = await t.employee({ name: 'Alice Victim' });
    await db.insertInto('holidays').values({ date: '2027-01-26', name: 'Republic\u0085Day\u202E', created_at: new Date().toISOString() }).execute();
    const task = await db
      .insertInto('tasks')
      .values({ user_id: clean.id, title: 'T\tT', description: 'line one\nline\ttwo\u0007', status: 'assigned', assigned_by: null, created_at: '2026-01-01T00:00:00Z', updated_at: '2026-01-01T00:00:00Z' })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db.updateTable('users').set({ email: 'flagged@test.local\u0007' }).where('id', '=', clean.id).execute();

    await textControlCleanupMigration.up(db);

    const user = await db.selectFrom('users').select('name').where('id', '=', dirty.id).executeTakeFirstOrThrow();
    expect(user.name).toBe('Mallory Attacker 999999999999,HDFC0000001,999999.00,X');
    expect((await db.selectFrom('employees').select('position').where('user_id', '=', dirty.id).executeTakeFirstOrThrow()).position).toBe('Eng ineer');
    expect((await db.selectFrom('holidays').select('name').where('date', '=', '2027-01-26').executeTakeFirstOrThrow()).name).toBe('Republic Day');
    expect(await db.selectFrom('tasks').select(['title', 'description']).where('id', '=', task.id).executeTakeFirstOrThrow()).toEqual({ title: 'T T', description: 'line one\nline two' });
    // An email is flagged, not rewritten: it is how the person signs in.
    expect((await db.selectFrom('users').select('email').where('id', '=', clean.id).executeTakeFirstOrThrow()).email).toBe('flagged@test.local\u0007');

    const entry = await db.selectFrom('audit_log').selectAll().where('action', '=', 'data.text-cleanup').executeTakeFirstOrThrow();
    expect(JSON.parse(entry.after_json!)).toEqual({
      rowsCleaned: 5,
      cleaned: { 'users.name': 1, 'employees.position': 1, 'holidays.name': 1, 'tasks.title': 1, 'tasks.description': 1 },
      flaggedEmails: [clean.id],
      flaggedEmailCount: 1,
    });
    await db.updateTable('users').set({ email: clean.email }).where('id', '=', clean.id).execute();
  });
});
