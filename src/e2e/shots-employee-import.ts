/**
 * Screenshots of the Import screen and the import reports for a reviewer, at 1366×768 and 390×844:
 * the past imports before any (the empty state), the Import screen with a checked 300-row file and
 * its 7 bad rows (long names), a 1,200-row import's report (its failed rows, their download busy
 * and then refused, then all rows), and
 * the list of past imports. Not a test: run it by hand against a fresh build, under the e2e lock:
 *   flock /tmp/e2e.lock bash -c 'npx webpack --mode production && npx tsx src/e2e/shots-employee-import.ts <dir>'
 */
import { adminToken, signInAsAdmin } from './harness';
import { eachViewport, runShots, shootDownloadStates } from './shot-kit';
import { staffRows, staffWorkbook } from './import-workbook';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

runShots('employee-import-shots', async (kit) => {
  const { api } = kit;
  const headers = { 'x-auth-token': await adminToken(api) };
  const upload = async (name: string, buffer: Buffer, query = '') => {
    const res = await api.post(`/api/employee/upload${query}`, { headers, multipart: { file: { name, mimeType: XLSX, buffer } } });
    if (res.status() !== 200) throw new Error(`upload ${name}: ${res.status()} ${await res.text()}`);
    return (await res.json()) as { reportId?: string };
  };
  // Codes not yet used (the leadership, ACM0001-ACM0010, is imported first and manages them).
  const checkFile = await staffWorkbook(staffRows(300, [23, 57, 101, 144, 188, 230, 299].map((i) => i + 3000), 3001));
  let reportId = '';

  await eachViewport(kit, async (view) => {
    const { page, phone, shot } = view;
    await signInAsAdmin(page);
    if (!phone) {
      // The empty state, before any import.
      await page.goto('/admin/employees/imports');
      await page.getByText('No imports yet.').waitFor();
      await shot('imports-empty');
      // Then the large import the report shots read: 1,200 rows, one in twenty bad, long names among them.
      await upload('acme-leadership.xlsx', await staffWorkbook(staffRows(10)));
      const bad = Array.from({ length: 60 }, (_, k) => 1000 + 20 * k + 17);
      reportId = (await upload('acme-staff-2026-11-full-roster-with-managers.xlsx', await staffWorkbook(staffRows(1200, bad, 1001)), '?invite=later')).reportId!;
      await upload('acme-staff-corrections.xlsx', await staffWorkbook(staffRows(40, [], 1001)), '?mode=upsert&invite=later');
    } else {
      await page.goto('/admin/employees/imports');
      await page.getByRole('link', { name: /^View (the )?report of/ }).first().waitFor();
      // The phone's empty state: a report's rows filtered to problems when there are none.
    }

    await page.goto('/admin/employees/import');
    await page.getByRole('heading', { name: 'Import employees' }).waitFor();
    await shot('import-screen');
    await page.getByLabel('Spreadsheet (.xlsx or .csv)').setInputFiles({ name: 'acme-staff-november.xlsx', mimeType: XLSX, buffer: checkFile });
    await page.getByRole('button', { name: 'Check file' }).click();
    await page.getByRole('heading', { name: '7 rows with problems' }).waitFor();
    await shot('import-preview', { fullPage: true });
    await page.getByRole('heading', { name: '3. What the import would do' }).scrollIntoViewIfNeeded();
    await shot('import-preview-viewport', { fullPage: false });

    await page.goto(`/admin/employees/imports/${reportId}`);
    await page.getByRole('heading', { name: /^Import report/ }).waitFor();
    await shot('report-failed');
    await shootDownloadStates(view, '**/api/company/imports/*/failed', () => page.getByRole('button', { name: 'Download failed rows (.csv)' }).click(), 'report-failed-rows-download');
    await page.getByRole('button', { name: 'All rows' }).click();
    await page.getByRole('heading', { name: 'All rows' }).waitFor();
    await shot('report-all');

    await page.goto('/admin/employees/imports');
    await page.getByRole('link', { name: /^View (the )?report of/ }).first().waitFor();
    await shot('imports-list');
    await page.getByRole('link', { name: /^View (the )?report of acme-staff-corrections/ }).click();
    await page.getByText('No row failed.').first().waitFor();
    await shot('report-no-failures');
  });
});
