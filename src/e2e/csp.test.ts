/**
 * The strict Content-Security-Policy in a real browser: the production build's index.html holds no
 * inline script, and every screen of product.md, Screens (plus the password pages and the payroll run
 * screen), visited as the role it belongs to with data on it, runs without a single CSP violation
 * or page error and passes axe. So do the screens added since: the leave policy screens, the
 * attendance and payroll registers (a draft month, an approved one with its files, and its re-run
 * dialog open) and Edit Employee with its statutory, working hours and leave balance cards.
 * A canary proves the violation detector sees a violation.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { dateInZone } from '../shared/format';
import { lastCompleteMonth, weekdayOf } from '../shared/payroll/pay-month';
import { ADMIN, browserAvailable, COMPANY_ZONE, DAY_MS, expectAccessible, launchBrowser, startServer, waitForSetPasswordLink, watchPage, type RunningServer } from './harness';
import { OVERRIDE_BLOCKING } from './payroll-overrides';

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
  let confirmEmailToken = '';
  let employeeRecordId = '';
  /** A month before the last complete one, approved in setup: the register shows it locked, with its files. */
  let approvedMonth = '';
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
    await call('POST', '/api/salary/email-all', tokens.admin, { month: 'January', year: 2025, ...OVERRIDE_BLOCKING });
    // The screens added since the spec: statutory and bank details on Edit Employee, leave approved
    // this week (Who's Off), a holiday this year, and a past month approved (the employee joined
    // before it), so its register is locked and offers the files to upload.
    await call('PUT', `/api/employee/edit/${employeeRecordId}`, tokens.admin, {
      name: 'Csp Person',
      email,
      statutory: { stateOfWork: 'KA', gender: 'female', pan: 'ABCPP1234K', uan: '100427607286', bankAccount: '001234567890', ifsc: 'SBIN0001234' },
    });
    const today = dateInZone(new Date(), COMPANY_ZONE);
    // A working day of this week: Sunday is the weekly off, so then the Saturday before.
    const offDay = weekdayOf(today) === 0 ? dateInZone(new Date(Date.now() - DAY_MS), COMPANY_ZONE) : today;
    const leave = await call('POST', '/api/leave', tokens.employee, { startDate: offDay, endDate: offDay, reason: 'Family function' });
    await call('PUT', `/api/leave/approve/${leave._id}`, tokens.admin, { status: 'approved' });
    const holiday = offDay.slice(5) === '08-15' ? '08-16' : '08-15';
    await call('POST', '/api/holidays', tokens.admin, { date: `${today.slice(0, 4)}-${holiday}`, name: 'Independence Day' });
    approvedMonth = lastCompleteMonth(`${lastCompleteMonth(today)}-01`);
    await call('POST', `/api/salary/register/${approvedMonth}/approve`, tokens.admin, OVERRIDE_BLOCKING);
    // A set-password page needs a link of its own (the one above is used up).
    await call('POST', '/api/auth/forgot-password', '', { email });
    const reset = new URL(await waitForSetPasswordLink(server.dataDir, email));
    setPasswordToken = reset.searchParams.get('token')!;
    // The employee changes their address: the link to confirm it goes to the new one.
    const newEmail = `csp.new.${Date.now()}@e2e.local`;
    // One's own new sign-in email needs the current password.
    await call('PUT', `/api/employee/edit/${employeeRecordId}`, tokens.employee, { name: 'Csp Person', email: newEmail, currentPassword: 'csp-password-1' });
    const confirm = new URL(await waitForSetPasswordLink(server.dataDir, newEmail, 10_000, 'confirm-email'));
    confirmEmailToken = confirm.searchParams.get('token')!;
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

  async function visit(page: Page, context: BrowserContext, url: string, ready: string, then?: Then) {
    const response = await page.goto(url);
    expect(response?.status()).toBe(200);
    expect(scriptSrc(response?.headers()['content-security-policy'])).toEqual(["'self'"]);
    await page.locator(ready).first().waitFor({ timeout: 20_000 });
    await page.waitForLoadState('networkidle');
    expect(new URL(page.url()).pathname).toBe(new URL(url, server.url).pathname);
    await expectAccessible(page);
    if (then) {
      await then.run(page);
      await expectAccessible(page);
    }
    // What the server sent, before any script ran, carries no inline script either.
    expect(inlineProblems(await (await context.request.get(url)).text())).toEqual([]);
    visited += 1;
  }

  /** Something done on a screen once it is there (open a dialog), after which axe runs again. */
  type Then = { what: string; run: (page: Page) => Promise<void> };
  type Screen = [url: string, ready: string, then?: Then];
  /** Ready once every selector matches: a screen of several cards, each loading on its own. */
  const all = (...selectors: string[]) => `body${selectors.map((s) => `:has(${s})`).join('')}`;
  const openRerun: Then = {
    what: 'with the Re-run dialog open',
    run: async (page) => {
      await page.getByRole('button', { name: 'Re-run with reason' }).click();
      // Its preview loaded: the reason to give, or, when no slip would change, that there is nothing to re-run.
      const dialog = page.getByRole('alertdialog', { name: /^Re-run / });
      await dialog.getByLabel('Reason for the re-run').or(dialog.getByText(/^Nothing to re-run/)).waitFor();
    },
  };

  const publicScreens: Screen[] = [
    ['/', '#login-title'],
    ['/forgot-password', '#forgot-title'],
    ['/set-password?token=SET_PASSWORD_TOKEN', '#set-password-title'],
    ['/confirm-email?token=CONFIRM_EMAIL_TOKEN', '#confirm-email-title'],
  ];
  const adminScreens: Screen[] = [
    ['/admin', 'h1:has-text("Welcome, Admin")'],
    ['/admin/employees/add', '#add-employee-title'],
    ['/admin/employees/list', '#employee-list-title'],
    [
      '/admin/employees/edit/EMPLOYEE_RECORD_ID',
      all('#edit-employee-title ~ form fieldset fieldset', '[aria-labelledby="employee-shift-title"] form', 'table[aria-labelledby="leave-balance-title"]'),
    ],
    ['/admin/attendance', '#attendance-title'],
    ['/admin/leaves', '#leave-list-title'],
    ['/admin/tasks', '#tasks-title'],
    ['/admin/payroll', '#payroll-run-title'],
    ['/admin/leave-balances', '[aria-labelledby="leave-balances-title"] table'],
    ['/admin/whos-off', '.whos-off__grid'],
    ['/admin/whos-off?view=week', '.whos-off__week'],
    ['/admin/holidays', '[aria-labelledby="holidays-title"] table'],
    ['/admin/leave-types', '[aria-labelledby="leave-types-title"] table'],
    ['/admin/leave-settings', all('[aria-labelledby="leave-settings-title"] form', '[aria-labelledby="work-hours-title"] form')],
    ['/admin/attendance/register', '[aria-labelledby="register-title"] table'],
    ['/admin/payroll/register', all('.payroll-register table', '.payroll-approval .badge--warning')],
    ['/admin/payroll/register?month=APPROVED_MONTH', all('.payroll-register table', '#payroll-files-title')],
    ['/admin/payroll/register?month=APPROVED_MONTH', all('.payroll-register table', '#payroll-files-title'), openRerun],
  ];
  const employeeScreens: Screen[] = [
    ['/employee', '#welcome-card-title'],
    ['/employee/attendance', '#own-attendance-title'],
    ['/employee/leaves', '#leave-request-title'],
    ['/employee/salary', '#salary-slip-title'],
    ['/employee/profile', '#profile-title'],
    ['/employee/tasks', '#tasks-title'],
    ['/employee/change-password', '#change-password-title'],
  ];

  it.each([
    ...publicScreens.map(([url, ready, then]) => ({ role: 'anonymous' as const, url, ready, then })),
    ...adminScreens.map(([url, ready, then]) => ({ role: 'admin' as const, url, ready, then })),
    ...employeeScreens.map(([url, ready, then]) => ({ role: 'employee' as const, url, ready, then })),
  ].map((s) => ({ ...s, title: `as ${s.role}: ${s.url}${s.then ? ` ${s.then.what}` : ''}` })))('$title', async ({ role, url, ready, then }) => {
    const { context, page, watched } = await session(role);
    try {
      const at = url.replace('SET_PASSWORD_TOKEN', setPasswordToken).replace('EMPLOYEE_RECORD_ID', employeeRecordId).replace('APPROVED_MONTH', approvedMonth).replace('CONFIRM_EMAIL_TOKEN', confirmEmailToken);
      await visit(page, context, at, ready, then);
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
