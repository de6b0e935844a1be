/**
 * Screenshots of working hours and late marks for a reviewer: the company's hours and late-mark rule
 * under Leave settings, a person's own shift on Edit Employee, the admin's and the employee's
 * attendance with Hours Worked / Late / Left Early, last month's register with its Late marks total,
 * and page 1 of a slip PDF with its Late Marks line, at 1366×768 and 390×844. Last month's days are
 * made through approved attendance corrections (actual in and out times). Not a test:
 *   flock /tmp/e2e.lock bash -c 'npx webpack --mode production && npx tsx src/e2e/shots-work-hours.ts <dir>'
 */
import fs from 'node:fs';
import path from 'node:path';
import { dateInZone, shiftDate } from '../shared/format';
import { datesOfMonth, weekdayOf } from '../shared/payroll/pay-month';
import { COMPANY_ZONE, createInvitedEmployee, signInAsAdmin } from './harness';
import { eachViewport, renderPdfPage, runShots, signInAsEmployee } from './shot-kit';

const people = [
  { name: 'Asha Rao', email: 'asha@shots.local', password: 'Asha-Shots-2026!', salary: 61000, joiningDate: '2024-06-10' },
  { name: 'Mohammed Irfan Siddiqui', email: 'irfan@shots.local', password: 'Irfan-Shots-2026!', salary: 48000, joiningDate: '2025-01-06' },
];

