/**
 * Screenshots of the in-app feedback for a reviewer: the delete confirmation, the
 * Email Salary Slip dialog, success and error toasts, the maintenance alert and the login page's
 * notice, at 1366×768 and 390×844. Not a test: run it by hand against a fresh build, under the
 * e2e lock (src/server/test/README.md), e.g.
 *   flock /tmp/e2e.lock bash -c 'npx webpack --mode production && npx tsx src/e2e/shots-feedback.ts <dir>'
 */
import { createEmployee, createInvitedEmployee, signInAsAdmin } from './harness';
import { eachViewport, runShots, signInAsEmployee } from './shot-kit';

runShots('feedback-shots', async (kit) => {
  const { api, server } = kit;
  await createEmployee(api, { name: 'Ravi Kumar', email: 'ravi@shots.local', position: 'Designer', salary: 85000 });
  const staff = { name: 'Asha Rao', email: 'asha@shots.local', position: 'Analyst', salary: 52000, password: 'Asha-Rao-Shots-2026!' };
  await createInvitedEmployee(api, server, staff);

  await eachViewport(
    kit,
    async ({ page, viewport, context, shot, newContext }) => {
      await signInAsAdmin(page);
      await page.goto('/admin/employees/list');
      const row = page.getByRole('row').filter({ has: page.getByRole('cell', { name: 'Ravi Kumar', exact: true }) });
      await row.waitFor();
      await row.getByRole('button', { name: 'Delete Ravi Kumar' }).click();
      await page.getByRole('alertdialog').waitFor();
      await shot('delete-confirm');
      await page.keyboard.press('Escape');

      await row.getByRole('button', { name: 'Email Salary Slip Ravi Kumar' }).click();
      const period = page.getByRole('alertdialog');
      await period.waitFor();
      await shot('email-slip-dialog');
      await period.getByRole('button', { name: 'Send Salary Slip' }).click();
      await page.getByRole('region', { name: 'Notifications' }).getByRole('alert').waitFor();
      await page.mouse.move(0, 0);
      await shot('error-toast');

      // Unauthorized: an admin token on the employee area lands on the login page with the notice.
      await page.goto('/employee');
      await page.getByRole('status').filter({ hasText: 'Unauthorized access' }).waitFor();
      await shot('login-notice');
      await context.close();

      const employee = await newContext();
      const staffPage = await employee.newPage();
      await signInAsEmployee(staffPage, staff);
      await staffPage.goto('/employee/attendance');
      // The first pass punches in, the second out (Punch In is off once today's punch exists).
      await staffPage.getByRole('button', { name: viewport.name === 'desktop' ? 'Punch In' : 'Punch Out' }).click();
      await staffPage.getByRole('region', { name: 'Notifications' }).getByRole('status').waitFor();
      await shot('success-toast', { page: staffPage });
      if (viewport.name === 'phone') await staffPage.getByRole('button', { name: 'Menu' }).click();
      await staffPage.getByRole('button', { name: 'Team Directory' }).click();
      await staffPage.getByRole('alertdialog').waitFor();
      // The phone's drawer slides shut behind the dialog (0.2 s): let it finish.
      await staffPage.waitForTimeout(400);
      await shot('maintenance-alert', { page: staffPage });
      await employee.close();
    },
    { fullPage: false },
  );
});
