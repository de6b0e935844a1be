/**
 * Going live from zero, through the screens, against the real server and the built app: an empty
 * company (the dashboard's checklist at "0 of 7 done") saves its profile, adds a leave type and a
 * holiday, sets its go-live date (26 Nov 2026) and holds invitations; imports 300 people coded
 * ACM0001… from an .xlsx with 7 bad rows, leaves the report, finds it again under past imports and
 * re-imports the fixed failed rows; imports 600 opening balances and October's attendance (7,800
 * rows in DD/MM/YYYY, 2 bad); reads the right paid days for all 300 on October's register; approves
 * it and sees every slip sent; then sends the held invitations from the Employee List. Nothing waits for a time: every step waits for what it shows.
 */
import fs from 'node:fs';
import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import type { Page } from 'playwright-core';
import { monthLabel } from '../shared/payroll/pay-month';
import { adminToken, browserAvailable, journeyContext, signInAsAdmin } from './harness';
import { expectToast } from './in-app-feedback';
import { code, goodRow, staffRows, staffWorkbook } from './import-workbook';
import { fillOverrideReasons } from './payroll-overrides';

const run = browserAvailable() ? describe : describe.skip;

jest.setTimeout(300_000);

const PEOPLE = 300;
const BAD = [23, 57, 101, 144, 188, 230, 299];
const MONTH = '2026-10';
const GO_LIVE = '2026-11-26';
const HOLIDAY = '2026-10-02';
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** October 2026's working days with a record to import: every day but the Sundays and the holiday (26). */
const OCTOBER_DAYS = Array.from({ length: 31 }, (_, k) => `2026-10-${String(k + 1).padStart(2, '0')}`).filter(
  (d) => new Date(`${d}T00:00:00Z`).getUTCDay() !== 0 && d !== HOLIDAY,
);
const ddmmyyyy = (iso: string) => iso.split('-').reverse().join('/');
/** Person i's day off their punches: absent (loss of pay) for every tenth from the 3rd, Casual leave (paid) for every tenth from the 7th. */
const ABSENT_ON = '2026-10-15';
const LEAVE_ON = '2026-10-16';
const absent = (i: number) => i % 10 === 3;
const onLeave = (i: number) => i % 10 === 7;

function octoberCsv(): string {
  const lines = ['employeeId,date,punchIn,punchOut,status'];
  for (const day of OCTOBER_DAYS) {
    for (let i = 1; i <= PEOPLE; i++) {
      const date = ddmmyyyy(day);
      if (day === ABSENT_ON && absent(i)) lines.push(`${code(i)},${date},,,A`);
      else if (day === LEAVE_ON && onLeave(i)) lines.push(`${code(i)},${date},,,CL`);
      else if (i % 4 === 0) lines.push(`${code(i)},${date},,,P`);
      else lines.push(`${code(i)},${date},09:${String(i % 30).padStart(2, '0')},18:${String((i * 7) % 60).padStart(2, '0')},`);
    }
  }
  // Two bad rows: someone the company does not have, and a row with both punches and a status.
  lines.push('ACM9999,05/10/2026,,,P', `${code(6)},31/10/2026,09:00,18:00,P`);
  return lines.join('\n');
}

function openingBalancesCsv(): string {
  const lines = ['employeeId,leaveType,days,asOf'];
  for (let i = 1; i <= PEOPLE; i++) lines.push(`${code(i)},CL,${(i % 6) + 2},${ddmmyyyy(GO_LIVE)}`, `${code(i)},EL,${(i % 20) + 3},${ddmmyyyy(GO_LIVE)}`);
  return lines.join('\n');
}

/** October 2026: 31 days, 4 Sundays off, so 27 working days (the holiday among them, paid). */
const expectedPaidLop = (i: number) => (absent(i) ? '26 / 1' : '27 / 0');

async function checklistSays(page: Page, done: number) {
  await page.goto('/admin');
  await page.getByRole('region', { name: 'Set up your company' }).getByText(`${done} of 7 done.`, { exact: false }).waitFor();
}

