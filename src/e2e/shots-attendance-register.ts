/**
 * Screenshots of the Attendance Register for a reviewer, against a running server with seeded data
 * (e.g. `npm run seed -- --employees 2000 --days 60 --data-dir /tmp/reg-data --until <yesterday>`,
 * then `DATA_DIR=/tmp/reg-data PORT=4123 ADMIN_EMAIL=… ADMIN_PASSWORD=… npx tsx src/server/main.ts`):
 * the admin Attendance screen's link, the last complete month (with a holiday added), a search,
 * the current month and a month nobody was employed in, at 1366×768 and 390×844. Not a test:
 *   flock /tmp/e2e.lock npx tsx src/e2e/shots-attendance-register.ts <dir> <url> <admin email> <admin password>
 */
import fs from 'node:fs';
import path from 'node:path';
import { request, type Page } from 'playwright-core';
import { SHOT_VIEWPORTS as VIEWPORTS } from './shots-outside-jest';
import { launchBrowser, signIn } from './harness';

async function main() {
  const [out = 'register-shots', url = 'http://127.0.0.1:4123', email = 'admin@reg.local', password = 'admin-reg-password'] = process.argv.slice(2);
  fs.mkdirSync(out, { recursive: true });
  const browser = await launchBrowser();
  const api = await request.newContext({ baseURL: url });
  try {
    const login = await api.post('/api/auth/admin-login', { data: { email, password } });
    const token = ((await login.json()) as { token: string }).token;
    // A holiday in the month shown, so the H column is seen (409 when it is there already).
    await api.post('/api/holidays', { headers: { 'x-auth-token': token }, data: { date: '2026-10-02', name: 'Gandhi Jayanti' } });

    for (const viewport of VIEWPORTS) {
      const shot = (page: Page, name: string) => page.screenshot({ path: path.join(out, `${viewport.name}-${name}.png`), fullPage: viewport.name === 'phone' });
      const context = await browser.newContext({ baseURL: url, viewport, timezoneId: 'Asia/Kolkata' });
      const page = await context.newPage();
      await signIn(page, 'Admin', email, password);
      await page.waitForURL((u) => u.pathname === '/admin');

      await page.goto('/admin/attendance');
      await page.getByRole('link', { name: 'Attendance Register' }).click();
      await page.waitForURL((u) => u.pathname === '/admin/attendance/register');
      const region = page.getByRole('region', { name: /^Attendance register for / });
      await region.waitFor();
      await shot(page, 'register');
      await region.evaluate((el) => el.scrollTo({ left: 10_000, top: 400 }));
      await shot(page, 'register-scrolled');

      await page.getByLabel('Search by name, email or employee ID').fill('rao');
      await page.getByText(/^Employees 1–\d+ of \d+$/).waitFor();
      await page.waitForTimeout(500);
      await shot(page, 'register-search');

      await page.goto('/admin/attendance/register?month=2026-11');
      await page.getByRole('region', { name: 'Attendance register for November 2026' }).waitFor();
      await shot(page, 'register-current-month');

      await page.goto('/admin/attendance/register?month=2019-01');
      await page.getByText('Nobody was employed in January 2019.').waitFor();
      await shot(page, 'register-empty-month');
      await context.close();
    }
  } finally {
    await api.dispose();
    await browser.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
