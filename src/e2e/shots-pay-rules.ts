/**
 * Screenshots of the company's pay rules for a reviewer: the Pay rules card under Leave settings
 * (half days, ESI wages) with the late-mark card's legal limit above it, saved with a change, and
 * page 1 of a slip PDF whose notes say how half days are paid and why ESI covers the employee, at
 * 1366×768 and 390×844. Last month's days are made through approved attendance corrections. Not a test:
 *   flock /tmp/e2e.lock bash -c 'npx webpack --mode production && npx tsx src/e2e/shots-pay-rules.ts <dir>'
 */
import fs from 'node:fs';
import path from 'node:path';
import { dateInZone, shiftDate } from '../shared/format';
import { datesOfMonth, weekdayOf } from '../shared/payroll/pay-month';
import { COMPANY_ZONE, createInvitedEmployee, signInAsAdmin } from './harness';
import { eachViewport, renderPdfPage, runShots } from './shot-kit';

const person = { name: 'Lakshmi Narayanan Venkataraman', email: 'lakshmi@shots.local', password: 'Lakshmi-Shots-2026!', salary: 19500, joiningDate: '2024-06-10' };

runShots(
  'pay-rules-shots',
  async (kit) => {
    const { api, server, out } = kit;
    const today = dateInZone(new Date(), COMPANY_ZONE);
    const lastMonth = shiftDate(`${today.slice(0, 7)}-01`, -1).slice(0, 7);
    const made = await createInvitedEmployee(api, server, person);
    const admin = { 'x-auth-token': made.adminToken };
    const token = ((await (await api.post('/api/auth/employee-login', { data: { email: person.email, password: person.password } })).json()) as { token: string }).token;
    for (const date of datesOfMonth(lastMonth).filter((d) => weekdayOf(d) !== 0)) {
      const res = await api.post('/api/attendance/corrections', { headers: { 'x-auth-token': token }, data: { date, inTime: '09:25', outTime: '18:35', kind: 'other', reason: 'Card reader was down' } });
      if (res.status() !== 201) throw new Error(`correction ${date}: ${res.status()} ${await res.text()}`);
      const { _id } = (await res.json()) as { _id: string };
      await api.put(`/api/attendance/corrections/${_id}`, { headers: admin, data: { status: 'approved' } });
    }
    const pdf = await api.get(`/api/salary/slip/${made.employeeId}/${lastMonth}?format=pdf`, { headers: admin });
    if (pdf.status() !== 200) throw new Error(`slip: ${pdf.status()} ${await pdf.text()}`);
    const pdfFile = path.join(out, 'slip.pdf');
    fs.writeFileSync(pdfFile, await pdf.body());
    renderPdfPage(pdfFile, path.join(out, 'slip-pdf-page1.png'));

    await eachViewport(kit, async ({ page, shot, shotOf }) => {
      await signInAsAdmin(page);
      await page.goto('/admin/leave-settings');
      const hours = page.getByRole('region', { name: 'Working hours and late marks' });
      await hours.getByText(/Code on Wages s\.20/).waitFor();
      await shotOf(hours, 'late-mark-limit');
      const card = page.getByRole('region', { name: 'Pay rules' });
      await card.getByLabel('A full day').waitFor();
      await card.scrollIntoViewIfNeeded();
      await shot('settings');
      await shotOf(card, 'pay-rules-card');
      await card.getByLabel('A full day').check();
      await card.getByRole('button', { name: 'Save pay rules' }).click();
      await card.getByText('Pay rules saved').waitFor();
      await shotOf(card, 'pay-rules-saved');
      // Back to the default for the next viewport.
      await card.getByLabel(/^Half a day/).check();
      await card.getByRole('button', { name: 'Save pay rules' }).click();
      await card.getByText('Pay rules saved').waitFor();
    });
  },
  { COMPANY_NAME: 'Acme Analytics Pvt Ltd' },
);
