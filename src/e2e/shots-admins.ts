/**
 * Screenshots of the admin's own screens beyond the spec's: Admins (four admin accounts, one invited,
 * one deactivated, the deactivate question), the admin's own password change with its field
 * errors, the Audit log at 100,000 entries (filtered, and filtered to nothing) and the Org chart of
 * 1,200 people (opened, searched, nobody found), at 1366×768 and 390×844, each page checked with axe.
 * Not a test: run it by hand against a fresh build, under the e2e lock, e.g.
 *   flock /tmp/e2e.lock bash -c 'npx webpack --mode production && npx tsx src/e2e/shots-admins.ts <dir>'
 *
 * The reporting lines and the 100,000 audit entries are written straight into the server's SQLite
 * file: neither can be made that fast through the API.
 */
import path from 'node:path';
import Database from '../server/db/sqlite-driver';
import { adminToken, expectAccessible, signInAsAdmin, waitForSetPasswordLink } from './harness';
import { eachViewport, runShots, uploadRoster } from './shot-kit';

const PEOPLE = 1200;
const AUDIT_ENTRIES = 100_000;
const ACTIONS: [string, string, (i: number) => [unknown, unknown]][] = [
  ['employee.update', 'employee', (i) => [{ position: 'Analyst', salary: 30000 + i }, { position: 'Senior Analyst', salary: 36000 + i }]],
  ['leave.decide', 'leave', () => [{ status: 'pending' }, { status: 'approved' }]],
  ['leave.request', 'leave', (i) => [null, { startDate: '2026-11-02', endDate: '2026-11-03', reason: `Family function in Madurai ${i}` }]],
  ['attendance.correct', 'attendance', () => [{ status: 'A' }, { status: 'P' }]],
  ['task.assign', 'task', (i) => [null, { title: `Reconcile vendor invoices batch ${i}` }]],
  ['payroll.approve', 'payroll', () => [{ state: 'draft' }, { state: 'approved' }]],
];

