/**
 * Leave and task journeys, with an admin and an employee signed in side by side in two
 * browsers: the employee requests leave, the admin approves it and the employee sees 'Approved';
 * the admin assigns a task, the employee moves it to completed and the admin's list shows it.
 * Every change reaches the open screens through RTK Query cache invalidation, never a page reload.
 */
import type { Response } from 'playwright-core';
import { dateInZone } from '../shared/format';
import { browserAvailable, COMPANY_ZONE, createInvitedEmployee, DAY_MS, documentMarked, expectAccessible, journeyContext, markDocument, signIn, signInAsAdmin, type JourneySession } from './harness';
import { errorToasts, expectToast } from './in-app-feedback';

const run = browserAvailable() ? describe : describe.skip;

// startServer() runs the company in this zone.
const ZONE = COMPANY_ZONE;

run('leave and task journeys', () => {
  const journey = journeyContext();
  // Two browsers side by side for the whole file.
  let admin: JourneySession;
  let staff: JourneySession;

  const employee = { name: 'Kavya Menon', email: `kavya.${Date.now()}@e2e.local`, password: 'kavya-password-1', employeeId: '' };
  // Three days a month ahead, in one leave year (a request may not cross the year end).
  const inDays = (n: number) => dateInZone(new Date(Date.now() + n * DAY_MS), ZONE);
  const crossesYear = inDays(30).slice(0, 4) !== inDays(32).slice(0, 4);
  const startDate = inDays(crossesYear ? 33 : 30);
  const endDate = inDays(crossesYear ? 35 : 32);
  const reason = 'Sister’s wedding in Kochi';
  const taskTitle = 'Prepare the onboarding checklist';

  beforeAll(async () => {
    // The employee is created as an admin would (API) and accepts the emailed invitation.
    const { name, email, password } = employee;
    const details = { name, email, password, position: 'HR Associate', salary: 42_000 };
    const invited = await createInvitedEmployee(journey.api, journey.server, details);
    employee.employeeId = invited.employeeId;
    admin = await journey.open();
    staff = await journey.open();
  }, 120_000);

  // No error toast (the spec's error alerts) on the way; browser dialogs, CSP violations and page
  // errors are the harness's check.
  afterEach(async () => {
    for (const session of [admin, staff]) expect(await errorToasts(session.page)).toEqual([]);
  });

  /** Follows a sidebar link, the way a user moves between screens (client-side, no reload). */
  async function goTo({ page }: JourneySession, sidebar: 'HR Dashboard' | 'Employee Dashboard', link: string, heading: string) {
    await page.getByRole('navigation', { name: sidebar }).getByRole('link', { name: link }).click();
    await page.getByRole('heading', { level: 2, name: heading }).waitFor();
  }

  const isListFetch = (path: string) => (response: Response) =>
    response.request().method() === 'GET' && new URL(response.url()).pathname === path && response.ok();

  it('the employee requests leave, the admin approves it, and the employee sees Approved', async () => {
    // Employee: the request form and an empty list.
    await signIn(staff.page, 'Employee', employee.email, employee.password);
    await staff.page.getByRole('heading', { level: 1, name: `Welcome, ${employee.name}` }).waitFor();
    await goTo(staff, 'Employee Dashboard', 'Leave Requests', 'Request a Leave');
    expect(new URL(staff.page.url()).pathname).toBe('/employee/leaves');
    const myLeaves = staff.page.getByRole('region', { name: 'My Leave Requests' });
    await myLeaves.getByText('No leave requests found.').waitFor();
    await expectAccessible(staff.page);
    await markDocument(staff.page);

    const form = staff.page.getByRole('region', { name: 'Request a Leave' });
    // Kavya joined today: her paid leave is pro-rated (none at all after the 15th of December), so
    // she asks for Leave Without Pay, which has no balance to run out of; the default is preselected.
    const leaveType = form.getByLabel('Leave Type');
    await leaveType.locator('option', { hasText: 'Leave Without Pay (unpaid)' }).waitFor({ state: 'attached' });
    expect(await leaveType.evaluate((select: HTMLSelectElement) => select.selectedOptions[0]?.textContent)).toMatch(/^Casual \(/);
    await leaveType.selectOption({ label: 'Leave Without Pay (unpaid)' });
    await form.getByLabel('Start Date').fill(startDate);
    await form.getByLabel('End Date').fill(endDate);
    await form.getByText(/^\d working days/).waitFor();
    await form.getByLabel('Reason').fill(reason);
    await form.getByRole('button', { name: 'Submit Leave Request' }).click();
    await form.getByRole('status').filter({ hasText: 'Leave request submitted' }).waitFor();
    expect(await form.getByLabel('Reason').inputValue()).toBe('');
    const myRow = myLeaves.getByRole('row').filter({ hasText: reason });
    await myRow.getByText('Pending', { exact: true }).waitFor();
    // Beyond the spec's columns, Actions: a pending request of her own can be withdrawn.
    expect(await myLeaves.getByRole('columnheader').allTextContents()).toEqual(['Start Date', 'End Date', 'Leave Type', 'Days', 'Reason', 'Status', 'Decision', 'Actions']);
    expect(await myRow.getByRole('button').allTextContents()).toEqual(['Withdraw']);
    await expectAccessible(staff.page);

    // Admin: every request, with the decision buttons on the pending one.
    await signInAsAdmin(admin.page);
    await goTo(admin, 'HR Dashboard', 'Leave Requests', 'All Leave Requests');
    expect(new URL(admin.page.url()).pathname).toBe('/admin/leaves');
    const allLeaves = admin.page.getByRole('region', { name: 'All Leave Requests' });
    const row = allLeaves.getByRole('row').filter({ hasText: reason });
    await row.getByText('Pending', { exact: true }).waitFor();
    // The admin sees the employee's name beside the ID.
    expect(await row.getByRole('cell').first().textContent()).toBe(`${employee.employeeId} ${employee.name}`);
    await expectAccessible(admin.page);
    await markDocument(admin.page);

    const refetched = admin.page.waitForResponse(isListFetch('/api/leave'));
    await row.getByRole('button', { name: `Approve leave of ${employee.employeeId} from ${startDate} to ${endDate}` }).click();
    // It asks first, in the decision dialog; the remark is optional to approve.
    await admin.page.getByRole('alertdialog', { name: 'Approve this request?' }).getByRole('button', { name: 'Approve' }).click();
    // A list's row action answers with a toast.
    await expectToast(admin.page, 'Leave request approved');
    await refetched;
    await row.getByText('Approved', { exact: true }).waitFor();
    // Decided: no Approve or Reject; approved leave can still be cancelled, with a reason.
    expect(await row.getByRole('button').allTextContents()).toEqual(['Cancel leave']);
    expect(await documentMarked(admin.page)).toBe(true);
    await expectAccessible(admin.page);

    // Employee: the list is fetched afresh on the way back to the screen; the page is never reloaded.
    await goTo(staff, 'Employee Dashboard', 'Tasks', 'Task Management');
    await staff.page.getByRole('region', { name: 'My Tasks' }).getByText('No tasks found.').waitFor();
    await expectAccessible(staff.page);
    await goTo(staff, 'Employee Dashboard', 'Leave Requests', 'Request a Leave');
    await myLeaves.getByRole('row').filter({ hasText: reason }).getByText('Approved', { exact: true }).waitFor();
    expect(await documentMarked(staff.page)).toBe(true);
    await expectAccessible(staff.page);
  }, 120_000);

  // Continues in the same two browsers, still signed in from the journey above.
  it('the admin assigns a task, the employee completes it, and the admin sees it completed', async () => {
    // Admin: the assign form lists the employee by name and id.
    await goTo(admin, 'HR Dashboard', 'Tasks', 'Task Management');
    expect(new URL(admin.page.url()).pathname).toBe('/admin/tasks');
    const assign = admin.page.getByRole('region', { name: 'Task Management' });
    // The employee is searched and picked from the keyboard (a combobox of current employees).
    const select = assign.getByRole('combobox', { name: 'Employee', exact: true });
    await select.fill(employee.employeeId);
    await admin.page.getByRole('option', { name: `${employee.name} (${employee.employeeId})` }).waitFor();
    await expectAccessible(admin.page);
    await select.press('ArrowDown');
    await select.press('Enter');
    expect(await select.inputValue()).toBe(`${employee.name} (${employee.employeeId})`);
    await assign.getByLabel('Task Title').fill(taskTitle);
    await assign.getByLabel('Description').fill('List every account and form a new joiner needs on day one.');
    await assign.getByRole('button', { name: 'Assign Task' }).click();
    await assign.getByRole('status').filter({ hasText: 'Task assigned successfully' }).waitFor();
    const allTasks = admin.page.getByRole('region', { name: 'All Tasks' });
    const adminRow = allTasks.getByRole('row').filter({ hasText: taskTitle });
    await adminRow.locator('.badge').filter({ hasText: /^Assigned$/ }).waitFor();
    expect(await adminRow.getByRole('cell').first().textContent()).toBe(`${employee.employeeId} ${employee.name}`);
    expect(await select.inputValue()).toBe('');
    await expectAccessible(admin.page);

    // Employee: the task is theirs to move, through a labelled dropdown.
    await goTo(staff, 'Employee Dashboard', 'Tasks', 'Task Management');
    const myTasks = staff.page.getByRole('region', { name: 'My Tasks' });
    const status = myTasks.getByRole('combobox', { name: `Status of ${taskTitle}` });
    await status.waitFor();
    expect(await status.inputValue()).toBe('assigned');
    await expectAccessible(staff.page);

    await status.selectOption('in-progress');
    await expectToast(staff.page, 'Task status updated');
    const refetched = staff.page.waitForResponse(isListFetch('/api/task'));
    await status.selectOption('completed');
    await refetched;
    await myTasks.getByRole('row').filter({ hasText: taskTitle }).locator('.badge').filter({ hasText: /^Completed$/ }).waitFor();
    expect(await status.inputValue()).toBe('completed');
    expect(await documentMarked(staff.page)).toBe(true);
    await expectAccessible(staff.page);

    // Admin: back on the list, the task shows completed.
    await goTo(admin, 'HR Dashboard', 'Leave Requests', 'All Leave Requests');
    await goTo(admin, 'HR Dashboard', 'Tasks', 'Task Management');
    await adminRow.locator('.badge').filter({ hasText: /^Completed$/ }).waitFor();
    expect(await documentMarked(admin.page)).toBe(true);
    await expectAccessible(admin.page);
  }, 120_000);
});
