/**
 * Screenshots of the leave calendar's admin screens for a reviewer: Who's off (month, week, a chosen
 * day, an empty month) over 1,200 employees with approved leave, the holiday calendar (a long year,
 * an empty year, a refused import with its row errors, the delete dialog), leave types (the list and
 * the editor) and the leave settings, at 1366×768 and 390×844. Not a test: run it by hand against a
 * fresh build, under the e2e lock, e.g.
 *   flock /tmp/e2e.lock bash -c 'npx webpack --mode production && npx tsx src/e2e/shots-holidays.ts <dir>'
 */
import path from 'node:path';
import Database from '../server/db/sqlite-driver';
import { adminToken, signInAsAdmin } from './harness';
import { eachViewport, runShots, uploadRoster } from './shot-kit';

const HOLIDAYS_2026 = [
  ['2026-01-14', 'Makar Sankranti / Pongal', 'yes'],
  ['2026-01-26', 'Republic Day', 'no'],
  ['2026-02-15', 'Maha Shivaratri', 'yes'],
  ['2026-03-04', 'Holi', 'no'],
  ['2026-03-19', 'Ugadi / Gudi Padwa', 'yes'],
  ['2026-03-21', 'Id-ul-Fitr (Ramzan Id)', 'no'],
  ['2026-03-26', 'Ram Navami', 'yes'],
  ['2026-03-31', 'Mahavir Jayanti', 'yes'],
  ['2026-04-03', 'Good Friday', 'no'],
  ['2026-04-14', 'Dr. B. R. Ambedkar Jayanti / Tamil New Year / Vishu / Baisakhi', 'yes'],
  ['2026-05-01', 'Maharashtra Day / May Day', 'no'],
  ['2026-05-27', 'Id-ul-Zuha (Bakrid)', 'no'],
  ['2026-06-26', 'Muharram', 'yes'],
  ['2026-08-15', 'Independence Day', 'no'],
  ['2026-08-26', 'Onam (Thiruvonam)', 'yes'],
  ['2026-08-28', 'Raksha Bandhan', 'yes'],
  ['2026-09-04', 'Janmashtami', 'yes'],
  ['2026-09-14', 'Ganesh Chaturthi', 'no'],
  ['2026-10-02', 'Gandhi Jayanti', 'no'],
  ['2026-10-20', 'Dussehra (Vijaya Dashami)', 'no'],
  ['2026-11-08', 'Diwali (Deepavali)', 'no'],
  ['2026-11-09', 'Govardhan Puja', 'yes'],
  ['2026-11-11', 'Bhai Dooj', 'yes'],
  ['2026-11-24', 'Guru Nanak Jayanti', 'no'],
  ['2026-12-25', 'Christmas Day', 'no'],
];

