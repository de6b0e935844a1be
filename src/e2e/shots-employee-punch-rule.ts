/**
 * Screenshots of a person's own web punch rule, for a reviewer: the company asks for an office site;
 * on a field engineer's Edit Employee page the admin gives them their own rule (web punching from
 * anywhere) through the "Web punching" card, the Attendance rules screen lists them, and the field
 * engineer punches in with no location shared, at 1366×768 and 390×844. Not a test: run it by hand
 * against a fresh build, under the e2e lock (src/server/test/README.md), e.g.
 *   flock /tmp/e2e.lock bash -c 'npx webpack --mode production && npx tsx src/e2e/shots-employee-punch-rule.ts <dir>'
 */
import { createInvitedEmployee, signInAsAdmin } from './harness';
import { eachViewport, runShots, signInAsEmployee } from './shot-kit';

const OFFICE = { name: 'Pune office, Baner Road', latitude: 18.5204, longitude: 73.8567, radiusMeters: 200 };
const people = [
  { name: 'Venkata Satya Lakshmi Narasimha Subrahmanyam', email: 'venkata@shots.local', password: 'Venkata-Shots-2026!', salary: 52000, joiningDate: '2025-04-01', position: 'Field service engineer' },
  { name: 'Asha Rao', email: 'asha@shots.local', password: 'Asha-Shots-2026!', salary: 61000, joiningDate: '2024-06-10', position: 'Accountant' },
];

runShots('employee-punch-rule-shots', async (kit) => {
  let adminToken = '';
  for (const p of people) adminToken = (await createInvitedEmployee(kit.api, kit.server, p)).adminToken;
  const admin = { 'x-auth-token': adminToken };
  const saved = await kit.api.put('/api/punch-policy', { headers: admin, data: { rule: { webAllowed: true, geofenceRequired: true, networkRequired: false }, sites: [OFFICE], networks: [] } });
  if (saved.status() !== 200) throw new Error(`punch policy: ${saved.status()} ${await saved.text()}`);
  const list = (await (await kit.api.get('/api/employee', { headers: admin })).json()) as { _id: string; email: string }[];
  const venkata = list.find((e) => e.email === people[0]!.email)!._id;
  const clear = () => kit.api.put(`/api/punch-policy/employees/${venkata}`, { headers: admin, data: { rule: null } });

  await eachViewport(kit, async ({ page, shot, shotOf, signOut }) => {
    await clear();
    await signInAsAdmin(page);
    await page.goto(`/admin/employees/edit/${venkata}`);
    const card = page.getByRole('region', { name: 'Web punching' });
    const company = card.getByLabel("The company's rule (Web punching only inside an office site)");
    await company.waitFor();
    await card.scrollIntoViewIfNeeded();
    await shotOf(card, 'rule-company');
    await card.getByLabel('Their own rule').check();
    await card.getByRole('checkbox', { name: 'Only inside an office site' }).uncheck();
    await card.getByText('With this choice: Web punching from anywhere.').waitFor();
    await card.getByRole('button', { name: 'Save punch rule' }).click();
    await card.getByRole('status').filter({ hasText: `Punch rule of ${people[0]!.name} saved` }).waitFor();
    await card.scrollIntoViewIfNeeded();
    await shot('rule-own-saved');
    await shotOf(card, 'rule-own-card');
    // The same card asking for a network the company has none of.
    await card.getByRole('checkbox', { name: 'Only from an office network' }).check();
    await card.getByText(/no office networks yet/).waitFor();
    await shotOf(card, 'rule-no-networks');

    await page.goto('/admin/attendance/rules');
    const own = page.getByRole('list', { name: 'People with their own rule' });
    await own.getByRole('link', { name: people[0]!.name }).waitFor();
    await own.scrollIntoViewIfNeeded();
    await shot('rules-own-list');
    await signOut();
  });

  // The field engineer punches with no location shared (none granted to the browser).
  let punched = false;
  await eachViewport(kit, async ({ page, shot }) => {
    await signInAsEmployee(page, people[0]!);
    await page.goto('/employee/attendance');
    const section = page.getByRole('region', { name: 'Your Attendance' });
    const punchIn = section.getByRole('button', { name: 'Punch In' });
    await punchIn.waitFor();
    if (await punchIn.isEnabled()) {
      await punchIn.click();
      await page.getByRole('status').filter({ hasText: 'Punched in successfully' }).waitFor();
      punched = true;
    }
    await shot('field-engineer-punched');
  });
  if (!punched) throw new Error('the field engineer never punched in');
});
