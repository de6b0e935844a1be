/**
 * Screenshots of the bank file template builder in Payroll settings, at 1366×768 and 390×844: a
 * template of one's own in fixed widths with a file header and a debit row, one width left empty
 * (marked on its control) and then the preview with the sample people; the ready Union Bank
 * fixed-width template with its preview; and the ready FILEHDR template taken as the start of one's
 * own, pipe-separated.
 * Not a test: run it by hand against a fresh build, under the e2e lock, e.g.
 *   flock /tmp/e2e.lock bash -c 'npx webpack --mode production && npx tsx src/e2e/shots-bank-templates.ts <dir>'
 */
import { signInAsAdmin } from './harness';
import { eachViewport, runShots } from './shot-kit';

runShots('bank-template-shots', async (kit) => {
  await eachViewport(kit, async ({ page, shot }) => {
    await signInAsAdmin(page);
    await page.goto('/admin/payroll-settings');
    await page.getByLabel(/^Column template/).check();
    await page.getByLabel('File layout').selectOption('fixed');
    await page.getByLabel(/^The file starts with a file header line/).check();
    await page.getByLabel(/^A debit row for your account/).check();
    await page.getByLabel('Width of column 4').fill('20');
    await page.getByLabel('Width of column 2').fill('');
    await page.getByText('Fix the marked fields to see the preview.').waitFor();
    await shot('bank-builder-fixed-marked', { fullPage: true });
    await page.getByLabel('Width of column 2').fill('11');
    await page.getByLabel(/^Debit account \(the company/).fill('566800100012345');
    await page.getByLabel('File preview').filter({ hasText: /^FILEHDR/ }).waitFor();
    await page.getByRole('region', { name: 'Preview with sample people' }).scrollIntoViewIfNeeded();
    await shot('bank-builder-fixed-preview');
    await shot('bank-builder-fixed-preview-full', { fullPage: true });

    await page.getByLabel(/^Ready: Union Bank of India salary upload/).check();
    await page.getByLabel(/^Debit account \(the company/).fill('566800100012345');
    await page.getByLabel('File preview').filter({ hasText: /^566800100012345D/ }).waitFor();
    await shot('bank-ready-union', { fullPage: true });

    await page.getByLabel(/^Ready: Salary text file: FILEHDR/).check();
    await page.getByLabel('Corporate ID').fill('ACMEANALYTICS');
    await page.getByRole('button', { name: 'Edit these lines as a template of my own' }).click();
    await page.getByLabel('File preview').filter({ hasText: /^FILEHDR\|ACMEANALYTICS/ }).waitFor();
    await shot('bank-builder-filehdr-own', { fullPage: true });
  });
});
