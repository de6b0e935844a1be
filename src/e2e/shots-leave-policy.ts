/**
 * Screenshots of the leave balance screens for a reviewer: the employee's balance above the leave
 * form, and the admin's Leave Balances report over 1,200 employees (long names, mid-year joiners),
 * searched and empty, at 1366×768 and 390×844. Not a test: run it by hand against a fresh build,
 * under the e2e lock (README), e.g.
 *   flock /tmp/e2e.lock bash -c 'npx webpack --mode production && npx tsx src/e2e/shots-leave-policy.ts <dir>'
 */
import fs from 'node:fs';
import path from 'node:path';
import { request, type Page } from 'playwright-core';
import { SHOT_VIEWPORTS as VIEWPORTS } from './shots-outside-jest';
import { createInvitedEmployee, launchBrowser, signIn, signInAsAdmin, startServer } from './harness';

async function main() {
  const out = process.argv[2] ?? 'leave-policy-shots';
  fs.mkdirSync(out, { recursive: true });
  const server = await startServer();
  const browser = await launchBrowser();
  const api = await request.newContext({ baseURL: server.url });
  try {
    const staff = { name: 'Venkata Satya Lakshmi Narasimha Subrahmanyam', email: 'venkata@shots.local', salary: 52000, password: 'Venkata-Shots-2026!', joiningDate: '2026-07-10' };
    const { adminToken } = await createInvitedEmployee(api, server, staff);
    const login = await api.post('/api/auth/employee-login', { data: { email: staff.email, password: staff.password } });
    const token = ((await login.json()) as { token: string }).token;
    await api.post('/api/leave', { headers: { 'x-auth-token': token }, data: { startDate: '2026-12-14', endDate: '2026-12-15', reason: 'Family wedding' } });

    const rows = ['Name,Email,Position,Salary,Joining Date'];
    for (let i = 0; i < 1200; i++) {
      const name = i % 41 === 0 ? `Chandrasekharan Venkataraghavan Iyer ${i}` : `Person ${i} Rao`;
      const joined = `20${20 + (i % 7)}-${String((i % 12) + 1).padStart(2, '0')}-${String((i % 28) + 1).padStart(2, '0')}`;
      rows.push(`"${name}",person.${i}@shots.local,Analyst,${30_000 + i},${joined}`);
    }
    const upload = await api.post('/api/employee/upload', {
      headers: { 'x-auth-token': adminToken },
      multipart: { file: { name: 'staff.csv', mimeType: 'text/csv', buffer: Buffer.from(rows.join('\r\n')) } },
    });
    if (upload.status() !== 200) throw new Error(`upload: ${upload.status()} ${await upload.text()}`);

    for (const viewport of VIEWPORTS) {
      const shot = (page: Page, name: string) => page.screenshot({ path: path.join(out, `${viewport.name}-${name}.png`), fullPage: viewport.name === 'phone' });
      const context = await browser.newContext({ baseURL: server.url, viewport, timezoneId: 'Asia/Kolkata' });
      const page = await context.newPage();

      await signIn(page, 'Employee', staff.email, staff.password);
      await page.waitForURL((url) => url.pathname === '/employee');
      await page.goto('/employee/leaves');
      await page.getByRole('table', { name: 'My Leave Balance' }).waitFor();
      await shot(page, 'employee-balance');
      await context.clearCookies();
      await page.evaluate(() => localStorage.clear());

      await signInAsAdmin(page);
      await page.goto('/admin/leave-balances');
      await page.getByRole('table', { name: 'Leave Balances' }).waitFor();
      await shot(page, 'admin-report');
      await page.getByLabel('Search by name or employee ID').fill('Chandrasekharan');
      await page.getByText(/^Showing \d+ of/).waitFor();
      await shot(page, 'admin-report-search');
      await page.getByLabel('Search by name or employee ID').fill('nobody at all');
      await shot(page, 'admin-report-none');
      await context.close();
    }
  } finally {
    await api.dispose();
    await browser.close();
    await server.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
