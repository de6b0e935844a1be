/**
 * Screenshots of the statutory payroll screens for a reviewer: the admin's Edit Employee with the "Statutory
 * and bank details" fieldset, the employee's profile (bank account masked by the server), the Salary
 * Slip screen with both downloads, the admin's Payroll Register preview, and the downloaded PDF
 * slip's page rendered to PNG, at 1366×768
 * and 390×844. Not a test: run it by hand against a fresh build, under the e2e lock (src/server/test/README.md), e.g.
 *   flock /tmp/e2e.lock bash -c 'npx webpack --mode production && npx tsx src/e2e/shots-payroll.ts <dir>'
 * A month of attendance (two days absent) is written straight into the server's SQLite file, as
 * punches for past days cannot be made through the API.
 */
import path from 'node:path';
import SQLite from '../server/db/sqlite-driver';
import { datesOfMonth, weekdayOf } from '../shared/payroll/pay-month';
import { createInvitedEmployee, signInAsAdmin } from './harness';
import { eachViewport, renderPdfPage, runShots, signInAsEmployee } from './shot-kit';

const MONTH = '2026-10';
const ABSENT = ['2026-10-06', '2026-10-07'];

/** Renders page 1 of a PDF to a PNG with pdf-parse (pdf.js on @napi-rs/canvas), in a child ES module process. */
runShots(
  'payroll-shots',
  async (kit) => {
    const { api, server, out } = kit;
    const staff = { name: 'Meera Venkataraghavan Iyer', email: 'meera@shots.local', salary: 45000, position: 'Senior Data Analyst', password: 'Meera-Shots-2026!', joiningDate: '2025-06-02' };
    const { adminToken, employeeId } = await createInvitedEmployee(api, server, staff);
    const list = (await (await api.get('/api/employee', { headers: { 'x-auth-token': adminToken } })).json()) as { _id: string; employeeId: string }[];
    const id = list.find((e) => e.employeeId === employeeId)!._id;
    const saved = await api.put(`/api/employee/edit/${id}`, {
      headers: { 'x-auth-token': adminToken },
      data: {
        name: staff.name,
        email: staff.email,
        statutory: { stateOfWork: 'MH', pan: 'AKVPI4821M', uan: '100987654321', esiNumber: '', bankAccount: '50100234567890', ifsc: 'HDFC0000123', taxRegime: 'new', gender: 'female' },
      },
    });
    if (saved.status() !== 200) throw new Error(`statutory: ${saved.status()} ${await saved.text()}`);

    // A few more for the register: ESI range, a high earner with TDS, a mid-month joiner, one without details.
    const more = [
      { name: 'Kavya Nair', email: 'kavya@shots.local', position: 'Support Associate', salary: 18000, joiningDate: '2024-02-01', statutory: { stateOfWork: 'KA', pan: 'BKNPN1234K', bankAccount: '001234567890', ifsc: 'SBIN0001234' } },
      { name: 'Rohan Mehta', email: 'rohan@shots.local', position: 'Engineering Manager', salary: 150000, joiningDate: '2023-07-01', statutory: { stateOfWork: 'MH', gender: 'male', pan: 'CRMPM5678L', bankAccount: '918010012345678', ifsc: 'UTIB0000456', taxRegime: 'old' } },
      { name: 'Arjun Das', email: 'arjun@shots.local', position: 'Data Engineer', salary: 60000, joiningDate: '2026-10-15', statutory: { stateOfWork: 'TG' } },
      { name: 'Fatima Sheikh', email: 'fatima@shots.local', position: 'Recruiter', salary: 32000, joiningDate: '2025-01-06' },
    ];
    const ids = [Number(id)];
    for (const p of more) {
      const created = await api.post('/api/employee', { headers: { 'x-auth-token': adminToken }, data: { name: p.name, email: p.email, position: p.position, salary: p.salary, joiningDate: p.joiningDate } });
      if (created.status() !== 200) throw new Error(`add ${p.name}: ${created.status()} ${await created.text()}`);
      const newId = ((await created.json()) as { _id: string })._id;
      ids.push(Number(newId));
      if (p.statutory) await api.put(`/api/employee/edit/${newId}`, { headers: { 'x-auth-token': adminToken }, data: { name: p.name, email: p.email, statutory: p.statutory } });
    }

    const db = new SQLite(path.join(server.dataDir, 'hr-portal.sqlite'));
    db.pragma('busy_timeout = 5000');
    const insert = db.prepare('insert into attendance (user_id, date, status, punch_in, punch_out) values (?, ?, ?, ?, ?)');
    for (const [i, userId] of ids.entries()) {
      const absent = i === 0 ? ABSENT : i === 4 ? ['2026-10-20'] : [];
      for (const date of datesOfMonth(MONTH).filter((d) => weekdayOf(d) !== 0 && !absent.includes(d))) {
        insert.run(userId, date, 'P', `${date}T03:45:00.000Z`, `${date}T12:30:00.000Z`);
      }
    }
    db.close();

    await eachViewport(
      kit,
      async ({ page, viewport, shot, signOut }) => {
        await signInAsAdmin(page);
        await page.goto(`/admin/employees/edit/${id}`);
        const group = page.getByRole('group', { name: 'Statutory and bank details' });
        await group.waitFor();
        await shot('edit-employee', { fullPage: true });
        await group.scrollIntoViewIfNeeded();
        await shot('edit-employee-statutory', { fullPage: false });
        await page.goto(`/admin/payroll/register?month=${MONTH}`);
        await page.getByRole('table', { name: 'Payroll register for October 2026' }).waitFor();
        await shot('payroll-register', { fullPage: true });
        await signOut();

        await signInAsEmployee(page, staff);
        await page.goto('/employee/profile');
        await page.getByRole('region', { name: 'Statutory and bank details' }).waitFor();
        await shot('profile', { fullPage: true });

        await page.goto('/employee/salary');
        await page.getByRole('heading', { level: 2, name: 'Salary Slip' }).waitFor();
        await page.getByLabel('Month').fill(MONTH);
        await shot('salary-slip');
        if (viewport.name === 'desktop') {
          const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download PDF' }).click()]);
          const pdfFile = path.join(out, download.suggestedFilename());
          await download.saveAs(pdfFile);
          await page.getByText(`Salary slip saved as ${download.suggestedFilename()}`).waitFor();
          await shot('salary-slip-saved');
          renderPdfPage(pdfFile, path.join(out, 'slip-pdf-page1.png'));
        }
      },
      { context: { acceptDownloads: true } },
    );
  },
  { COMPANY_NAME: 'Acme Analytics Pvt Ltd' },
);
