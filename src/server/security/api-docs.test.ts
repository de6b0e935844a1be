/**
 * The API docs page (/api/docs, swagger-ui) runs under the app's own Content-Security-Policy, not
 * swagger-ui's looser one, and loads nothing from elsewhere. The OpenAPI description stays public on
 * purpose (the security README says why): it describes routes and holds no data.
 */
import { SECURITY_HEADERS } from '../security-headers';
import { auth, createTestApp, engines, type TestApp } from '../test/test-app';

describe.each(engines)('the API docs on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine);
  });
  afterAll(() => t.close());

  it("serve the docs page under the app's own policy, with no inline script and no outside address", async () => {
    const page = await t.app.inject({ url: '/api/docs' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-security-policy']).toBe(SECURITY_HEADERS['content-security-policy']);
    expect(page.headers['x-frame-options']).toBe('DENY');
    // Every script has a src of our own; no style element or attribute either.
    expect(page.body.match(/<script(?![^>]*\ssrc=)[^>]*>/g)).toBeNull();
    expect(page.body).not.toMatch(/<style|\sstyle=|https?:\/\//);
    const init = await t.app.inject({ url: '/api/docs/static/swagger-initializer.js' });
    expect(init.headers['content-security-policy']).toBe(SECURITY_HEADERS['content-security-policy']);
    // swagger-ui's validator badge would be an image from validator.swagger.io.
    expect(init.body).toMatch(/"validatorUrl":\s*null/);
    for (const asset of ['swagger-ui.css', 'swagger-ui-bundle.js']) {
      expect((await t.app.inject({ url: `/api/docs/static/${asset}` })).headers['content-security-policy']).toBe(SECURITY_HEADERS['content-security-policy']);
    }
  });

  it('keep the OpenAPI description public and free of data', async () => {
    const e = await t.employee({ name: 'Zephyrine Docsperson', email: 'docs.person@test.local' });
    const doc = await t.app.inject({ url: '/api/openapi.json' });
    expect(doc.statusCode).toBe(200);
    expect(doc.body).not.toContain('docs.person@test.local');
    expect(doc.body).not.toContain('Zephyrine');
    expect(doc.body).not.toContain(t.admin.email);
    // The bound of the admin attendance list is stated where integrators read.
    expect(doc.json().paths['/api/attendance'].get.description).toMatch(/366 days.*streamed/s);
    // Knowing the routes opens none of them.
    expect((await t.app.inject({ url: '/api/employee' })).statusCode).toBe(401);
    expect((await t.app.inject({ url: '/api/employee', headers: auth(e.token) })).statusCode).toBe(403);
  });
});
