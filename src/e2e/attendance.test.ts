/**
 * Attendance journeys, an admin and an employee signed in side by side in two browsers:
 * the employee punches in and out and sees the record; the admin's dashboard, left open, shows the
 * punch within one 10-second poll without a reload; the admin downloads the range report and the
 * full report, and the files' content is checked. axe runs on every page visited.
 */
import fs from 'node:fs';
import type { Locator, Page } from 'playwright-core';
import { ATTENDANCE_POLL_MS } from '../shared/constants';
import { dateInZone } from '../shared/format';
import { browserAvailable, COMPANY_ZONE, createInvitedEmployee, documentMarked, expectAccessible, journeyContext, markDocument, signIn, signInAsAdmin, type JourneySession } from './harness';
import { expectToast } from './in-app-feedback';

const run = browserAvailable() ? describe : describe.skip;

// startServer() runs the company in this zone; the browsers live there too, so "today" is one day.
const ZONE = COMPANY_ZONE;
/** One polling interval plus the slack of a loaded machine (the brief allows about 12 s). */
// How long to wait for a poll to bring a change: several polls' worth, for a busy machine. Whether
// it came with the first poll after the change is checked by counting polls, not by the clock.
const POLL_WAIT_MS = 6 * ATTENDANCE_POLL_MS;
// Punch times are written on the company's clock, and the header names its zone.
const CSV_HEADER = `Employee ID,Name,Email,Date,Status,Punch In (${COMPANY_ZONE}),Punch Out (${COMPANY_ZONE}),Hours`;

