import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createMailer, isPermanentMailError } from './mailer';
import { decodeQuotedPrintable, startTestSmtp, type TestSmtp } from './smtp-test-server';
import { invitationMail } from '../modules/employees';

const link = 'http://localhost:3000/set-password?token=abcDEF123_-xyz0123456789abcdefghijklmnopq';
const message = () =>
  invitationMail({ config: { companyName: 'Acme HR' } as never }, { userId: 1, name: 'Asha Rao', email: 'asha@example.com', employeeId: 'EMP0007' }, link);

describe('mailer over SMTP (a real smtp-server peer)', () => {
  let smtp: TestSmtp | undefined;
  afterEach(async () => {
    await smtp?.close();
    smtp = undefined;
  });

  it('delivers the message to its recipient with the subject and the set-password link', async () => {
    smtp = await startTestSmtp();
    const mailer = createMailer({ smtpUrl: smtp.url, from: 'HR <hr@acme.test>', outboxDir: '/nonexistent' });
    try {
      await mailer.send(message());
    } finally {
      mailer.close();
    }
    expect(mailer.kind).toBe('smtp');
    expect(smtp.received).toHaveLength(1);
    const mail = smtp.received[0]!;
    expect(mail.to).toEqual(['asha@example.com']);
    expect(mail.from).toBe('hr@acme.test');
    expect(mail.raw).toMatch(/^Subject: Acme HR: your account is ready, set your password$/m);
    expect(mail.raw).toMatch(/^To: asha@example.com$/m);
    expect(mail.text).toContain(link);
    expect(mail.text).toContain('EMP0007');
  });

  it('reuses a few pooled connections for many messages', async () => {
    smtp = await startTestSmtp();
    const mailer = createMailer({ smtpUrl: smtp.url, from: 'hr@acme.test', outboxDir: '/nonexistent' });
    try {
      for (let i = 0; i < 3; i++) await mailer.send({ ...message(), to: `one-by-one${i}@example.com` });
      expect(smtp.connections).toBe(1);
      await Promise.all(Array.from({ length: 20 }, (_, i) => mailer.send({ ...message(), to: `bulk${i}@example.com` })));
    } finally {
      mailer.close();
    }
    expect(smtp.received).toHaveLength(23);
    // Concurrent sends share at most five connections instead of opening one each.
    expect(smtp.connections).toBeLessThanOrEqual(5);
  });

  it('retries after a transient refusal (451) and delivers once', async () => {
    smtp = await startTestSmtp({ reject: (attempt) => (attempt === 1 ? 451 : undefined) });
    const warn = jest.fn();
    const mailer = createMailer({ smtpUrl: smtp.url, from: 'hr@acme.test', outboxDir: '/nonexistent', retries: 3, retryDelayMs: 5, log: { info: jest.fn(), warn } });
    try {
      await mailer.send(message());
    } finally {
      mailer.close();
    }
    expect(smtp.attempts).toBe(2);
    expect(smtp.received).toHaveLength(1);
    expect(warn).toHaveBeenCalledTimes(1);
  });

  it('gives up after the last retry when the refusals continue, and says why', async () => {
    smtp = await startTestSmtp({ reject: () => 451 });
    const mailer = createMailer({ smtpUrl: smtp.url, from: 'hr@acme.test', outboxDir: '/nonexistent', retries: 2, retryDelayMs: 5 });
    try {
      await expect(mailer.send(message())).rejects.toMatchObject({ responseCode: 451 });
    } finally {
      mailer.close();
    }
    expect(smtp.attempts).toBe(3); // the first try and two retries
    expect(smtp.received).toHaveLength(0);
  });

  it('does not retry a permanent refusal (550)', async () => {
    smtp = await startTestSmtp({ reject: () => 550 });
    const mailer = createMailer({ smtpUrl: smtp.url, from: 'hr@acme.test', outboxDir: '/nonexistent', retries: 3, retryDelayMs: 5 });
    try {
      await expect(mailer.send(message())).rejects.toMatchObject({ responseCode: 550 });
    } finally {
      mailer.close();
    }
    expect(smtp.attempts).toBe(1);
  });

  it('retries when the server cannot be reached, then rejects', async () => {
    smtp = await startTestSmtp();
    const url = smtp.url;
    await smtp.close();
    smtp = undefined;
    const warn = jest.fn();
    const mailer = createMailer({ smtpUrl: url, from: 'hr@acme.test', outboxDir: '/nonexistent', retries: 1, retryDelayMs: 5, log: { info: jest.fn(), warn } });
    try {
      await expect(mailer.send(message())).rejects.toThrow();
    } finally {
      mailer.close();
    }
    expect(warn).toHaveBeenCalledTimes(1);
  });
});