run('going live from zero', () => {
  const journey = journeyContext({ eachTest: { acceptDownloads: true } });

  it('a company of 300 brings its people, balances and October in, and pays October right', async () => {
    const started = Date.now();
    const lap = (what: string) => console.log(`${what}: ${((Date.now() - started) / 1000).toFixed(1)} s`);
    const { page } = journey.session;
    await signInAsAdmin(page);
    const checklist = page.getByRole('region', { name: 'Set up your company' });
    await checklist.getByText('0 of 7 done.', { exact: false }).waitFor();

    // Company profile, from its checklist link.
    await checklist.getByRole('link', { name: 'Company profile (to do)' }).click();
    await page.getByLabel('Legal name').fill('Acme Industries Private Limited');
    await page.getByLabel('TAN').fill('BLRA12345B');
    await page.getByRole('button', { name: 'Save profile' }).click();
    await expectToast(page, 'Company profile saved');

    // A leave type, and October's holiday.
    await page.goto('/admin/leave-types');
    await page.getByRole('button', { name: 'Add leave type' }).click();
    const newType = page.getByRole('form', { name: 'New leave type' });
    await newType.getByLabel('Name').fill('Bereavement');
    await newType.getByLabel('Code', { exact: true }).fill('BRV');
    await newType.getByLabel('Days a year').fill('3');
    await newType.getByRole('button', { name: 'Add type' }).click();
    await expectToast(page, 'Bereavement added');
    await page.getByRole('table', { name: 'Leave types' }).getByRole('cell', { name: 'BRV', exact: true }).waitFor();
    await page.goto('/admin/holidays');
    const addHoliday = page.getByRole('region', { name: 'Add a holiday' });
    await addHoliday.getByLabel('Date', { exact: true }).fill(HOLIDAY);
    await addHoliday.getByLabel('Name').fill('Gandhi Jayanti');
    await addHoliday.getByRole('button', { name: 'Add Holiday' }).click();
    await page.getByRole('cell', { name: 'Gandhi Jayanti', exact: true }).waitFor();
    await checklistSays(page, 3);
    lap('profile, leave type, holiday');

    // The go-live settings: the date, and invitations held until HR has checked the data.
    await page.goto('/admin/going-live');
    const settings = page.getByRole('region', { name: 'Go-live settings' });
    await settings.getByLabel('Go-live date').fill(GO_LIVE);
    await settings.getByRole('radio', { name: 'Hold them for the Invite button on the Employee List' }).check();
    await settings.getByRole('button', { name: 'Save go-live settings' }).click();
    await expectToast(page, 'Go-live settings saved');

    // 300 people from an .xlsx with the company's own codes; 7 rows are bad.
    await page.goto('/admin/employees/import');
    await page.getByLabel('Spreadsheet (.xlsx or .csv)').setInputFiles({ name: 'acme-staff.xlsx', mimeType: XLSX, buffer: await staffWorkbook(staffRows(PEOPLE, BAD)) });
    await page.getByRole('button', { name: 'Check file' }).click();
    const preview = page.locator('section', { has: page.getByRole('heading', { name: '3. What the import would do' }) });
    await preview.getByRole('heading', { name: '7 rows with problems' }).waitFor();
    await preview.getByRole('button', { name: 'Import 293 rows' }).click();
    await page.waitForURL(/\/admin\/employees\/imports\/\d+$/);
    await expectToast(page, 'Added 293 of 300 employees');
    lap('293 imported');

    // The report stays: away to the dashboard, then found again under past imports.
    await checklistSays(page, 4);
    await page.goto('/admin/employees/import');
    await page.getByRole('link', { name: 'Past imports' }).click();
    await page.getByRole('link', { name: /^View report of acme-staff\.xlsx/ }).click();
    await page.getByRole('heading', { name: 'Import report: acme-staff.xlsx' }).waitFor();
    await page.getByText('293 added, 0 updated, 0 unchanged, 7 with problems').waitFor();
    const [failed] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download failed rows (.csv)' }).click()]);
    const records = parse(fs.readFileSync((await failed.path())!, 'utf8').replace(/^\uFEFF/, ''), { columns: true }) as Record<string, string>[];
    expect(records.map((r) => r.employeeId)).toEqual(BAD.map(code));
    const fixed = records.map((r) => ({ ...r, ...goodRow(Number(r.employeeId!.slice(3))), error: '' }));
    await page.getByRole('link', { name: 'Upload the fixed file' }).click();
    await page.getByLabel('Spreadsheet (.xlsx or .csv)').setInputFiles({ name: 'acme-staff-fixed.csv', mimeType: 'text/csv', buffer: Buffer.from(stringify(fixed, { header: true })) });
    await page.getByRole('button', { name: 'Check file' }).click();
    await page.getByText('Every row is good.').waitFor();
    await page.getByRole('button', { name: 'Import 7 rows' }).click();
    await page.waitForURL(/\/admin\/employees\/imports\/\d+$/);
    await expectToast(page, 'Added 7 of 7 employees');
    const headers = { 'x-auth-token': await adminToken(journey.api) };
    const people = (await (await journey.api.get('/api/employee', { headers })).json()) as { employeeId: string }[];
    expect(people.map((p) => p.employeeId).sort()).toEqual(Array.from({ length: PEOPLE }, (_, k) => code(k + 1)));
    // Held, not sent: nobody was mailed an invitation.
    expect(await (await journey.api.get('/api/employee/invitations', { headers })).json()).toEqual({ held: PEOPLE });
    lap('300 people');

    // 600 opening balances, checked, then imported.
    await page.goto('/admin/going-live');
    const balances = page.getByRole('region', { name: 'Opening leave balances' });
    await balances.getByLabel('File (CSV or .xlsx)').setInputFiles({ name: 'opening-balances.csv', mimeType: 'text/csv', buffer: Buffer.from(openingBalancesCsv()) });
    await balances.getByRole('button', { name: 'Check file' }).click();
    await balances.getByRole('heading', { name: 'What the import would do' }).waitFor();
    await balances.getByRole('button', { name: 'Import', exact: true }).click();
    await balances.getByRole('heading', { name: 'Imported' }).waitFor();
    expect(await balances.locator('.import-counts__item').first().textContent()).toBe('Added600');
    lap('600 balances');

    // October's attendance: 7,800 good rows and 2 bad, DD/MM/YYYY.
    const attendance = page.getByRole('region', { name: 'Past attendance' });
    await attendance.getByLabel('File (CSV or .xlsx)').setInputFiles({ name: 'october-2026.csv', mimeType: 'text/csv', buffer: Buffer.from(octoberCsv()) });
    await attendance.getByRole('button', { name: 'Check file' }).click();
    await attendance.getByRole('heading', { name: 'What the import would do' }).waitFor({ timeout: 120_000 });
    await attendance.getByText(/^Row \d+: .*ACM9999/).waitFor();
    expect((await attendance.locator('.import-counts__item').allTextContents()).at(-1)).toBe('With errors2');
    await attendance.getByRole('button', { name: 'Import', exact: true }).click();
    await attendance.getByRole('heading', { name: 'Imported' }).waitFor({ timeout: 120_000 });
    const counts = await attendance.locator('.import-counts__item').allTextContents();
    expect(counts).toEqual(['Added7,800', 'Replaced0', 'Unchanged0', 'With errors2']);
    await checklistSays(page, 5);
    lap('7,800 days');

    // October's register: the right paid days for all 300.
    await page.goto('/admin/payroll');
    const card = page.getByRole('region', { name: 'Payroll Run', exact: true });
    await card.getByLabel('Month').fill(MONTH);
    await card.getByRole('button', { name: 'Preview and approve' }).click();
    await page.waitForURL((url) => url.pathname === '/admin/payroll/register' && url.searchParams.get('month') === MONTH);
    const register = page.getByRole('region', { name: /^Payroll register for/ });
    const pager = page.getByRole('navigation', { name: 'Pages of the payroll register' });
    // The register shows fifty people a page: read every page.
    const rows: string[][] = [];
    for (let from = 1; from <= PEOPLE; from += 50) {
      const to = Math.min(from + 49, PEOPLE);
      await pager.getByText(`Employees ${from}–${to} of ${PEOPLE}`).waitFor();
      rows.push(...(await register.locator('tbody tr').evaluateAll((trs) => trs.map((tr) => [tr.querySelector('th .muted')?.textContent ?? '', tr.querySelector('td')?.textContent ?? '']))));
      if (to < PEOPLE) await pager.getByRole('button', { name: 'Next' }).click();
    }
    expect(rows.map(([id]) => id).sort()).toEqual(Array.from({ length: PEOPLE }, (_, i) => code(i + 1)));
    const wrong = rows.filter(([id, paid]) => paid !== expectedPaidLop(Number(id!.slice(3))));
    expect(wrong).toEqual([]);
    lap('register');

    // Approve and watch all 300 slips go out.
    const approval = page.getByRole('region', { name: 'Approval' });
    await fillOverrideReasons(page);
    await approval.getByRole('button', { name: 'Approve and send slips' }).click();
    const confirm = page.getByRole('alertdialog');
    await confirm.getByText(`Approve ${monthLabel(MONTH)}?`).waitFor();
    await confirm.getByRole('button', { name: 'Approve and send' }).click();
    await approval.getByText(/The month is locked\./).waitFor();
    await approval.getByRole('link', { name: 'Follow the slips on Payroll Run' }).click();
    await card.getByText(`Run finished: ${PEOPLE} sent, 0 failed.`).waitFor({ timeout: 180_000 });
    lap('300 slips sent');
    await checklistSays(page, 6);

    // Import now, invite later: the data checked and paid, the Employee List's Invite button sends the held invitations.
    await page.goto('/admin/employees/list');
    await page.getByRole('button', { name: `Invite ${PEOPLE} held` }).click();
    await expectToast(page, `Sent ${PEOPLE} invitations`);
    await page.getByRole('button', { name: /^Invite \d+ held$/ }).waitFor({ state: 'detached' });
    lap('invitations');
  });
});