run('attendance journeys', () => {
  const journey = journeyContext();
  // Two browsers side by side for the whole file; the spec's punch messages are alerts.
  let admin: JourneySession;
  let staff: JourneySession;

  const employee = { name: 'Asha Rao', email: `asha.${Date.now()}@e2e.local`, password: 'asha-password-1', employeeId: '' };
  const today = dateInZone(new Date(), ZONE);

  beforeAll(async () => {
    // The employee is created as an admin would (API) and accepts the emailed invitation.
    const { name, email, password } = employee;
    const invited = await createInvitedEmployee(journey.api, journey.server, { name, email, password, salary: 55_000 });
    employee.employeeId = invited.employeeId;
    admin = await journey.open({ timezoneId: ZONE, acceptDownloads: true });
    staff = await journey.open({ timezoneId: ZONE, acceptDownloads: true });
  }, 120_000);

  const overview = (page: Page) => page.getByRole('region', { name: `Attendance Overview (Today: ${today})` });
  const rowOf = (scope: Locator, email: string) => scope.getByRole('row').filter({ hasText: email });
  const cellsOf = async (row: Locator) => (await row.getByRole('cell').allTextContents()).map((t) => t.trim());
  /** Counts the answers to the dashboard's today-poll (GET /api/attendance?date=) from now on. */
  const pollsFrom = (page: Page) => {
    let answered = 0;
    page.on('response', (res) => {
      const url = new URL(res.url());
      if (res.request().method() === 'GET' && url.pathname === '/api/attendance' && url.searchParams.has('date')) answered += 1;
    });
    return () => answered;
  };
  const lastUpdated = (page: Page) => page.getByText('Last updated').locator('time').getAttribute('datetime');

  async function saved(page: Page, click: () => Promise<void>) {
    const [download] = await Promise.all([page.waitForEvent('download', { timeout: 15_000 }), click()]);
    const file = await download.path();
    const text = fs.readFileSync(file!, 'utf8');
    // The report starts with a UTF-8 BOM (so Excel reads names right); the lines are read without it.
    expect(text.startsWith('\uFEFF')).toBe(true);
    return { name: download.suggestedFilename(), lines: text.slice(1).split(/\r?\n/).filter(Boolean) };
  }

  it('the admin opens the dashboard: an empty overview for today, the chart, the report form', async () => {
    const { page } = admin;
    await signInAsAdmin(page);
    await overview(page).getByText('No attendance records found for today.').waitFor();
    // A company nobody has punched in at yet: the chart says so instead of drawing empty bars.
    await page.getByRole('figure', { name: 'Present vs absent, last 30 days' }).getByText('No attendance recorded yet').waitFor();
    await expectAccessible(page);

    // product.md, Input rules: the report needs both dates.
    await overview(page).getByRole('button', { name: 'Download Report' }).click();
    await overview(page).getByRole('alert').filter({ hasText: 'Start date and end date are required' }).waitFor();
    await expectAccessible(page);
    await markDocument(page);
  }, 60_000);

  it('the employee punches in; the open admin dashboard shows it within one poll, without reload', async () => {
    await signIn(staff.page, 'Employee', employee.email, employee.password);
    const { page } = staff;
    await page.getByRole('heading', { level: 1, name: `Welcome, ${employee.name}` }).waitFor();
    await page.getByRole('navigation', { name: 'Employee Dashboard' }).getByRole('link', { name: 'Attendance' }).click();
    const yours = page.getByRole('region', { name: 'Your Attendance' });
    await yours.getByText('No attendance records found.').waitFor();
    await expectAccessible(page);

    const before = await lastUpdated(admin.page);
    await yours.getByRole('button', { name: 'Punch In' }).click();
    await expectToast(page, 'Punched in successfully');
    const polls = pollsFrom(admin.page);

    // The employee's list refreshes by tag invalidation.
    const own = rowOf(yours, employee.email);
    await own.waitFor();
    const ownCells = await cellsOf(own);
    expect(ownCells.slice(0, 3)).toEqual([employee.email, today, 'PPresent']);
    expect(ownCells[3]).not.toBe('-');
    expect(ownCells[4]).toBe('-');
    await expectAccessible(page);

    // The admin's dashboard has been open all along: the next poll brings the punch.
    const adminRow = rowOf(overview(admin.page), employee.email);
    await adminRow.waitFor({ timeout: POLL_WAIT_MS });
    // The first poll that started after the punch brings it (one more may have been in flight).
    expect(polls()).toBeLessThanOrEqual(2);
    const cells = await cellsOf(adminRow);
    expect(cells.slice(0, 4)).toEqual([employee.email, employee.name, today, 'Present']);
    expect(cells[4]).not.toBe('-');
    expect(cells[5]).toBe('-');
    expect(await documentMarked(admin.page)).toBe(true);
    // 'Last updated' follows the polls.
    expect(Date.parse((await lastUpdated(admin.page))!)).toBeGreaterThan(Date.parse(before!));
    await expectAccessible(admin.page);

    // One record a day: Punch In is no longer offered, Punch Out is (the server's 409 for a second
    // punch-in is covered by the attendance server tests).
    expect(await yours.getByRole('button', { name: 'Punch In' }).isDisabled()).toBe(true);
    expect(await yours.getByRole('button', { name: 'Punch Out' }).isEnabled()).toBe(true);
  }, 120_000);

  it('the employee punches out; the admin sees the punch-out time on the next poll', async () => {
    const yours = staff.page.getByRole('region', { name: 'Your Attendance' });
    await yours.getByRole('button', { name: 'Punch Out' }).click();
    await expectToast(staff.page, 'Punched out successfully');
    const own = rowOf(yours, employee.email);
    await own.getByRole('cell').nth(4).filter({ hasNotText: /^-$/ }).waitFor();

    const polls = pollsFrom(admin.page);
    const adminRow = rowOf(overview(admin.page), employee.email);
    await adminRow.getByRole('cell').nth(5).filter({ hasNotText: /^-$/ }).waitFor({ timeout: POLL_WAIT_MS });
    expect(polls()).toBeLessThanOrEqual(2);
    expect(await documentMarked(admin.page)).toBe(true);

    // The day is closed: neither punch is offered any more.
    expect(await yours.getByRole('button', { name: 'Punch Out' }).isDisabled()).toBe(true);
    expect(await yours.getByRole('button', { name: 'Punch In' }).isDisabled()).toBe(true);
  }, 120_000);

  it("the admin downloads today's range report: attendance_{start}_{end}.csv with the employee's row", async () => {
    const { page } = admin;
    const section = overview(page);
    await section.getByLabel('Start Date').fill(today);
    await section.getByLabel('End Date').fill(today);
    const report = await saved(page, () => section.getByRole('button', { name: 'Download Report' }).click());
    expect(report.name).toBe(`attendance_${today}_${today}.csv`);
    expect(report.lines[0]).toBe(CSV_HEADER);
    const row = report.lines.find((line) => line.includes(employee.email));
    expect(row).toBeDefined();
    const cells = row!.split(',');
    expect(cells.slice(0, 5)).toEqual([employee.employeeId, employee.name, employee.email, today, 'P']);
    expect(Date.parse(cells[5]!)).toBeLessThanOrEqual(Date.parse(cells[6]!));
    expect(cells[7]).toMatch(/^\d+\.\d{2}$/);
    expect(report.lines).toHaveLength(2);
    await expect(section.getByRole('alert').count()).resolves.toBe(0);
  }, 60_000);

  it('the admin Attendance screen lists the record for the last 30 days and downloads attendance.csv', async () => {
    const { page } = admin;
    await page.getByRole('navigation', { name: 'HR Dashboard' }).getByRole('link', { name: 'Attendance' }).click();
    const screen = page.getByRole('region', { name: 'Attendance Overview', exact: true });
    await screen.getByRole('heading', { level: 3, name: 'All Attendance' }).waitFor();
    const row = rowOf(screen.getByRole('table', { name: 'All Attendance' }), employee.email);
    await row.waitFor();
    const cells = await cellsOf(row);
    // The spec's Email first, then the person's name and employee ID, then the spec's columns.
    expect(cells.slice(0, 5)).toEqual([employee.email, employee.name, employee.employeeId, today, 'PPresent']);
    expect(cells[5]).not.toBe('-');
    expect(cells[6]).not.toBe('-');
    await expectAccessible(page);

    const all = await saved(page, () => screen.getByRole('button', { name: 'Download Attendance' }).click());
    expect(all.name).toBe('attendance.csv');
    expect(all.lines[0]).toBe(CSV_HEADER);
    expect(all.lines.filter((line) => line.includes(employee.email))).toHaveLength(1);
    expect(await documentMarked(page)).toBe(true);
  }, 60_000);

  it('polling stops with the session: after Logout no attendance request leaves the page', async () => {
    const { page } = admin;
    const polls: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname.startsWith('/api/attendance')) polls.push(request.url());
    });
    await page.getByRole('navigation', { name: 'HR Dashboard' }).getByRole('button', { name: 'Logout' }).click();
    await page.getByRole('heading', { name: 'HR Portal Login' }).waitFor();
    await page.waitForTimeout(ATTENDANCE_POLL_MS + 1_000);
    expect(polls).toEqual([]);
  }, 60_000);
});
