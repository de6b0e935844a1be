/**
 * Screenshots of the pay basis and of each attendance day's source, against a running server with
 * seeded data (see shots-attendance-register.ts for the seed and start), at 1366×768 and 390×844:
 * the admin's All Attendance and an employee's own list with the Source column (an admin's day, an
 * imported day, web punches), then, with the pay basis on leave, October's attendance register
 * (unmarked days NM) and payroll register. The pay basis is set back to attendance at the end.
 * Not a test:
 *   npx tsx src/e2e/shots-pay-basis-source.ts <dir> <url> <admin email> <admin password> <data dir>
 */
import type { Locator } from 'playwright-core';
import { signIn, waitForSetPasswordLink } from './harness';
import { eachViewport, runShotsAgainst, signInAsEmployee } from './shot-kit';

const [, url = 'http://127.0.0.1:4223', email = 'admin@reg.local', password = 'admin-reg-password', dataDir = '/tmp/h23-data'] = process.argv.slice(2);
const person = { name: 'Lakshmi Source Shots', email: `lakshmi.${Date.now()}@shots.local`, password: 'Source-Shots-2026!' };

/** Scrolls the table's own scroller to its right end, where the Source column is on a desktop. */
const toRightEnd = (table: Locator) =>
  table.evaluate((el) => {
    for (let node: HTMLElement | null = el as HTMLElement; node; node = node.parentElement) {
      if (node.scrollWidth > node.clientWidth + 1 && getComputedStyle(node).overflowX !== 'visible') {
        node.scrollLeft = node.scrollWidth;
        return;
      }
    }
  });

runShotsAgainst(url, 'pay-basis-source-shots', async (kit) => {
  const { api } = kit;
  const login = await api.post('/api/auth/admin-login', { data: { email, password } });
  const headers = { 'x-auth-token': ((await login.json()) as { token: string }).token };
  const ok = async <T>(res: Awaited<ReturnType<typeof api.get>>, what: string): Promise<T> => {
    if (res.status() !== 200) throw new Error(`${what}: ${res.status()} ${await res.text()}`);
    return (await res.json()) as T;
  };

  // Someone who signs in, with three days set three ways.
  const made = await ok<{ employeeId: string }>(await api.post('/api/employee', { headers, data: { name: person.name, email: person.email, position: 'Stores Clerk', salary: 30_000, joiningDate: '2026-09-01' } }), 'add');
  const link = new URL(await waitForSetPasswordLink(dataDir, person.email));
  await ok(await api.post('/api/auth/set-password', { data: { token: link.searchParams.get('token'), password: person.password } }), 'password');
  await ok(await api.put('/api/attendance/day', { headers, data: { employeeId: made.employeeId, date: '2026-11-24', status: 'A', reason: 'No show, no call' } }), 'admin day');
  const csv = `employeeId,date,punchIn,punchOut,status\r\n${made.employeeId},23/11/2026,09:10,18:02,\r\n${made.employeeId},25/11/2026,,,HD\r\n`;
  await ok(await api.post('/api/attendance/import', { headers, multipart: { file: { name: 'november.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) } } }), 'import');
  await ok(await api.put('/api/company/go-live', { headers, data: { goLiveDate: '2026-10-01', payBasis: 'leave', inviteOnImport: 'now' } }), 'go-live');

  await eachViewport(kit, async ({ page, shot, phone, signOut }) => {
    await signIn(page, 'Admin', email, password);
    await page.waitForURL((u) => u.pathname === '/admin');
    await page.goto('/admin/attendance');
    await page.getByRole('table', { name: 'All Attendance' }).waitFor();
    await shot('admin-attendance');
    await page.getByLabel('Person').fill('Lakshmi Source');
    await page.getByText('Import').first().waitFor();
    await page.getByRole('table', { name: 'All Attendance' }).scrollIntoViewIfNeeded();
    await shot('admin-attendance-sources', { fullPage: phone });
    if (!phone) {
      await toRightEnd(page.getByRole('table', { name: 'All Attendance' }));
      await shot('admin-attendance-sources-right');
    }

    await page.goto('/admin/attendance/register?month=2026-10');
    await page.getByRole('region', { name: 'Attendance register for October 2026' }).waitFor();
    await shot('attendance-register-on-leave');

    await page.goto('/admin/payroll/register?month=2026-10');
    await page.getByRole('table').first().waitFor();
    await shot('payroll-register-on-leave');

    await signOut();
    await signInAsEmployee(page, person);
    await page.goto('/employee/attendance');
    await page.getByRole('table', { name: 'Your Attendance' }).waitFor();
    await page.getByRole('table', { name: 'Your Attendance' }).scrollIntoViewIfNeeded();
    await shot('employee-attendance-sources', { fullPage: phone });
    if (!phone) {
      await toRightEnd(page.getByRole('table', { name: 'Your Attendance' }));
      await shot('employee-attendance-sources-right');
    }
  });

  await ok(await api.put('/api/company/go-live', { headers, data: { goLiveDate: '2026-10-01', payBasis: 'attendance', inviteOnImport: 'now' } }), 'go-live back');
});
