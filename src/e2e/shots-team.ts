/**
 * Screenshots of a manager's space for a reviewer, at 1366×768 and 390×844: My Team for a manager of
 * 200 in a company of 1,050 (long names, requests of both kinds waiting, people off this week, the
 * balances, a stand-in), the decision dialog for an approval and for a rejection (its remark
 * required), the manager's bell open, a report's bell after the decision, and the empty states (a
 * manager whose one report has nothing pending or off, a bell with nothing in it); then cancelling leave
 * (a report's Withdraw and its question, the manager's ask-to-cancel row, the team's leave and the
 * cancel question that needs a reason), the admin dashboard's bell and All Leave Requests with a
 * cancellation's who, when and why. Not a test: run it by
 * hand against a fresh build, under the e2e lock, e.g.
 *   flock /tmp/e2e.lock bash -c 'npx webpack --mode production && npx tsx src/e2e/shots-team.ts <dir>'
 */
import type { APIRequestContext, Page } from 'playwright-core';
import { dateInZone, shiftDate } from '../shared/format';
import { COMPANY_ZONE, createInvitedEmployee, signInAsAdmin } from './harness';
import { eachViewport, employeeToken, runShots, signInAsEmployee } from './shot-kit';

const COMPANY = 1_050;
const TEAM = 200;
const JOINED = '2024-04-01';

async function ok(res: Awaited<ReturnType<APIRequestContext['get']>>, what: string, status = 200) {
  if (res.status() !== status) throw new Error(`${what}: ${res.status()} ${await res.text()}`);
  return res;
}

/** Waits for the page's data and the sidebar's slide (a phone's drawer) before a picture. */
async function settle(page: Page) {
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(600);
}

