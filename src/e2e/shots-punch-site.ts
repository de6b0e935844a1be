/**
 * Screenshots of punching where the company asks for an office site, for a reviewer: the
 * employee's attendance screen with the location note, the refusal from across town, and the punch
 * taken at the office, at 1366×768 and 390×844. Not a test: run it by hand against a fresh build,
 * under the e2e lock (src/server/test/README.md), e.g.
 *   flock /tmp/e2e.lock bash -c 'npx webpack --mode production && npx tsx src/e2e/shots-punch-site.ts <dir>'
 */
import { createInvitedEmployee } from './harness';
import { eachViewport, runShots, signInAsEmployee } from './shot-kit';

const OFFICE = { latitude: 18.5204, longitude: 73.8567 };
const ACROSS_TOWN = { latitude: 18.5564, longitude: 73.8867 };
const person = { name: 'Venkata Satya Lakshmi Narasimha Subrahmanyam', email: 'venkata@shots.local', password: 'Venkata-Shots-2026!', salary: 52000, joiningDate: '2025-04-01' };

runShots('punch-site-shots', async (kit) => {
  const { adminToken } = await createInvitedEmployee(kit.api, kit.server, person);
  const saved = await kit.api.put('/api/punch-policy', {
    headers: { 'x-auth-token': adminToken },
    data: { rule: { webAllowed: true, geofenceRequired: true, networkRequired: false }, sites: [{ name: 'Pune office, Baner Road', ...OFFICE, radiusMeters: 200 }], networks: [] },
  });
  if (saved.status() !== 200) throw new Error(`punch policy: ${saved.status()} ${await saved.text()}`);
  let punched = false;

  for (const [where, position] of [['away', ACROSS_TOWN], ['office', OFFICE]] as const) {
    await eachViewport(
      kit,
      async ({ page, shot }) => {
        await signInAsEmployee(page, person);
        await page.goto('/employee/attendance');
        const section = page.getByRole('region', { name: 'Your Attendance' });
        await section.getByText('your browser will ask to share your location').waitFor();
        await shot(`${where}-before`);
        const punchIn = section.getByRole('button', { name: 'Punch In' });
        if (await punchIn.isEnabled()) {
          await punchIn.click();
          if (where === 'away') await page.getByRole('alert').filter({ hasText: /^Error punching in:/ }).waitFor();
          else await page.getByRole('status').filter({ hasText: 'Punched in successfully' }).waitFor();
          punched ||= where === 'office';
          await shot(`${where}-after`);
        }
      },
      { context: { geolocation: { ...position, accuracy: 15 }, permissions: ['geolocation'] } },
    );
  }
  if (!punched) throw new Error('the punch at the office was never taken');
});
