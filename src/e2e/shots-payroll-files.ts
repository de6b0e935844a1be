/**
 * Screenshots of the Payroll Register of an approved month with its "Files to upload" group, at
 * 1366×768 and 390×844: before a download, after the ECR's download names who it left out, and a
 * download busy and then refused.
 * Not a test: run it by hand against a fresh build, under the e2e lock (src/server/test/README.md), e.g.
 *   flock /tmp/e2e.lock bash -c 'npx webpack --mode production && npx tsx src/e2e/shots-payroll-files.ts <dir>'
 * October 2026's attendance is written straight into the server's SQLite file (punches for past days
 * cannot be made through the API); the month is approved through the API, as an admin would.
 */
import { signInAsAdmin } from './harness';
import { eachViewport, payrollPeople, runShots, shootDownloadStates } from './shot-kit';
import { approveMonth } from './payroll-overrides';

const MONTH = '2026-10';

const PEOPLE = [
  { name: 'Kavya Nair', email: 'kavya@shots.local', position: 'Support Associate', salary: 18000, joiningDate: '2024-02-01', statutory: { stateOfWork: 'KA', pan: 'BKNPN1234K', uan: '100427607286', esiNumber: '3112345678', bankAccount: '001234567890', ifsc: 'SBIN0001234' } },
  { name: 'Meera Iyer', email: 'meera@shots.local', position: 'Senior Data Analyst', salary: 45000, joiningDate: '2025-06-02', statutory: { stateOfWork: 'MH', gender: 'female', pan: 'AKVPI4821M', uan: '100257274743', bankAccount: '50100234567890', ifsc: 'HDFC0000123' } },
  { name: 'Rohan Mehta', email: 'rohan@shots.local', position: 'Engineering Manager', salary: 150000, joiningDate: '2023-07-01', statutory: { stateOfWork: 'MH', gender: 'male', pan: 'CRMPM5678L', uan: '100427601130', bankAccount: '918010012345678', ifsc: 'UTIB0000456', taxRegime: 'old' } },
  { name: 'Arjun Das', email: 'arjun@shots.local', position: 'Data Engineer', salary: 60000, joiningDate: '2026-10-15', statutory: { stateOfWork: 'TG' } },
];

runShots(
  'payroll-files-shots',
  async (kit) => {
    const { api } = kit;
    const { headers, db } = await payrollPeople(kit, PEOPLE, [MONTH], (i) => (i === 1 ? ['2026-10-06', '2026-10-07'] : []));
    db.close();
    await approveMonth(api, headers, MONTH);

    await eachViewport(
      kit,
      async (view) => {
        const { page, shot } = view;
        await signInAsAdmin(page);
        await page.goto(`/admin/payroll/register?month=${MONTH}`);
        const group = page.getByRole('region', { name: 'Files to upload' });
        await group.waitFor();
        await group.scrollIntoViewIfNeeded();
        await shot('register-files', { fullPage: false });
        await Promise.all([page.waitForEvent('download'), group.getByRole('button', { name: 'EPFO ECR (.txt)' }).click()]);
        await group.getByRole('status').filter({ hasText: 'Left out' }).waitFor();
        await group.getByRole('button', { name: 'EPFO ECR (.txt)' }).focus();
        await shot('register-files-downloaded', { fullPage: false });
        await shot('register-full', { fullPage: true });
        await shootDownloadStates(view, '**/api/salary/files/**', () => group.getByRole('button', { name: 'EPFO ECR (.txt)' }).click(), 'register-files-download');
      },
      { context: { acceptDownloads: true } },
    );
  },
  { COMPANY_NAME: 'Acme Analytics Pvt Ltd' },
);
