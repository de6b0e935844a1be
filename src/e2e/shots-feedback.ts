/**
 * Screenshots of the in-app feedback (issue 11 §3) for a reviewer: the delete confirmation, the
 * Email Salary Slip dialog, success and error toasts, the maintenance alert and the login page's
 * notice, at 1366×768 and 390×844. Not a test: run it by hand against a fresh build, under the
 * e2e lock (README), e.g.
 *   flock /tmp/e2e.lock bash -c 'npx webpack --mode production && npx tsx src/e2e/shots-feedback.ts <dir>'
 */
import fs from 'node:fs';
import path from 'node:path';
import { request, type Page } from 'playwright-core';
import { SHOT_VIEWPORTS as VIEWPORTS } from './shots-outside-jest';
import { createEmployee, createInvitedEmployee, launchBrowser, signIn, signInAsAdmin, startServer } from './harness';

async function main() {
  const out = process.argv[2] ?? 'feedback-shots';
  fs.mkdirSync(out, { recursive: true });
  const server = await startServer();
  const browser = await launchBrowser();
  const api = await request.newContext({ baseURL: server.url });
  try {
    await createEmployee(api, { name: 'Ravi Kumar', email: 'ravi@shots.local', position: 'Designer', salary: 85000 });
    const staff = { name: 'Asha Rao', email: 'asha@shots.local', position: 'Analyst', salary: 52000, password: 'Asha-Rao-Shots-2026!' };
    await createInvitedEmployee(api, server, staff);

    for (const viewport of VIEWPORTS) {
      const shot = (page: Page, name: string) => page.screenshot({ path: path.join(out, `${viewport.name}-${name}.png`) });
      const context = await browser.newContext({ baseURL: server.url, viewport, timezoneId: 'Asia/Kolkata' });
      const page = await context.newPage();

      await signInAsAdmin(page);
      await page.goto('/admin/employees/list');
      const row = page.getByRole('row').filter({ has: page.getByRole('cell', { name: 'Ravi Kumar', exact: true }) });
      await row.waitFor();
      await row.getByRole('button', { name: 'Delete Ravi Kumar' }).click();
      await page.getByRole('alertdialog').waitFor();
      await shot(page, 'delete-confirm');
      await page.keyboard.press('Escape');

      await row.getByRole('button', { name: 'Email Salary Slip Ravi Kumar' }).click();
      const period = page.getByRole('alertdialog');
      await period.waitFor();
      await shot(page, 'email-slip-dialog');
      await period.getByRole('button', { name: 'Send Salary Slip' }).click();
      await page.getByRole('region', { name: 'Notifications' }).getByRole('alert').waitFor();
      await page.mouse.move(0, 0);
      await shot(page, 'error-toast');

      // Unauthorized: an admin token on the employee area lands on the login page with the notice.
      await page.goto('/employee');
      await page.getByRole('status').filter({ hasText: 'Unauthorized access' }).waitFor();
      await shot(page, 'login-notice');
      await context.close();

      const employee = await browser.newContext({ baseURL: server.url, viewport, timezoneId: 'Asia/Kolkata' });
      const staffPage = await employee.newPage();
      await signIn(staffPage, 'Employee', staff.email, staff.password);
      await staffPage.waitForURL((u) => u.pathname.startsWith('/employee'));
      await staffPage.goto('/employee/attendance');
      // The first pass punches in, the second out (Punch In is off once today's punch exists).
      await staffPage.getByRole('button', { name: viewport.name === 'desktop' ? 'Punch In' : 'Punch Out' }).click();
      await staffPage.getByRole('region', { name: 'Notifications' }).getByRole('status').waitFor();
      await shot(staffPage, 'success-toast');
      if (viewport.name === 'phone') await staffPage.getByRole('button', { name: 'Menu' }).click();
      await staffPage.getByRole('button', { name: 'Team Directory' }).click();
      await staffPage.getByRole('alertdialog').waitFor();
      // The phone's drawer slides shut behind the dialog (0.2 s): let it finish.
      await staffPage.waitForTimeout(400);
      await shot(staffPage, 'maintenance-alert');
      await employee.close();
    }
  } finally {
    await api.dispose();
    await browser.close();
    await server.stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
