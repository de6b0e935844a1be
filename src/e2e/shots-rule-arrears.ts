/**
 * Screenshots of the Payroll Register's section of PF differences of approved months at 1366×768
 * and 390×844, with 600 employees (some with long names) over two approved months: August and
 * September 2026 approved while the company's rule store held the ₹15,000 ceiling, then an admin's
 * ₹25,000 version back-dated to 1 August. October's register lists 1,200 differences (500 on screen),
 * the total and the two ways forward; then the recovery choice with the Inspector's consent fields;
 * then, once paid, what was added. Not a test: run it by hand against a fresh build, under the e2e
 * lock (src/server/test/README.md), e.g.
 *   flock /tmp/e2e.lock bash -c 'npx webpack --mode production && npx tsx src/e2e/shots-rule-arrears.ts <dir>'
 * Attendance and the old ceiling are written straight into the server's SQLite file; the approvals,
 * the new version and the payment go through the API, as an admin's would.
 */
import { signInAsAdmin } from './harness';
import { eachViewport, payrollRoster, runShots } from './shot-kit';
import { approveMonth } from './payroll-overrides';

const EMPLOYEES = 600;
const APPROVED = ['2026-08', '2026-09'];
const OPEN = '2026-10';

runShots(
  'rule-arrears-shots',
  async (kit) => {
    const { api } = kit;
    const { headers, db } = await payrollRoster(kit, EMPLOYEES, [...APPROVED, OPEN]);
    // Slips wait for release: approving stores the months and emails nothing.
    const settings = await api.put('/api/salary/settings', { headers, data: { slipEmailAttachXlsx: false, slipRelease: 'release' } });
    if (settings.status() !== 200) throw new Error(`settings: ${settings.status()} ${await settings.text()}`);
    // The store as it was before S.O. 5109(E) reached it: ₹15,000 throughout.
    const ceiling = db.prepare("update statutory_rule_versions set value_json = ? where rule_key = 'pf.wageCeiling' and effective_from = '2026-09-17'");
    ceiling.run('1500000');
    for (const month of APPROVED) await approveMonth(api, headers, month);
    ceiling.run('2500000');
    db.close();
    const version = await api.post('/api/statutory-rules/versions', {
      headers,
      data: { key: 'pf.wageCeiling', effectiveFrom: '2026-08-01', value: 25_000, source: 'S.O. 5109(E) of 17 Sep 2026, applied from 1 Aug 2026 by the company', note: 'Back-dated wage ceiling' },
    });
    if (version.status() !== 200) throw new Error(`version: ${version.status()} ${await version.text()}`);

    const open = async (page: import('playwright-core').Page) => {
      await page.goto(`/admin/payroll/register?month=${OPEN}`);
      await page.getByRole('heading', { name: 'PF, ESI and PT differences of approved months' }).waitFor({ timeout: 120_000 });
    };
    await eachViewport(kit, async ({ page, shot }) => {
      await signInAsAdmin(page);
      await open(page);
      await page.getByRole('heading', { name: 'PF, ESI and PT differences of approved months' }).scrollIntoViewIfNeeded();
      await shot('rule-arrears-list', { fullPage: false });
      await page.getByRole('heading', { name: 'Two ways forward' }).scrollIntoViewIfNeeded();
      await shot('rule-arrears-ways', { fullPage: false });
      await page.getByLabel(/Deduct it from this month/).check();
      await page.getByLabel('Inspector\u2019s consent: reference').fill('EO/KA/BLR/2026/1187');
      await page.getByLabel('Date of the consent').fill('2026-11-20');
      await page.getByRole('button', { name: /^Add .* to October 2026$/ }).scrollIntoViewIfNeeded();
      await shot('rule-arrears-recover', { fullPage: false });
      await page.getByRole('button', { name: /^Add .* to October 2026$/ }).click();
      await page.getByRole('alertdialog').waitFor();
      await shot('rule-arrears-confirm', { fullPage: false });
      await page.getByRole('alertdialog').getByRole('button', { name: 'Cancel' }).click();
    });

    const paid = await api.post(`/api/salary/register/${OPEN}/rule-arrears`, { headers, data: { reason: 'PF wage ceiling ₹25,000 from 1 Aug 2026', employeeShare: 'employer' } });
    if (paid.status() !== 200) throw new Error(`pay: ${paid.status()} ${await paid.text()}`);
    await eachViewport(kit, async ({ page, shot }) => {
      await signInAsAdmin(page);
      await page.goto(`/admin/payroll/register?month=${OPEN}`);
      await page.getByText(/^Already added to October 2026/).waitFor({ timeout: 120_000 });
      await page.getByRole('heading', { name: 'PF, ESI and PT differences of approved months' }).scrollIntoViewIfNeeded();
      await shot('rule-arrears-paid', { fullPage: false });
    });
  },
  { COMPANY_NAME: 'Acme Analytics Pvt Ltd' },
);
