/**
 * Screenshots of the biometric device screens: Devices (five devices, one with a long name, one
 * switched off, one whose clock runs ahead, one never seen; two unknown serial numbers that called),
 * the register form's field errors and the switch-off question; Punches (a day of punches from 80
 * people, filtered, and filtered to nothing); Held punches (too old and in the future) and unknown
 * PINs; and Add Employee refusing a device PIN someone has, at 1366×768 and 390×844, each page
 * checked with axe. The punches arrive over the devices' own protocol (real HTTP).
 * Not a test: run it by hand against a fresh build, under the e2e lock, e.g.
 *   flock /tmp/e2e.lock bash -c 'npx webpack --mode production && npx tsx src/e2e/shots-devices.ts <dir>'
 */
import { adminToken, expectAccessible, signInAsAdmin } from './harness';
import { eachViewport, runShots, uploadRoster } from './shot-kit';
import { istDeviceTime, SimulatedDevice } from '../server/modules/devices';

const PEOPLE = 80;

runShots('devices-shots', async (kit) => {
  const { api, server } = kit;
  const token = await adminToken(api);
  const admin = { 'x-auth-token': token };
  await uploadRoster(api, token, PEOPLE, (i) => `2023-0${1 + (i % 9)}-15`);

  // Two people added without a PIN.
  for (const [name, email] of [['Meenakshi Sundaram Ramanathan', 'meenakshi@shots.local'], ['Joseph D’Souza', 'joseph@shots.local']]) {
    const res = await api.post('/api/employee', { headers: admin, data: { name, email, position: 'Stores Assistant', salary: 21000, devicePin: null } });
    if (res.status() !== 200) throw new Error(`add ${email}: ${res.status()} ${await res.text()}`);
  }
  const register = async (data: Record<string, unknown>) => {
    const res = await api.post('/api/devices', { headers: admin, data });
    if (res.status() !== 201) throw new Error(`register ${JSON.stringify(data)}: ${res.status()} ${await res.text()}`);
    return ((await res.json()) as { _id: string })._id;
  };
  await register({ serialNumber: 'CEXJ212560001', name: 'Pune office, main gate (ground floor reception, beside the lifts)', allowedCidrs: ['127.0.0.1'] });
  await register({ serialNumber: 'CEXJ212560002', name: 'Pune office, canteen', allowedCidrs: ['127.0.0.1'] });
  await register({ serialNumber: 'BOCK194960078', name: 'Chennai warehouse loading bay' });
  const off = await register({ serialNumber: 'ESSL-X990-0417', name: 'Old Hyderabad office (moved)', allowedCidrs: ['127.0.0.1'] });
  await register({ serialNumber: 'CEXJ212560099', name: 'Bengaluru office, 4th floor', allowedCidrs: ['203.0.113.0/24'] });

  // The two days before today: everyone in and out at the two Pune devices, the Chennai device a
  // few; today, those who came in the last hours, as they punched (real time).
  const now = Date.now();
  const day = (n: number) => istDeviceTime(new Date(now - n * 86_400_000)).slice(0, 10);
  const gate = new SimulatedDevice(server.url, 'CEXJ212560001');
  const canteen = new SimulatedDevice(server.url, 'CEXJ212560002');
  const chennai = new SimulatedDevice(server.url, 'BOCK194960078');
  const pad = (n: number) => String(n).padStart(2, '0');
  for (const d of [2, 1]) {
    await gate.pushAttlog(Array.from({ length: PEOPLE }, (_, i) => [String(i + 1), `${day(d)} 09:${pad(i % 50)}:${pad((i * 7) % 60)}`] as const));
    await gate.pushAttlog(Array.from({ length: PEOPLE }, (_, i) => [String(i + 1), `${day(d)} 18:${pad(10 + (i % 45))}:${pad((i * 11) % 60)}`] as const));
    await canteen.pushAttlog(Array.from({ length: 30 }, (_, i) => [String(i + 1), `${day(d)} 13:${pad(i)}:05`] as const));
  }
  await chennai.pushAttlog([['12', `${day(1)} 08:55:00`], ['13', `${day(1)} 08:57:30`], ['14', `${day(1)} 09:02:10`], ['12', `${day(1)} 17:31:00`], ['13', `${day(1)} 17:45:00`]]);
  for (let i = 0; i < 24; i++) await gate.pushAttlog([[String(i + 1), istDeviceTime(new Date(Date.now() - 2_000))]]);
  await chennai.pushAttlog([['12', istDeviceTime(new Date(Date.now() - 1_000))]]);
  // PINs nobody has, a punch too old to apply, one in the future.
  await gate.pushAttlog([['9001', `${day(2)} 09:14:00`], ['9001', `${day(2)} 18:02:00`], ['9001', `${day(1)} 09:20:00`], ['47012', `${day(1)} 10:03:00`]]);
  await canteen.pushAttlog([['5', `${day(60)} 09:00:00`], ['6', `${day(58)} 18:30:00`], ['7', `${day(-2)} 09:00:00`]]);
  // The canteen's clock runs 5 minutes ahead: a real-time punch says so.
  await canteen.pushAttlog([['8', istDeviceTime(new Date(now + 300_000))]]);
  // Unknown serial numbers calling.
  await new SimulatedDevice(server.url, 'ZK-MB160-774211').handshake();
  await new SimulatedDevice(server.url, 'ZK-MB160-774211').pushAttlog([['3', `${day(0)} 09:01:00`]]);
  await new SimulatedDevice(server.url, 'CEXJ230010555').heartbeat();
  const disabled = await api.put(`/api/devices/${off}`, { headers: admin, data: { enabled: false } });
  if (disabled.status() !== 200) throw new Error(`switch off: ${disabled.status()} ${await disabled.text()}`);

  await eachViewport(kit, async ({ page, shot, phone }) => {
    await signInAsAdmin(page);

    await page.goto('/admin/attendance/devices');
    await page.getByRole('region', { name: 'Registered devices' }).waitFor();
    await page.getByText('ZK-MB160-774211').waitFor();
    await expectAccessible(page);
    await shot('devices', { fullPage: true });
    await page.getByRole('button', { name: 'Switch off Pune office, canteen' }).click();
    await page.getByRole('alertdialog').waitFor();
    await shot('devices-switch-off-question', { fullPage: false });
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('button', { name: 'Rename Chennai warehouse loading bay' }).click();
    await page.getByLabel('New name').fill('');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Name is required').first().waitFor();
    await shot('devices-rename', { fullPage: phone });
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.getByLabel('Serial number').fill('CEXJ 2125');
    await page.getByLabel('Allowed addresses (optional)').fill('203.0.113.0/24, office');
    await page.getByRole('button', { name: 'Register Device' }).click();
    await page.locator('.field__error').first().waitFor();
    await expectAccessible(page);
    await page.getByRole('heading', { name: 'Register a device' }).scrollIntoViewIfNeeded();
    await shot('devices-register-errors', { fullPage: false });

    await page.goto('/admin/attendance/punches');
    await page.getByRole('region', { name: 'Raw punches' }).waitFor();
    await expectAccessible(page);
    await shot('punches', { fullPage: false });
    await page.getByLabel('Person, employee ID or PIN').fill('Chandrasekharan');
    await page.getByLabel('Device', { exact: true }).selectOption({ label: 'Pune office, canteen (CEXJ212560002)' });
    await page.getByRole('button', { name: 'Show Punches' }).click();
    await page.waitForURL(/q=Chandrasekharan/);
    await page.getByText(/^Showing 1–/).waitFor();
    await shot('punches-filtered', { fullPage: phone });
    await page.getByLabel('From', { exact: true }).fill('2020-01-01');
    await page.getByLabel('To', { exact: true }).fill('2020-01-31');
    await page.getByRole('button', { name: 'Show Punches' }).click();
    await page.getByText('No punches match these filters.').waitFor();
    await expectAccessible(page);
    await shot('punches-empty', { fullPage: phone });

    await page.goto('/admin/attendance/punches/held');
    await page.getByRole('region', { name: 'Punches held for review' }).waitFor();
    await page.getByRole('region', { name: 'Device PINs no employee has' }).waitFor();
    await expectAccessible(page);
    await shot('held-punches', { fullPage: true });
    await page.getByRole('button', { name: /^Apply the punch of/ }).first().click();
    await page.getByRole('alertdialog').waitFor();
    await shot('held-punches-apply-question', { fullPage: false });
    await page.getByRole('button', { name: 'Cancel' }).click();

    await page.goto('/admin/employees/add');
    await page.getByLabel('Name').fill('Kavya Iyer');
    await page.getByLabel('Email', { exact: true }).fill(`kavya.${phone ? 'p' : 'd'}@shots.local`);
    await page.getByLabel('Position').fill('Fitter');
    await page.getByLabel('Salary').fill('28000');
    await page.getByLabel('Device PIN (optional)').fill('0042');
    await page.getByRole('button', { name: 'Add Employee' }).click();
    await page.getByText('devicePin 42 already belongs to EMP0042').first().waitFor();
    await expectAccessible(page);
    await shot('add-employee-pin-taken', { fullPage: true });
  });
});
