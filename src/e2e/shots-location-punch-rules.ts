/**
 * Screenshots of the web punch rule per location on the Company page, against a running server with
 * seeded data: two locations, one with its own rule, at 1366×768 and 390×844. Not a test:
 *   flock /tmp/e2e.lock npx tsx src/e2e/shots-location-punch-rules.ts <dir> <url> <admin email> <admin password>
 */
import { signIn } from './harness';
import { eachViewport, runShotsAgainst } from './shot-kit';

const [, url = 'http://127.0.0.1:4229', email = 'admin@reg.local', password = 'admin-reg-password'] = process.argv.slice(2);

runShotsAgainst(url, 'location-punch-rule-shots', async (kit) => {
  const login = await kit.api.post('/api/auth/admin-login', { data: { email, password } });
  const headers = { 'x-auth-token': ((await login.json()) as { token: string }).token };
  const known = (await (await kit.api.get('/api/company/locations', { headers })).json()) as { _id: string; name: string }[];
  for (const [name, city] of [['Pune plant', 'Pune'], ['Bengaluru field office', 'Bengaluru']] as const)
    if (!known.some((l) => l.name === name)) await kit.api.post('/api/company/locations', { headers, data: { name, city, state: city === 'Pune' ? 'Maharashtra' : 'Karnataka' } });
  const all = (await (await kit.api.get('/api/company/locations', { headers })).json()) as { _id: string; name: string }[];
  const pune = all.find((l) => l.name === 'Pune plant')!;
  await kit.api.put(`/api/punch-policy/locations/${pune._id}`, { headers, data: { rule: { webAllowed: true, geofenceRequired: false, networkRequired: true } } });

  await eachViewport(kit, async ({ page, shot }) => {
    await signIn(page, 'Admin', email, password);
    await page.waitForURL((u) => u.pathname === '/admin');
    await page.goto('/admin/company');
    const select = page.getByLabel('Web punching at Pune plant');
    await select.waitFor();
    await page.getByRole('heading', { name: 'Web punching per location' }).scrollIntoViewIfNeeded();
    await shot('location-punch-rules', { fullPage: false });
    await page.getByLabel('Web punching at Bengaluru field office').selectOption({ label: 'From anywhere' });
    await page.getByRole('status').filter({ hasText: 'Punch rule of Bengaluru field office saved' }).first().waitFor();
    await shot('location-punch-rules-saved', { fullPage: false });
    await page.getByLabel('Web punching at Bengaluru field office').selectOption({ label: "The company's rule" });
    await page.getByRole('status').filter({ hasText: "Bengaluru field office now follows the company's punch policy" }).first().waitFor();
  });
});
