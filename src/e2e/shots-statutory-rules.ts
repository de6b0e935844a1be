/**
 * Screenshots of the Statutory rules screen at 1366×768 and 390×844: PF, ESI and professional tax by
 * state in September 2026 (the month the PF ceiling changed), versions an administrator added (a first
 * professional-tax table for Kerala, a later ESI limit), the add form with a state's slab table and its
 * field errors, the readings of contested rules; and the payroll register's "PF and ESI" section for
 * October 2026 (PF, EPS and EDLI wages, ESI coverage and why, the rule versions used), and page 1 of
 * October's slip PDF of the member on ₹60,000 (PF at the new ceiling) and of the member aged 59 (no EPS).
 * Not a test: run it by hand against a fresh build, under the e2e lock (README), e.g.
 *   flock /tmp/e2e.lock bash -c 'npx webpack --mode production && npx tsx src/e2e/shots-statutory-rules.ts <dir>'
 * A month of attendance is written straight into the server's SQLite file, as punches for past days
 * cannot be made through the API.
 */
import fs from 'node:fs';
import path from 'node:path';
import SQLite from '../server/db/sqlite-driver';
import { datesOfMonth, weekdayOf } from '../shared/payroll/pay-month';
import { adminToken, signInAsAdmin } from './harness';
import { eachViewport, renderPdfPage, runShots } from './shot-kit';

const MONTH = '2026-10';