describe('mailer without SMTP_URL (outbox)', () => {
  it('writes each message as a readable .eml file in the outbox and logs it', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hr-outbox-'));
    const outboxDir = path.join(dir, 'outbox');
    const info = jest.fn();
    const mailer = createMailer({ from: 'HR <hr@acme.test>', outboxDir, log: { info, warn: jest.fn() } });
    try {
      expect(mailer.kind).toBe('outbox');
      await mailer.send(message());
      await mailer.send({ ...message(), to: 'second@example.com' });
      const files = fs.readdirSync(outboxDir);
      expect(files).toHaveLength(2);
      expect(files.every((f) => f.endsWith('.eml'))).toBe(true);
      const emls = files.map((f) => fs.readFileSync(path.join(outboxDir, f), 'utf8'));
      const first = emls.find((e) => /^To: asha@example.com$/m.test(e))!;
      expect(first).toMatch(/^From: HR <hr@acme.test>$/m);
      expect(first).toMatch(/^Subject: Acme HR: your account is ready, set your password$/m);
      expect(decodeQuotedPrintable(first)).toContain(link);
      expect(info).toHaveBeenCalledWith(expect.objectContaining({ to: 'asha@example.com', file: expect.stringContaining(outboxDir) }), 'mail written to outbox');
    } finally {
      mailer.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('makes the outbox folder once, and again if it disappears', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hr-outbox-'));
    const outboxDir = path.join(dir, 'outbox');
    const mkdir = jest.spyOn(fs.promises, 'mkdir');
    const mailer = createMailer({ from: 'hr@acme.test', outboxDir, retries: 1, retryDelayMs: 1, log: { info: jest.fn(), warn: jest.fn() } });
    try {
      for (let i = 0; i < 3; i++) await mailer.send(message());
      expect(mkdir.mock.calls.filter(([p]) => p === outboxDir)).toHaveLength(1);
      fs.rmSync(outboxDir, { recursive: true });
      await mailer.send(message());
      expect(fs.readdirSync(outboxDir)).toHaveLength(1);
    } finally {
      mkdir.mockRestore();
      mailer.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('rejects after retries when the outbox cannot be written', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hr-outbox-'));
    const blocker = path.join(dir, 'not-a-dir');
    fs.writeFileSync(blocker, 'a file where the outbox folder should be');
    const warn = jest.fn();
    const mailer = createMailer({ from: 'hr@acme.test', outboxDir: path.join(blocker, 'outbox'), retries: 2, retryDelayMs: 1, log: { info: jest.fn(), warn } });
    try {
      await expect(mailer.send(message())).rejects.toThrow();
      expect(warn).toHaveBeenCalledTimes(2);
    } finally {
      mailer.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('isPermanentMailError', () => {
  it.each([
    [{ responseCode: 550 }, true],
    [{ responseCode: 553 }, true],
    [{ code: 'EAUTH', responseCode: 535 }, true],
    [{ responseCode: 503 }, false],
    [{ responseCode: 451 }, false],
    [{ responseCode: 421 }, false],
    [{ code: 'ECONNECTION' }, false],
    [new Error('disk full'), false],
    [undefined, false],
  ])('%j -> %s', (err, permanent) => {
    expect(isPermanentMailError(err)).toBe(permanent);
  });
});
