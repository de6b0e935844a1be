/**
 * Screenshots of overtime for a reviewer: the Attendance rules screen with overtime paid (the week's
 * first day, the ordinary rate's wages and days), the payroll register's Overtime column and the
 * attendance register's OT column for October 2026, and the PDF slip (as the admin downloads it) of the person with 1 h 40 m on a
 * day and 3 h beyond a week, at 1366×768 and 390×844. Not a test:
 *   flock /tmp/e2e.lock bash -c 'npx webpack --mode production && npx tsx src/e2e/shots-overtime.ts <dir>'
 * October's days are written straight into the server's SQLite file, counted as the day's rules
 * count them (worked and overtime minutes), since punches for past days cannot be made through the API.
 */
import fs from 'node:fs';
import path from 'node:path';
import SQLite from '../server/db/sqlite-driver';
import { datesOfMonth, weekdayOf } from '../shared/payroll/pay-month';
import { createInvitedEmployee, signInAsAdmin } from './harness';
import { eachViewport, renderPdfPage, runShots } from './shot-kit';

const MONTH = '2026-10';

runShots(
  'overtime-shots',
  async (kit) => {
    const { api, server, out } = kit;
    const staff = { name: 'Meera Venkataraghavan Iyer', email: 'meera@shots.local', salary: 30000, position: 'Machine Operator', password: 'Meera-Shots-2026!', joiningDate: '2025-06-02' };
    const { adminToken, employeeId } = await createInvitedEmployee(api, server, staff);
    const headers = { 'x-auth-token': adminToken };
    const rules = await api.put('/api/day-rules', {
      headers,
      data: { fullDayMinutes: 480, halfDayMinutes: 240, allowBreaks: true, overtime: { enabled: true, normalDayMinutes: 540, normalWeekMinutes: 2880, rate: 2, payable: true, weekStartsOn: 'monday', rateWages: 'gross', rateDays: '26' } },
    });
    if (rules.status() !== 200) throw new Error(`day rules: ${rules.status()} ${await rules.text()}`);
    const list = (await (await api.get('/api/employee', { headers })).json()) as { _id: string; employeeId: string }[];
    const ids = [Number(list.find((e) => e.employeeId === employeeId)!._id)];
    const more = [
      { name: 'Kavya Nair', email: 'kavya@shots.local', position: 'Line Supervisor', salary: 18000, joiningDate: '2024-02-01' },
      { name: 'Rohan Mehta', email: 'rohan@shots.local', position: 'Maintenance Fitter', salary: 26000, joiningDate: '2023-07-01' },
      { name: 'Fatima Sheikh', email: 'fatima@shots.local', position: 'Store Keeper', salary: 22000, joiningDate: '2025-01-06' },
    ];
    for (const p of more) {
      const created = await api.post('/api/employee', { headers, data: { name: p.name, email: p.email, position: p.position, salary: p.salary, joiningDate: p.joiningDate } });
      if (created.status() !== 200) throw new Error(`add ${p.name}: ${created.status()} ${await created.text()}`);
      ids.push(Number(((await created.json()) as { _id: string })._id));
    }

    // Eight hours a day; Meera 09:00–19:40 on the 14th and six 8½-hour days from Monday 19 October;
    // Kavya two 10-hour days; Rohan a 51-hour week; Fatima none.
    const minutesOf = (i: number, date: string): number => {
      if (i === 0 && date === '2026-10-14') return 640;
      if (i === 0 && date >= '2026-10-19' && date <= '2026-10-24') return 510;
      if (i === 1 && (date === '2026-10-07' || date === '2026-10-08')) return 600;
      if (i === 2 && date >= '2026-10-05' && date <= '2026-10-10') return 510;
      return 480;
    };
    const db = new SQLite(path.join(server.dataDir, 'hr-portal.sqlite'));
    db.pragma('busy_timeout = 5000');
    const insert = db.prepare('insert into attendance (user_id, date, status, punch_in, punch_out, worked_minutes, overtime_minutes) values (?, ?, ?, ?, ?, ?, ?)');
    for (const [i, userId] of ids.entries()) {
      for (const date of datesOfMonth(MONTH).filter((d) => weekdayOf(d) !== 0)) {
        const worked = minutesOf(i, date);
        const outAt = new Date(Date.parse(`${date}T03:30:00.000Z`) + worked * 60_000).toISOString();
        insert.run(userId, date, 'P', `${date}T03:30:00.000Z`, outAt, worked, Math.max(0, worked - 540));
      }
    }
    db.close();

    await eachViewport(
      kit,
      async ({ page, shot, signOut }) => {
        await signInAsAdmin(page);
        await page.goto('/admin/attendance/rules');
        await page.getByLabel('The week starts on').waitFor();
        await page.getByLabel('The week starts on').scrollIntoViewIfNeeded();
        await shot('rules-overtime', { fullPage: false });
        await shot('rules-full', { fullPage: true });
        await page.goto(`/admin/payroll/register?month=${MONTH}`);
        await page.getByRole('table', { name: 'Payroll register for October 2026' }).waitFor();
        await shot('payroll-register', { fullPage: true });
        await page.goto(`/admin/attendance/register?month=${MONTH}`);
        await page.getByRole('region', { name: 'Attendance register for October 2026' }).waitFor();
        await shot('attendance-register', { fullPage: true });
        await signOut();
      },
    );
    // The slip as the admin downloads it (an employee sees a month's slip once it is released).
    const pdf = await api.get(`/api/salary/slip/${employeeId}/${MONTH}?format=pdf`, { headers });
    if (pdf.status() !== 200) throw new Error(`slip: ${pdf.status()} ${await pdf.text()}`);
    const pdfFile = path.join(out, 'slip.pdf');
    fs.writeFileSync(pdfFile, await pdf.body());
    renderPdfPage(pdfFile, path.join(out, 'slip-pdf-page1.png'));
  },
  { COMPANY_NAME: 'Acme Fabrication Pvt Ltd', PORT: '4341' },
);
