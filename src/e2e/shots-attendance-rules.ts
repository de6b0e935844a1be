/**
 * Screenshots of the Attendance rules screen (Settings) for a reviewer: the day's rules with overtime
 * on, web punching with two sites and a network, and field errors (a half day above the full day; a
 * site line with a latitude out of range), at 1366×768 and 390×844. Not a test:
 *   flock /tmp/e2e.lock bash -c 'npx webpack --mode production && npx tsx src/e2e/shots-attendance-rules.ts <dir>'
 */
import { adminToken, signInAsAdmin } from './harness';
import { eachViewport, runShots } from './shot-kit';

runShots('attendance-rules-shots', async (kit) => {
  const { api } = kit;
  const headers = { 'x-auth-token': await adminToken(api) };
  const put = async (url: string, data: object) => {
    const res = await api.put(url, { headers, data });
    if (res.status() !== 200) throw new Error(`${url}: ${res.status()} ${await res.text()}`);
  };
  await put('/api/day-rules', { fullDayMinutes: 480, halfDayMinutes: 240, allowBreaks: true, overtime: { enabled: true, normalDayMinutes: 540, normalWeekMinutes: 2880, rate: 2, payable: false } });
  await put('/api/punch-policy', {
    rule: { webAllowed: true, geofenceRequired: true, networkRequired: false },
    sites: [
      { name: 'Pune office (Baner, Pan Card Club Road, Tower B, 4th floor)', latitude: 18.5204, longitude: 73.8567, radiusMeters: 200 },
      { name: 'Bengaluru warehouse', latitude: 12.9716, longitude: 77.5946, radiusMeters: 500 },
    ],
    networks: [{ name: 'Head office', cidr: '203.0.113.0/24' }],
  });

  await eachViewport(
    kit,
    async ({ page, shot }) => {
      await signInAsAdmin(page);
      await page.goto('/admin/settings');
      await page.getByRole('link', { name: 'Attendance rules' }).waitFor();
      await page.getByRole('link', { name: 'Attendance rules' }).click();
      await page.getByLabel('Hours for a full day').waitFor();
      await page.getByLabel('Office sites').waitFor();
      await shot('attendance-rules');
      await page.getByLabel('Hours for a half day').fill('9');
      await page.getByRole('button', { name: "Save the day's rules" }).click();
      await page.locator('#rules-half-day-error').waitFor();
      await page.getByLabel('Hours for a half day').scrollIntoViewIfNeeded();
      await shot('attendance-rules-day-error', { fullPage: false });
      await page.getByLabel('Office sites').fill('Pune office; 118.52; 73.85; 200');
      await page.getByRole('button', { name: 'Save web punching' }).click();
      await page.locator('#policy-sites-error').waitFor();
      await page.getByLabel('Office sites').scrollIntoViewIfNeeded();
      await shot('attendance-rules-site-error', { fullPage: false });
    },
    { fullPage: true },
  );
});
