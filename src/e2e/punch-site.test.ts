/**
 * Punching where the company asks for an office site, in the system Chromium with a position given
 * to the browser: the employee's screen says the location is checked, a punch at the office is
 * taken, and one from across town is refused with the distance. axe runs on the screen.
 */
import type { Page } from 'playwright-core';
import { browserAvailable, COMPANY_ZONE, adminToken, createInvitedEmployee, expectAccessible, journeyContext, signIn } from './harness';
import { expectToast } from './in-app-feedback';

const run = browserAvailable() ? describe : describe.skip;

/** Pune office, with a 200 m fence; the far point is about 4 km away. */
const OFFICE = { latitude: 18.5204, longitude: 73.8567 };
const ACROSS_TOWN = { latitude: 18.5564, longitude: 73.8867 };

run('punching at an office site', () => {
  const journey = journeyContext();
  const staff = { name: 'Meenakshi Sundaram Venkataraman', email: `meenakshi.${Date.now()}@e2e.local`, password: 'meenakshi-password-1' };

  beforeAll(async () => {
    await createInvitedEmployee(journey.api, journey.server, { ...staff, salary: 42_000 });
    const token = await adminToken(journey.api);
    const saved = await journey.api.put('/api/punch-policy', {
      headers: { 'x-auth-token': token },
      data: { rule: { webAllowed: true, geofenceRequired: true, networkRequired: false }, sites: [{ name: 'Pune office', ...OFFICE, radiusMeters: 200 }], networks: [] },
    });
    expect(saved.status()).toBe(200);
  }, 120_000);

  async function openAttendance(page: Page) {
    await signIn(page, 'Employee', staff.email, staff.password);
    await page.getByRole('heading', { level: 1, name: `Welcome, ${staff.name}` }).waitFor();
    await page.getByRole('navigation', { name: 'Employee Dashboard' }).getByRole('link', { name: 'Attendance' }).click();
  }

  it('from across town the punch is refused with the distance; at the office it is taken', async () => {
    const away = await journey.open({ timezoneId: COMPANY_ZONE, geolocation: { ...ACROSS_TOWN, accuracy: 15 }, permissions: ['geolocation'] });
    await openAttendance(away.page);
    const section = away.page.getByRole('region', { name: 'Your Attendance' });
    await section.getByText('your browser will ask to share your location').waitFor();
    await expectAccessible(away.page);
    await section.getByRole('button', { name: 'Punch In' }).click();
    await away.page.getByRole('alert').filter({ hasText: /^Error punching in: .*Pune office/ }).waitFor();
    await away.context.close();

    const office = await journey.open({ timezoneId: COMPANY_ZONE, geolocation: { ...OFFICE, accuracy: 15 }, permissions: ['geolocation'] });
    await openAttendance(office.page);
    const here = office.page.getByRole('region', { name: 'Your Attendance' });
    await here.getByRole('button', { name: 'Punch In' }).click();
    await expectToast(office.page, 'Punched in successfully');
    await here.getByRole('button', { name: 'Punch Out' }).and(office.page.locator(':enabled')).waitFor();
  }, 120_000);
});
