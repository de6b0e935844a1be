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
  const codes: string[] = [];
  for (const p of people) {
    const made = await createInvitedEmployee(kit.api, kit.server, p);
    adminToken = made.adminToken;
    codes.push(made.employeeId);
  }
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
    await page.getByRole('status').filter({ hasText: `Punch rule of ${people[0]!.name} saved` }).waitFor();
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

  // Asha's punches from a file, two months old: held for review. The admin applies one and discards
  // the other, each with a reason, and Asha reads them under her attendance.
  const ago = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);
  const csv = `employeeId,dateTime\n${codes[1]},${ago(60)} 09:12\n${codes[1]},${ago(61)} 23:58\n`;
  const imported = await kit.api.post('/api/attendance/punches/import', { headers: admin, multipart: { file: { name: 'punches.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) } } });
  if (imported.status() !== 200) throw new Error(`import: ${imported.status()} ${await imported.text()}`);
  let decided = 0;
  await eachViewport(kit, async ({ page, shot, signOut }) => {
    await signInAsAdmin(page);
    await page.goto('/admin/attendance/punches/held');
    const held = page.getByRole('region', { name: 'Punches held for review' });
    // Once both are decided (on the first pass) the table gives way to "No punch is waiting".
    await (decided ? page.getByText('No punch is waiting for review.') : held).waitFor();
    await shot('held-before');
    if (decided === 0) {
      await held.getByRole('button', { name: /^Apply the punch of Asha Rao/ }).first().click();
      const dialog = page.getByRole('alertdialog');
      await dialog.getByRole('button', { name: 'Apply' }).click();
      await dialog.getByText('Write the reason: the employee will see it.').waitFor();
      await shot('held-reason-required');
      await dialog.getByLabel('Reason (required)').fill('The gate device was offline for two months; the security register confirms she came in.');
      await shot('held-apply-dialog');
      await dialog.getByRole('button', { name: 'Apply' }).click();
      await page.getByRole('status').filter({ hasText: 'Punch applied' }).waitFor();
      await held.getByRole('button', { name: /^Discard the punch of Asha Rao/ }).first().click();
      await dialog.getByLabel('Reason (required)').fill('A test punch from the device installation, not a working day.');
      await dialog.getByRole('button', { name: 'Discard' }).click();
      await page.getByRole('status').filter({ hasText: 'Punch discarded' }).waitFor();
      decided = 2;
    }
    await page.goto(`/admin/attendance/punches?q=${codes[1]}`);
    await page.getByText(/Reviewed: The gate device/).first().waitFor({ timeout: 10_000 }).catch(() => console.warn('the log did not show the reviewed punch'));
    await shot('punch-log-reviewed');
    await signOut();
    await signInAsEmployee(page, people[1]!);
    await page.goto('/employee/attendance');
    const card = page.getByRole('region', { name: 'Punches reviewed by an admin' });
    await card.getByText(/Applied to your day/).waitFor();
    await card.scrollIntoViewIfNeeded();
    await shot('employee-reviewed');
  });
});
