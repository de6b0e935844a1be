/**
 * Screenshots of the Payroll Register's ESI and professional-tax differences of approved months, and of
 * the re-run dialog's warning once they were paid as arrears, at 1366×768 and 390×844. 600 employees
 * (some with long names, ₹30,000 to ₹30,599) with August and September 2026 approved; then an admin
 * adds, back-dated to 1 August, an ESI limit of ₹35,000 (everyone becomes covered) and a Karnataka
 * professional-tax table (₹250 from ₹25,000): October's register lists 2,400 differences (500 on
 * screen). Paid as arrears with October, then September's "Re-run with reason" warns that its slips
 * stay as approved. Not a test: run it by hand against a fresh build, under the e2e lock, e.g.
 *   flock /tmp/e2e.lock bash -c 'npx webpack --mode production && npx tsx src/e2e/shots-statutory-differences.ts <dir>'
 * Attendance is written straight into the server's SQLite file; everything else goes through the API.
 */
import { signInAsAdmin } from './harness';
import { eachViewport, payrollRoster, runShots } from './shot-kit';
import { approveMonth } from './payroll-overrides';

const EMPLOYEES = 600;
const APPROVED = ['2026-08', '2026-09'];
const OPEN = '2026-10';
const TITLE = 'PF, ESI and PT differences of approved months';

runShots(
  'statutory-differences-shots',
  async (kit) => {
    const { api } = kit;
    const { headers, db } = await payrollRoster(kit, EMPLOYEES, [...APPROVED, OPEN]);
    const settings = await api.put('/api/salary/settings', { headers, data: { slipEmailAttachXlsx: false, slipRelease: 'release' } });
    if (settings.status() !== 200) throw new Error(`settings: ${settings.status()} ${await settings.text()}`);
    db.close();
    for (const month of APPROVED) await approveMonth(api, headers, month);
    for (const data of [
      { key: 'esi.wageCeiling', effectiveFrom: '2026-08-01', value: 35_000, source: 'GSR 901(E) of 20 Nov 2026 (sample data)', note: 'ESI wage limit ₹35,000' },
      {
        key: 'pt.KA',
        effectiveFrom: '2026-08-01',
        table: { period: 'monthly', slabs: [{ fromRupees: 0, taxRupees: 0 }, { fromRupees: 15_000, taxRupees: 150 }, { fromRupees: 25_000, taxRupees: 250 }] },
        source: 'Karnataka Finance Act 2026 (sample data)',
      },
    ]) {
      const version = await api.post('/api/statutory-rules/versions', { headers, data });
      if (version.status() !== 200) throw new Error(`version: ${version.status()} ${await version.text()}`);
    }

    await eachViewport(kit, async ({ page, shot }) => {
      await signInAsAdmin(page);
      await page.goto(`/admin/payroll/register?month=${OPEN}`);
      await page.getByRole('heading', { name: TITLE }).waitFor({ timeout: 180_000 });
      await page.getByRole('heading', { name: TITLE }).scrollIntoViewIfNeeded();
      await shot('esi-pt-differences', { fullPage: false });
      await page.getByRole('heading', { name: 'ESI/PT differences' }).scrollIntoViewIfNeeded();
      await shot('esi-pt-differences-table', { fullPage: false });
      await page.getByRole('heading', { name: 'Two ways forward' }).scrollIntoViewIfNeeded();
      await shot('esi-pt-differences-ways', { fullPage: false });
    });

    const paid = await api.post(`/api/salary/register/${OPEN}/rule-arrears`, { headers, data: { reason: 'ESI limit ₹35,000 and Karnataka PT from 1 Aug 2026', employeeShare: 'employer' } });
    if (paid.status() !== 200) throw new Error(`pay: ${paid.status()} ${await paid.text()}`);
    await eachViewport(kit, async ({ page, shot }) => {
      await signInAsAdmin(page);
      await page.goto(`/admin/payroll/register?month=${OPEN}`);
      await page.getByText(/^Already added to October 2026/).waitFor({ timeout: 180_000 });
      await page.getByRole('heading', { name: TITLE }).scrollIntoViewIfNeeded();
      await shot('esi-pt-differences-paid', { fullPage: false });
      await page.goto(`/admin/payroll/register?month=${APPROVED[1]}`);
      await page.getByRole('button', { name: 'Re-run with reason' }).click({ timeout: 180_000 });
      const dialog = page.getByRole('alertdialog');
      await dialog.getByRole('status').waitFor({ timeout: 180_000 });
      await dialog.getByLabel('Reason for the re-run').fill('ESI limit and Karnataka PT back-dated');
      await shot('rerun-kept-warning', { fullPage: false });
      await dialog.getByRole('button', { name: 'Cancel' }).click();
    });
  },
  { COMPANY_NAME: 'Acme Analytics Pvt Ltd' },
);
