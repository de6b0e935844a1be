/**
 * Screenshots of the Attendance Register for a reviewer, against a running server with seeded data
 * (e.g. `npm run seed -- --employees 2000 --days 60 --data-dir /tmp/reg-data --until <yesterday>`,
 * then `DATA_DIR=/tmp/reg-data PORT=4123 ADMIN_EMAIL=… ADMIN_PASSWORD=… npx tsx src/server/main.ts`):
 * the admin Attendance screen's link, the last complete month (with a holiday added), a search,
 * the current month and a month nobody was employed in, at 1366×768 and 390×844. Not a test:
 *   flock /tmp/e2e.lock npx tsx src/e2e/shots-attendance-register.ts <dir> <url> <admin email> <admin password>
 */
import { signIn } from './harness';
import { eachViewport, runShotsAgainst } from './shot-kit';

const [, url = 'http://127.0.0.1:4123', email = 'admin@reg.local', password = 'admin-reg-password'] = process.argv.slice(2);

runShotsAgainst(url, 'register-shots', async (kit) => {
  const login = await kit.api.post('/api/auth/admin-login', { data: { email, password } });
  const token = ((await login.json()) as { token: string }).token;
  // A holiday in the month shown, so the H column is seen (409 when it is there already).
  await kit.api.post('/api/holidays', { headers: { 'x-auth-token': token }, data: { date: '2026-10-02', name: 'Gandhi Jayanti' } });

  await eachViewport(kit, async ({ page, shot }) => {
    await signIn(page, 'Admin', email, password);
    await page.waitForURL((u) => u.pathname === '/admin');

    await page.goto('/admin/attendance');
    await page.getByRole('link', { name: 'Attendance Register' }).click();
    await page.waitForURL((u) => u.pathname === '/admin/attendance/register');
    const region = page.getByRole('region', { name: /^Attendance register for / });
    await region.waitFor();
    await shot('register');
    await region.evaluate((el) => el.scrollTo({ left: 10_000, top: 400 }));
    await shot('register-scrolled');

    await page.getByLabel('Search by name, email or employee ID').fill('rao');
    await page.getByText(/^Employees 1–\d+ of \d+$/).waitFor();
    await page.waitForTimeout(500);
    await shot('register-search');

    await page.goto('/admin/attendance/register?month=2026-11');
    await page.getByRole('region', { name: 'Attendance register for November 2026' }).waitFor();
    await shot('register-current-month');

    await page.goto('/admin/attendance/register?month=2019-01');
    await page.getByText('Nobody was employed in January 2019.').waitFor();
    await shot('register-empty-month');
  });
});