runShots('holiday-shots', async (kit) => {
  const { api, server } = kit;
  const token = await adminToken(api);
  const headers = { 'x-auth-token': token };
  await uploadRoster(api, token, 1200, () => '2024-01-01');
  const csv = ['date,name,optional', ...HOLIDAYS_2026.map(([d, n, o]) => `${d},"${n}",${o}`)].join('\n');
  const imported = await api.post('/api/holidays/import?file=india-2026.csv', { headers: { ...headers, 'content-type': 'text/csv' }, data: csv });
  if (imported.status() !== 200) throw new Error(`holiday import: ${imported.status()} ${await imported.text()}`);
  const settings = await api.put('/api/leave-settings', { headers, data: { leaveYearStartMonth: 4, weeklyOff: { weekdays: [0], saturdays: [2, 4] } } });
  if (settings.status() !== 200) throw new Error(`settings: ${settings.status()}`);

  // Approved leave straight into the database (filing 1,200 people's requests through the API
  // would need 1,200 sign-ins): a few days each across November and December, some half days.
  const db = new Database(path.join(server.dataDir, 'hr-portal.sqlite'));
  const users = db.prepare("select id from users where role = 'employee' order by id").all() as { id: number }[];
  const insert = db.prepare("insert into leaves (user_id, start_date, end_date, reason, status, created_at, leave_type_id, day_part, days) values (?, ?, ?, 'Planned', 'approved', ?, ?, ?, ?)");
  const at = new Date().toISOString();
  db.transaction(() => {
    users.forEach(({ id }, i) => {
      const start = new Date(Date.UTC(2026, 10, 2 + ((i * 7) % 50)));
      const length = i % 5 === 0 ? 3 : 1;
      const end = new Date(start.getTime() + (length - 1) * 86_400_000);
      const half = length === 1 && i % 4 === 0 ? 'first-half' : null;
      insert.run(id, start.toISOString().slice(0, 10), end.toISOString().slice(0, 10), at, (i % 3) + 1, half, half ? 0.5 : length);
    });
  })();
  // A few attendance records: absences filed on a weekly off (the 2nd Saturday) and on Diwali,
  // which the screens show as Weekly off and Holiday, and an ordinary absence and presence.
  const mark = db.prepare('insert into attendance (user_id, date, status, punch_in, punch_out) values (?, ?, ?, ?, ?)');
  db.transaction(() => {
    for (const { id } of users.slice(0, 4)) {
      mark.run(id, '2026-11-08', 'A', null, null);
      mark.run(id, '2026-11-14', 'A', null, null);
      mark.run(id, '2026-11-20', 'A', null, null);
      mark.run(id, '2026-11-23', 'P', '2026-11-23T03:45:00.000Z', '2026-11-23T12:40:00.000Z');
    }
    // Most people present on the working days of the last month, so the chart has bars.
    for (let day = 24; day <= 53; day++) {
      const date = new Date(Date.UTC(2026, 9, day)).toISOString().slice(0, 10);
      const weekday = new Date(`${date}T00:00:00Z`).getUTCDay();
      if (weekday === 0 || date === '2026-11-08' || date === '2026-11-14' || date === '2026-11-20' || date === '2026-11-23' || date >= '2026-11-24') continue;
      for (const { id } of users.slice(0, 900)) mark.run(id, date, 'P', `${date}T03:45:00.000Z`, `${date}T12:40:00.000Z`);
    }
  })();
  db.close();

  await eachViewport(kit, async ({ page, shot }) => {
    await signInAsAdmin(page);

    await page.goto('/admin');
    await page.getByText(/present on average per working day/).waitFor();
    await shot('dashboard-chart');
    await page.goto('/admin/attendance');
    await page.getByText(/\d+ records? from/).waitFor();
    for (const [date, name] of [['2026-11-14', 'weekly-off'], ['2026-11-08', 'holiday'], ['2026-11-20', 'working-day']]) {
      await page.getByLabel('Start Date').fill(date!);
      await page.getByLabel('End Date').fill(date!);
      await page.getByRole('button', { name: 'Show Records' }).click();
      await page.getByText(`4 records from ${date} to ${date}`).waitFor();
      await shot(`attendance-${name}`);
    }

    await page.goto('/admin/leaves');
    await page.getByRole('navigation', { name: 'Leave administration' }).waitFor();
    await shot('leave-management-links');

    await page.goto('/admin/whos-off?date=2026-11-23');
    await page.getByText(/people on approved leave/).waitFor();
    await shot('whos-off-month');
    await page.getByRole('button', { name: /^Wed, 25 Nov/ }).click();
    await page.getByRole('heading', { name: /Wed, 25 Nov: \d+ off/ }).waitFor();
    await shot('whos-off-day');
    await page.goto('/admin/whos-off?view=week&date=2026-11-23');
    await page.getByText(/people on approved leave/).waitFor();
    await shot('whos-off-week');
    await page.goto('/admin/whos-off?date=2030-02-01');
    await page.getByText('Nobody is on approved leave in this period.').waitFor();
    await shot('whos-off-empty');

    await page.goto('/admin/holidays?year=2026');
    await page.getByRole('table', { name: 'Holidays 2026' }).waitFor();
    await shot('holidays-year');
    await page.getByRole('button', { name: 'Delete Christmas Day (2026-12-25)' }).click();
    await page.getByRole('alertdialog').waitFor();
    await shot('holidays-delete-dialog', { fullPage: false });
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.getByLabel('CSV file').setInputFiles({
      name: 'bad.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from('date,name,optional\n2027-01-26,Republic Day,no\n2027-02-30,No such day,no\n2027-03-04,,no\n2026-12-25,Christmas again,no\n2027-03-25,Holi,maybe\n'),
    });
    await page.getByRole('button', { name: 'Import CSV' }).click();
    await page.getByText('Rows to fix:').waitFor();
    await shot('holidays-import-refused');
    await page.goto('/admin/holidays?year=2030');
    await page.getByText(/No holidays for 2030 yet/).waitFor();
    await shot('holidays-empty');

    await page.goto('/admin/leave-types');
    await page.getByRole('table', { name: 'Leave types' }).waitFor();
    await shot('leave-types');
    await page.getByRole('button', { name: 'Edit Earned' }).click();
    await page.getByRole('heading', { name: 'Edit Earned' }).waitFor();
    await shot('leave-types-edit');

    await page.goto('/admin/leave-settings');
    await page.getByLabel('Leave year starts in').waitFor();
    await shot('leave-settings');
  }, { fullPage: true });
});
