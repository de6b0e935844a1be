/**
 * Screenshots of the task and holiday screens for a reviewer, at 1366×768 and 390×844, over 1,200
 * employees (one who left, one deactivated) and 300 tasks with long titles, due dates and priorities:
 * the admin's list and assign form, the assignee combobox searched, every missing field marked, the
 * edit and delete dialogs, an employee's own tasks and one with none; the holiday year with yearly
 * holidays, a later year they repeat into, the edit dialog, and an employee's leave form counting a
 * repeated holiday of a later year. Not a test: run it by hand against a fresh build, e.g.
 *   flock /tmp/e2e.lock bash -c 'npx webpack --mode production && npx tsx src/e2e/shots-tasks.ts <dir>'
 */
import path from 'node:path';
import Database from '../server/db/sqlite-driver';
import { createInvitedEmployee, signInAsAdmin } from './harness';
import { eachViewport, runShots, signInAsEmployee, uploadRoster } from './shot-kit';

const TITLES = [
  'Reconcile the Karnataka office petty cash register for the second quarter and flag every unexplained entry',
  'Prepare the onboarding checklist',
  'Renew the fire safety certificate',
  'Collect Form 12BB from the Bengaluru team',
  'Update the leave policy handbook with the new optional holidays and the revised carry-forward rules',
];

