/**
 * Screenshots of attendance corrections for a reviewer: the employee's section on the leave page
 * (empty, then with pending, approved and rejected requests and a refusal in the form) and the
 * admin's pending list on the leave management page (empty, with requests of several people, the
 * approval question), the approved day on the employee's attendance and the dashboard's pending figure,
 * at 1366×768 and 390×844. Not a test: run it by hand against a fresh build,
 * under the e2e lock (src/server/test/README.md), e.g.
 *   flock /tmp/e2e.lock bash -c 'npx webpack --mode production && npx tsx src/e2e/shots-attendance-corrections.ts <dir>'
 */
import { dateInZone, shiftDate } from '../shared/format';
import { COMPANY_ZONE, createInvitedEmployee, signInAsAdmin } from './harness';
import { eachViewport, employeeToken, runShots, signInAsEmployee } from './shot-kit';

interface Person {
  name: string;
  email: string;
  password: string;
  salary: number;
  joiningDate: string;
}

const people: Person[] = [
  { name: 'Venkata Satya Lakshmi Narasimha Subrahmanyam', email: 'venkata@shots.local', password: 'Venkata-Shots-2026!', salary: 52000, joiningDate: '2025-04-01' },
  { name: 'Asha Rao', email: 'asha@shots.local', password: 'Asha-Shots-2026!', salary: 61000, joiningDate: '2024-06-10' },
  { name: 'Mohammed Irfan Siddiqui', email: 'irfan@shots.local', password: 'Irfan-Shots-2026!', salary: 48000, joiningDate: '2025-01-06' },
];

runShots('attendance-corrections-shots', async (kit) => {
  const { api, server } = kit;
  const today = dateInZone(new Date(), COMPANY_ZONE);
  const day = (n: number) => shiftDate(today, -n);
  let adminToken = '';
  for (const p of people) adminToken = (await createInvitedEmployee(api, server, p)).adminToken;
  const tokens = await Promise.all(people.map((p) => employeeToken(api, p)));
  const [venkata] = people;

  const shootAll = (stage: 'empty' | 'filled') =>
    eachViewport(kit, async ({ page, shot: shotPage, shotOf, signOut }) => {
      const shot = (name: string) => shotPage(`${stage}-${name}`);
      const section = page.getByRole('region', { name: /^(Attendance corrections|Pending attendance corrections)$/ });

      await signInAsEmployee(page, venkata!);
      await page.goto('/employee/leaves');
      await section.getByRole('heading', { name: 'My attendance corrections' }).waitFor();
      await section.getByText(stage === 'empty' ? 'No attendance corrections yet.' : 'Forgot my access card', { exact: false }).first().waitFor();
      await section.scrollIntoViewIfNeeded();
      await shot('employee-page');
      await shotOf(section, `${stage}-employee-section`);
      if (stage === 'filled') {
        // A second request for a day that has one: the server's refusal in the form.
        await section.getByLabel('Date').fill(day(3));
        await section.getByLabel('In time').fill('09:15');
        await section.getByLabel('Out time').fill('18:05');
        await section.getByLabel('Reason').fill('Asking again');
        await section.getByRole('button', { name: 'Request Correction' }).click();
        await section.getByText(/already have a pending/).first().waitFor();
        await shotOf(section, `${stage}-employee-refused`);
      }
      if (stage === 'filled') {
        // The approved day on the employee's own attendance: present, at the corrected times.
        await page.goto('/employee/attendance');
        await page.getByRole('cell', { name: day(8) }).first().waitFor();
        await shot('employee-attendance');
      }
      await signOut();

      await signInAsAdmin(page);
      await page.goto('/admin/leaves');
      await section.getByRole('heading', { name: 'Pending attendance corrections' }).waitFor();
      await section.getByText(stage === 'empty' ? 'No attendance corrections are waiting' : 'Asha Rao', { exact: false }).first().waitFor();
      await shot('admin-page');
      await shotOf(section, `${stage}-admin-section`);
      if (stage === 'filled') {
        await section.getByRole('button', { name: /^Approve attendance correction of Asha Rao/ }).click();
        await page.getByRole('alertdialog').waitFor();
        await shot('admin-approve-question');
        await page.getByRole('alertdialog').getByRole('button', { name: 'Cancel' }).click();
        // The dashboard's pending figure: leave requests and corrections together.
        await page.goto('/admin');
        await page.getByText(/leave · \d+ corrections?/).waitFor();
        await shot('admin-dashboard');
      }
    });

  await shootAll('empty');

  // Venkata: one pending, one approved (the absent day becomes present), one rejected.
  const ask = async (who: number, body: Record<string, string>) => {
    const res = await api.post('/api/attendance/corrections', { headers: { 'x-auth-token': tokens[who]! }, data: body });
    if (res.status() !== 201) throw new Error(`correction: ${res.status()} ${await res.text()}`);
    return ((await res.json()) as { _id: string })._id;
  };
  const decide = (id: string, status: string) =>
    api.put(`/api/attendance/corrections/${id}`, { headers: { 'x-auth-token': adminToken }, data: { status } });
  await ask(0, { date: day(3), inTime: '09:20', outTime: '18:10', kind: 'missed-punch-in', reason: 'Forgot my access card at home; the guard let me in at 09:20.' });
  await decide(await ask(0, { date: day(8), inTime: '09:00', outTime: '17:30', kind: 'client-site', reason: 'Whole day at the Infosys Electronic City office for the payroll migration workshop.' }), 'approved');
  await decide(await ask(0, { date: day(12), inTime: '10:00', outTime: '19:00', kind: 'other', reason: 'Worked late' }), 'rejected');
  // Others' pending requests for the admin's list; Asha had punched in that day and forgot to punch out.
  await ask(1, { date: day(1), inTime: '09:05', outTime: '18:40', kind: 'missed-punch-out', reason: 'Left for the airport in a hurry.' });
  await ask(2, { date: day(2), inTime: '08:45', outTime: '17:15', kind: 'client-site', reason: 'Client visit' });

  await shootAll('filled');
});
