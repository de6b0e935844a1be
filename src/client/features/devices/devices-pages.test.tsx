import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Device, Punch, UnmappedPin } from '../../../shared/schemas/device';
import { mockAdminScreen } from '../../test/admin-screen-network';
import { json } from '../../test/network';
import { expectToast, renderApp } from '../../test/render-app';
import { adminToken } from '../../test/tokens';
import { DEVICES_UI as UI } from './devices-copy';

const device = (id: string, name: string, extra: Partial<Device> = {}): Device => ({
  _id: id,
  serialNumber: `CEXJ21000${id}`,
  name,
  locationId: null,
  locationName: 'Pune',
  timeZone: null,
  allowedCidrs: ['203.0.113.7'],
  hasCommKey: false,
  lastContactAt: '2026-11-26T04:10:00.000Z',
  lastAddress: '203.0.113.7',
  firmware: 'push 2.4.1',
  driftSeconds: 4,
  driftFlagged: false,
  punchesToday: 212,
  ignoredRecords: 0,
  pendingPunches: 0,
  enabled: true,
  warnings: [],
  ...extra,
});

const punch = (id: string, extra: Partial<Punch> = {}): Punch => ({
  _id: id,
  source: 'device',
  deviceSerial: 'CEXJ210001',
  deviceName: 'Pune main gate',
  pin: '42',
  employeeId: 'ACM0042',
  name: 'Asha Kulkarni',
  sentTime: '2026-11-25 09:12:30',
  punchedAt: '2026-11-25T03:42:30.000Z',
  receivedAt: '2026-11-25T03:42:31.000Z',
  status: '0',
  verifyType: '1',
  attendanceDate: '2026-11-25',
  state: 'applied',
  reason: null,
  correctionSeconds: 0,
  decisionReason: null,
  decidedAt: null,
  ...extra,
});