runShots('admins-shots', async (kit) => {
  const { api, server } = kit;
  const token = await adminToken(api);
  const admin = { 'x-auth-token': token };

  // Admins: two invited and set up, one invited only, one of them deactivated.
  const admins = [
    { name: 'Venkata Satya Lakshmi Narasimha Subrahmanyam', email: 'venkata.subrahmanyam.finance-operations@shots.local' },
    { name: 'Priya Raghunathan', email: 'priya.admin@shots.local' },
    { name: 'Farhan Qureshi', email: 'farhan.admin@shots.local' },
  ];
  const ids: string[] = [];
  for (const a of admins) {
    const res = await api.post('/api/admins', { headers: admin, data: a });
    if (res.status() !== 201) throw new Error(`invite ${a.email}: ${res.status()} ${await res.text()}`);
    ids.push(((await res.json()) as { _id: string })._id);
  }
  for (const a of admins.slice(0, 2)) {
    const link = new URL(await waitForSetPasswordLink(server.dataDir, a.email));
    await api.post('/api/auth/set-password', { data: { token: link.searchParams.get('token'), password: 'Sturdy-Admin-Pass-2026' } });
    await api.post('/api/auth/admin-login', { data: { email: a.email, password: 'Sturdy-Admin-Pass-2026' } });
  }
  const off = await api.put(`/api/admins/${ids[1]}/deactivate`, { headers: admin });
  if (off.status() !== 200) throw new Error(`deactivate: ${off.status()} ${await off.text()}`);

  // 1,200 people in a reporting tree: a CEO, 8 heads under them, then teams of about 6.
  await uploadRoster(api, token, PEOPLE, (i) => `20${20 + (i % 6)}-0${1 + (i % 9)}-15`);
  const db = new Database(path.join(server.dataDir, 'hr-portal.sqlite'));
  const staff = db.prepare("select u.id from users u join employees e on e.user_id = u.id where u.role = 'employee' order by u.id").all() as { id: number }[];
  const setManager = db.prepare('update employees set manager_id = ? where user_id = ?');
  db.transaction(() => {
    staff.forEach((s, i) => {
      if (i === 0) return;
      const manager = i <= 8 ? 0 : 1 + Math.floor((i - 9) / 6);
      setManager.run(staff[manager]!.id, s.id);
    });
  })();
  db.prepare("update employees set position = 'Chief Executive Officer' where user_id = ?").run(staff[0]!.id);

  // 100,000 audit entries over the last year, by the admins and a spread of employees.
  const actors = [Number(ids[0]), ...staff.slice(0, 300).map((s) => s.id)];
  const firstAdmin = (db.prepare("select id from users where email = 'admin@e2e.local'").get() as { id: number }).id;
  const insert = db.prepare('insert into audit_log (actor_id, action, entity, entity_id, before_json, after_json, at) values (?, ?, ?, ?, ?, ?, ?)');
  const start = Date.now() - 365 * 86_400_000;
  db.transaction(() => {
    for (let i = 0; i < AUDIT_ENTRIES; i++) {
      const [action, entity, values] = ACTIONS[i % ACTIONS.length]!;
      const [before, after] = values(i);
      const actor = i % 5 === 0 ? firstAdmin : actors[i % actors.length]!;
      insert.run(actor, action, entity, String(1 + (i % 5000)), before === null ? null : JSON.stringify(before), JSON.stringify(after), new Date(start + Math.floor((i / AUDIT_ENTRIES) * 365 * 86_400_000)).toISOString());
    }
  })();
  db.close();

  await eachViewport(kit, async ({ page, shot, phone }) => {
    await signInAsAdmin(page);

    await page.goto('/admin/admins');
    await page.getByRole('cell', { name: admins[2]!.email }).waitFor();
    await expectAccessible(page);
    await shot('admins', { fullPage: true });
    await page.getByRole('button', { name: `Deactivate ${admins[0]!.name}` }).click();
    await page.getByRole('alertdialog').waitFor();
    await shot('admins-deactivate-question', { fullPage: false });
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('button', { name: 'Send Invitation' }).click();
    await page.getByRole('alert').filter({ hasText: 'Name is required' }).waitFor();
    await shot('admins-invite-error', { fullPage: true });

    await page.goto('/admin/change-password');
    await page.getByRole('button', { name: 'Update Password' }).click();
    await page.getByText('Enter your current password').waitFor();
    await expectAccessible(page);
    await shot('own-password-errors', { fullPage: true });
    await page.getByLabel('Current Password').fill('not-my-password');
    await page.getByLabel('New Password', { exact: true }).fill('short');
    await page.getByLabel('Confirm New Password').fill('shorter');
    await page.getByRole('button', { name: 'Update Password' }).click();
    await page.getByText('New password must be at least 8 characters long').first().waitFor();
    await shot('own-password-rules', { fullPage: true });

    await page.goto('/admin/audit-log');
    await page.getByText(/^Showing the newest 200 entries/).waitFor();
    await expectAccessible(page);
    await shot('audit-log', { fullPage: phone });
    // Scrolling the table reads older pages.
    const box = page.getByRole('region', { name: 'Audit entries' });
    for (let i = 0; i < 3; i++) {
      await box.evaluate((el) => el.scrollBy(0, el.scrollHeight));
      await page.waitForTimeout(400);
    }
    await page.getByText(/^Showing the newest (4|6|8)00 entries/).waitFor();
    await shot('audit-log-scrolled', { fullPage: false });
    await page.getByLabel('Action').selectOption('payroll.approve');
    await page.getByLabel('Person (name or email)').fill('venkata');
    await page.getByRole('button', { name: 'Apply Filters' }).click();
    await page.waitForURL(/action=payroll.approve/);
    await page.getByText(/^Showing/).waitFor();
    await page.waitForLoadState('networkidle');
    await shot('audit-log-filtered', { fullPage: phone });
    await page.getByLabel('From', { exact: true }).fill('2020-01-01');
    await page.getByLabel('To', { exact: true }).fill('2020-01-31');
    await page.getByRole('button', { name: 'Apply Filters' }).click();
    await page.getByText('No audit entries match these filters.').waitFor();
    await expectAccessible(page);
    await shot('audit-log-empty', { fullPage: phone });

    await page.goto('/admin/org-chart');
    await page.getByRole('tree', { name: 'Reporting lines' }).waitFor();
    await page.getByText('1,200 people').waitFor();
    await expectAccessible(page);
    await shot('org-chart', { fullPage: phone });
    await page.getByRole('treeitem').first().focus();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await shot('org-chart-keyboard', { fullPage: phone });
    await page.getByLabel('Find a person (name, email, ID or position)').fill('Chandrasekharan Venkataraghavan Iyer 820');
    await page.getByText(/1 found/).waitFor();
    await expectAccessible(page);
    await shot('org-chart-search', { fullPage: phone });
    await page.getByLabel('Find a person (name, email, ID or position)').fill('Nobody by this name');
    await page.getByText('Nobody matches “Nobody by this name”.').waitFor();
    await shot('org-chart-no-match', { fullPage: phone });
  });
});
