/** Salary slips through a real SMTP peer: what arrives must be the very file the server built. */
import os from 'node:os';
import path from 'node:path';
import { createMailer, type MailMessage, type Mailer } from '../../mail/mailer';
import { attachmentsOf, mimeParts, splitMessage, startTestSmtp, type TestSmtp } from '../../mail/smtp-test-server';
import { auth, createTestApp, engines, eventually, type TestApp } from '../../test/test-app';
import { approveQuietly, OVERRIDE_BLOCKING, readSlip, seedAttendance, TEST_NOW } from '../../test/salary-test-helpers';
import { pdfText } from '../../test/pdf-text';
import { XLSX_CONTENT_TYPE } from './slip-workbook';

/** Wraps a mailer to keep the exact bytes handed to the transport. */
function capturing(inner: Mailer): Mailer & { handed: MailMessage[] } {
  const handed: MailMessage[] = [];
  return {
    kind: inner.kind,
    handed,
    async send(message) {
      handed.push(message);
      await inner.send(message);
    },
    close: () => inner.close(),
  };
}

describe.each(engines)('salary slip email over SMTP on %s', (engine) => {
  let t: TestApp;
  let peer: TestSmtp;
  let mailer: ReturnType<typeof capturing>;

  beforeEach(async () => {
    peer = await startTestSmtp({ rejectRecipient: (to) => to.startsWith('bounce') });
    mailer = capturing(
      createMailer({ smtpUrl: peer.url, from: 'Payroll <payroll@test.local>', outboxDir: path.join(os.tmpdir(), 'unused-outbox'), retries: 0 }),
    );
    t = await createTestApp(engine, { overrides: { mailer, now: () => TEST_NOW }, env: { COMPANY_NAME: 'Acme' } });
  });
  afterEach(async () => {
    await t.close();
    mailer.close();
    await peer.close();
  });

  /** Approves a month (its run's mails forgotten): a single slip is emailed only from an approved month. */
  const approved = async (month: string) => {
    await approveQuietly(t, month);
    peer.received.splice(0);
    mailer.handed.splice(0);
  };

  it('delivers the slip as an intact PDF attachment to the employee (no .xlsx unless the company asks)', async () => {
    const e = await t.employee({ name: 'Meera Iyer', email: 'meera@test.local', salaryPaise: 45_200_00 });
    await seedAttendance(t, e.id, '2026-10');
    await approved('2026-10');
    const res = await t.app.inject({ method: 'POST', url: '/api/salary/email', headers: auth(t.admin.token), payload: { employeeId: e.employeeId, month: 'oct', year: '2026' } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ msg: 'Salary slip for October 2026 emailed to meera@test.local' });

    expect(peer.received).toHaveLength(1);
    const [mail] = peer.received;
    expect(mail!.to).toEqual(['meera@test.local']);
    expect(mail!.from).toBe('payroll@test.local');
    const { headers } = splitMessage(mail!.bytes);
    expect(headers.get('subject')).toBe('Acme: salary slip for October 2026');
    const textPart = mimeParts(mail!.bytes).find((p) => p.headers.get('content-type')?.startsWith('text/plain'));
    expect(textPart!.body.toString()).toContain('Your salary slip for October 2026 is attached');

    const [attachment, ...more] = attachmentsOf(mail!.bytes);
    expect(more).toHaveLength(0);
    expect(attachment!.filename).toBe(`salary-slip_${e.employeeId}_2026-10.pdf`);
    expect(attachment!.contentType).toBe('application/pdf');
    // Byte for byte what the server handed to the transport.
    expect(attachment!.content.equals(mailer.handed[0]!.attachments![0]!.content)).toBe(true);

    const { total, text } = await pdfText(attachment!.content);
    expect(total).toBe(1);
    const flat = text.replace(/\s+/g, ' ');
    expect(flat).toContain('Name Meera Iyer');
    // 45,200 gross, full month, Karnataka (no state saved), new regime: 45,200 − PF 2,712 (12% of basic 22,600, under the ₹25,000 ceiling) − PT 200 − TDS 0
    // (12 × 45,200 = 5,42,400 − 75,000 = 4,67,400: 5% × 67,400 = 3,370, rebated by s.87A).
    expect(flat).toContain('Net Pay ₹42,288.00');
    expect(flat).toContain('Rupees Forty-Two Thousand Two Hundred Eighty-Eight Only');
  });

  it('carries the .xlsx beside the PDF once the payroll settings say so, both with the same figures', async () => {
    const admin = auth(t.admin.token);
    expect((await t.app.inject({ method: 'GET', url: '/api/salary/settings', headers: admin })).json()).toMatchObject({ slipEmailAttachXlsx: false, slipRelease: 'approval' });
    const put = await t.app.inject({ method: 'PUT', url: '/api/salary/settings', headers: admin, payload: { slipEmailAttachXlsx: true } });
    expect(put.statusCode).toBe(200);
    const e = await t.employee({ name: 'Kavya Nair', email: 'kavya@test.local', salaryPaise: 18_000_00 });
    await t.app.inject({ method: 'PUT', url: `/api/employee/edit/${e.id}`, headers: admin, payload: { name: 'Kavya Nair', email: 'kavya@test.local', statutory: { stateOfWork: 'KA' } } });
    await seedAttendance(t, e.id, '2026-10');
    await approved('2026-10');
    const res = await t.app.inject({ method: 'POST', url: '/api/salary/email', headers: admin, payload: { employeeId: e.employeeId, month: 10, year: 2026 } });
    expect(res.statusCode).toBe(200);

    const [pdf, xlsx, ...more] = attachmentsOf(peer.received[0]!.bytes);
    expect(more).toHaveLength(0);
    expect([pdf!.filename, pdf!.contentType]).toEqual([`salary-slip_${e.employeeId}_2026-10.pdf`, 'application/pdf']);
    expect([xlsx!.filename, xlsx!.contentType]).toEqual([`salary-slip_${e.employeeId}_2026-10.xlsx`, XLSX_CONTENT_TYPE]);
    const text = (await pdfText(pdf!.content)).text.replace(/\s+/g, ' ');
    const sheet = await readSlip(xlsx!.content);
    // ₹18,000 full month: PF 12% × 9,000 = 1,080; ESI 0.75% × 18,000 = 135; PT nil below ₹25,000; TDS nil.
    // Net 18,000 − 1,215 = 16,785. Employer: EPF 330, EPS 750, EDLI 45, admin 45, ESI 585.
    const expected: [string, number][] = [
      ['Provident Fund (Employee)', 1_080],
      ['ESI (Employee)', 135],
      ['Professional Tax', 0],
      ['Income Tax (TDS)', 0],
      ['Total Deductions', 1_215],
      ['Provident Fund (EPF)', 330],
      ['Pension Fund (EPS)', 750],
      ['ESI (Employer)', 585],
    ];
    for (const [label, rupees] of expected) {
      expect(sheet.values.get(label)).toBe(rupees);
      expect(text).toContain(`${label} ${rupees.toLocaleString('en-IN', { minimumFractionDigits: 2 })}`);
    }
    expect(sheet.values.get('Net Pay (₹)')).toBe(16_785);
    expect(text).toContain('Net Pay ₹16,785.00');
    const audit = await t.ctx.database.db.selectFrom('audit_log').select(['action', 'after_json']).where('action', '=', 'payroll-settings.update').execute();
    expect(audit).toEqual([{ action: 'payroll-settings.update', after_json: expect.any(String) }]);
    expect(JSON.parse(audit[0]!.after_json!)).toMatchObject({ slipEmailAttachXlsx: true, slipRelease: 'approval' });
  });

  it('answers 502 with a msg when the mail server refuses the message', async () => {
    const e = await t.employee({ email: 'bounce@test.local' });
    await approved('2026-03');
    const res = await t.app.inject({ method: 'POST', url: '/api/salary/email', headers: auth(t.admin.token), payload: { employeeId: e.employeeId, month: 3, year: 2026 } });
    expect(res.statusCode).toBe(502);
    expect(res.json().msg).toMatch(/^The salary slip could not be emailed: /);
    expect(peer.received).toHaveLength(0);
  });

  it('runs a bulk payroll run end to end: one message per employee, each with their own slip', async () => {
    const people = [];
    for (let i = 0; i < 4; i++) people.push(await t.employee({ salaryPaise: (20_000 + i * 10_000) * 100 }));
    const start = await t.app.inject({ method: 'POST', url: '/api/salary/email-all', headers: auth(t.admin.token), payload: { month: 'October', year: 2026, ...OVERRIDE_BLOCKING } });
    expect(start.statusCode).toBe(202);
    const { runId } = start.json();
    const report = () => t.app.inject({ method: 'GET', url: `/api/salary/runs/${runId}`, headers: auth(t.admin.token) }).then((r) => r.json());
    await eventually(async () => (await report()).status === 'done', 15_000, 'the run to finish');

    expect(await report()).toMatchObject({ total: 4, sent: 4, failed: 0, pending: 0, errors: [] });
    expect(peer.received.map((m) => m.to[0]).sort()).toEqual(people.map((p) => p.email).sort());
    for (const mail of peer.received) {
      const person = people.find((p) => p.email === mail.to[0])!;
      const [attachment] = attachmentsOf(mail.bytes);
      expect(attachment!.filename).toBe(`salary-slip_${person.employeeId}_2026-10.pdf`);
      expect((await pdfText(attachment!.content)).text.replace(/\s+/g, ' ')).toContain(`Employee ID ${person.employeeId}`);
    }
  });
});
