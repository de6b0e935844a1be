/**
 * Screenshots of a leaver's way out, at 1366×768 and 390×844: Edit Employee's Exit card with the
 * Exit dialog filled in, the recorded exit, the full and final settlement as a draft (with a
 * recovery), its approval's confirm, the approved statement (its PDF's download busy, then refused),
 * the dashboard's overdue list, the settlements list (open, then every one with a leaver settled
 * before going live), the Employee List's status filter (on notice,
 * left), the delete dialog of someone with pay history and its refusal, and the statement's PDF
 * rendered to PNG (pdftoppm) beside them.
 * Not a test: run it by hand against a fresh build, under the e2e lock (src/server/test/README.md):
 *   flock /tmp/e2e.lock bash -c 'npx webpack --mode production && npx tsx src/e2e/shots-exit-settlement.ts <dir>'
 * Attendance of past days is written straight into the server's SQLite file (punches for past days
 * cannot be made through the API).
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import SQLite from '../server/db/sqlite-driver';
import { adminToken, expectAccessible, signInAsAdmin } from './harness';
import { eachViewport, runShots, shootDownloadStates } from './shot-kit';

/** One leaver per pass, so each size goes through the whole flow. */
const LEAVERS = [
  { name: 'Venkatanarayanan Ramachandran Subramaniam', email: 'venkat@shots.local', position: 'Principal Engineer', salary: 84000, joiningDate: '2020-03-02', statutory: { stateOfWork: 'KA', pan: 'AVRPS1234K', uan: '100427607290', bankAccount: '50100987654321', ifsc: 'HDFC0004567', employmentType: 'permanent' } },
  // Fixed-term since September 2025: one year of gratuity counted, worded in the singular.
  { name: 'Priyadarshini Krishnaswamy', email: 'priya.exit@shots.local', position: 'Product Designer', salary: 72000, joiningDate: '2025-09-01', statutory: { stateOfWork: 'KA', pan: 'BPKPK4321L', uan: '100427607291', bankAccount: '50100987654322', ifsc: 'HDFC0004567', employmentType: 'fixed-term' } },
];
const OVERDUE = [
  { name: 'Kavya Nair', email: 'kavya.exit@shots.local', position: 'Support Associate', salary: 18000, joiningDate: '2024-02-01', leftOn: '2026-11-06' },
  { name: 'Arjun Das', email: 'arjun.exit@shots.local', position: 'Data Engineer', salary: 60000, joiningDate: '2022-10-15', leftOn: '2026-11-13' },
];
const STAYING = { name: 'Meera Iyer', email: 'meera.exit@shots.local', position: 'Analyst', salary: 45000, joiningDate: '2025-06-02' };

// Imported as having left before the company went live: settled in the old system.
const BEFORE_GO_LIVE = { name: 'Lakshmi Venkataraman', email: 'lakshmi.exit@shots.local', position: 'Accounts Executive', salary: 38000, joiningDate: '2019-06-03', statutory: { stateOfWork: 'KA' }, leftOn: '2026-08-14' };
const GO_LIVE_DATE = '2026-09-01';

const ON_NOTICE = { name: 'Sowmya Raghunathan', email: 'sowmya.exit@shots.local', position: 'HR Generalist', salary: 52000, joiningDate: '2023-01-09' };

