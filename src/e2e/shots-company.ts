/**
 * Screenshots of the Company profile (Settings) for a reviewer: the unsaved defaults, then a saved
 * profile with a long legal name, a four-line address, the codes, a logo and a few departments and
 * locations, and the Payroll settings with a column template, at 1366×768 and 390×844. Not a test: run it by hand against a fresh build, under the
 * e2e lock, e.g.
 *   flock /tmp/e2e.lock bash -c 'npx webpack --mode production && npx tsx src/e2e/shots-company.ts <dir>'
 */
import { sampleLogo } from '../server/test/png-fixture';
import { adminToken, signInAsAdmin } from './harness';
import { eachViewport, runShots } from './shot-kit';

runShots('company-shots', async (kit) => {
  const { api } = kit;
  const token = await adminToken(api);
  const headers = { 'x-auth-token': token };

  await eachViewport(kit, async ({ page, shot, phone }) => {
    await signInAsAdmin(page);
    await page.goto('/admin/company');
    await page.getByText(/Not saved yet|Save profile/).first().waitFor();
    if (!phone) await shot('company-profile-defaults');
  });

  const saved = await api.put('/api/company/profile', {
    headers,
    data: {
      legalName: 'Acme Analytics and Consulting Services India Private Limited',
      address: '4th Floor, Block B, Prestige Tech Park\nOuter Ring Road, Kadubeesanahalli, Marathahalli\nBengaluru 560103\nKarnataka, India',
      pfEstablishmentCode: 'KNBNG0012345000',
      esiEmployerCode: '53000123450000999',
      tan: 'BLRA12345B',
      timeZone: 'Asia/Kolkata',
      leaveYearStartMonth: 4,
    },
  });
  if (saved.status() !== 200) throw new Error(`profile: ${saved.status()} ${await saved.text()}`);
  const logo = await api.put('/api/company/logo', { headers, multipart: { file: { name: 'logo.png', mimeType: 'image/png', buffer: sampleLogo(240, 96) } } });
  if (logo.status() !== 200) throw new Error(`logo: ${logo.status()} ${await logo.text()}`);
  for (const name of ['Engineering', 'Finance and Accounts', 'Human Resources', 'Sales and Customer Success (South and West regions)']) await api.post('/api/company/departments', { headers, data: { name } });
  for (const [name, city, state] of [['Bengaluru HQ', 'Bengaluru', 'Karnataka'], ['Pune Delivery Centre', 'Pune', 'Maharashtra']]) await api.post('/api/company/locations', { headers, data: { name, city, state } });

  await eachViewport(kit, async ({ page, shot }) => {
    await signInAsAdmin(page);
    await page.goto('/admin/company');
    await page.getByRole('img', { name: 'The company logo as uploaded' }).waitFor();
    await shot('company-profile-saved', { fullPage: true });
    await page.goto('/admin/settings');
    await page.getByRole('link', { name: 'Company profile' }).waitFor();
    await shot('settings-list');
    await page.goto('/admin/payroll-settings');
    await page.getByLabel(/^Column template/).check();
    await page.getByRole('button', { name: 'Add a column' }).click();
    await shot('payroll-settings-template', { fullPage: true });
  });
});