describe('Devices screens', () => {
  it('lists devices with drift and pending punches, registers one with its fields checked, and switches one off after asking', async () => {
    const rows = [device('1', 'Pune office, main gate', { pendingPunches: 3, driftSeconds: 310, driftFlagged: true, warnings: ['Clock is off by 310 seconds (ahead)'] }), device('2', 'Chennai warehouse loading bay')];
    const server = mockAdminScreen({
      'GET /api/devices': () => json(200, rows),
      'GET /api/devices/sightings': () => json(200, [{ serialNumber: 'ZK9900123', address: '198.51.100.4', firstSeenAt: '2026-11-26T03:00:00.000Z', lastSeenAt: '2026-11-26T04:00:00.000Z', requests: 14 }]),
      'GET /api/company/locations': () => json(200, []),
      'POST /api/devices': () => json(201, { msg: 'Device registered', _id: '3' }),
      'PUT /api/devices/2': () => {
        rows[1] = { ...rows[1]!, enabled: false };
        return json(200, { msg: 'Device updated', _id: '2' });
      },
    });
    renderApp({ path: '/admin/attendance/devices', token: adminToken() });
    const table = within(await screen.findByRole('region', { name: UI.listLabel }));
    expect(table.getByText('310 s ahead')).toBeInTheDocument();
    expect(table.getByText('Clock is off by 310 seconds (ahead)')).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: UI.sightingsLabel })).getByText('198.51.100.4')).toBeInTheDocument();

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: UI.register }));
    expect(await screen.findByText(UI.serialRequired, { selector: '.field__error' })).toBeInTheDocument();
    await user.type(screen.getByLabelText(UI.serialNumber), 'CEXJ 21');
    await user.type(screen.getByLabelText(UI.name), 'Mumbai office');
    await user.type(screen.getByLabelText(UI.allowedCidrs), '203.0.113.0/24, 198.51.100.9');
    await user.click(screen.getByRole('button', { name: UI.register }));
    expect(await screen.findByText(/^Must be 1 to 32 letters/, { selector: '.field__error' })).toBeInTheDocument();
    await user.clear(screen.getByLabelText(UI.serialNumber));
    await user.type(screen.getByLabelText(UI.serialNumber), 'CEXJ2199');
    await user.click(screen.getByRole('button', { name: UI.register }));
    expect(await screen.findByText('Device registered')).toBeInTheDocument();
    const post = server.requests().find((r) => r.method === 'POST')!;
    expect(await post.json()).toEqual({ serialNumber: 'CEXJ2199', name: 'Mumbai office', allowedCidrs: ['203.0.113.0/24', '198.51.100.9'] });

    await user.click(screen.getByRole('button', { name: UI.disableLabel('Chennai warehouse loading bay') }));
    const dialog = await screen.findByRole('alertdialog');
    await user.click(within(dialog).getByRole('button', { name: UI.disable }));
    await expectToast('Device updated');
    const put = server.requests().find((r) => r.method === 'PUT')!;
    expect(await put.json()).toEqual({ enabled: false });
    await waitFor(() => expect(screen.getByRole('button', { name: UI.enableLabel('Chennai warehouse loading bay') })).toBeInTheDocument());
  });

  it('filters the raw log by person and state, showing each punch’s source', async () => {
    const server = mockAdminScreen({
      'GET /api/devices': () => json(200, [device('1', 'Pune main gate')]),
      'GET /api/attendance/punches': () => json(200, { punches: [punch('1'), punch('2', { source: 'file', deviceSerial: null, deviceName: null, state: 'unmapped', name: null, employeeId: null, pin: '9001', reason: 'no employee has this PIN' })], total: 2 }),
    });
    renderApp({ path: '/admin/attendance/punches', token: adminToken() });
    const table = within(await screen.findByRole('region', { name: UI.punchesLabel }));
    expect(table.getByText('Pune main gate · CEXJ210001')).toBeInTheDocument();
    expect(table.getByText(UI.sourceFile)).toBeInTheDocument();
    expect(table.getByText(UI.unknownPerson)).toBeInTheDocument();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText(UI.search), 'ACM0042');
    await user.selectOptions(screen.getByLabelText(UI.state), 'applied');
    await user.type(screen.getByLabelText(UI.from), '2026-11-20');
    await user.type(screen.getByLabelText(UI.to), '2026-11-10');
    await user.click(screen.getByRole('button', { name: UI.apply }));
    expect(await screen.findByText(UI.rangeBackwards)).toBeInTheDocument();
    await user.clear(screen.getByLabelText(UI.to));
    await user.click(screen.getByRole('button', { name: UI.apply }));
    await waitFor(() => {
      const last = server.requests().filter((r) => new URL(r.url).pathname === '/api/attendance/punches').at(-1)!;
      expect(Object.fromEntries(new URL(last.url).searchParams)).toEqual({ q: 'ACM0042', state: 'applied', from: '2026-11-20', offset: '0', limit: '100' });
    });
  });

  it('applies a held punch after showing why it waits, and gives an unknown PIN to an employee', async () => {
    const pins: UnmappedPin[] = [{ pin: '9001', punches: 6, firstAt: '2026-11-20T03:30:00.000Z', lastAt: '2026-11-25T12:40:00.000Z', devices: ['CEXJ210001'] }];
    const server = mockAdminScreen({
      'GET /api/attendance/punches': () => json(200, { punches: [punch('7', { state: 'quarantined', reason: 'October 2026 is approved' })], total: 1 }),
      'GET /api/attendance/punches/unmapped': () => json(200, pins),
      'GET /api/attendance/punches/needs-pin': () => json(200, [{ _id: '31', employeeId: 'ACM0031', name: 'Meenakshi Sundaram' }]),
      'POST /api/attendance/punches/held/7/release': () => json(409, { msg: 'That punch still cannot change its day (approved month, or no employee)' }),
      'POST /api/attendance/punches/unmapped/9001/map': () => json(200, { msg: 'PIN 9001 is now ACM0077; 6 punches applied', applied: 6, quarantined: 0 }),
    });
    renderApp({ path: '/admin/attendance/punches/held', token: adminToken() });
    const held = within(await screen.findByRole('region', { name: UI.heldLabel }));
    expect(await screen.findByRole('link', { name: 'Meenakshi Sundaram (ACM0031)' })).toHaveAttribute('href', '/admin/employees/edit/31');
    expect(held.getByText('October 2026 is approved')).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(held.getByRole('button', { name: /^Apply the punch of Asha Kulkarni/ }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveTextContent('held because: October 2026 is approved');
    // A decision needs a reason, which the employee will see.
    await user.click(within(dialog).getByRole('button', { name: UI.release }));
    expect(await within(dialog).findByText('Write the reason: the employee will see it.')).toBeInTheDocument();
    expect(server.requests().filter((r) => r.url.endsWith('/release'))).toHaveLength(0);
    await user.type(within(dialog).getByLabelText('Reason (required)'), 'Payroll will be re-run for October');
    await user.click(within(dialog).getByRole('button', { name: UI.release }));
    await expectToast('That punch still cannot change its day (approved month, or no employee)', 'error');
    const release = server.requests().find((r) => r.url.endsWith('/release'))!;
    expect(await release.json()).toEqual({ reason: 'Payroll will be re-run for October' });

    // Discard asks the same way, in its own words.
    await user.click(held.getByRole('button', { name: /^Discard the punch of Asha Kulkarni/ }));
    const discard = await screen.findByRole('alertdialog');
    expect(discard).toHaveTextContent('Discarded, it stays in the log, marked, and changes no day.');
    await user.click(within(discard).getByRole('button', { name: 'Cancel' }));

    const unmapped = within(screen.getByRole('region', { name: UI.unmappedLabel }));
    await user.click(unmapped.getByRole('button', { name: UI.map }));
    expect(await unmapped.findByText(UI.employeeIdRequired)).toBeInTheDocument();
    await user.type(unmapped.getByLabelText(UI.employeeIdFor('9001')), 'ACM0077');
    await user.click(unmapped.getByRole('button', { name: UI.map }));
    await expectToast('PIN 9001 is now ACM0077; 6 punches applied');
    const map = server.requests().find((r) => r.url.endsWith('/map'))!;
    expect(await map.json()).toEqual({ employeeId: 'ACM0077' });
  });

  it('is listed in Settings', async () => {
    mockAdminScreen({});
    renderApp({ path: '/admin/settings', token: adminToken() });
    expect(await screen.findByRole('link', { name: 'Biometric devices' })).toHaveAttribute('href', '/admin/attendance/devices');
  });
});
