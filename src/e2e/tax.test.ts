/**
 * Income tax journeys: an employee chooses the old regime, declares rent (a wrong landlord PAN is
 * named under its field first), uploads a real PNG receipt as the proof and opens it again; the
 * admin finds it on Tax Declarations, opens the same file, and verifies the declaration. Both
 * files are compared byte for byte with what was uploaded; axe runs on each screen.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { dateInZone } from '../shared/format';
import { financialYearOf } from '../shared/payroll/statutory/financial-year';
import { RECEIPT_PNG } from '../server/test/proof-fixtures';
import { browserAvailable, COMPANY_ZONE, createInvitedEmployee, expectAccessible, journeyContext, signIn, signInAsAdmin } from './harness';

const run = browserAvailable() ? describe : describe.skip;

run('income tax journeys', () => {
  const journey = journeyContext({ eachTest: { acceptDownloads: true } });
  const employee = { name: 'Kavya Ramachandran', email: `kavya.${Date.now()}@e2e.local`, password: 'kavya-password-1' };
  const year = financialYearOf(dateInZone(new Date(), COMPANY_ZONE).slice(0, 7));
  const first = `${year.slice(0, 4)}-04`;
  const last = `${Number(year.slice(0, 4)) + 1}-03`;
  let downloads: string;

  beforeAll(async () => {
    downloads = fs.mkdtempSync(path.join(os.tmpdir(), 'hr-e2e-tax-'));
    await createInvitedEmployee(journey.api, journey.server, { ...employee, position: 'Engineer', salary: 100_000, joiningDate: '2024-06-10' });
  }, 120_000);
  afterAll(() => {
    if (downloads) fs.rmSync(downloads, { recursive: true, force: true });
  });

  /** Clicks `name` and returns the bytes the browser saved. */
  async function downloaded(page: Page, name: string): Promise<Buffer> {
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name, exact: true }).click()]);
    const file = path.join(downloads, `${Date.now()}-${download.suggestedFilename()}`);
    await download.saveAs(file);
    return fs.readFileSync(file);
  }

  it('the employee declares rent with a proof and opens it; the admin opens the same proof and verifies', async () => {
    const { page } = journey.session;
    await signIn(page, 'Employee', employee.email, employee.password);
    await page.waitForURL((url) => url.pathname.startsWith('/employee'));
    await page.goto('/employee/tax');
    await page.getByRole('heading', { name: `Tax regime ${year}` }).waitFor();
    await expectAccessible(page);

    await page.getByRole('radio', { name: /^Old regime/ }).check();
    await page.getByRole('button', { name: 'Save regime' }).click();
    await page.getByText(`You are on the old regime for ${year}`).waitFor();

    const form = page.locator('.tax__subblock');
    await form.getByLabel('Rent a month (₹)').fill('25000');
    await form.getByLabel('Rented from').fill(first);
    await form.getByLabel('Rented until').fill(last);
    await form.getByLabel('City where the house is').selectOption('bengaluru');
    await form.getByLabel("Landlord's name").fill('Lakshmi Narayanan');
    await form.getByLabel("Landlord's address").fill('14, 5th Cross, Jayanagar, Bengaluru 560041');
    await form.getByLabel("Landlord's PAN").fill('NOTAPAN');
    await form.getByRole('button', { name: 'Save declaration' }).click();
    // The problem is named under the field, which says it is invalid and points at it.
    const pan = form.getByLabel("Landlord's PAN");
    await form.getByText("Landlord's PAN must be five letters", { exact: false }).waitFor();
    expect(await pan.getAttribute('aria-invalid')).toBe('true');
    expect(await pan.getAttribute('aria-describedby')).toContain('tax-landlordPan-error');
    await expectAccessible(page);
    await pan.fill('AAAPL1234C');
    await form.getByRole('button', { name: 'Save declaration' }).click();
    await page.getByText(`₹25,000 declared for ${year}`, { exact: false }).waitFor();
    await page.getByRole('table').getByText('Bengaluru', { exact: false }).waitFor();

    // A real PNG receipt through the page's file input; it is listed, and opens as what was sent.
    await page.locator('input[type=file]').first().setInputFiles({ name: 'rent-receipt-april.png', mimeType: 'image/png', buffer: RECEIPT_PNG });
    await page.getByRole('button', { name: 'rent-receipt-april.png', exact: true }).waitFor();
    await expectAccessible(page);
    expect(Buffer.compare(await downloaded(page, 'rent-receipt-april.png'), RECEIPT_PNG)).toBe(0);

    // The admin, in a session of their own.
    const admin = await journey.open({ acceptDownloads: true });
    await signInAsAdmin(admin.page);
    await admin.page.goto('/admin/tax');
    const row = admin.page.getByRole('row', { name: /Kavya Ramachandran/ });
    await row.getByRole('button', { name: 'rent-receipt-april.png' }).waitFor();
    await expectAccessible(admin.page);
    expect(Buffer.compare(await downloaded(admin.page, 'rent-receipt-april.png'), RECEIPT_PNG)).toBe(0);
    await row.getByRole('button', { name: /^Verify Kavya Ramachandran/ }).click();
    await admin.page.getByRole('row', { name: /Kavya Ramachandran/ }).waitFor({ state: 'detached' });
    await admin.page.getByLabel('Show').selectOption('verified');
    await admin.page.getByRole('row', { name: /Kavya Ramachandran/ }).getByText('Verified').waitFor();

    // The admin enters a joiner's earlier employer for them: a wrong TAN is named under its field first.
    await admin.page.getByText(/^Regimes chosen/).click();
    await admin.page.getByRole('button', { name: 'Earlier employer of Kavya Ramachandran' }).click();
    const earlier = admin.page.locator('#tax-admin-previous');
    await earlier.getByLabel("Employer's name").fill('Meridian Softworks Private Limited');
    await earlier.getByLabel("Employer's TAN").fill('BAD');
    await earlier.getByLabel('Salary paid (₹)').fill('900000');
    await earlier.getByLabel('Income tax deducted (₹)').fill('75402');
    await earlier.getByRole('button', { name: 'Save earlier employer' }).click();
    expect(await earlier.getByLabel("Employer's TAN").getAttribute('aria-invalid')).toBe('true');
    await expectAccessible(admin.page);
    await earlier.getByLabel("Employer's TAN").fill('BLRM12345C');
    await earlier.getByRole('button', { name: 'Save earlier employer' }).click();
    await earlier.getByText(`Earlier employer's figures saved for ${year}`).waitFor();

    // Back on the employee's screen the declaration reads verified, and its proof can no longer be removed.
    await page.reload();
    await page.getByRole('table').getByText('Verified').waitFor();
    expect(await page.getByRole('button', { name: 'Remove rent-receipt-april.png' }).count()).toBe(0);
    // The earlier employer the admin entered is theirs to see.
    expect(await page.getByLabel("Employer's name").inputValue()).toBe('Meridian Softworks Private Limited');
  }, 180_000);
});
