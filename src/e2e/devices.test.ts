/**
 * A biometric device as an admin meets it in Chromium: registered on the Devices screen, it pushes
 * punches over its own protocol (real HTTP), a known PIN's punch shows in the Punches log with the
 * device as its source, an unknown PIN waits on Held punches and is given to an employee there,
 * after which its punch is theirs. axe runs on every screen visited.
 */
import { istDeviceTime, SimulatedDevice } from '../server/modules/devices';
import { adminToken, browserAvailable, COMPANY_ZONE, expectAccessible, journeyContext, signInAsAdmin, type JourneySession } from './harness';
import { expectToast } from './in-app-feedback';

const run = browserAvailable() ? describe : describe.skip;

run('biometric devices', () => {
  const journey = journeyContext();
  let admin: JourneySession;

  beforeAll(async () => {
    admin = await journey.open({ timezoneId: COMPANY_ZONE });
  }, 60_000);

  it('registers a device, shows its punches with their source, and maps an unknown PIN', async () => {
    const token = await adminToken(journey.api);
    const headers = { 'x-auth-token': token };
    const added = await journey.api.post('/api/employee', { headers, data: { name: 'Asha Kulkarni', email: `asha.${Date.now()}@e2e.local`, position: 'Fitter', salary: 30000, employeeId: 'DEV0042', devicePin: '4242' } });
    expect(added.status()).toBe(200);
    const other = await journey.api.post('/api/employee', { headers, data: { name: 'Rohan Mehta', email: `rohan.${Date.now()}@e2e.local`, position: 'Fitter', salary: 30000, employeeId: 'DEV0043', devicePin: null } });
    expect(other.status()).toBe(200);

    const { page } = admin;
    await signInAsAdmin(page);
    await page.goto('/admin/attendance');
    await page.getByRole('link', { name: 'Devices and Punches' }).click();
    await page.getByRole('heading', { name: 'Register a device' }).waitFor();
    await expectAccessible(page);
    await page.getByLabel('Serial number').fill('E2EGATE0001');
    await page.getByLabel('Name', { exact: true }).fill('Pune office, main gate');
    await page.getByLabel('Allowed addresses (optional)').fill('127.0.0.1');
    await page.getByRole('button', { name: 'Register Device' }).click();
    await page.getByText('Device registered').waitFor();
    await page.getByRole('region', { name: 'Registered devices' }).getByText('Pune office, main gate').waitFor();

    const device = new SimulatedDevice(journey.server.url, 'E2EGATE0001');
    expect((await device.handshake()).status).toBe(200);
    const at = istDeviceTime(new Date(Date.now() - 1_000));
    expect((await device.pushAttlog([['4242', at]])).body).toBe('OK:1');
    expect((await device.pushAttlog([['7777', at]])).body).toBe('OK:1');

    await page.getByRole('link', { name: 'Punches', exact: true }).click();
    const log = page.getByRole('region', { name: 'Raw punches' });
    await log.getByText('Asha Kulkarni (DEV0042)').waitFor();
    await log.getByRole('row').filter({ hasText: 'Asha Kulkarni' }).getByText('Pune office, main gate · E2EGATE0001').waitFor();
    await expectAccessible(page);

    await page.getByRole('link', { name: 'Held punches' }).click();
    const unknown = page.getByRole('region', { name: 'Device PINs no employee has' });
    await unknown.getByRole('rowheader', { name: '7777' }).waitFor();
    await page.getByRole('link', { name: 'Rohan Mehta (DEV0043)' }).waitFor();
    await expectAccessible(page);
    await unknown.getByLabel('Employee ID for PIN 7777').fill('DEV0043');
    await unknown.getByRole('button', { name: 'Give PIN' }).click();
    await expectToast(page, 'PIN 7777 is now DEV0043; 1 punch applied');
    await page.getByText('Every PIN a device sent belongs to someone.').waitFor();

    await page.getByRole('link', { name: 'Punches', exact: true }).click();
    await page.getByLabel('Person, employee ID or PIN').fill('7777');
    await page.getByRole('button', { name: 'Show Punches' }).click();
    await page.getByRole('region', { name: 'Raw punches' }).getByText('Rohan Mehta (DEV0043)').waitFor();
    expect(admin.problems).toEqual([]);
  }, 120_000);
});
