/**
 * Screenshots of four forms after one save with bad input, on a seeded server, at 1366×768 and
 * 390×844: the leave type editor (no name, 400 days, a negative cap), the leave settings (no
 * working day left) with the company's working hours (grace of 500), the company profile (an empty
 * legal name, a bad TAN, PF and ESI code) and a person's own working hours on Edit Employee (no end,
 * a grace of 500). Each shot is of the viewport, where the focus went, after an axe check (no serious
 * finding). Nothing bad is saved.
 * Not a test: run it by hand against a server seeded and started as src/server/test/README.md says:
 *   SHOTS_URL=http://127.0.0.1:4320 ADMIN_EMAIL=… ADMIN_PASSWORD=… npx tsx src/e2e/shots-form-marks.ts <dir>
 */
import { expectAccessible, signIn } from './harness';
import { eachViewport, runShotsAgainst } from './shot-kit';

const URL = process.env.SHOTS_URL ?? 'http://127.0.0.1:4320';
const PERSON = process.env.SHOTS_PERSON ?? '12';

runShotsAgainst(URL, 'form-marks-shots', async (kit) => {
  await eachViewport(kit, async ({ page, shot }) => {
    await signIn(page, 'Admin', process.env.ADMIN_EMAIL!, process.env.ADMIN_PASSWORD!);
    await page.waitForURL((u) => u.pathname.startsWith('/admin'));
    const focused = () => page.evaluate(() => `${document.activeElement?.id ?? ''} invalid=${document.activeElement?.getAttribute('aria-invalid')}`);

    // The leave type editor.
    await page.goto('/admin/leave-types');
    await page.getByRole('button', { name: 'Add leave type' }).click();
    await page.getByLabel('Name').fill('');
    await page.getByLabel('Days a year').fill('400');
    await page.getByLabel('Carry-forward cap (days)').fill('-3');
    await page.getByRole('button', { name: 'Add type' }).last().click();
    await page.waitForTimeout(500);
    console.log('leave type', await focused());
    await expectAccessible(page);
    await shot('leave-type-marks', { fullPage: false });

    // Leave settings: every weekday ticked as off, and the company's grace out of range.
    await page.goto('/admin/leave-settings');
    const offs = page.getByRole('group', { name: /Weekly offs/ }).getByRole('checkbox');
    await offs.first().waitFor();
    for (const box of await offs.all()) await box.check();
    await page.getByRole('button', { name: 'Save settings' }).click();
    await page.waitForTimeout(500);
    console.log('leave settings', await focused());
    await expectAccessible(page);
    await shot('leave-settings-marks', { fullPage: false });
    await page.reload();
    const grace = page.locator('#work-hours').getByLabel('Grace minutes');
    await grace.fill('500');
    await page.locator('#work-hours').getByRole('button', { name: /Save/ }).click();
    await page.waitForTimeout(500);
    console.log('work hours', await focused());
    await expectAccessible(page);
    await shot('work-hours-marks', { fullPage: false });

    // The company profile.
    await page.goto('/admin/company');
    await page.getByLabel('Legal name').fill('');
    await page.getByLabel('PF establishment code').fill('KN/BNG 12');
    await page.getByLabel('ESI employer code').fill('31-123');
    await page.getByLabel('TAN').fill('BLR12345');
    await page.getByRole('button', { name: 'Save profile' }).click();
    await page.waitForTimeout(500);
    console.log('company', await focused());
    await expectAccessible(page);
    await shot('company-profile-marks', { fullPage: false });

    // A person's own working hours.
    await page.goto(`/admin/employees/edit/${PERSON}`);
    const card = page.locator('section[aria-labelledby="employee-shift-title"]');
    await card.waitFor();
    await card.getByLabel('Own working hours').check();
    await card.getByLabel('Shift end').fill('');
    await card.getByLabel('Grace minutes').fill('500');
    await card.getByRole('button', { name: 'Save working hours' }).click();
    await page.waitForTimeout(500);
    console.log('shift', await focused());
    await expectAccessible(page);
    await shot('employee-shift-marks', { fullPage: false });
  });
});
