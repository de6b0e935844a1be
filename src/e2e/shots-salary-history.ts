/**
 * Screenshots of Edit Employee's Salary history: October approved, then a raise dated 1 October
 * (arrears paid in November) and a long reason, a structure with a fixed Basic from 16 November and a
 * raise the same day that keeps it (each revision shows its structure), her own conveyance overriding the
 * structure's, and the override form with a field marked, at 1366×768 and 390×844. Not a test:
 *   flock /tmp/e2e.lock bash -c 'npx webpack --mode production && npx tsx src/e2e/shots-salary-history.ts <dir>'
 */
import { createInvitedEmployee, signInAsAdmin } from './harness';
import { eachViewport, runShots } from './shot-kit';

const person = { name: 'Lakshmi Venkataraman Subramaniam', email: 'lakshmi.salary@shots.local', password: 'Lakshmi-Shots-2026!', salary: 22000, joiningDate: '2023-07-03' };

runShots('salary-history-shots', async (kit) => {
  const { api, server } = kit;
  const { adminToken } = await createInvitedEmployee(api, server, person);
  const admin = { 'x-auth-token': adminToken };
  const list = (await (await api.get('/api/employee', { headers: admin })).json()) as { _id: string; email: string }[];
  const id = list.find((e) => e.email === person.email)!._id;
  const approve = await api.post('/api/salary/register/2026-10/approve', { headers: admin });
  if (approve.status() !== 202) throw new Error(`approve: ${approve.status()} ${await approve.text()}`);
  const edit = (salary: number, extra: object) =>
    api.put(`/api/employee/edit/${id}`, { headers: admin, data: { name: person.name, email: person.email, position: 'Senior Analyst', salary, ...extra } });
  const raise = await edit(26400, { salaryEffectiveFrom: '2026-10-01', salaryChangeReason: 'Annual appraisal 2026: revised from 1 October after the review committee signed off in November' });
  if (raise.status() !== 200) throw new Error(`raise: ${raise.status()} ${await raise.text()}`);
  // A structure with a fixed Basic from 16 November, then a raise the same day that keeps it.
  const made = await api.post('/api/salary/structures', { headers: admin, data: { name: 'Field sales, metro cities', basicMonthly: 12000, hraPercentOfBasic: 50, fixedAllowances: [{ name: 'Conveyance', monthly: 1600 }] } });
  if (made.status() !== 201) throw new Error(`structure: ${made.status()} ${await made.text()}`);
  const structureId = ((await made.json()) as { id: string }).id;
  const assigned = await api.post(`/api/salary/structures/${structureId}/assign`, { headers: admin, data: { employeeIds: [id], effectiveFrom: '2026-11-16', reason: 'Moved to field sales' } });
  if (assigned.status() !== 200) throw new Error(`assign: ${assigned.status()} ${await assigned.text()}`);
  const second = await edit(30000, { salaryEffectiveFrom: '2026-11-16', salaryChangeReason: 'Field sales pay' });
  if (second.status() !== 200) throw new Error(`second raise: ${second.status()} ${await second.text()}`);
  // Her own conveyance, overriding the structure's.
  const own = await api.put(`/api/salary/history/${id}/structure-override`, { headers: admin, data: { component: 'allowance', allowanceName: 'Conveyance', monthly: 2400, effectiveFrom: '2026-11-16' } });
  if (own.status() !== 200) throw new Error(`override: ${own.status()} ${await own.text()}`);

  await eachViewport(kit, async ({ page, shot, shotOf, signOut }) => {
    await signInAsAdmin(page);
    await page.goto(`/admin/employees/edit/${id}`);
    const card = page.getByRole('region', { name: 'Salary history' }).first();
    const section = page.locator('section[aria-labelledby="salary-history-title"]');
    await section.getByText('In force today').waitFor();
    await card.scrollIntoViewIfNeeded();
    await shot('edit-employee-salary-history', { fullPage: false });
    await shotOf(section, 'salary-history-card');
    // The override form with a missing amount marked.
    const override = page.locator('section[aria-labelledby="salary-override-title"]');
    await override.getByLabel('Fixed monthly amount').check();
    await override.getByRole('button', { name: 'Save override' }).click();
    await override.locator('[aria-invalid="true"]').first().waitFor();
    await shotOf(override, 'salary-override-form');
    await signOut();
  });
});
