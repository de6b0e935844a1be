/**
 * Screenshots of the Payroll Register's approval at 1366×768 and 390×844, with 1,020 employees
 * (some with long names): the draft preview, its pager (and the second page's end, with the totals),
 * the .xlsx download busy and then refused, the in-app confirm before approving, the approved month
 * with a re-run on record, and the re-run dialog (empty reason refused, then a reason typed).
 * Not a test: run it by hand against a fresh build, under the e2e lock (src/server/test/README.md), e.g.
 *   flock /tmp/e2e.lock bash -c 'npx webpack --mode production && npx tsx src/e2e/shots-payroll-approval.ts <dir>'
 * Last month's attendance is written straight into the server's SQLite file (punches for past days
 * cannot be made through the API); the approval and the re-run go through the API, as an admin's would.
 */
import { dateInZone } from '../shared/format';
import { datesOfMonth, lastCompleteMonth, weekdayOf } from '../shared/payroll/pay-month';
import { signInAsAdmin } from './harness';
import { eachViewport, payrollRoster, runShots, shootDownloadStates } from './shot-kit';
import { approveMonth, fillOverrideReasons } from './payroll-overrides';

const EMPLOYEES = 1_020;

runShots(
  'payroll-approval-shots',
  async (kit) => {
    const { api } = kit;
    const month = lastCompleteMonth(dateInZone(new Date(), 'Asia/Kolkata'));
    const days = datesOfMonth(month).filter((d) => weekdayOf(d) !== 0);
    // Every 25th person misses two days: LOP warnings in the register.
    const { headers, db } = await payrollRoster(kit, EMPLOYEES, [month], (i) => (i % 25 === 0 ? days.slice(3, 5) : []));
    db.close();

    const register = `/admin/payroll/register?month=${month}`;
    const open = async (page: import('playwright-core').Page) => {
      await page.goto(register);
      await page.getByRole('region', { name: 'Approval' }).waitFor();
      await page.getByRole('table', { name: /^Payroll register for/ }).waitFor({ timeout: 60_000 });
    };

    await eachViewport(kit, async (view) => {
      const { page, shot } = view;
      await signInAsAdmin(page);
      await open(page);
      await page.getByText('Draft preview').waitFor();
      await shot('register-draft', { fullPage: false });
      // The register pages through its 1,020 rows; the statutory summary and warnings follow the page.
      const pager = page.getByRole('navigation', { name: 'Pages of the payroll register' });
      await pager.scrollIntoViewIfNeeded();
      await shot('register-pager', { fullPage: false });
      await pager.getByRole('button', { name: 'Next' }).click();
      await pager.getByText(/^Employees 51–100 of/).waitFor();
      await page.getByRole('table', { name: /^Payroll register for/ }).locator('tfoot').scrollIntoViewIfNeeded();
      await shot('register-page-2-end', { fullPage: false });
      await page.evaluate(() => window.scrollTo(0, 0));
      await shootDownloadStates(view, /\/api\/salary\/register\/[^/?]+\?.*format=xlsx/, () => page.getByRole('button', { name: 'Download Register (.xlsx)' }).click(), 'register-download');
      await fillOverrideReasons(page);
      await page.getByRole('button', { name: 'Approve and send slips' }).click();
      await page.getByRole('alertdialog').waitFor();
      await shot('register-approve-confirm', { fullPage: false });
      await page.getByRole('alertdialog').getByRole('button', { name: 'Cancel' }).click();
    });

    await approveMonth(api, headers, month);
    // One salary revised after the approval, and a re-run for it: the screen shows a re-run on record.
    const list = (await (await api.get('/api/employee', { headers })).json()) as { _id: string; name: string; email: string; position: string }[];
    const revised = list.find((e) => e.name.startsWith('Chandrasekharan'))!;
    await api.put(`/api/employee/edit/${revised._id}`, { headers, data: { name: revised.name, email: revised.email, position: revised.position, salary: 52_000 } });
    for (let i = 0; i < 120; i++) {
      const rerun = await api.post(`/api/salary/register/${month}/rerun`, { headers, data: { reason: `Salary of ${revised.name} revised to ₹52,000 with effect from ${month}; arrears paid with this month` } });
      if (rerun.status() === 202) break;
      // 409 while the approval's slips are still being emailed.
      if (rerun.status() !== 409) throw new Error(`rerun: ${rerun.status()} ${await rerun.text()}`);
      await new Promise((resolve) => setTimeout(resolve, 1_000));
    }

    await eachViewport(kit, async ({ page, shot }) => {
      await signInAsAdmin(page);
      await open(page);
      await page.getByText(/The month is locked/).waitFor();
      // The figures' source is the last line of the approval panel: below the fold on a phone.
      await page.getByText(/^Figures as approved on/).scrollIntoViewIfNeeded();
      await shot('register-approved', { fullPage: false });
      await page.getByRole('button', { name: 'Re-run with reason' }).click();
      const dialog = page.getByRole('alertdialog', { name: /^Re-run / });
      await dialog.waitFor();
      // The dialog previews the re-run first (a thousand slips recomputed): its button opens after.
      const submit = dialog.getByRole('button', { name: 'Re-run and send changed slips' });
      await dialog.locator('button[type=submit]:not([disabled]), .payroll-rerun__nothing').first().waitFor({ timeout: 120_000 });
      if (await submit.count()) {
        await submit.click();
        await dialog.getByRole('alert').waitFor();
        await shot('register-rerun-dialog-refused', { fullPage: false });
        await dialog.getByLabel('Reason for the re-run').fill('Arrears for EMP0042 after the October salary revision');
        await shot('register-rerun-dialog', { fullPage: false });
        await dialog.getByRole('button', { name: 'Cancel' }).click();
      } else {
        await shot('register-rerun-nothing', { fullPage: false });
        await dialog.getByRole('button', { name: 'Close' }).click();
      }
      // The register's link opens Payroll Run on the run the approval (here the re-run) started. A
      // revision dated in the approved month is paid as arrears next month, so the re-run may change
      // no slip and start no run: then there is no link to follow.
      const follow = page.getByRole('link', { name: 'Follow the slips on Payroll Run' });
      if (await follow.count()) {
        await follow.click();
        await page.getByText(/^Run finished:/).waitFor({ timeout: 120_000 });
        await shot('payroll-run-followed', { fullPage: true });
      }
    });
  },
  { COMPANY_NAME: 'Acme Analytics Pvt Ltd' },
);
