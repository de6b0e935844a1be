/**
 * The strict Content-Security-Policy in a real browser: the production build's index.html holds no
 * inline script, and every screen of spec section 2 (plus the password pages and the payroll run
 * screen), visited as the role it belongs to with data on it, runs without a single CSP violation
 * or page error and passes axe. A canary proves the violation detector sees a violation.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { ADMIN, browserAvailable, expectAccessible, launchBrowser, startServer, waitForSetPasswordLink, watchPage, type RunningServer } from './harness';

const run = browserAvailable() ? describe : describe.skip;
jest.setTimeout(180_000);

const BUILT_INDEX = path.resolve(__dirname, '../../dist/client/index.html');

/** Inline script, inline handlers, javascript: URLs and inline styles: everything script-src/style-src 'self' forbids. */
function inlineProblems(html: string): string[] {
  const problems: string[] = [];
  for (const m of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi)) {
    const [, attrs, body] = m;
    if (!/\bsrc\s*=/.test(attrs!)) problems.push(`inline <script${attrs}>`);
    if (body!.trim()) problems.push(`script body: ${body!.slice(0, 80)}`);
  }
  for (const m of html.matchAll(/<[a-z][^>]*\s(on[a-z]+)\s*=/gi)) problems.push(`inline handler ${m[1]}`);
  if (/javascript:/i.test(html)) problems.push('javascript: URL');
  if (/<style\b/i.test(html)) problems.push('inline <style>');
  if (/<[a-z][^>]*\sstyle\s*=/i.test(html)) problems.push('style attribute');
  return problems;
}

function scriptSrc(csp: string | undefined): string[] | undefined {
  return csp
    ?.split(';')
    .map((d) => d.trim().split(/\s+/))
    .find((d) => d[0] === 'script-src')
    ?.slice(1);
}

