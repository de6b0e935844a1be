/**
 * Payroll journeys: an employee downloads last month's salary slip from the Salary Slip
 * screen and from the dashboard button, and the test reads the .xlsx back and checks the net pay
 * against the shared payroll computation; an admin runs last month's payroll and watches it finish
 * (mail goes to the server's outbox).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import type { APIRequestContext, Locator } from 'playwright-core';
import { dateInZone } from '../shared/format';
import { datesOfMonth, lastCompleteMonth, monthLabel } from '../shared/payroll/pay-month';
import { computeSalarySlip } from '../shared/payroll/salary-slip';
import { fillOverrideReasons } from './payroll-overrides';
import { browserAvailable, createInvitedEmployee, expectAccessible, journeyContext, signIn, signInAsAdmin, waitUntil } from './harness';

const run = browserAvailable() ? describe : describe.skip;

// startServer() runs the company in this zone; "today" and "last month" must be the server's.
const ZONE = 'Asia/Kolkata';
const SALARY = 50_000;
const JOINED_ON = '2024-04-01';

run('payroll journeys', () => {
  const journey = journeyContext({ eachTest: { acceptDownloads: true } });
  let downloads: string;

  const today = dateInZone(new Date(), ZONE);
  const month = lastCompleteMonth(today);
  // Leave for the first 20 days of the month, approved; the rest of its working days are loss of pay.
  const leaveDates = datesOfMonth(month).slice(0, 20);
  const employee = { name: 'Meera Pillai', email: `meera.${Date.now()}@e2e.local`, password: 'meera-password-1', employeeId: '' };

  beforeAll(async () => {
    downloads = fs.mkdtempSync(path.join(os.tmpdir(), 'hr-e2e-slips-'));

    // Set up the employee through the API, as an admin and an invited employee would.
    const { name, email, password } = employee;
    const invited = await createInvitedEmployee(journey.api, journey.server, {
      name,
      email,
      password,
      position: 'Payroll Analyst',
      salary: SALARY,
      joiningDate: JOINED_ON,
    });
    employee.employeeId = invited.employeeId;
    const asAdmin = { 'x-auth-token': invited.adminToken };
    // Paid leave, as two requests: up to 9 working days each fit the 12 a year of Casual and of Sick.
    await requestApprovedLeave(journey.api, asAdmin, employee, leaveDates[0]!, leaveDates[9]!);
    await requestApprovedLeave(journey.api, asAdmin, employee, leaveDates[10]!, leaveDates[19]!, 'Sick');
  }, 120_000);

  afterAll(() => {
    if (downloads) fs.rmSync(downloads, { recursive: true, force: true });
  });

  /** The expected slip: the shared computation over the same facts the server holds. */
  const expectedSlip = () =>
    computeSalarySlip({
      monthlyGrossPaise: SALARY * 100,
      month,
      joinedOn: JOINED_ON,
      presentDates: new Set(),
      approvedLeaveDates: new Set(leaveDates),
      today,
    });

  it("an admin previews last month's payroll register, approves it, and watches its slips go out", async () => {
    const { page } = journey.session;
    await signInAsAdmin(page);
    await expectAccessible(page);

    await page.getByRole('banner').getByRole('link', { name: 'Payroll Run' }).click();
    const card = page.getByRole('region', { name: 'Payroll Run', exact: true });
    await card.getByRole('heading', { level: 2, name: 'Payroll Run', exact: true }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/admin/payroll');
    await page.getByRole('region', { name: 'Recent payroll runs' }).getByText('No payroll runs yet.').waitFor();
    await expectAccessible(page);

    // A month's slips are sent from its register: preview, then approve (after an in-app confirm).
    await card.getByLabel('Month').fill(month);
    await card.getByRole('button', { name: 'Preview and approve' }).click();
    await page.waitForURL((url) => url.pathname === '/admin/payroll/register' && url.searchParams.get('month') === month);
    const approval = page.getByRole('region', { name: 'Approval' });
    await approval.getByText('Draft preview').waitFor();
    await page.getByRole('region', { name: /^Payroll register for/ }).getByText(employee.employeeId).waitFor();
    await expectAccessible(page);
    // The new employee has no bank account or UAN yet: the blocking warnings need a reason to approve anyway.
    await fillOverrideReasons(page);
    await approval.getByRole('button', { name: 'Approve and send slips' }).click();
    const confirm = page.getByRole('alertdialog');
    await confirm.getByText(`Approve ${monthLabel(month)}?`).waitFor();
    await expectAccessible(page);
    await confirm.getByRole('button', { name: 'Approve and send' }).click();
    await approval.getByText(/The month is locked\./).waitFor();
    await expectAccessible(page);

    // The register links to the run its approval started, which the Payroll Run page follows.
    await approval.getByRole('link', { name: 'Follow the slips on Payroll Run' }).click();
    await card.getByText('Run finished: 1 sent, 0 failed.').waitFor({ timeout: 30_000 });
    expect(await card.getByRole('progressbar', { name: 'Progress' }).getAttribute('value')).toBe('1');
    await card.getByText('Sent 1').waitFor();
    await card.getByText('Failed 0').waitFor();
    expect(await card.getByRole('button', { name: 'Retry failed' }).count()).toBe(0);

    const row = page.getByRole('region', { name: 'Recent payroll runs' }).getByRole('row').nth(1);
    await expectText(row, new RegExp(`${monthLabel(month)}\\s*Done\\s*1\\s*0\\s*1`));
    await expectAccessible(page);

    // The slip went to the employee's address with the PDF attached (the .xlsx too only when the payroll settings say so).
    const mail = outboxMailTo(journey.server.dataDir, employee.email, `salary slip for ${monthLabel(month)}`);
    expect(mail).toContain(`salary-slip_${employee.employeeId}_${month}.pdf`);
    expect(mail).toContain('Content-Type: application/pdf');
    expect(mail).not.toContain(`salary-slip_${employee.employeeId}_${month}.xlsx`);
  }, 120_000);

  // After the admin's approval below: an employee gets only the slips of approved months.
  it("the employee downloads last month's slip and its net pay is the payroll computation's", async () => {
    const expected = expectedSlip();
    const fileName = `salary-slip_${employee.employeeId}_${month}.xlsx`;

    const { page } = journey.session;
    await signIn(page, 'Employee', employee.email, employee.password);
    await page.getByRole('heading', { level: 1, name: `Welcome, ${employee.name}` }).waitFor();
    await expectAccessible(page);

    await page.getByRole('navigation', { name: 'Employee Dashboard' }).getByRole('link', { name: 'Salary Slip' }).click();
    await page.getByRole('heading', { level: 2, name: 'Salary Slip' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/employee/salary');
    await expectAccessible(page);

    const main = page.getByRole('main');
    const download = main.getByRole('button', { name: 'Download Salary Slip' });
    expect(await download.isDisabled()).toBe(true);
    // The unfinished current month is not approved: refused, saying so; last month (approved above) is listed.
    await main.getByLabel('Month').fill(today.slice(0, 7));
    await download.click();
    await page.getByText(/is not available yet: the payroll of .* is not approved/).waitFor();
    await main.getByRole('region', { name: 'Available slips' }).getByText(monthLabel(month)).waitFor();
    await main.getByLabel('Month').fill(month);
    expect(await download.isEnabled()).toBe(true);

    const [file] = await Promise.all([page.waitForEvent('download'), download.click()]);
    expect(file.suggestedFilename()).toBe(fileName);
    const saved = path.join(downloads, `page-${fileName}`);
    await file.saveAs(saved);
    await main.getByRole('status').filter({ hasText: `Salary slip saved as ${fileName}` }).waitFor();
    await expectAccessible(page);

    const sheet = await readSlip(saved);
    expect(sheet.net).toBe(expected.netPaise / 100);
    expect(sheet.netInWords).toBe(expected.netInWords);
    expect(sheet.employeeId).toBe(employee.employeeId);
    expect(sheet.paidDays).toBe(expected.days.paid);
    expect(expected.days.lop).toBeGreaterThan(0);
    if (month === '2026-10') {
      // Worked by hand: 27 working days, 17 paid; earned gross 31,481 (basic 15,741, HRA 6,296,
      // special 9,444); PF 12% of 15,741 = 1,888.92 -> 1,889 (under the ₹25,000 ceiling of October 2026),
      // professional tax 200 -> net 29,392.
      expect(sheet.net).toBe(29_392);
    }

    // The dashboard's button saves the same month: the server's default is the last complete month.
    const [fromDashboard] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('banner').getByRole('button', { name: 'Download Salary Slip' }).click(),
    ]);
    expect(fromDashboard.suggestedFilename()).toBe(fileName);
    const savedFromDashboard = path.join(downloads, `dashboard-${fileName}`);
    await fromDashboard.saveAs(savedFromDashboard);
    expect((await readSlip(savedFromDashboard)).net).toBe(expected.netPaise / 100);
  }, 120_000);
});

