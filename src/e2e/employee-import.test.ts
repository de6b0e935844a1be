/**
 * The Import screen's journey, against the real server and the built app: a company of 300 brings
 * its staff from an .xlsx with its own codes and reporting lines; 7 rows are bad. The admin
 * downloads the template, checks the file (nothing written, every bad row with its fields), imports
 * the good rows, downloads the failed rows from the kept report, fixes them and uploads the file
 * again; the past imports list both. Every page is checked with axe.
 */
import fs from 'node:fs';
import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import type { Locator, Page } from 'playwright-core';
import { adminToken, browserAvailable, expectAccessible, journeyContext, signInAsAdmin } from './harness';
import { expectToast } from './in-app-feedback';
import { goodRow, staffRows, staffWorkbook } from './import-workbook';

const run = browserAvailable() ? describe : describe.skip;

jest.setTimeout(240_000);

const BAD = [23, 57, 101, 144, 188, 230, 299];
const bodyRow = (page: Page, within: Locator, row: number) => within.getByRole('row').filter({ has: page.getByRole('cell', { name: String(row), exact: true }) });

run('employee import journey', () => {
  const journey = journeyContext({ eachTest: { acceptDownloads: true } });

  it('imports 300 people from .xlsx with 7 bad rows, fixed through the failed-rows file', async () => {
    const { page } = journey.session;
    await signInAsAdmin(page);

    // From the spec's Upload CSV section to the Import screen.
    await page.getByRole('link', { name: 'Add Employee' }).click();
    await page.getByRole('link', { name: 'Import employees' }).click();
    await page.waitForURL(/\/admin\/employees\/import$/);
    await page.getByRole('heading', { name: 'Import employees' }).waitFor();
    await expectAccessible(page);

    const [template] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download template (.xlsx)' }).click()]);
    expect(template.suggestedFilename()).toBe('employee-import-template.xlsx');

    // Checking without a file names the file field, by keyboard.
    await page.getByRole('button', { name: 'Check file' }).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('alert').filter({ hasText: 'Choose a .xlsx or .csv file' }).waitFor();
    expect(await page.getByLabel('Spreadsheet (.xlsx or .csv)').getAttribute('aria-invalid')).toBe('true');

    await page.getByLabel('Spreadsheet (.xlsx or .csv)').setInputFiles({
      name: 'acme-staff.xlsx',
      mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      buffer: await staffWorkbook(staffRows(300, BAD)),
    });
    await page.getByLabel('Hold them for the Invite button').check();
    await page.getByRole('button', { name: 'Check file' }).click();
    const preview = page.locator('section', { has: page.getByRole('heading', { name: '3. What the import would do' }) });
    await preview.getByText('293 would be added').waitFor();
    await preview.getByRole('heading', { name: '7 rows with problems' }).waitFor();
    // Every bad row, each problem with its field.
    const expected: [number, string][] = [
      [24, 'email'],
      [58, 'name'],
      [102, 'joiningDate'],
      [145, 'managerEmployeeId'],
      [189, 'salary'],
      [231, 'phone'],
      [300, 'email'],
      [300, 'joiningDate'],
    ];
    for (const [row, field] of expected) await bodyRow(page, preview, row).getByText(field, { exact: true }).waitFor();
    await expectAccessible(page);
    const token = await adminToken(journey.api);
    const roster = async () => ((await (await journey.api.get('/api/employee', { headers: { 'x-auth-token': token } })).json()) as { employeeId: string; managerId: string | null; _id: string }[]);
    expect(await roster()).toHaveLength(0);

    await preview.getByRole('button', { name: 'Import 293 rows' }).click();
    await page.waitForURL(/\/admin\/employees\/imports\/\d+$/);
    await expectToast(page, 'Added 293 of 300 employees');
    await page.getByRole('heading', { name: 'Import report: acme-staff.xlsx' }).waitFor();
    await page.getByText('293 added, 0 updated, 0 unchanged, 7 with problems').waitFor();
    await expectAccessible(page);

    // The failed rows, as a file: fix each, upload it again.
    const [failed] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download failed rows (.csv)' }).click()]);
    const text = fs.readFileSync((await failed.path())!, 'utf8').replace(/^\uFEFF/, '');
    const records = parse(text, { columns: true }) as Record<string, string>[];
    expect(records).toHaveLength(7);
    expect(records.every((r) => r.error)).toBe(true);
    const fixed = records.map((r) => {
      const good = goodRow(Number(r.employeeId!.slice(3)));
      return { ...r, name: good.name, email: good.email, joiningDate: good.joiningDate, salary: good.salary, phone: good.phone, managerEmployeeId: good.managerEmployeeId, error: '' };
    });
    await page.getByRole('link', { name: 'Upload the fixed file' }).click();
    await page.waitForURL(/\/admin\/employees\/import$/);
    await page.getByLabel('Spreadsheet (.xlsx or .csv)').setInputFiles({ name: 'acme-staff-fixed.csv', mimeType: 'text/csv', buffer: Buffer.from(stringify(fixed, { header: true })) });
    await page.getByRole('button', { name: 'Check file' }).click();
    await page.getByText('7 would be added, 0 would be updated, 0 would stay as they are, 0 with problems', { exact: false }).waitFor();
    await page.getByText('Every row is good.').waitFor();
    await page.getByRole('button', { name: 'Import 7 rows' }).click();
    await page.waitForURL(/\/admin\/employees\/imports\/\d+$/);
    await page.getByText('No row failed.').first().waitFor();

    const people = await roster();
    expect(people).toHaveLength(300);
    const byCode = new Map(people.map((p) => [p.employeeId, p]));
    expect(byCode.get('ACM0145')!.managerId).toBe(byCode.get(goodRow(145).managerEmployeeId)!._id);

    await page.getByRole('link', { name: 'All imports' }).click();
    await page.waitForURL(/\/admin\/employees\/imports$/);
    const reports = page.getByRole('link', { name: /^View report of/ });
    await reports.nth(1).waitFor();
    expect(await reports.count()).toBe(2);
    await expectAccessible(page);
  });
});