runShots('team-shots', async (kit) => {
  const { api, server } = kit;
  const today = dateInZone(new Date(), COMPANY_ZONE);
  const password = 'Team-Shots-2026!';
  const person = (name: string, email: string, position = 'Senior Accounts Executive') => ({ name, email, position, salary: 64_000, password, joiningDate: JOINED });

  // The manager, a second manager with an empty team, and the reports who sign in to file requests.
  const boss = person('Meenakshi Sundaram Venkataraghavan', 'meenakshi@shots.local', 'Head of Finance Operations');
  const quiet = person('Farhan Qureshi', 'farhan@shots.local', 'Warehouse Lead');
  const reports = [
    person('Venkata Satya Lakshmi Narasimha Subrahmanyam', 'venkata@shots.local', 'Senior Quality Assurance Engineer (Payments)'),
    person('Aiswarya Lakshmi Narayanan', 'aiswarya@shots.local'),
    person('Divya Pillai', 'divya@shots.local'),
    person('Rohan Deshpande', 'rohan@shots.local'),
    person('Kavitha Ramaswamy', 'kavitha@shots.local'),
  ];
  const lone = person('Imran Sheikh', 'imran@shots.local', 'Picker');
  const codes = new Map<string, string>();
  let adminToken = '';
  for (const p of [boss, quiet, ...reports, lone]) {
    const made = await createInvitedEmployee(api, server, p);
    codes.set(p.email, made.employeeId);
    adminToken = made.adminToken;
  }
  const asAdmin = { 'x-auth-token': adminToken };

  // The rest of the company through the import: the first 195 rows report to the manager (200 in
  // all with the five above), the others to nobody; every 37th name is long.
  const rows = ['Name,Email,Position,Salary,Joining Date,managerEmployeeId'];
  for (let i = 0; i < COMPANY - 7; i++) {
    const name = i % 37 === 0 ? `Chandrasekharan Venkataraghavan Iyer ${i}` : `Person ${i} Rao`;
    rows.push(`"${name}",staff.${i}@shots.local,Analyst,${30_000 + i},${JOINED},${i < TEAM - reports.length ? codes.get(boss.email) : ''}`);
  }
  await ok(
    await api.post('/api/employee/upload', { headers: asAdmin, multipart: { file: { name: 'staff.csv', mimeType: 'text/csv', buffer: Buffer.from(rows.join('\r\n')) } } }),
    'upload',
  );
  const everyone = (await (await ok(await api.get('/api/employee', { headers: asAdmin }), 'list')).json()) as { _id: string; email: string; name: string }[];
  const idOf = (email: string) => everyone.find((e) => e.email === email)!._id;
  const line = async (email: string, managerEmail: string) => {
    const p = everyone.find((e) => e.email === email)!;
    await ok(await api.put(`/api/employee/edit/${p._id}`, { headers: asAdmin, data: { name: p.name, email, managerId: idOf(managerEmail) } }), `line of ${email}`);
  };
  for (const r of reports) await line(r.email, boss.email);
  await line(lone.email, quiet.email);
  const team = (await (await ok(await api.get('/api/team/attendance', { headers: { 'x-auth-token': await employeeToken(api, boss) } }), 'team')).json()) as { members: unknown[] };
  if (team.members.length !== TEAM) throw new Error(`the manager has ${team.members.length} reports, not ${TEAM}`);

  // The reports' day: three punched in, one off this week (approved), requests waiting of both kinds.
  const bossHeaders = { 'x-auth-token': await employeeToken(api, boss) };
  const tokenOf = async (p: { email: string; password: string }) => ({ 'x-auth-token': await employeeToken(api, p) });
  const [venkata, aiswarya, divya, rohan, kavitha] = await Promise.all(reports.map(tokenOf));
  for (const h of [venkata!, divya!, rohan!]) await ok(await api.post('/api/attendance/punch-in', { headers: h }), 'punch in');
  const file = async (headers: Record<string, string>, data: object) => {
    const res = await ok(await api.post('/api/leave', { headers, data: { reason: 'Family function', ...data } }), 'leave', 201);
    return ((await res.json()) as { _id: string })._id;
  };
  const off = await file(kavitha!, { startDate: shiftDate(today, -1), endDate: shiftDate(today, 1), reason: 'Sister’s wedding in Kochi' });
  await ok(await api.put(`/api/leave/approve/${off}`, { headers: bossHeaders, data: { status: 'approved', remark: 'Congratulations' } }), 'approve');
  const soon = (n: number) => shiftDate(today, 21 + n);
  await file(venkata!, { startDate: soon(0), endDate: soon(4), reason: 'Year-end trip home to Visakhapatnam with the family, tickets booked in advance' });
  await file(aiswarya!, { startDate: soon(7), endDate: soon(7), dayPart: 'first-half', reason: 'Dentist' });
  const late = await file(rohan!, { startDate: soon(9), endDate: soon(10), reason: 'Moving house' });
  await ok(
    await api.post('/api/attendance/corrections', { headers: divya!, data: { date: shiftDate(today, -1), inTime: '09:30', outTime: '18:15', kind: 'missed-punch-out', reason: 'The biometric reader at Gate 2 was down' } }),
    'correction',
    201,
  );
  // A stand-in for next month's conference.
  await ok(await api.post('/api/team/stand-ins', { headers: bossHeaders, data: { standInId: idOf(reports[1]!.email), from: soon(14), to: soon(18) } }), 'stand-in', 201);

  await eachViewport(kit, async ({ page, shot, shotOf, signOut }) => {
    await signInAsEmployee(page, boss);
    await page.goto('/employee/team');
    const requests = page.getByRole('region', { name: 'Requests to decide' });
    await requests.getByText('Moving house').waitFor();
    await page.getByRole('region', { name: /^Today's attendance/ }).getByText(reports[0]!.name).first().waitFor();
    await settle(page);
    await shot('team', { fullPage: true });
    await shot('team-top', { fullPage: false });

    // Each section on its own (the page is long at 200 people).
    for (const [title, name] of [
      ["Who's off", 'team-whos-off'],
      ['Leave balances', 'team-balances'],
      ['Stand-ins', 'team-stand-ins'],
    ] as const) {
      const heading = page.getByRole('heading', { level: 2, name: new RegExp(`^${title}`) }).first();
      if ((await heading.count()) === 0) continue;
      await heading.scrollIntoViewIfNeeded();
      await page.waitForTimeout(200);
      await shotOf(page.locator('section', { has: heading }).first(), name);
    }

    // Approve, asked first; then reject, whose remark is required.
    await requests.getByRole('button', { name: new RegExp(`^Approve leave of ${reports[0]!.name}`) }).click();
    const approve = page.getByRole('alertdialog', { name: 'Approve this request?' });
    await approve.waitFor();
    await shot('dialog-approve', { fullPage: false });
    await approve.getByRole('button', { name: 'Cancel' }).click();
    await requests.getByRole('button', { name: /^Reject leave of Rohan Deshpande/ }).click();
    const reject = page.getByRole('alertdialog', { name: 'Reject this request?' });
    await reject.waitFor();
    await reject.getByRole('button', { name: 'Reject' }).click();
    await page.waitForTimeout(300);
    await shot('dialog-reject-needs-remark', { fullPage: false });
    await reject.getByRole('button', { name: 'Cancel' }).click();

    // The manager's bell, open.
    const bell = page.getByRole('button', { name: /^Notifications/ }).first();
    await bell.click();
    await page.getByRole('region', { name: 'Notifications' }).waitFor();
    await page.waitForTimeout(300);
    await shot('bell-manager', { fullPage: false });
    await page.keyboard.press('Escape');

    // A manager whose one report has nothing waiting or off: the empty states.
    await signOut();
    await signInAsEmployee(page, quiet);
    await page.goto('/employee/team');
    await page.getByRole('region', { name: 'Requests to decide' }).getByText(/Nothing waits/).waitFor();
    await settle(page);
    await shot('team-empty', { fullPage: true });
    await page.getByRole('button', { name: /^Notifications/ }).first().click();
    await page.getByRole('region', { name: 'Notifications' }).waitFor();
    await page.waitForTimeout(300);
    await shot('bell-empty', { fullPage: false });
    await signOut();
  });

  // A decision the report then sees in their bell (once: the shots above leave every request pending).
  await ok(await api.put(`/api/leave/approve/${late}`, { headers: bossHeaders, data: { status: 'rejected', remark: 'Quarter close that week; please pick the week after' } }), 'reject');
  await eachViewport(kit, async ({ page, shot }) => {
    await signInAsEmployee(page, reports[3]!);
    await page.goto('/employee/leaves');
    await page.getByRole('region', { name: 'My Leave Requests' }).getByText('Moving house').waitFor();
    await page.getByRole('button', { name: /^Notifications, \d+ unread/ }).first().click();
    await page.getByRole('region', { name: 'Notifications' }).getByText(/rejected/).first().waitFor();
    await page.waitForTimeout(300);
    await shot('bell-report', { fullPage: false });
    await page.keyboard.press('Escape');
    await settle(page);
    await shot('report-leaves', { fullPage: true });
  });

  // Cancelling: the manager's own leave waits with HR (they have no manager); a report asks to cancel
  // approved leave, another has one to withdraw, and HR cancels leave already under way.
  await file(bossHeaders, { startDate: soon(12), endDate: soon(13), reason: 'Audit committee offsite in Bengaluru' });
  const trip = await file(divya!, { startDate: soon(25), endDate: soon(26), reason: 'Cousin’s wedding in Thrissur' });
  await ok(await api.put(`/api/leave/approve/${trip}`, { headers: bossHeaders, data: { status: 'approved' } }), 'approve trip');
  await ok(await api.put(`/api/leave/cancel/${trip}`, { headers: divya!, data: { reason: 'The wedding moved to February' } }), 'ask to cancel');
  await file(divya!, { startDate: soon(31), endDate: soon(31), reason: 'Bank visit' });
  await ok(await api.put(`/api/leave/cancel/${off}`, { headers: asAdmin, data: { reason: 'Came back early; the days go back to her balance' } }), 'HR cancels');
  await eachViewport(kit, async ({ page, shot, shotOf, signOut }) => {
    // The report: Withdraw on the pending request, the ask to cancel shown, and the withdraw question.
    await signInAsEmployee(page, reports[2]!);
    await page.goto('/employee/leaves');
    const mine = page.getByRole('region', { name: 'My Leave Requests', exact: true });
    await mine.getByText('Bank visit').waitFor();
    await settle(page);
    await shotOf(mine, 'report-leaves-cancel');
    await mine.getByRole('button', { name: /^Withdraw: / }).click();
    await page.getByRole('alertdialog', { name: 'Withdraw this request?' }).waitFor();
    await page.waitForTimeout(300);
    await shot('dialog-withdraw', { fullPage: false });
    await page.getByRole('button', { name: 'Keep it' }).click();
    await signOut();

    // The manager: the ask among the requests, the team's leave, and the cancel question.
    await signInAsEmployee(page, boss);
    await page.goto('/employee/team');
    const requests = page.getByRole('region', { name: 'Requests to decide', exact: true });
    await requests.getByText('The wedding moved to February').waitFor();
    await settle(page);
    await shotOf(requests, 'team-requests-cancel-ask');
    const teamLeave = page.getByRole('region', { name: "Your team's leave", exact: true });
    await teamLeave.getByText(/^Cancelled by Admin/).first().waitFor();
    await teamLeave.scrollIntoViewIfNeeded();
    await shotOf(teamLeave, 'team-leave');
    await requests.getByRole('button', { name: /^Cancel leave: / }).click();
    const cancel = page.getByRole('alertdialog', { name: 'Cancel this leave?' });
    await cancel.getByRole('button', { name: 'Cancel leave' }).click();
    await page.waitForTimeout(300);
    await shot('dialog-cancel-needs-reason', { fullPage: false });
    await cancel.getByRole('button', { name: 'Keep it' }).click();
    await signOut();

    // HR: the admin dashboard's bell, and All Leave Requests with a cancellation's who, when and why.
    await signInAsAdmin(page);
    await settle(page);
    await page.getByRole('button', { name: /^Notifications/ }).first().click();
    await page.getByRole('region', { name: 'Notifications' }).waitFor();
    await page.waitForTimeout(300);
    await shot('bell-admin', { fullPage: false });
    await page.keyboard.press('Escape');
    await page.goto('/admin/leaves');
    const all = page.getByRole('region', { name: 'All Leave Requests', exact: true });
    await all.getByText(/^Cancelled by Admin on /).waitFor();
    await settle(page);
    await shot('admin-leaves', { fullPage: false });
    await all.getByRole('button', { name: /^Cancel leave: / }).first().click();
    await page.getByRole('alertdialog', { name: 'Cancel this leave?' }).waitFor();
    await page.waitForTimeout(300);
    await shot('admin-dialog-cancel', { fullPage: false });
    await page.getByRole('button', { name: 'Keep it' }).click();
    await signOut();
  });
});