describe('the production build', () => {
  it('has an index.html without inline script or style, loading only its own hashed files', () => {
    // src/e2e/global-setup.ts has just run `webpack --mode production`.
    const html = fs.readFileSync(BUILT_INDEX, 'utf8');
    expect(inlineProblems(html)).toEqual([]);
    // Minified: attribute values may be unquoted.
    const sources = [...html.matchAll(/<script\b[^>]*\bsrc=(?:"([^"]+)"|'([^']+)'|([^\s>]+))/g)].map((m) => (m[1] ?? m[2] ?? m[3])!);
    expect(sources.length).toBeGreaterThan(0);
    for (const src of sources) {
      expect(src).toMatch(/^\/assets\/[\w.-]+\.js$/);
      expect(fs.existsSync(path.join(path.dirname(BUILT_INDEX), src))).toBe(true);
    }
  });
});

run('every screen under the strict CSP', () => {
  let server: RunningServer;
  let browser: Browser;
  const tokens = { admin: '', employee: '' };
  let setPasswordToken = '';
  let employeeRecordId = '';
  let visited = 0;

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
    // Data on every screen: an employee with attendance, a leave request, a task and a payroll run.
    const call = async (method: string, url: string, token: string, body?: unknown) => {
      const res = await fetch(`${server.url}${url}`, {
        method,
        headers: { ...(body !== undefined && { 'content-type': 'application/json' }), ...(token && { 'x-auth-token': token }) },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      if (res.status >= 300) throw new Error(`${method} ${url}: ${res.status} ${await res.text()}`);
      return (await res.json()) as Record<string, string>;
    };
    tokens.admin = (await call('POST', '/api/auth/admin-login', '', ADMIN)).token!;
    const email = `csp.${Date.now()}@e2e.local`;
    const created = await call('POST', '/api/employee', tokens.admin, { name: 'Csp Person', email, position: 'Analyst', salary: 41_000, joiningDate: '2024-01-01' });
    employeeRecordId = created._id!;
    const link = new URL(await waitForSetPasswordLink(server.dataDir, email));
    await call('POST', '/api/auth/set-password', '', { token: link.searchParams.get('token'), password: 'csp-password-1' });
    tokens.employee = (await call('POST', '/api/auth/employee-login', '', { email, password: 'csp-password-1' })).token!;
    await call('POST', '/api/attendance/punch-in', tokens.employee);
    await call('POST', '/api/leave', tokens.employee, { startDate: '2031-05-04', endDate: '2031-05-05', reason: 'Conference' });
    await call('POST', '/api/task/assign', tokens.admin, { employeeId: created.employeeId, title: 'Review the CSP', description: 'Check every screen' });
    await call('POST', '/api/salary/email-all', tokens.admin, { month: 'January', year: 2025 });
    // A set-password page needs a link of its own (the one above is used up).
    await call('POST', '/api/auth/forgot-password', '', { email });
    const reset = new URL(await waitForSetPasswordLink(server.dataDir, email));
    setPasswordToken = reset.searchParams.get('token')!;
  }, 120_000);
  afterAll(async () => {
    console.log(`CSP journeys: ${visited} screens visited`);
    await browser?.close();
    await server?.stop();
  });

  async function session(role: 'admin' | 'employee' | 'anonymous'): Promise<{ context: BrowserContext; page: Page; watched: { problems: string[] } }> {
    const context = await browser.newContext({ baseURL: server.url });
    const page = await context.newPage();
    const watched = watchPage(page);
    page.on('dialog', (d) => {
      watched.problems.push(`unexpected dialog: ${d.message()}`);
      void d.dismiss();
    });
    if (role !== 'anonymous') {
      // Signed in the way the SPA keeps a session: the token under 'token' in local storage.
      await page.goto('/forgot-password');
      await page.evaluate(([t]) => localStorage.setItem('token', t!), [tokens[role]]);
    }
    return { context, page, watched };
  }

  async function visit(page: Page, context: BrowserContext, url: string, ready: string) {
    const response = await page.goto(url);
    expect(response?.status()).toBe(200);
    expect(scriptSrc(response?.headers()['content-security-policy'])).toEqual(["'self'"]);
    await page.locator(ready).first().waitFor({ timeout: 20_000 });
    await page.waitForLoadState('networkidle');
    expect(new URL(page.url()).pathname).toBe(new URL(url, server.url).pathname);
    await expectAccessible(page);
    // What the server sent, before any script ran, carries no inline script either.
    expect(inlineProblems(await (await context.request.get(url)).text())).toEqual([]);
    visited += 1;
  }

  const publicScreens: [string, string][] = [
    ['/', '#login-title'],
    ['/forgot-password', '#forgot-title'],
    ['/set-password?token=SET_PASSWORD_TOKEN', '#set-password-title'],
  ];
  const adminScreens: [string, string][] = [
    ['/admin', 'h1:has-text("Welcome, Admin")'],
    ['/admin/employees/add', '#add-employee-title'],
    ['/admin/employees/list', '#employee-list-title'],
    ['/admin/employees/edit/EMPLOYEE_RECORD_ID', '#edit-employee-title'],
    ['/admin/attendance', '#attendance-title'],
    ['/admin/leaves', '#leave-list-title'],
    ['/admin/tasks', '#tasks-title'],
    ['/admin/payroll', '#payroll-run-title'],
  ];
  const employeeScreens: [string, string][] = [
    ['/employee', '#welcome-card-title'],
    ['/employee/attendance', '#own-attendance-title'],
    ['/employee/leaves', '#leave-request-title'],
    ['/employee/salary', '#salary-slip-title'],
    ['/employee/profile', '#profile-title'],
    ['/employee/tasks', '#tasks-title'],
    ['/employee/change-password', '#change-password-title'],
  ];

  it.each([
    ...publicScreens.map(([u, r]) => ['anonymous', u, r] as const),
    ...adminScreens.map(([u, r]) => ['admin', u, r] as const),
    ...employeeScreens.map(([u, r]) => ['employee', u, r] as const),
  ])('as %s: %s', async (role, url, ready) => {
    const { context, page, watched } = await session(role);
    try {
      await visit(page, context, url.replace('SET_PASSWORD_TOKEN', setPasswordToken).replace('EMPLOYEE_RECORD_ID', employeeRecordId), ready);
      expect(watched.problems).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('the detector does see a violation: an injected inline script is refused and reported', async () => {
    const { context, page, watched } = await session('anonymous');
    try {
      await page.goto('/');
      await page.locator('#login-title').waitFor();
      await page.evaluate(() => {
        const s = document.createElement('script');
        s.textContent = 'window.__inlineRan = true';
        document.head.appendChild(s);
      });
      await page.waitForTimeout(200);
      expect(await page.evaluate(() => (window as unknown as { __inlineRan?: boolean }).__inlineRan)).toBeUndefined();
      expect(watched.problems.join('\n')).toMatch(/CSP: .*(Content Security Policy|Refused to)/);
    } finally {
      await context.close();
    }
  });
});