runShots(
  'work-hours-shots',
  async (kit) => {
    const { api, server, out } = kit;
    const today = dateInZone(new Date(), COMPANY_ZONE);
    const lastMonth = shiftDate(`${today.slice(0, 7)}-01`, -1).slice(0, 7);
    let adminToken = '';
    const created = [];
    for (const p of people) {
      const made = await createInvitedEmployee(api, server, p);
      adminToken = made.adminToken;
      created.push(made);
    }
    const admin = { 'x-auth-token': adminToken };
    const list = (await (await api.get('/api/employee', { headers: admin })).json()) as { _id: string; email: string }[];
    const idOf = (email: string) => list.find((e) => e.email === email)!._id;
    const tokens = await Promise.all(
      people.map(async (p) => ((await (await api.post('/api/auth/employee-login', { data: { email: p.email, password: p.password } })).json()) as { token: string }).token),
    );

    const put = async (url: string, data: object) => {
      const res = await api.put(url, { headers: admin, data });
      if (res.status() !== 200) throw new Error(`${url}: ${res.status()} ${await res.text()}`);
    };
    await put('/api/work-hours', { shift: { start: '09:30', end: '18:30', graceMinutes: 15 }, lateMarkRule: { enabled: true, freePerMonth: 2, marksPerStep: 3, daysPerStep: 0.5 } });
    await put(`/api/work-hours/employees/${idOf(people[1]!.email)}`, { shift: { start: '13:00', end: '22:00', graceMinutes: 10 } });

    // Last month's working days through approved corrections: Asha late on five of them, early on two.
    const day = async (who: number, date: string, inTime: string, outTime: string) => {
      const res = await api.post('/api/attendance/corrections', { headers: { 'x-auth-token': tokens[who]! }, data: { date, inTime, outTime, kind: 'other', reason: 'Card reader was down' } });
      if (res.status() !== 201) throw new Error(`correction ${date}: ${res.status()} ${await res.text()}`);
      const { _id } = (await res.json()) as { _id: string };
      await api.put(`/api/attendance/corrections/${_id}`, { headers: admin, data: { status: 'approved' } });
    };
    const working = [...datesOfMonth(lastMonth), ...datesOfMonth(today.slice(0, 7)).filter((d) => d < today)].filter((d) => weekdayOf(d) !== 0);
    let late = 0;
    for (const [i, date] of working.entries()) {
      const lateDay = date.startsWith(lastMonth) && i % 4 === 1 && late < 5;
      if (lateDay) late += 1;
      await day(0, date, lateDay ? ['09:52', '10:05', '09:48', '10:20', '09:58'][late - 1]! : i % 3 ? '09:25' : '09:44', i % 7 === 3 ? '17:40' : '18:35');
      if (i % 2 === 0) await day(1, date, i % 6 === 0 ? '13:25' : '12:55', i % 5 === 0 ? '21:30' : '22:05');
    }

    const [asha, irfan] = people;
    const pdf = await api.get(`/api/salary/slip/${created[0]!.employeeId}/${lastMonth}?format=pdf`, { headers: admin });
    if (pdf.status() !== 200) throw new Error(`slip: ${pdf.status()} ${await pdf.text()}`);
    const pdfFile = path.join(out, 'slip.pdf');
    fs.writeFileSync(pdfFile, await pdf.body());
    renderPdfPage(pdfFile, path.join(out, 'slip-pdf-page1.png'));

    await eachViewport(kit, async ({ page, phone, shot, shotOf, signOut }) => {
      await signInAsAdmin(page);
      await page.goto('/admin/leave-settings');
      const card = page.getByRole('region', { name: 'Working hours and late marks' });
      await card.getByLabel('Shift start').waitFor();
      await card.scrollIntoViewIfNeeded();
      await shot('settings');
      await shotOf(card, 'settings-card');
      // A refusal in the form: the end equal to the start.
      await card.getByLabel('Shift end').fill('09:30');
      await card.getByRole('button', { name: 'Save working hours' }).click();
      await card.getByText(/end must differ from start/).first().waitFor();
      await shotOf(card, 'settings-refused');

      await page.goto(`/admin/employees/edit/${idOf(irfan!.email)}`);
      const own = page.getByRole('region', { name: 'Working hours' });
      await own.getByLabel('Shift start').waitFor();
      await own.scrollIntoViewIfNeeded();
      await shotOf(own, 'employee-shift');

      // The first ten days of last month: Asha's late days among them.
      await page.goto('/admin/attendance');
      await page.getByLabel('Start Date').fill(`${lastMonth}-01`);
      await page.getByLabel('End Date').fill(`${lastMonth}-10`);
      await page.getByRole('button', { name: 'Show Records' }).click();
      await page.getByRole('table', { name: 'All Attendance' }).getByText(/m late$/).first().waitFor();
      await shot('admin-attendance');
      if (phone) {
        // The phone keeps the columns and scrolls the box sideways: Hours Worked, Late and Early at its right.
        await page.locator('.data-table__scroll').first().evaluate((el) => el.scrollTo({ left: 10_000 }));
        await shot('admin-attendance-scrolled');
      }

      await page.goto(`/admin/attendance/register?month=${lastMonth}`);
      const region = page.getByRole('region', { name: /^Attendance register for / });
      await region.getByText('Asha Rao').waitFor();
      await region.evaluate((el) => el.scrollTo({ left: 10_000 }));
      await shot('register-late-marks');
      await signOut();

      await signInAsEmployee(page, asha!);
      await page.goto('/employee/attendance');
      await page.getByRole('table', { name: 'Your Attendance' }).getByText('asha@shots.local').first().waitFor();
      await shot('employee-attendance');
      // Last month's first days, at the end of the list (newest first), with their late marks.
      const box = page.locator('.data-table__scroll').first();
      for (let i = 0; i < 20 && !(await page.getByText(/m late$/).first().isVisible()); i += 1) {
        await box.evaluate((el) => el.scrollBy({ top: 600 }));
        await page.mouse.wheel(0, 600);
        await page.waitForTimeout(150);
      }
      await page.getByText(/m late$/).first().scrollIntoViewIfNeeded();
      if (phone) await box.evaluate((el) => el.scrollTo({ left: 10_000 }));
      await shot('employee-attendance-late', { fullPage: false });
    });
  },
  { COMPANY_NAME: 'Acme Analytics Pvt Ltd' },
);
