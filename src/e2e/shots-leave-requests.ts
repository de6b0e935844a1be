/**
 * Screenshots of the leave request form for a reviewer: the type selector with balances,
 * a range over a weekly off and a holiday, a half day before a holiday weekend, a request beyond the
 * balance (the warning, then the server's refusal), and the admin's list with type and days; at
 * 1366×768 and 390×844. Not a test: run it by hand against a fresh build, under the e2e lock, e.g.
 *   flock /tmp/e2e.lock bash -c 'npx webpack --mode production && npx tsx src/e2e/shots-leave-requests.ts <dir>'
 * The dates are this year's December: Christmas (a Friday in 2026) is a holiday.
 */
import type { Locator } from 'playwright-core';
import { createInvitedEmployee, signInAsAdmin } from './harness';
import { eachViewport, employeeToken, runShots, signInAsEmployee } from './shot-kit';

runShots('leave-request-shots', async (kit) => {
  const { api, server } = kit;
  const year = new Date().getFullYear();
  const dec = (day: number) => `${year}-12-${String(day).padStart(2, '0')}`;
  // Joined 10 July: Casual and Sick pro-rated to 6 days each, Earned accruing monthly.
  const staff = { name: 'Venkata Satya Lakshmi Narasimha Subrahmanyam', email: 'venkata@shots.local', salary: 52000, password: 'Venkata-Shots-2026!', joiningDate: `${year}-07-10` };
  const { adminToken } = await createInvitedEmployee(api, server, staff);
  const asAdmin = { 'x-auth-token': adminToken };
  for (const holiday of [
    { date: dec(25), name: 'Christmas' },
    { date: `${year}-11-30`, name: 'Guru Nanak Jayanti', optional: true },
  ]) {
    const added = await api.post('/api/holidays', { headers: asAdmin, data: holiday });
    if (added.status() !== 201) throw new Error(`holiday: ${added.status()} ${await added.text()}`);
  }
  const headers = { 'x-auth-token': await employeeToken(api, staff) };
  const types = (await (await api.get('/api/leave-types', { headers })).json()) as { _id: string; name: string }[];
  const typeId = (name: string) => types.find((t) => t.name === name)!._id;
  const file = async (data: object) => {
    const res = await api.post('/api/leave', { headers, data: { reason: 'Family wedding', ...data } });
    if (res.status() !== 201) throw new Error(`leave: ${res.status()} ${await res.text()}`);
    return ((await res.json()) as { _id: string })._id;
  };
  const approved = await file({ startDate: dec(7), endDate: dec(8), reason: 'Sister’s wedding in Kochi' });
  await api.put(`/api/leave/approve/${approved}`, { headers: asAdmin, data: { status: 'approved' } });
  await file({ startDate: dec(10), endDate: dec(10), leaveTypeId: typeId('Sick'), dayPart: 'first-half', reason: 'Dentist' });

  await eachViewport(kit, async ({ page, phone, shot: shotPage, shotOf, signOut }) => {
    const form = page.getByRole('region', { name: 'Request a Leave' });
    /** The form in view (a phone: the whole page). */
    const shot = async (name: string, focus: Locator = form) => {
      if (!phone) await focus.evaluate((el) => el.scrollIntoView({ block: 'start' }));
      await shotPage(name);
      // On a phone the whole page is tall: the form on its own as well, at full size.
      if (phone) await shotOf(form, `${name}-form`);
    };
    const dates = async (start: string, end: string) => {
      await form.getByLabel('Start Date').fill(start);
      await form.getByLabel('End Date').fill(end);
    };

    await signInAsEmployee(page, staff);
    await page.goto('/employee/leaves');
    await form.getByLabel('Leave Type').locator('option', { hasText: 'Leave Without Pay' }).waitFor({ state: 'attached' });
    await shot('form-start', page.getByRole('heading', { name: 'My Leave Balance' }));

    // Wednesday 23 to Monday 28 December: Sunday the 27th off, Christmas a holiday.
    await dates(dec(23), dec(28));
    await form.getByText(/working days/).waitFor();
    await form.getByLabel('Reason').fill('Year-end trip home to Visakhapatnam');
    await shot('form-range');

    // Thursday 24 December, the second half, before Christmas and the weekend.
    await dates(dec(24), dec(24));
    await form.getByRole('radio', { name: 'Second half' }).check();
    await form.getByText('0.5 working days').waitFor();
    await shot('form-half-day');

    // Earned has earned only a few days since July: a warning first, then the server's refusal.
    await form.getByLabel('Leave Type').selectOption({ label: (await form.getByLabel('Leave Type').locator('option', { hasText: /^Earned/ }).textContent())! });
    await dates(dec(14), dec(23));
    await form.getByText(/^Not enough Earned leave/).waitFor();
    await shot('form-beyond-balance');
    await form.getByRole('button', { name: 'Submit Leave Request' }).click();
    await form.getByRole('alert').waitFor();
    await shot('form-refused');

    await signOut();
    await signInAsAdmin(page);
    await page.goto('/admin/leaves');
    await page.getByRole('table', { name: 'All Leave Requests' }).waitFor();
    await shotPage('admin-leaves');
  });
});