/** The employee asks for leave (of a type, by name) through the API and the admin approves it. */
async function requestApprovedLeave(
  request: APIRequestContext,
  asAdmin: Record<string, string>,
  employee: { email: string; password: string },
  startDate: string,
  endDate: string,
  /** A leave type by name; the company's default type when absent. */
  type?: string,
) {
  const login = await (await request.post('/api/auth/employee-login', { data: { email: employee.email, password: employee.password } })).json();
  const headers = { 'x-auth-token': login.token as string };
  const types = type ? ((await (await request.get('/api/leave-types', { headers })).json()) as { _id: string; name: string }[]) : [];
  const leaveTypeId = types.find((t) => t.name === type)?._id;
  const asked = await request.post('/api/leave', {
    headers,
    data: { startDate, endDate, reason: 'Family event', ...(leaveTypeId ? { leaveTypeId } : {}) },
  });
  expect(asked.status()).toBe(201);
  const { _id } = (await asked.json()) as { _id: string };
  const approved = await request.put(`/api/leave/approve/${_id}`, { headers: asAdmin, data: { status: 'approved' } });
  expect(approved.status()).toBe(200);
}

/** The figures a reader looks for on the slip, found by their labels. */
async function readSlip(file: string) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(file);
  const sheet = workbook.getWorksheet('Salary Slip')!;
  const valueNextTo = (label: string): unknown => {
    let found: unknown;
    sheet.eachRow((row) => {
      row.eachCell((cell, col) => {
        if (found === undefined && cell.value === label) found = row.getCell(col + 1).value;
      });
    });
    if (found === undefined) throw new Error(`no '${label}' on the slip`);
    return found;
  };
  return {
    employeeId: valueNextTo('Employee ID'),
    paidDays: valueNextTo('Paid Days'),
    net: valueNextTo('Net Pay (₹)'),
    netInWords: valueNextTo('Net Pay in Words'),
  };
}

function outboxMailTo(dataDir: string, to: string, subject: string): string {
  const outbox = path.join(dataDir, 'outbox');
  for (const file of fs.readdirSync(outbox)) {
    const eml = fs.readFileSync(path.join(outbox, file), 'utf8');
    if (new RegExp(`^To: .*${to.replace(/[.@]/g, '\\$&')}`, 'mi').test(eml) && eml.replace(/\r?\n\s+/g, ' ').includes(subject)) return eml;
  }
  throw new Error(`no mail to ${to} about "${subject}" in ${outbox}`);
}

async function expectText(locator: Locator, pattern: RegExp) {
  let text: string | null = null;
  const probe = async () => {
    text = await locator.textContent();
    return pattern.test(text ?? '') ? text : undefined;
  };
  await waitUntil(probe, () => `'${text}' does not match ${pattern}`, { timeoutMs: 5_000, intervalMs: 100 });
}
