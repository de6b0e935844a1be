/**
 * Screenshots of what a leaver sees from the day after the leaving date: the read-only
 * former-employee view (their slips and tax statements only), with nineteen approved months, and the
 * same view for a leaver with none yet, at 1366×768 and 390×844. Not a test: run it by hand against a
 * fresh build, under the e2e lock, e.g.
 *   flock /tmp/e2e.lock bash -c 'npx webpack --mode production && npx tsx src/e2e/shots-leavers.ts <dir>'
 *
 * The approved months are computed with the app's own slip computation and stored straight in the
 * server's SQLite file (a month's attendance cannot be punched after the fact through the API).
 */
import path from 'node:path';
import Database from '../server/db/sqlite-driver';
import { computeSalarySlip } from '../shared/payroll/salary-slip';
import { datesOfMonth, weekdayOf } from '../shared/payroll/pay-month';
import { createInvitedEmployee, expectAccessible } from './harness';
import { eachViewport, runShots, signInAsEmployee } from './shot-kit';

const people = [
  { name: 'Venkata Satya Lakshmi Narasimha Subrahmanyam', email: 'venkata.leaver@shots.local', password: 'Venkata-Leaver-2026!', salary: 145000, joiningDate: '2023-02-01' },
  { name: 'Farhan Qureshi', email: 'farhan.leaver@shots.local', password: 'Farhan-Leaver-2026!', salary: 52000, joiningDate: '2026-10-20' },
];
const MONTHS = Array.from({ length: 19 }, (_, i) => `${2025 + Math.floor((i + 3) / 12)}-${String(((i + 3) % 12) + 1).padStart(2, '0')}`);

runShots('leaver-shots', async (kit) => {
  const { api, server } = kit;
  let adminToken = '';
  const ids: string[] = [];
  for (const p of people) {
    const created = await createInvitedEmployee(api, server, p);
    adminToken = created.adminToken;
    ids.push(created.employeeId);
  }
  const admin = { 'x-auth-token': adminToken };
  const list = (await (await api.get('/api/employee', { headers: admin })).json()) as { _id: string; email: string }[];
  const recordId = (email: string) => Number(list.find((e) => e.email === email)!._id);

  const db = new Database(path.join(server.dataDir, 'hr-portal.sqlite'));
  for (const month of MONTHS) {
    const slip = computeSalarySlip({
      month,
      monthlyGrossPaise: 1_45_000_00,
      joinedOn: '2023-02-01',
      presentDates: new Set(datesOfMonth(month).filter((d) => weekdayOf(d) !== 0)),
      approvedLeaveDates: new Set(),
      today: '2026-11-20',
      statutory: { stateOfWork: 'KA', taxRegime: 'new' },
    });
    db.prepare('insert or ignore into payroll_approvals (month, approved_by, approved_at, version, employees, net_paise) values (?, null, ?, 1, 1, ?)').run(month, new Date().toISOString(), slip.netPaise);
    db.prepare(
      'insert into payroll_approved_slips (month, user_id, employee_id, fingerprint, changed_version, gross_paise, basic_paise, hra_paise, pf_paise, esi_paise, pt_paise, tds_paise, net_paise, slip_json) values (?, ?, ?, ?, 1, ?, ?, ?, ?, ?, ?, ?, ?, ?)',
    ).run(month, recordId(people[0]!.email), ids[0], 'shots', slip.earnings.totalPaise, slip.earnings.basicPaise, slip.earnings.hraPaise, slip.deductions.providentFundPaise, slip.deductions.esiPaise, slip.deductions.professionalTaxPaise, slip.deductions.tdsPaise, slip.netPaise, JSON.stringify(slip));
  }
  db.close();

  // Both left before today: from the day after the leaving date the server gives them the read-only scope.
  for (const [i, leftOn] of [['0', '2026-10-31'], ['1', '2026-11-02']] as const) {
    const p = people[Number(i)]!;
    const res = await api.put(`/api/employee/edit/${recordId(p.email)}`, { headers: admin, data: { name: p.name, email: p.email, statutory: { leftOn } } });
    if (res.status() !== 200) throw new Error(`leaving date ${p.email}: ${res.status()} ${await res.text()}`);
  }

  for (const [who, stage] of [[0, 'slips'], [1, 'empty']] as const) {
    await eachViewport(kit, async ({ page, shot, signOut }) => {
      await signInAsEmployee(page, people[who]!);
      await page.getByText(/^You left on /).waitFor();
      await page.getByRole('heading', { name: 'Tax statements' }).waitFor();
      await page.getByRole('heading', { name: 'Available slips' }).waitFor();
      await page.waitForLoadState('networkidle');
      // No serious axe finding on the leaver's view either.
      await expectAccessible(page);
      await shot(`former-employee-${stage}`, { fullPage: true });
      if (stage === 'slips') {
        await page.goto('/employee/attendance');
        await page.getByText(/^You left on /).waitFor();
        await shot('former-employee-other-path');
      }
      await signOut();
    });
  }
});
