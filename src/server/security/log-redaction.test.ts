/**
 * Set-password and email-confirmation links carry live tokens, and the request
 * log (info level, the default) wrote them out with every URL. The log is captured as the server
 * writes it and searched for the token.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { randomBytes } from 'node:crypto';
import { buildApp } from '../app';
import { createContext } from '../bootstrap';
import { loadConfig } from '../config';
import { redactUrl } from '../log-options';
import { MemoryMailer, TEST_LOG_N } from '../test/test-app';

describe('log redaction', () => {
  it('never writes a link token or a password to the log, from URLs or logged bodies', async () => {
    let log = '';
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hr-log-'));
    const clientDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hr-client-'));
    fs.writeFileSync(path.join(clientDir, 'index.html'), '<!doctype html><html><head></head><body></body></html>');
    const ctx = await createContext(loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'info', JWT_SECRET: randomBytes(32).toString('hex'), APP_TIMEZONE: 'UTC' }), {
      mailer: new MemoryMailer(),
      passwordLogN: TEST_LOG_N,
      logStream: new Writable({ write: (chunk, _enc, done) => ((log += String(chunk)), done()) }),
    });
    const app = await buildApp({ ctx, clientDir, logger: true });
    try {
      const secret = 'LinkTokenThatMustNotBeLogged_0123456789abcd';
      await app.inject(`/set-password?token=${secret}`);
      await app.inject(`/confirm-email?x=1&TOKEN=${secret}&y=2`);
      await app.inject({ method: 'POST', url: `/api/auth/set-password?token=${secret}`, payload: { token: secret, password: 'a-password-never-logged' } });
      // Anything that logs a request body or headers goes through the same redaction.
      app.log.info({ body: { token: secret, password: 'a-password-never-logged' }, headers: { 'x-auth-token': secret } }, 'a body');
      expect(log).toMatch(/"url":"\/set-password\?token=\[redacted\]"/);
      expect(log).toMatch(/"url":"\/confirm-email\?x=1&TOKEN=\[redacted\]&y=2"/);
      expect(log).toMatch(/a body/);
      expect(log).not.toContain(secret);
      expect(log).not.toContain('a-password-never-logged');
    } finally {
      await app.close();
      await ctx.database.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
      fs.rmSync(clientDir, { recursive: true, force: true });
    }
  });

  it('blanks only the token parameter', () => {
    expect(redactUrl('/set-password?token=abc&next=/x')).toBe('/set-password?token=[redacted]&next=/x');
    expect(redactUrl('/api/employee?q=token')).toBe('/api/employee?q=token');
    expect(redactUrl('/a?mytoken=keep')).toBe('/a?mytoken=keep');
  });
});
