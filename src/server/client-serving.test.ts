/** The SPA is served with history-API fallback, strict headers and the server's settings in its meta tags. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
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

describe('bytes on the wire', () => {
  let t: TestApp;
  afterEach(() => t.close());

  it('sends the precompressed copy of an asset that the browser accepts, untouched', async () => {
    const dir = clientDir();
    // Distinct bodies, so the test sees which file was sent rather than a compression made on the fly.
    fs.writeFileSync(path.join(dir, 'assets/main.abc.js.br'), 'brotli copy');
    fs.writeFileSync(path.join(dir, 'assets/main.abc.js.gz'), 'gzip copy');
    t = await createTestApp('sqlite', { clientDir: dir });
    const br = await t.app.inject({ url: '/assets/main.abc.js', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.body).toBe('brotli copy');
    expect(br.headers['content-type']).toMatch(/javascript/);
    const gz = await t.app.inject({ url: '/assets/main.abc.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.body).toBe('gzip copy');
    const plain = await t.app.inject('/assets/main.abc.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe('console.log(1)');
  });

  it('compresses JSON answers over 1 KB and leaves small ones alone', async () => {
    t = await createTestApp('sqlite');
    for (let i = 0; i < 30; i++) await t.employee({ name: `Person number ${i} with a fairly long name` });
    const headers = { 'x-auth-token': t.admin.token, 'accept-encoding': 'br, gzip' };
    const list = await t.app.inject({ url: '/api/employee', headers });
    expect(list.headers['content-encoding']).toBe('br');
    const decoded = JSON.parse(zlib.brotliDecompressSync(list.rawPayload).toString('utf8'));
    expect(decoded).toHaveLength(30);
    expect(list.rawPayload.length).toBeLessThan(JSON.stringify(decoded).length / 3);
    const health = await t.app.inject({ url: '/api/health', headers });
    expect(health.headers['content-encoding']).toBeUndefined();
    expect(health.json()).toEqual({ status: 'ok' });
  });

  it("packs each version of today's attendance once, keeps its ETag, and still answers 304", async () => {
    t = await createTestApp('sqlite');
    for (let i = 0; i < 20; i++) {
      const e = await t.employee();
      await t.app.inject({ method: 'POST', url: '/api/attendance/punch-in', headers: { 'x-auth-token': e.token } });
    }
    const url = '/api/attendance?date=' + new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(new Date());
    const get = (extra: Record<string, string>) => t.app.inject({ url, headers: { 'x-auth-token': t.admin.token, ...extra } });
    const plain = await get({});
    const gz = await get({ 'accept-encoding': 'gzip' });
    const br = await get({ 'accept-encoding': 'gzip;q=0.5, br' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(br.headers['content-encoding']).toBe('br');
    expect(JSON.parse(zlib.gunzipSync(gz.rawPayload).toString())).toEqual(plain.json());
    expect(JSON.parse(zlib.brotliDecompressSync(br.rawPayload).toString())).toEqual(plain.json());
    for (const res of [gz, br]) {
      expect(res.headers.etag).toBe(plain.headers.etag);
      expect(res.headers.vary).toMatch(/accept-encoding/i);
      expect(res.headers['cache-control']).toBe('private, no-cache');
    }
    // A refused encoding (q=0) is never sent.
    expect((await get({ 'accept-encoding': 'br;q=0, gzip' })).headers['content-encoding']).toBe('gzip');
    const again = await get({ 'accept-encoding': 'br', 'if-none-match': plain.headers.etag as string });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
  });
});
