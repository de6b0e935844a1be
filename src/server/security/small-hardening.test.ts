/**
 * Small hardening and the invitation wording: bidirectional controls refused in names and titles
 * (the shared schemas, so the client's forms agree), X-Frame-Options agreeing with
 * frame-ancestors 'none', emailed links built from PUBLIC_URL, not from the request's Host.
 */
import { employeeCreateBody, employeeUpdateBody } from '../../shared/schemas/employee';
import { taskAssignBody } from '../../shared/schemas/task';
import { invitationMail } from '../modules/employees';
import { auth, createTestApp, engines, eventually, type TestApp } from '../test/test-app';

const BIDI = ['\u202A', '\u202B', '\u202C', '\u202D', '\u202E', '\u2066', '\u2067', '\u2068', '\u2069'];

describe.each(engines)('small hardening on %s', (engine) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp(engine, { env: { PUBLIC_URL: 'https://hr.example.com' } });
  });
  afterEach(() => t.close());

  it('refuses text-direction controls in employee names and positions and in task titles, with a 400 naming the field', async () => {
    const e = await t.employee();
    for (const c of BIDI) {
      const add = await t.app.inject({ method: 'POST', url: '/api/employee', headers: auth(t.admin.token), payload: { name: `Ravi${c}gpj.exe`, email: 'ravi@test.local', position: 'Engineer', salary: 1000 } });
      expect([add.statusCode, add.json().msg]).toEqual([400, 'name must not contain text-direction control characters']);
      const edit = await t.app.inject({ method: 'PUT', url: `/api/employee/edit/${e.id}`, headers: auth(e.token), payload: { name: `Me${c}`, email: e.email } });
      expect(edit.statusCode).toBe(400);
      const task = await t.app.inject({ method: 'POST', url: '/api/task/assign', headers: auth(t.admin.token), payload: { employeeId: e.employeeId, title: `Fix${c}`, description: 'd' } });
      expect([task.statusCode, task.json().msg]).toEqual([400, 'title must not contain text-direction control characters']);
    }
    // Right-to-left names themselves are fine.
    const arabic = await t.app.inject({ method: 'POST', url: '/api/employee', headers: auth(t.admin.token), payload: { name: 'ليلى أحمد', email: 'layla@test.local', position: 'מהנדסת', salary: 1000 } });
    expect(arabic.statusCode).toBe(200);
  });

  it("sends X-Frame-Options: DENY, agreeing with frame-ancestors 'none'", async () => {
    for (const res of [await t.app.inject('/api/health'), await t.app.inject({ url: '/api/employee', headers: auth(t.admin.token) }), await t.app.inject('/nope')]) {
      expect(res.headers['x-frame-options']).toBe('DENY');
      expect(res.headers['content-security-policy']).toMatch(/frame-ancestors 'none'/);
    }
  });

  it("builds emailed links from PUBLIC_URL whatever Host the request names, and words the invitation plainly", async () => {
    const e = await t.employee();
    await t.app.inject({ method: 'POST', url: '/api/auth/forgot-password', headers: { host: 'evil.example' }, payload: { email: e.email } });
    await t.app.inject({ method: 'POST', url: '/api/employee', headers: { ...auth(t.admin.token), host: 'evil.example' }, payload: { name: 'Nia', email: 'nia@test.local', position: 'Analyst', salary: 1 } });
    await eventually(() => t.mailer.sent.length === 2, 20_000, 'two mails');
    for (const mail of t.mailer.sent) {
      expect(mail.text).toMatch(/https:\/\/hr\.example\.com\/set-password\?token=/);
      expect(mail.text).not.toMatch(/evil/);
    }
    const invitation = t.mailer.sent.find((m) => m.to === 'nia@test.local')!;
    expect(invitation.text).not.toMatch(/HR Portal portal/);
    expect(invitation.text).toMatch(/Your HR Portal account has been created \(employee ID EMP\d{4}\)/);
  });
});

describe('bidi controls in the shared schemas (the client validates with the same ones)', () => {
  it('refuses them in names, positions and titles', () => {
    expect(employeeCreateBody.safeParse({ name: 'A\u202EB', email: 'a@b.co', position: 'P', salary: 1 }).success).toBe(false);
    expect(employeeUpdateBody.safeParse({ name: 'A', email: 'a@b.co', position: 'P\u2067' }).success).toBe(false);
    expect(taskAssignBody.safeParse({ employeeId: 'EMP0001', title: '\u202Dx', description: 'd' }).success).toBe(false);
    expect(invitationMail({ config: { companyName: 'HR Portal' } } as never, { userId: 1, name: 'N', email: 'n@x.co', employeeId: 'EMP0001' }, 'L').text).not.toMatch(/Portal portal/);
  });
});
