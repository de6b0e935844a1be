/**
 * Screenshots of what a leaver sees from the day after the leaving date: the read-only
 * former-employee view (their settlement's state, their slips and tax statements only), with nineteen
 * approved months and an approved settlement, then that settlement paid, and the same view for a
 * leaver with no slips and their settlement being prepared, at 1366×768 and 390×844. Not a test: run it by hand against a
 * fresh build, under the e2e lock, e.g.
 *   flock /tmp/e2e.lock bash -c 'npx webpack --mode production && npx tsx src/e2e/shots-leavers.ts <dir>'
 *
 * The approved months are computed with the app's own slip computation and stored straight in the
 * server's SQLite file (a month's attendance cannot be punched after the fact through the API).
 */
import path from 'node:path';
import type { APIResponse } from 'playwright-core';
import Database from '../server/db/sqlite-driver';
import { computeSalarySlip } from '../shared/payroll/salary-slip';
import { datesOfMonth, weekdayOf } from '../shared/payroll/pay-month';
import { dateInZone } from '../shared/format';
import { COMPANY_ZONE, createInvitedEmployee, expectAccessible } from './harness';
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

  const ok = async (what: string, res: APIResponse) => {
    if (res.status() >= 300) throw new Error(`${what}: ${res.status()} ${await res.text()}`);
    return (await res.json()) as Record<string, unknown>;
  };
  // Both left before today: from the day after the leaving date the server gives them the read-only
  // scope. The first resigned and HR approves their settlement; the second's is not started.
  const [venkata, farhan] = [recordId(people[0]!.email), recordId(people[1]!.email)];
  await ok('bank', await api.put(`/api/employee/edit/${venkata}`, { headers: admin, data: { name: people[0]!.name, email: people[0]!.email, statutory: { bankAccount: '50100987650007', ifsc: 'HDFC0004567' } } }));
  // Relieved a month before a 60-day notice ended: that month's shortfall is paid to them.
  const resignation = { kind: 'resignation', noticeGivenOn: '2026-10-01', noticePeriodDays: 60, lastWorkingDay: '2026-10-31', reason: 'Moving back to Visakhapatnam to look after family', relievedEarly: true };
  await ok('exit', await api.post(`/api/employees/${venkata}/exit`, { headers: admin, data: resignation }));
  await ok('approve', await api.post(`/api/employees/${venkata}/final-settlement/approve`, { headers: admin, timeout: 60_000 }));
  // The leaving date comes from an exit only (Edit Employee refuses it): a week's notice in probation.
  const probation = { kind: 'resignation', noticeGivenOn: '2026-10-26', noticePeriodDays: 7, lastWorkingDay: '2026-11-02', reason: 'Took up an offer nearer home during probation' };
  await ok('exit', await api.post(`/api/employees/${farhan}/exit`, { headers: admin, data: probation }));

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

  // The bank has paid the settlement: the card says when.
  const today = dateInZone(new Date(), COMPANY_ZONE);
  const batch = (await ok('batch', await api.post(`/api/employees/${venkata}/final-settlement/batch`, { headers: admin, timeout: 60_000 }))).batch as { _id: string };
  await ok('paid', await api.post(`/api/salary/payments/batches/${batch._id}/paid`, { headers: admin, data: { paidOn: today, bankReference: 'UTR2026110400731' } }));
  await eachViewport(kit, async ({ page, shotOf, signOut }) => {
    await signInAsEmployee(page, people[0]!);
    const card = page.getByRole('region', { name: 'Full-and-final statement' });
    await card.getByText('Paid', { exact: true }).waitFor();
    await shotOf(card, 'former-employee-settlement-paid');
    await signOut();
  });
});
