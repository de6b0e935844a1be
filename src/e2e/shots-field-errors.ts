/**
 * Screenshots of Edit Employee after one save with the PAN, UAN and IFSC all wrong: each field marked
 * with its message, focus on the first, at 1366×768 and 390×844. Not a test:
 *   flock /tmp/e2e.lock bash -c 'npx webpack --mode production && npx tsx src/e2e/shots-field-errors.ts <dir>'
 */
import { createInvitedEmployee, signInAsAdmin } from './harness';
import { eachViewport, runShots } from './shot-kit';

const person = { name: 'Lakshmi Venkataraman Subramaniam', email: 'lakshmi.fields@shots.local', password: 'Lakshmi-Shots-2026!', salary: 42000, joiningDate: '2023-07-03' };

runShots('field-errors-shots', async (kit) => {
  const { api, server } = kit;
  const { adminToken } = await createInvitedEmployee(api, server, person);
  const list = (await (await api.get('/api/employee', { headers: { 'x-auth-token': adminToken } })).json()) as { _id: string; email: string }[];
  const id = list.find((e) => e.email === person.email)!._id;

  await eachViewport(kit, async ({ page, shot, signOut }) => {
    await signInAsAdmin(page);
    await page.goto(`/admin/employees/edit/${id}`);
    await page.getByLabel('PAN').fill('ABCD1234F');
    await page.getByLabel('UAN').fill('12345');
    await page.getByLabel('IFSC').fill('HDFC1001234');
    await page.getByRole('button', { name: 'Update Employee' }).click();
    await page.locator('[aria-invalid="true"]').first().waitFor();
    await page.locator('#edit-employee-pan').scrollIntoViewIfNeeded();
    await shot('edit-employee-field-errors', { fullPage: false });
    await signOut();
  });
});