const day = (d: string, n: number) => new Date(Date.parse(`${d}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

runShots('exit-settlement-shots', async (kit) => {
  const { api, server, out } = kit;
  const headers = { 'x-auth-token': await adminToken(api) };
  const make = async (p: { name: string; email: string; position: string; salary: number; joiningDate: string; statutory?: object }) => {
    const res = await api.post('/api/employee', { headers, data: { name: p.name, email: p.email, position: p.position, salary: p.salary, joiningDate: p.joiningDate } });
    if (res.status() !== 200) throw new Error(`add ${p.name}: ${res.status()} ${await res.text()}`);
    const list = (await (await api.get('/api/employee?status=all', { headers })).json()) as { _id: string; email: string }[];
    const id = list.find((e) => e.email === p.email)!._id;
    if (p.statutory) {
      const edit = await api.put(`/api/employee/edit/${id}`, { headers, data: { name: p.name, email: p.email, statutory: p.statutory } });
      if (edit.status() !== 200) throw new Error(`statutory ${p.name}: ${edit.status()} ${await edit.text()}`);
    }
    return id;
  };
  const leaverIds = [await make(LEAVERS[0]!), await make(LEAVERS[1]!)];
  await make(STAYING);
  // Someone on notice: leaving at the end of the year.
  const noticeId = await make(ON_NOTICE);
  const notice = await api.post(`/api/employees/${noticeId}/exit`, { headers, data: { kind: 'resignation', noticeGivenOn: '2026-11-02', noticePeriodDays: 60, lastWorkingDay: '2026-12-31', reason: 'Moving to Chennai' } });
  if (notice.status() !== 200) throw new Error(`on notice: ${notice.status()} ${await notice.text()}`);
  const overdueIds: string[] = [];
  for (const p of OVERDUE) overdueIds.push(await make(p));

  // Earned leave is paid out to leavers, up to 30 days at Basic ÷ 26.
  const types = (await (await api.get('/api/leave-types', { headers })).json()) as { _id: string; name: string }[];
  const earned = types.find((t) => t.name === 'Earned')!;
  const put = await api.put(`/api/leave-types/${earned._id}`, { headers, data: { ...earned, _id: undefined, isDefault: undefined, encashable: true, encashmentCapDays: 30, encashmentBasis: 'basic-26' } });
  if (put.status() !== 200) throw new Error(`leave type: ${put.status()} ${await put.text()}`);

  // November worked up to the 20th.
  const db = new SQLite(path.join(server.dataDir, 'hr-portal.sqlite'));
  const insert = db.prepare('insert into attendance (user_id, date, status, punch_in, punch_out) values (?, ?, ?, ?, ?)');
  for (const id of [...leaverIds, ...overdueIds]) {
    for (let d = '2026-11-01'; d <= '2026-11-20'; d = day(d, 1)) if (new Date(`${d}T00:00:00Z`).getUTCDay() !== 0) insert.run(Number(id), d, 'P', `${d}T03:45:00.000Z`, `${d}T12:30:00.000Z`);
  }
  db.close();
  // October approved: everyone who worked then has pay history, so Delete refuses them.
  const approve = await api.post('/api/salary/register/2026-10/approve', { headers });
  if (approve.status() !== 202) throw new Error(`approve: ${approve.status()} ${await approve.text()}`);
  // The leaving date as an import writes it (no exit record), then the go-live date after it.
  const beforeId = await make(BEFORE_GO_LIVE);
  const sqlite = new SQLite(path.join(server.dataDir, 'hr-portal.sqlite'));
  sqlite.prepare('update employee_statutory set left_on = ? where user_id = ?').run(BEFORE_GO_LIVE.leftOn, Number(beforeId));
  sqlite.close();
  const goLive = await api.put('/api/company/go-live', { headers, data: { goLiveDate: GO_LIVE_DATE, payBasis: 'attendance', inviteOnImport: 'now' } });
  if (goLive.status() !== 200) throw new Error(`go-live: ${goLive.status()} ${await goLive.text()}`);
  for (const [i, id] of overdueIds.entries()) {
    const res = await api.post(`/api/employees/${id}/exit`, { headers, data: { kind: i ? 'termination' : 'resignation', noticeGivenOn: day(OVERDUE[i]!.leftOn, -30), noticePeriodDays: 30, lastWorkingDay: OVERDUE[i]!.leftOn, reason: i ? 'Role made redundant after the Hyderabad office closed' : 'Higher studies' } });
    if (res.status() !== 200) throw new Error(`exit: ${res.status()} ${await res.text()}`);
  }

  await eachViewport(kit, async (view) => {
    const { page, phone, shot, shotOf } = view;
    await signInAsAdmin(page);
    const leaverId = leaverIds[phone ? 1 : 0]!;
    await page.goto(`/admin/employees/edit/${leaverId}`);
    const card = page.locator('section[aria-labelledby="exit-card-title"]');
    await card.waitFor();
    await card.scrollIntoViewIfNeeded();
    await shotOf(card, 'exit-card-empty');
    await card.getByRole('button', { name: 'Record exit' }).click();
    const dialog = page.getByRole('alertdialog');
    await dialog.getByLabel('Notice given on').fill('2026-10-15');
    await dialog.getByLabel('Notice period (days)').fill('60');
    await dialog.getByLabel('Last working day').fill('2026-11-20');
    await dialog.getByLabel('Reason').fill('Relocating to Pune to join a family business; asked to be relieved early');
    await shot('exit-dialog', { fullPage: false });
    await dialog.getByRole('button', { name: 'Save exit' }).click();
    await card.getByRole('button', { name: 'Change exit' }).waitFor();
    await shotOf(card, 'exit-card-saved');

    await card.getByRole('link', { name: 'Full and final settlement' }).click();
    const settlement = page.locator('section.settlement');
    await settlement.getByText('Statement').first().waitFor();
    // On a phone the toasts sit over the buttons: dismiss them first, as a person would.
    const noToasts = async () => {
      for (const button of await page.locator('.toast__dismiss').all()) await button.click().catch(() => undefined);
    };
    await noToasts();
    await settlement.getByLabel('Amount to recover (₹)').fill('3500');
    await settlement.getByLabel('What for').fill('Laptop charger and access card not returned');
    await settlement.getByRole('button', { name: 'Save recoveries' }).click();
    await page.getByText('Recoveries saved').waitFor();
    await noToasts();
    await shot('settlement-draft');
    await settlement.getByRole('button', { name: 'Approve and lock' }).click();
    await page.getByRole('alertdialog').waitFor();
    await shot('settlement-approve-confirm', { fullPage: false });
    await page.getByRole('alertdialog').getByRole('button', { name: 'Approve and lock' }).click();
    await settlement.getByText('Approved and locked').waitFor();
    await expectAccessible(page);
    await shot('settlement-approved');
    await shootDownloadStates(view, '**/final-settlement/pdf', () => settlement.getByRole('button', { name: 'Download PDF' }).click(), 'settlement-pdf-download');
    await page.goto('/admin');
    const overdue = page.locator('section[aria-labelledby="overdue-settlements-title"]');
    await overdue.waitFor();
    await overdue.scrollIntoViewIfNeeded();
    await shotOf(overdue, 'dashboard-overdue');
    await page.goto('/admin/final-settlements');
    await page.getByRole('heading', { name: 'Leavers and settlements' }).waitFor();
    await expectAccessible(page);
    await shot('settlements-list');
    await page.getByRole('checkbox', { name: 'Show paid ones, and those settled before going live' }).check();
    await page.getByText('Settled before going live', { exact: true }).waitFor();
    await shot('settlements-list-all');

    // The Employee List: current and on notice by default, then those who left.
    await page.goto('/admin/employees/list');
    await page.getByRole('heading', { name: 'Employee List' }).waitFor();
    await page.waitForTimeout(2000);
    await shot('employee-list-current', { fullPage: false });
    await page.getByLabel('Filter by status').selectOption('left');
    await page.waitForTimeout(2000);
    await shot('employee-list-left', { fullPage: false });
    await page.getByLabel('Filter by status').selectOption('all');
    await page.getByLabel('Search employees').fill(STAYING.name);
    await page.getByRole('button', { name: 'Delete' }).first().click();
    await page.getByRole('alertdialog').waitFor();
    await shot('delete-dialog', { fullPage: false });
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
    await page.waitForTimeout(2000);
    await shot('delete-refused', { fullPage: false });
  });

  // The statement's PDF, as the leaver gets it.
  const pdf = await api.get(`/api/employees/${leaverIds[0]}/final-settlement/pdf`, { headers });
  if (pdf.status() !== 200) throw new Error(`pdf: ${pdf.status()} ${await pdf.text()}`);
  const file = path.join(out, 'full-and-final.pdf');
  fs.writeFileSync(file, await pdf.body());
  execFileSync('pdftoppm', ['-r', '90', '-png', '-singlefile', file, path.join(out, 'full-and-final')]);
});
