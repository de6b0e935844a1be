/**
 * Screenshots of approve → pay → release and of a re-run's preview, at 1366×768 and 390×844: the
 * Payroll Register of an approved month whose slips wait for release (payroll setting "on release"),
 * its bank file made as a batch and marked paid (its download busy, then refused), the release's
 * confirm and its result; then a late
 * change that makes live data differ, and the re-run dialog listing the slips that change; and a
 * draft month's warnings grouped by kind with the reason fields of the blocking ones. The revised
 * slip's PDF is saved beside the PNGs (read it with pdftoppm).
 * Not a test: run it by hand against a fresh build, under the e2e lock (src/server/test/README.md), e.g.
 *   flock /tmp/e2e.lock bash -c 'npx webpack --mode production && npx tsx src/e2e/shots-payroll-payments.ts <dir>'
 * Attendance of past months is written straight into the server's SQLite file (punches for past
 * days cannot be made through the API); months are approved through the API, as an admin would.
 */
import fs from 'node:fs';
import path from 'node:path';
import { signInAsAdmin } from './harness';
import { approveMonth } from './payroll-overrides';
import { eachViewport, openDataFile, payrollPeople, runShots, shootDownloadStates } from './shot-kit';

/** One approved month per viewport: each goes through the whole flow once. */
const MONTHS = ['2026-10', '2026-09'];
const DRAFT = '2026-08';

const PEOPLE = [
  { name: 'Kavya Nair', email: 'kavya@shots.local', position: 'Support Associate', salary: 18000, joiningDate: '2024-02-01', statutory: { stateOfWork: 'KA', pan: 'BKNPN1234K', uan: '100427607286', esiNumber: '3112345678', bankAccount: '001234567890', ifsc: 'SBIN0001234' } },
  { name: 'Meera Iyer', email: 'meera@shots.local', position: 'Senior Data Analyst', salary: 45000, joiningDate: '2025-06-02', statutory: { stateOfWork: 'MH', gender: 'female', pan: 'AKVPI4821M', uan: '100257274743', bankAccount: '50100234567890', ifsc: 'HDFC0000123' } },
  { name: 'Rohan Venkataraghavan Subramaniam-Krishnamurthy', email: 'rohan@shots.local', position: 'Engineering Manager', salary: 150000, joiningDate: '2023-07-01', statutory: { stateOfWork: 'MH', gender: 'male', pan: 'CRMPM5678L', uan: '100427601130', bankAccount: '918010012345678', ifsc: 'UTIB0000456', taxRegime: 'old' } },
  { name: 'Arjun Das', email: 'arjun@shots.local', position: 'Data Engineer', salary: 60000, joiningDate: '2024-10-15', statutory: { stateOfWork: 'TG' } },
  { name: 'Maria Iyer', email: 'maria.iyer2@shots.local', position: 'Accountant', salary: 32000, joiningDate: '2024-01-10', statutory: { stateOfWork: 'KA', pan: 'AAAPI1111K', uan: '100427600001', bankAccount: '112233445566', ifsc: 'ICIC0000001' } },
];

