/**
 * Screenshots of the leave balance screens for a reviewer: the employee's balance on their home
 * screen and above the leave form, the admin's view of one employee (below Edit Employee), and the
 * admin's Leave Balances report over 1,200 employees (long names, mid-year joiners),
 * searched and empty, at 1366×768 and 390×844. Not a test: run it by hand against a fresh build,
 * under the e2e lock (src/server/test/README.md), e.g.
 *   flock /tmp/e2e.lock bash -c 'npx webpack --mode production && npx tsx src/e2e/shots-leave-policy.ts <dir>'
 */
import { createInvitedEmployee, signInAsAdmin } from './harness';
import { eachViewport, employeeToken, runShots, signInAsEmployee, uploadRoster } from './shot-kit';

runShots('leave-policy-shots', async (kit) => {
  const { api, server } = kit;
  const staff = { name: 'Venkata Satya Lakshmi Narasimha Subrahmanyam', email: 'venkata@shots.local', salary: 52000, password: 'Venkata-Shots-2026!', joiningDate: '2026-07-10' };
  const { adminToken } = await createInvitedEmployee(api, server, staff);
  const token = await employeeToken(api, staff);
  await api.post('/api/leave', { headers: { 'x-auth-token': token }, data: { startDate: '2026-12-14', endDate: '2026-12-15', reason: 'Family wedding' } });
  await uploadRoster(api, adminToken, 1200, (i) => `20${20 + (i % 7)}-${String((i % 12) + 1).padStart(2, '0')}-${String((i % 28) + 1).padStart(2, '0')}`);

  const roster = (await (await api.get('/api/employee', { headers: { 'x-auth-token': adminToken } })).json()) as { _id: string; email: string }[];
  const staffId = roster.find((e) => e.email === staff.email)!._id;

  await eachViewport(kit, async ({ page, shot, signOut }) => {
    await signInAsEmployee(page, staff);
    await page.getByRole('table', { name: 'My Leave Balance' }).waitFor();
    await shot('employee-home-balance');
    await page.goto('/employee/leaves');
    await page.getByRole('table', { name: 'My Leave Balance' }).waitFor();
    await shot('employee-balance');
    await signOut();

    await signInAsAdmin(page);
    await page.goto(`/admin/employees/edit/${staffId}`);
    await page.getByRole('table', { name: 'Leave Balance' }).waitFor();
    await page.getByRole('heading', { name: 'Leave Balance' }).scrollIntoViewIfNeeded();
    await shot('admin-edit-employee-balance');
    await page.goto('/admin/leave-balances');
    await page.getByRole('table', { name: 'Leave Balances' }).waitFor();
    await shot('admin-report');
    await page.getByLabel('Search by name or employee ID').fill('Chandrasekharan');
    await page.getByText(/^Showing \d+ of/).waitFor();
    await shot('admin-report-search');
    await page.getByLabel('Search by name or employee ID').fill('nobody at all');
    await shot('admin-report-none');
  });
});
