/**
 * Screenshots of Edit Employee's "Statutory and bank details" with PF on full wages ticked and a
 * leaving date (an exit recorded through the API; the form has no leaving date, the Exit card records it), and
 * the employee's profile, at 1366×768 and 390×844. Not a test:
 *   flock /tmp/e2e.lock bash -c 'npx webpack --mode production && npx tsx src/e2e/shots-employee-leaving.ts <dir>'
 */
import { createInvitedEmployee, signInAsAdmin } from './harness';
import { eachViewport, runShots, signInAsEmployee } from './shot-kit';

const person = { name: 'Lakshmi Venkataraman Subramaniam', email: 'lakshmi@shots.local', password: 'Lakshmi-Shots-2026!', salary: 84000, joiningDate: '2023-07-03' };

runShots('employee-leaving-shots', async (kit) => {
  const { api, server } = kit;
  const { adminToken } = await createInvitedEmployee(api, server, person);
  const admin = { 'x-auth-token': adminToken };
  const list = (await (await api.get('/api/employee', { headers: admin })).json()) as { _id: string; email: string }[];
  const id = list.find((e) => e.email === person.email)!._id;
  const statutory = { stateOfWork: 'TN', pan: 'ABCPV1234K', uan: '100987654321', bankAccount: '50100987654321', ifsc: 'HDFC0004567', gender: 'female', pfOnFullWages: true };
  const res = await api.put(`/api/employee/edit/${id}`, { headers: admin, data: { name: person.name, email: person.email, position: 'Senior Analyst', salary: person.salary, statutory } });
  if (res.status() !== 200) throw new Error(`edit: ${res.status()} ${await res.text()}`);
  // The leaving date only comes from an exit: Edit Employee refuses to change it.
  const resignation = { kind: 'resignation', noticeGivenOn: '2026-11-02', noticePeriodDays: 60, lastWorkingDay: '2026-12-31', reason: 'Moving to Coimbatore' };
  const exit = await api.post(`/api/employees/${id}/exit`, { headers: admin, data: resignation });
  if (exit.status() !== 200) throw new Error(`exit: ${exit.status()} ${await exit.text()}`);

  await eachViewport(kit, async ({ page, shot, shotOf, signOut }) => {
    await signInAsAdmin(page);
    await page.goto(`/admin/employees/edit/${id}`);
    const fieldset = page.getByRole('group', { name: 'Statutory and bank details' });
    await fieldset.getByLabel('PF on full wages').scrollIntoViewIfNeeded();
    await shot('edit-employee', { fullPage: false });
    await shotOf(fieldset, 'statutory-fieldset');
    await signOut();

    await signInAsEmployee(page, person);
    await page.goto('/employee/profile');
    const details = page.getByRole('region', { name: 'Statutory and bank details' });
    await details.getByText('PF on full wages').waitFor();
    await shotOf(details, 'profile-details');
  });
});
