/**
 * Screenshots of the Statutory rules screen at 1366×768 and 390×844: the rules in force in
 * September 2026 (the month the PF ceiling changed), a back-dated version an administrator added,
 * the add form with its field errors, and the readings of contested rules.
 * Not a test: run it by hand against a fresh build, under the e2e lock (README), e.g.
 *   flock /tmp/e2e.lock bash -c 'npx webpack --mode production && npx tsx src/e2e/shots-statutory-rules.ts <dir>'
 */
import { adminToken, signInAsAdmin } from './harness';
import { eachViewport, runShots } from './shot-kit';

runShots(
  'statutory-rules-shots',
  async (kit) => {
    const { api } = kit;
    const headers = { 'x-auth-token': await adminToken(api) };
    const added = await api.post('/api/statutory-rules/versions', {
      headers,
      data: { key: 'pf.adminMinimum', effectiveFrom: '2027-04-01', value: 750, source: 'S.O. 1234(E) of 15 Mar 2027 (Ministry of Labour and Employment, revised administration charges for establishments)', note: 'An example of a later version an administrator added' },
    });
    if (added.status() !== 200) throw new Error(`add version: ${added.status()} ${await added.text()}`);

    await eachViewport(kit, async ({ page, shot }) => {
      await signInAsAdmin(page);
      await page.goto('/admin/statutory-rules');
      await page.getByRole('article', { name: 'PF wage ceiling' }).waitFor();
      await page.getByLabel('Month', { exact: true }).fill('2026-09');
      await page.getByText('In force in 2026-09:').first().waitFor();
      await page.getByRole('article', { name: 'PF wage ceiling' }).getByText(/Earlier and later versions/).click();
      await shot('statutory-rules-september', { fullPage: false });
      await shot('statutory-rules-full', { fullPage: true });
      const form = page.getByRole('form', { name: 'Add a version' });
      await form.scrollIntoViewIfNeeded();
      await form.getByLabel('Value (₹)').fill('25k');
      await form.getByRole('button', { name: 'Add version' }).click();
      await form.getByRole('alert').first().waitFor();
      await shot('statutory-rules-add-errors', { fullPage: false });
    });
  },
);
