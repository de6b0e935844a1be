/** The SPA is served with history-API fallback, strict headers and the server's settings in its meta tags. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createTestApp, type TestApp } from './test/test-app';

const INDEX = '<!doctype html><html lang=en><head><meta name=hr-portal-employee-login content=password><meta name=hr-portal-timezone content><script defer src=/assets/main.abc.js></script></head><body><div id=root></div></body></html>';

function clientDir() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hr-client-'));
  fs.mkdirSync(path.join(dir, 'assets'));
  fs.writeFileSync(path.join(dir, 'index.html'), INDEX);
  fs.writeFileSync(path.join(dir, 'assets/main.abc.js'), 'console.log(1)');
  return dir;
}

describe('serving the SPA', () => {
  let t: TestApp;
  afterEach(() => t.close());

  it('answers deep links with index.html and assets with long-lived caching', async () => {
    t = await createTestApp('sqlite', { clientDir: clientDir() });
    for (const url of ['/', '/admin/attendance', '/employee/change-password']) {
      const res = await t.app.inject(url);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(res.body).toContain('<div id=root>');
      expect(res.headers['content-security-policy']).toMatch(/script-src 'self'/);
      expect(res.headers['cache-control']).toBe('no-cache');
    }
    const asset = await t.app.inject('/assets/main.abc.js');
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toMatch(/immutable/);
    expect((await t.app.inject('/api/unknown')).json()).toEqual({ msg: 'Not found' });
    expect((await t.app.inject({ method: 'POST', url: '/admin' })).statusCode).toBe(404);
  });

  it("tells the page the server's employee sign-in mode and time zone", async () => {
    t = await createTestApp('sqlite', { clientDir: clientDir(), env: { EMPLOYEE_LOGIN: 'email-only' } });
    const page = (await t.app.inject('/')).body;
    expect(page).toContain('<meta name="hr-portal-employee-login" content="email-only">');
    expect(page).toContain('<meta name="hr-portal-timezone" content="Asia/Kolkata">');
  });

  it('sends security headers and keeps CORS closed', async () => {
    t = await createTestApp('sqlite', { clientDir: clientDir() });
    const res = await t.app.inject({ url: '/api/health', headers: { origin: 'https://evil.example' } });
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toMatch(/frame-ancestors 'none'/);
  });
});
