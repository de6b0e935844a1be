/**
 * The manager's journey, in two browsers side by side: a report files leave; their manager is mailed
 * (the link opens the app, which asks them to sign in), finds My
 * Team in the sidebar (nobody else has it), sees the request there with the team's attendance, and
 * approves it in the decision dialog with a remark; the report sees it approved, with the remark, and
 * the bell tells them (the bell polls once a minute, so the report's page is reloaded to see it at once).
 * Then the report withdraws a second, pending request and asks to cancel the approved one; the manager
 * finds the ask among the requests and cancels the leave with the reason the dialog requires, and the
 * report sees who cancelled it, when and why.
 * With TEAM_SHOTS=<folder>, it also writes My Team, the dialog and the bell at 1366×768 and 390×844.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { dateInZone } from '../shared/format';
import { adminToken, browserAvailable, COMPANY_ZONE, createEmployee, createInvitedEmployee, DAY_MS, expectAccessible, journeyContext, signIn, waitUntil, type JourneySession } from './harness';
import { errorToasts, expectToast } from './in-app-feedback';

const run = browserAvailable() ? describe : describe.skip;
const SHOTS = process.env.TEAM_SHOTS;
const SIZES = [
  { name: 'desktop', width: 1366, height: 768 },
  { name: 'phone', width: 390, height: 844 },
] as const;

/** The newest leave-request mail to `to` in the server's outbox, unfolded; undefined before it comes. */
function managerMail(dataDir: string, to: string): string | undefined {
  const outbox = path.join(dataDir, 'outbox');
  const files = fs.existsSync(outbox) ? fs.readdirSync(outbox).sort().reverse() : [];
  for (const file of files) {
    const eml = fs.readFileSync(path.join(outbox, file), 'utf8').replace(/=\r?\n/g, '').replace(/=3D/g, '=').replace(/=E2=80=99/g, '’');
    if (eml.includes(`To: ${to}`) && eml.includes('filed a leave request')) return eml;
  }
  return undefined;
}

/** Writes the page at both sizes (whole page on the phone), then back to the desktop size. */
async function shots(page: Page, name: string) {
  if (!SHOTS) return;
  for (const size of SIZES) {
    await page.setViewportSize({ width: size.width, height: size.height });
    // The sidebar turns into a drawer at the phone size: let its slide finish (pictures only).
    await page.waitForTimeout(800);
    await page.screenshot({ path: path.join(SHOTS, `${size.name}-${name}.png`), fullPage: size.name === 'phone' });
  }
  await page.setViewportSize({ width: 1366, height: 768 });
}