runShots('statutory-rules-shots', async (kit) => {
  const { api, server } = kit;
  const headers = { 'x-auth-token': await adminToken(api) };
  const post = async (data: object) => {
    const res = await api.post('/api/statutory-rules/versions', { headers, data });
    if (res.status() !== 200) throw new Error(`add version: ${res.status()} ${await res.text()}`);
  };
  await post({ key: 'pf.adminMinimum', effectiveFrom: '2027-04-01', value: 750, source: 'S.O. 1234(E) of 15 Mar 2027 (Ministry of Labour and Employment, revised administration charges for establishments)', note: 'An example of a later version an administrator added' });
  await post({ key: 'esi.wageCeiling', effectiveFrom: '2027-04-01', value: 25_000, source: 'GSR 88(E) of 2 Feb 2027 (ESI (Central) Amendment Rules 2027)', note: 'From the April 2027 contribution period' });
  await post({
    key: 'pt.KL',
    effectiveFrom: '2026-10-01',
    table: {
      period: 'half-yearly',
      slabs: [
        { fromRupees: 0, taxRupees: 0 },
        { fromRupees: 12_000, taxRupees: 120 },
        { fromRupees: 18_000, taxRupees: 180 },
        { fromRupees: 30_000, taxRupees: 300 },
        { fromRupees: 45_000, taxRupees: 450 },
        { fromRupees: 60_000, taxRupees: 600 },
        { fromRupees: 75_000, taxRupees: 750 },
        { fromRupees: 1_00_000, taxRupees: 1_000 },
        { fromRupees: 1_25_000, taxRupees: 1_250 },
      ],
      deductInMonths: [9, 3],
    },
    source: 'Kerala Municipality (Profession Tax) Rules 2006 as revised by the Thiruvananthapuram Corporation council (example entered for these screenshots)',
    note: 'Half-year salary; deducted in September and March',
  });

  // The register's people: a long name, ESI within the limit and kept to the period's end, a member aged 59, Kerala.
  const people = [
    { name: 'Meera Venkataraghavan Iyer-Subramanian', email: 'meera@shots.local', salary: 60_000, statutory: { stateOfWork: 'MH', uan: '100987654321', pan: 'AKVPI4821M', bankAccount: '50100234567890', ifsc: 'HDFC0000123', gender: 'female' } },
    { name: 'Kavya Nair', email: 'kavya@shots.local', salary: 18_000, statutory: { stateOfWork: 'KL', uan: '100987654322', esiNumber: '3112345678', pan: 'BKNPN1234K', bankAccount: '001234567890', ifsc: 'SBIN0001234' } },
    { name: 'Lakshmi Menon', email: 'lakshmi@shots.local', salary: 30_000, statutory: { stateOfWork: 'KA', uan: '100987654323', pan: 'CLMPM5678L', bankAccount: '918010012345678', ifsc: 'UTIB0000456', dateOfBirth: '1967-06-10' } },
    { name: 'Rohan Mehta', email: 'rohan@shots.local', salary: 1_50_000, statutory: { stateOfWork: 'TN', uan: '100987654324', pan: 'DRMPM9012M', bankAccount: '918010012345679', ifsc: 'UTIB0000456', taxRegime: 'old' } },
  ];
  const ids: number[] = [];
  const employeeIds: string[] = [];
  for (const p of people) {
    const created = await api.post('/api/employee', { headers, data: { name: p.name, email: p.email, position: 'Analyst', salary: p.salary, joiningDate: '2024-04-01' } });
    if (created.status() !== 200) throw new Error(`add ${p.name}: ${created.status()} ${await created.text()}`);
    const { _id: id, employeeId } = (await created.json()) as { _id: string; employeeId: string };
    ids.push(Number(id));
    employeeIds.push(employeeId);
    const saved = await api.put(`/api/employee/edit/${id}`, { headers, data: { name: p.name, email: p.email, statutory: p.statutory } });
    if (saved.status() !== 200) throw new Error(`statutory ${p.name}: ${saved.status()} ${await saved.text()}`);
  }
  const db = new SQLite(path.join(server.dataDir, 'hr-portal.sqlite'));
  db.pragma('busy_timeout = 5000');
  const insert = db.prepare('insert into attendance (user_id, date, status, punch_in, punch_out) values (?, ?, ?, ?, ?)');
  for (const userId of ids) for (const date of datesOfMonth(MONTH).filter((d) => weekdayOf(d) !== 0)) insert.run(userId, date, 'P', `${date}T03:45:00.000Z`, `${date}T12:30:00.000Z`);
  db.close();

  for (const [i, name] of [[0, 'slip-60000'], [2, 'slip-aged-59']] as const) {
    const pdf = await api.get(`/api/salary/slip/${employeeIds[i]}/${MONTH}?format=pdf`, { headers });
    if (pdf.status() !== 200) throw new Error(`slip: ${pdf.status()} ${await pdf.text()}`);
    const file = path.join(kit.out, `${name}.pdf`);
    fs.writeFileSync(file, await pdf.body());
    renderPdfPage(file, path.join(kit.out, `${name}-page1.png`));
  }

  await eachViewport(kit, async ({ page, shot }) => {
    await signInAsAdmin(page);
    await page.goto('/admin/statutory-rules');
    await page.getByRole('article', { name: 'PF wage ceiling' }).waitFor();
    await page.getByLabel('Month', { exact: true }).fill('2026-09');
    await page.getByText('In force in 2026-09:').first().waitFor();
    await page.getByRole('article', { name: 'PF wage ceiling' }).getByText(/Earlier and later versions/).click();
    await shot('statutory-rules-september', { fullPage: false });
    await page.getByLabel('Month', { exact: true }).fill('2026-10');
    await page.getByText('In force in 2026-10:').first().waitFor();
    await page.getByRole('region', { name: 'ESI' }).scrollIntoViewIfNeeded();
    await shot('statutory-rules-esi', { fullPage: false });
    await page.getByRole('article', { name: 'Professional tax: Kerala' }).scrollIntoViewIfNeeded();
    await shot('statutory-rules-pt', { fullPage: false });
    await shot('statutory-rules-full', { fullPage: true });
    const form = page.getByRole('form', { name: 'Add a version' });
    await form.getByLabel('Rule', { exact: true }).selectOption('pt.OR');
    await form.getByLabel('First day in force').fill('2027-04-01');
    await form.getByLabel('Slabs', { exact: true }).fill('0 0\n13,333 125\n25000 two hundred');
    await form.getByLabel('Deducted', { exact: true }).selectOption('half-yearly');
    await form.getByRole('button', { name: 'Add version' }).click();
    await form.getByRole('alert').first().waitFor();
    await form.getByLabel('Rule', { exact: true }).scrollIntoViewIfNeeded();
    await shot('statutory-rules-add-table-errors', { fullPage: false });

    await page.goto(`/admin/payroll/register?month=${MONTH}`);
    const section = page.getByRole('region', { name: 'PF and ESI' });
    await section.waitFor();
    await section.getByText(/Statutory rules used/).click();
    await section.scrollIntoViewIfNeeded();
    await shot('register-pf-esi', { fullPage: false });
    await shot('register-full', { fullPage: true });
  });
});