runShots(
  'payroll-payments-shots',
  async (kit) => {
    const { api, server, out } = kit;
    const { headers, db, added } = await payrollPeople(kit, PEOPLE, [...MONTHS, DRAFT], (i, month) => (i === 1 ? [`${month}-06`, `${month}-07`] : []));
    db.close();
    const setting = await api.put('/api/salary/settings', { headers, data: { slipRelease: 'release' } });
    if (setting.status() !== 200) throw new Error(`settings: ${setting.status()} ${await setting.text()}`);
    for (const month of MONTHS) await approveMonth(api, headers, month);

    let pass = 0;
    await eachViewport(
      kit,
      async (view) => {
        const { page, shot } = view;
        const month = MONTHS[pass++]!;
        await signInAsAdmin(page);
        await page.goto(`/admin/payroll/register?month=${month}`);
        const payments = page.getByRole('region', { name: 'Payments' });
        await payments.waitFor();
        await payments.getByRole('button', { name: 'Make the bank file' }).waitFor();
        await payments.scrollIntoViewIfNeeded();
        await shot('payments-before', { fullPage: false });

        // The bank file as a batch, marked paid with the date and the bank's reference.
        await payments.getByRole('button', { name: 'Make the bank file' }).click();
        await payments.getByRole('button', { name: 'Mark paid batch 1' }).click();
        const paid = page.getByRole('alertdialog', { name: 'Mark batch 1 paid' });
        await paid.getByLabel('Bank reference').fill('UTR HDFCN52026112600123');
        await shot('mark-paid-dialog', { fullPage: false });
        await paid.getByRole('button', { name: 'Mark paid' }).click();
        await payments.getByText(/^Paid /).waitFor();
        await payments.scrollIntoViewIfNeeded();
        await shot('release-ready', { fullPage: false });
        await shootDownloadStates(view, '**/api/salary/payments/batches/*/file', () => payments.getByRole('button', { name: 'Download batch 1' }).click(), 'batch-file-download');

        // Release: the confirm, then the slips are out (emailed once).
        await payments.getByRole('button', { name: 'Release slips' }).click();
        const confirm = page.getByRole('alertdialog');
        await confirm.waitFor();
        await shot('release-confirm', { fullPage: false });
        await confirm.getByRole('button', { name: 'Release slips' }).click();
        await payments.getByText(/Slips released on/).waitFor();
        await payments.scrollIntoViewIfNeeded();
        await shot('released', { fullPage: false });

        // The release's run must finish before a re-run (a month's runs do not overlap).
        const state = (await (await api.get(`/api/salary/register/${month}/approval`, { headers })).json()) as { runId: string | null };
        for (let i = 0; i < 120 && state.runId; i++) {
          const run = (await (await api.get(`/api/salary/runs/${state.runId}`, { headers })).json()) as { status: string };
          if (run.status === 'done') break;
          await page.waitForTimeout(500);
        }

        // A late change in the approved month: Kavya's 27th becomes an absence. Live data now differs.
        const late = openDataFile(server.dataDir);
        late.prepare('delete from attendance where user_id = ? and date in (?, ?)').run(added[0]!.id, `${month}-27`, `${month}-28`);
        late.close();
        await page.reload();
        await page.getByText(/Live data differs for/).waitFor({ timeout: 60_000 });
        await page.getByText(/Live data differs for/).scrollIntoViewIfNeeded();
        await shot('live-differs', { fullPage: false });
        await page.getByRole('region', { name: 'Approval' }).getByRole('button', { name: 'Re-run with reason' }).click();
        const rerun = page.getByRole('alertdialog', { name: /^Re-run / });
        await rerun.getByRole('region', { name: 'Slips that change' }).waitFor({ timeout: 60_000 });
        await rerun.getByLabel('Reason for the re-run').fill('Two days of LOP for Kavya recorded after approval');
        await shot('rerun-preview', { fullPage: false });
        await rerun.getByRole('button', { name: 'Re-run and send changed slips' }).click();
        await rerun.waitFor({ state: 'detached', timeout: 60_000 });
        await page.reload();
        await payments.waitFor();
        await payments.scrollIntoViewIfNeeded();
        await shot('after-rerun', { fullPage: false });
        await shot('register-full', { fullPage: true });

        // The revised slip, as its employee gets it.
        const pdf = await api.get(`/api/salary/slip/${added[0]!.employeeId}/${month}?format=pdf`, { headers });
        fs.writeFileSync(path.join(out, `revised-slip-${month}.pdf`), await pdf.body());

        // A draft month's warnings, grouped, with the reason fields of the blocking kinds.
        await page.goto(`/admin/payroll/register?month=${DRAFT}`);
        const warnings = page.getByRole('heading', { level: 3, name: /warnings?$/ });
        await warnings.waitFor({ timeout: 60_000 });
        await warnings.scrollIntoViewIfNeeded();
        await shot('draft-warnings', { fullPage: false });
      },
      { context: { acceptDownloads: true } },
    );
  },
  { COMPANY_NAME: 'Acme Analytics Pvt Ltd' },
);