run('a manager decides a report’s leave on My Team', () => {
  const journey = journeyContext();
  let manager: JourneySession;
  let staff: JourneySession;

  const stamp = Date.now();
  const boss = { name: 'Meenakshi Sundaram Venkataraghavan', email: `meenakshi.${stamp}@e2e.local`, password: 'meenakshi-password-1', employeeId: '' };
  const report = { name: 'Ravi Kumar', email: `ravi.${stamp}@e2e.local`, password: 'ravi-password-1', employeeId: '' };
  const inDays = (n: number) => dateInZone(new Date(Date.now() + n * DAY_MS), COMPANY_ZONE);
  const crossesYear = inDays(30).slice(0, 4) !== inDays(32).slice(0, 4);
  const startDate = inDays(crossesYear ? 33 : 30);
  const endDate = inDays(crossesYear ? 34 : 31);
  const reason = 'Cousin’s wedding in Thanjavur';
  const remark = 'Enjoy the wedding; Arun covers the release';

  beforeAll(async () => {
    const { api, server } = journey;
    for (const person of [boss, report]) {
      const invited = await createInvitedEmployee(api, server, { name: person.name, email: person.email, password: person.password, position: 'Engineering Lead', salary: 90_000 });
      person.employeeId = invited.employeeId;
    }
    // More of the team, never signing in: a long name and a few more rows.
    const others = [
      { name: 'Aiswarya Lakshmi Narayanan Subramaniam Iyer', email: `aiswarya.${stamp}@e2e.local`, salary: 60_000, position: 'Senior Quality Assurance Engineer (Payments)' },
      { name: 'Farhan Qureshi', email: `farhan.${stamp}@e2e.local`, salary: 55_000, position: 'Engineer' },
      { name: 'Divya Pillai', email: `divya.${stamp}@e2e.local`, salary: 52_000, position: 'Engineer' },
    ];
    for (const o of others) await createEmployee(api, o);
    // The admin sets the reporting lines (managerId is the manager's record _id).
    const token = await adminToken(api);
    const headers = { 'x-auth-token': token };
    const list = (await (await api.get('/api/employee', { headers })).json()) as { _id: string; email: string; name: string }[];
    const idOf = (email: string) => list.find((e) => e.email === email)!._id;
    for (const email of [report.email, ...others.map((o) => o.email)]) {
      const person = list.find((e) => e.email === email)!;
      const res = await api.put(`/api/employee/edit/${person._id}`, { headers, data: { name: person.name, email, managerId: idOf(boss.email) } });
      expect(res.status()).toBe(200);
    }
    manager = await journey.open();
    staff = await journey.open();
  }, 180_000);

  afterEach(async () => {
    for (const session of [manager, staff]) expect(await errorToasts(session.page)).toEqual([]);
  });

  it('files, decides with a remark, and tells the report', async () => {
    // The report files leave (unpaid: they joined today, so paid leave is pro-rated to little).
    await signIn(staff.page, 'Employee', report.email, report.password);
    await staff.page.getByRole('heading', { level: 1, name: `Welcome, ${report.name}` }).waitFor();
    // Nobody reports to them: no My Team.
    const staffNav = staff.page.getByRole('navigation', { name: 'Employee Dashboard' });
    await staffNav.getByRole('link', { name: 'Leave Requests' }).click();
    expect(await staffNav.getByRole('link', { name: 'My Team' }).count()).toBe(0);
    const form = staff.page.getByRole('region', { name: 'Request a Leave' });
    const leaveType = form.getByLabel('Leave Type');
    await leaveType.locator('option', { hasText: 'Leave Without Pay (unpaid)' }).waitFor({ state: 'attached' });
    await leaveType.selectOption({ label: 'Leave Without Pay (unpaid)' });
    await form.getByLabel('Start Date').fill(startDate);
    await form.getByLabel('End Date').fill(endDate);
    await form.getByText(/^\d working days?/).waitFor();
    await form.getByLabel('Reason').fill(reason);
    await form.getByRole('button', { name: 'Submit Leave Request' }).click();
    await form.getByRole('status').filter({ hasText: 'Leave request submitted' }).waitFor();

    // The manager is mailed (the outbox, as without SMTP_URL): who asks, for which days, and a link
    // into the app that still asks them to sign in.
    const mail = await waitUntil(
      () => managerMail(journey.server.dataDir, boss.email),
      () => `no leave request mail for ${boss.email}`,
    );
    expect(mail).toContain(`${report.name} filed a leave request`);
    expect(mail).toContain(reason);
    // The link's host is PUBLIC_URL's (here the default, as the server's port is chosen at random).
    const link = /https?:\/\/\S+\/employee\/team/.exec(mail)?.[0];
    expect(new URL(link!).pathname).toBe('/employee/team');
    expect(mail).not.toMatch(/salary|₹/i);
    await manager.page.goto(new URL(link!).pathname);
    await manager.page.getByRole('heading', { name: 'HR Portal Login' }).waitFor();

    // The manager: My Team in the sidebar, the request waiting there, the team today below.
    await signIn(manager.page, 'Employee', boss.email, boss.password);
    await manager.page.getByRole('heading', { level: 1, name: `Welcome, ${boss.name}` }).waitFor();
    const nav = manager.page.getByRole('navigation', { name: 'Employee Dashboard' });
    const entries = await nav.getByRole('link').allTextContents();
    expect(entries.indexOf('My Team')).toBe(entries.indexOf('Tasks') + 1);
    await nav.getByRole('link', { name: 'My Team' }).click();
    await manager.page.getByRole('heading', { level: 2, name: 'Requests to decide' }).waitFor();
    expect(new URL(manager.page.url()).pathname).toBe('/employee/team');
    const requests = manager.page.getByRole('region', { name: 'Requests to decide' });
    const row = requests.getByRole('row').filter({ hasText: reason });
    await row.waitFor();
    const today = manager.page.getByRole('region', { name: /^Today's attendance/ });
    await today.getByText('Aiswarya Lakshmi Narayanan Subramaniam Iyer').waitFor();
    expect(await today.getByRole('row').count()).toBe(5); // the header and four reports
    // No pay of the team (the welcome card above shows the manager's own, as on every screen).
    for (const section of [requests, today]) expect(await section.textContent()).not.toMatch(/₹|60,000|55,000|52,000|90,000/);
    await expectAccessible(manager.page);
    // The bell: one request waits for the manager's decision.
    const managerBell = manager.page.getByRole('button', { name: /^Notifications, \d+ unread$/ });
    await managerBell.waitFor();
    await shots(manager.page, 'my-team');

    await row.getByRole('button', { name: new RegExp(`^Approve leave of ${report.name} \\(${report.employeeId}\\) for `) }).click();
    const ask = manager.page.getByRole('alertdialog', { name: 'Approve this request?' });
    await ask.waitFor();
    expect(await ask.textContent()).toContain(`${report.name} (${report.employeeId})`);
    expect(await ask.textContent()).toContain(startDate);
    await ask.getByRole('textbox', { name: 'Remark (optional)' }).fill(remark);
    await expectAccessible(manager.page);
    await shots(manager.page, 'my-team-dialog');
    await ask.getByRole('button', { name: 'Approve' }).click();
    await expectToast(manager.page, 'Leave request approved');
    await requests.getByText('Nothing waits for your decision.').waitFor();

    // The report: approved, by whom and with the remark; the bell says so.
    await staffNav.getByRole('link', { name: 'Tasks' }).click();
    await staffNav.getByRole('link', { name: 'Leave Requests' }).click();
    const mine = staff.page.getByRole('region', { name: 'My Leave Requests' });
    await mine.getByRole('row').filter({ hasText: reason }).getByText('Approved', { exact: true }).waitFor();
    await staff.page.reload();
    const bell = staff.page.getByRole('button', { name: 'Notifications, 1 unread' });
    await bell.waitFor();
    await bell.click();
    const panel = staff.page.getByRole('region', { name: 'Notifications' });
    await panel.getByText('your leave request was approved').waitFor();
    await expectAccessible(staff.page);
    await shots(staff.page, 'bell-open');
    await panel.getByRole('button', { name: 'Mark read: your leave request was approved' }).click();
    await staff.page.getByRole('button', { name: 'Notifications', exact: true }).waitFor();
  }, 180_000);

  it('withdraws a pending request, asks to cancel approved leave, and the manager cancels it with a reason', async () => {
    await staff.page.keyboard.press('Escape');
    const mine = staff.page.getByRole('region', { name: 'My Leave Requests' });
    const approved = mine.getByRole('row').filter({ hasText: reason });

    // A second request, withdrawn before anyone decides it.
    const form = staff.page.getByRole('region', { name: 'Request a Leave' });
    await form.getByLabel('Leave Type').selectOption({ label: 'Leave Without Pay (unpaid)' });
    await form.getByLabel('Start Date').fill(inDays(crossesYear ? 37 : 35));
    await form.getByLabel('End Date').fill(inDays(crossesYear ? 37 : 35));
    await form.getByText(/^\d working days?/).waitFor();
    await form.getByLabel('Reason').fill('Bank visit');
    await form.getByRole('button', { name: 'Submit Leave Request' }).click();
    const withdrawn = mine.getByRole('row').filter({ hasText: 'Bank visit' });
    await withdrawn.getByRole('button', { name: /^Withdraw: / }).click();
    const withdraw = staff.page.getByRole('alertdialog', { name: 'Withdraw this request?' });
    await withdraw.waitFor();
    await expectAccessible(staff.page);
    await shots(staff.page, 'withdraw-dialog');
    await withdraw.getByRole('button', { name: 'Withdraw' }).click();
    await expectToast(staff.page, 'Leave request withdrawn');
    await withdrawn.getByText('Cancelled', { exact: true }).waitFor();
    await withdrawn.getByText(`Cancelled by ${report.name} on `).waitFor();

    // The approved leave: the report asks to cancel it, with a reason.
    await approved.getByRole('button', { name: /^Ask to cancel: / }).click();
    const askCancel = staff.page.getByRole('alertdialog', { name: 'Ask to cancel this leave?' });
    await askCancel.getByRole('textbox', { name: 'Reason (optional)' }).fill('The wedding moved to next year');
    await askCancel.getByRole('button', { name: 'Send request' }).click();
    await expectToast(staff.page, 'Your request to cancel this leave was sent');
    await approved.getByText(/Cancellation asked on \d{4}-\d\d-\d\d: The wedding moved to next year/).waitFor();
    expect(await approved.getByRole('button').count()).toBe(0);

    // The manager finds the ask among the requests, and cancels the leave; a reason is required.
    await manager.page.reload();
    const requests = manager.page.getByRole('region', { name: 'Requests to decide' });
    const ask = requests.getByRole('row').filter({ hasText: 'The wedding moved to next year' });
    await ask.getByText('Asks to cancel:').waitFor();
    await shots(manager.page, 'my-team-cancel-ask');
    await ask.getByRole('button', { name: new RegExp(`^Cancel leave: ${report.name} \\(${report.employeeId}\\), `) }).click();
    const cancel = manager.page.getByRole('alertdialog', { name: 'Cancel this leave?' });
    await cancel.getByRole('button', { name: 'Cancel leave' }).click();
    await cancel.getByText('Write why the leave is cancelled: the requester will see it.').waitFor();
    await expectAccessible(manager.page);
    await shots(manager.page, 'cancel-dialog');
    await cancel.getByRole('textbox', { name: 'Reason (required)' }).fill('Cancelled as asked');
    await cancel.getByRole('button', { name: 'Cancel leave' }).click();
    await expectToast(manager.page, 'Leave cancelled and the days returned to the balance');
    await requests.getByText('Nothing waits for your decision.').waitFor();
    const teamLeave = manager.page.getByRole('region', { name: "Your team's leave" });
    await teamLeave.getByRole('row').filter({ hasText: startDate }).getByText(`Cancelled by ${boss.name} on `).waitFor();
    await shots(manager.page, 'my-team-after-cancel');

    // The report sees who cancelled it and why.
    await staff.page.reload();
    await approved.getByText('Cancelled', { exact: true }).waitFor();
    await approved.getByText(new RegExp(`^Cancelled by ${boss.name} on \\d{4}-\\d\\d-\\d\\d: Cancelled as asked$`)).waitFor();
    await expectAccessible(staff.page);
  }, 180_000);
});
