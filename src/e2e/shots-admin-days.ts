/**
 * Screenshots of setting past days from the Attendance Register, against a running server with
 * seeded data (see shots-attendance-register.ts for the seed and start): one person's day (the
 * dialog, its field error, the saved day) and bulk marking (the form, the dry run's preview with the
 * days left alone, the toast), at 1366×768 and 390×844. Not a test:
 *   flock /tmp/e2e.lock npx tsx src/e2e/shots-admin-days.ts <dir> <url> <admin email> <admin password>
 */
import { signIn } from './harness';
import { eachViewport, runShotsAgainst } from './shot-kit';

const [, url = 'http://127.0.0.1:4123', email = 'admin@reg.local', password = 'admin-reg-password'] = process.argv.slice(2);

runShotsAgainst(url, 'admin-days-shots', async (kit) => {
  await eachViewport(kit, async ({ page, shot }) => {
    await signIn(page, 'Admin', email, password);
    await page.waitForURL((u) => u.pathname === '/admin');
    await page.goto('/admin/attendance/register?month=2026-10');
    await page.getByRole('region', { name: 'Attendance register for October 2026' }).waitFor();

    await page.getByRole('button', { name: /^[A-Z-]+: set .*'s day, 2026-10-0[5-9]/ }).first().click();
    const day = page.getByRole('alertdialog');
    await day.waitFor();
    await shot('day-dialog');
    await day.getByRole('button', { name: 'Save day' }).click();
    await day.locator('[aria-invalid="true"]').first().waitFor();
    await shot('day-dialog-field-error');
    await day.getByLabel('Status').selectOption('H');
    await day.getByLabel('Punch in').fill('09:30');
    await day.getByLabel('Punch out').fill('13:45');
    await day.getByLabel('Reason').fill('Half day signed in the gate register');
    await day.getByRole('button', { name: 'Save day' }).click();
    await day.waitFor({ state: 'detached' });
    await page.getByRole('status').filter({ hasText: /day on 2026-10/ }).first().waitFor();
    await shot('day-saved');

    await page.getByRole('button', { name: 'Mark days' }).click();
    const mark = page.getByRole('alertdialog');
    await mark.waitFor();
    await mark.getByRole('button', { name: 'Preview' }).click();
    await mark.locator('[aria-invalid="true"]').first().waitFor();
    await shot('mark-days-field-error');
    await mark.getByLabel('Reason').fill('Office closed registers for the first week of October');
    await mark.getByLabel('To').fill('2026-10-07');
    await mark.getByRole('button', { name: 'Preview' }).click();
    await mark.getByRole('heading', { name: 'What marking will do' }).waitFor();
    await mark.locator('summary').click().catch(() => {});
    await shot('mark-days-preview');
    await mark.getByRole('button', { name: /^Mark \d+ days?$/ }).click();
    await mark.waitFor({ state: 'detached' });
    await page.getByRole('status').filter({ hasText: /^Marked / }).first().waitFor();
    await page.getByText(/^Employees 1–\d+ of \d+$/).waitFor();
    await shot('mark-days-done');
  });
});