runShots('task-shots', async (kit) => {
  const { api, server } = kit;
  const year = new Date().getFullYear();
  const staff = { name: 'Venkata Satya Lakshmi Narasimha Subrahmanyam', email: 'venkata@shots.local', salary: 52000, password: 'Venkata-Shots-2026!', joiningDate: `${year - 1}-07-10` };
  const idle = { name: 'Asha Rao', email: 'asha@shots.local', salary: 41000, password: 'Asha-Shots-2026!', joiningDate: `${year - 1}-07-10` };
  const { adminToken, employeeId } = await createInvitedEmployee(api, server, staff);
  const { employeeId: idleEmployeeId } = await createInvitedEmployee(api, server, idle);
  const headers = { 'x-auth-token': adminToken };
  await uploadRoster(api, adminToken, 1200, () => `${year - 2}-01-01`);

  // Yearly holidays set once, in an earlier year; one dated holiday this year.
  for (const holiday of [
    { date: `${year - 1}-01-26`, name: 'Republic Day', repeatsYearly: true },
    { date: `${year - 1}-08-15`, name: 'Independence Day', repeatsYearly: true },
    { date: `${year - 1}-10-02`, name: 'Gandhi Jayanti (Mahatma Gandhi’s birthday, a national holiday)', repeatsYearly: true },
    { date: `${year}-11-08`, name: 'Diwali (Deepavali)' },
    { date: `${year}-03-19`, name: 'Ugadi / Gudi Padwa', optional: true },
  ]) {
    const added = await api.post('/api/holidays', { headers, data: holiday });
    if (added.status() !== 201) throw new Error(`holiday: ${added.status()} ${await added.text()}`);
  }

  const db = new Database(path.join(server.dataDir, 'hr-portal.sqlite'));
  const users = db.prepare("select u.id, e.employee_id from users u join employees e on e.user_id = u.id where u.role = 'employee' order by u.id").all() as { id: number; employee_id: string }[];
  // Person 5 left last month; person 6 was deactivated: neither may be picked.
  const leaver = users.find((u) => u.employee_id !== employeeId && u.id > users[4]!.id)!;
  db.prepare("insert into employee_statutory (user_id, left_on, pf_on_full_wages, updated_at) values (?, ?, 0, ?) on conflict (user_id) do update set left_on = excluded.left_on").run(leaver.id, `${year - 1}-12-31`, new Date().toISOString());
  db.prepare('update users set active = 0 where id = ?').run(users[7]!.id);
  const staffId = users.find((u) => u.employee_id === employeeId)!.id;
  const idleId = users.find((u) => u.employee_id === idleEmployeeId)!.id;
  const insert = db.prepare("insert into tasks (user_id, title, description, status, assigned_by, created_at, updated_at, due_date, priority) values (?, ?, ?, ?, null, ?, ?, ?, ?)");
  const at = new Date().toISOString();
  const statuses = ['assigned', 'in-progress', 'completed'];
  const priorities = ['low', 'normal', 'high'];
  db.transaction(() => {
    for (let i = 0; i < 300; i++) {
      const others = users.filter((u) => u.id !== idleId);
      const user = i % 20 === 0 ? staffId : others[(i * 37) % others.length]!.id;
      const due = i % 4 === 0 ? null : new Date(Date.now() + ((i % 40) - 15) * 86_400_000).toISOString().slice(0, 10);
      insert.run(user, `${TITLES[i % TITLES.length]} #${i + 1}`, 'Details, steps and who to ask are in the shared folder; reply here when done.', statuses[i % 3], at, at, due, priorities[(i * 7) % 3]);
    }
  })();
  db.close();

  await eachViewport(kit, async ({ page, phone, shot, signOut }) => {
    await signInAsAdmin(page);
    await page.goto('/admin/tasks');
    const list = page.getByRole('region', { name: 'All Tasks' });
    await list.getByRole('table').waitFor();
    await shot('tasks-admin');

    const box = page.getByRole('combobox', { name: 'Employee', exact: true });
    await box.click();
    await box.pressSequentially('chandra');
    await page.getByRole('listbox', { name: 'Employee' }).getByRole('option').first().waitFor();
    await box.press('ArrowDown');
    await box.evaluate((el) => el.scrollIntoView({ block: 'start' }));
    await shot('tasks-combobox', { fullPage: false });
    await box.press('Escape');
    await box.press('Escape');
    // The leaver is not offered.
    await box.fill(leaver.employee_id);
    await page.getByText('No current employee matches').waitFor();
    await shot('tasks-combobox-leaver', { fullPage: false });
    await box.press('Escape');
    await box.press('Escape');

    await page.getByRole('button', { name: 'Assign Task' }).click();
    await page.locator('[aria-invalid="true"]').first().waitFor();
    await box.evaluate((el) => el.scrollIntoView({ block: 'start' }));
    await shot('tasks-field-errors', { fullPage: false });

    await list.getByRole('button', { name: /^Edit task / }).first().click();
    await page.getByRole('alertdialog').waitFor();
    await shot('tasks-edit-dialog', { fullPage: false });
    await page.getByRole('button', { name: 'Cancel' }).click();
    await list.getByRole('button', { name: /^Delete task / }).first().click();
    await page.getByRole('alertdialog').waitFor();
    await shot('tasks-delete-dialog', { fullPage: false });
    await page.getByRole('button', { name: 'Cancel' }).click();

    await page.goto(`/admin/holidays?year=${year}`);
    await page.getByRole('table', { name: `Holidays ${year}` }).waitFor();
    await shot('holidays-year');
    await page.goto(`/admin/holidays?year=${year + 3}`);
    await page.getByRole('table', { name: `Holidays ${year + 3}` }).waitFor();
    await shot('holidays-later-year');
    await page.getByRole('button', { name: /^Edit Republic Day/ }).click();
    await page.getByRole('alertdialog').waitFor();
    await shot('holidays-edit-dialog', { fullPage: false });
    await page.getByRole('button', { name: 'Cancel' }).click();

    await signOut();
    await signInAsEmployee(page, staff);
    await page.goto('/employee/tasks');
    await page.getByRole('region', { name: 'My Tasks' }).getByRole('table').waitFor();
    await shot('tasks-employee');
    await page.goto('/employee/leaves');
    const form = page.getByRole('region', { name: 'Request a Leave' });
    await form.getByLabel('Start Date').fill(`${year + 2}-01-25`);
    await form.getByLabel('End Date').fill(`${year + 2}-01-27`);
    await form.getByText(/Republic Day/).waitFor();
    if (!phone) await form.evaluate((el) => el.scrollIntoView({ block: 'start' }));
    await shot('leave-form-later-year-holiday', { fullPage: phone });

    await signOut();
    await signInAsEmployee(page, idle);
    await page.goto('/employee/tasks');
    await page.getByText('No tasks found.').waitFor();
    await shot('tasks-employee-empty');
  });
});
