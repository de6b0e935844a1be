/** The employee's punches reviewed by an admin, under their attendance (GET /api/attendance/punches/mine). */
import { screen, within } from '@testing-library/react';
import type { MyHeldPunch } from '../../../shared/schemas/device';
import { json, mockFetch } from '../../test/network';
import { renderApp } from '../../test/render-app';
import { employeeToken } from '../../test/tokens';

const ME = { _id: '2', employeeId: 'EMP0001', name: 'Asha Rao', email: 'asha@acme.in', position: 'Engineer', salary: 50000 };
const held = (id: string, extra: Partial<MyHeldPunch>): MyHeldPunch => ({
  _id: id,
  punchedAt: '2026-11-20T03:42:00.000Z',
  attendanceDate: '2026-11-20',
  source: 'device',
  deviceName: 'Pune main gate',
  state: 'quarantined',
  heldReason: 'older than 45 days',
  decisionReason: null,
  decidedAt: null,
  ...extra,
});

function open(punches: MyHeldPunch[]) {
  mockFetch({
    'GET /api/employee/me': () => json(200, ME),
    'GET /api/employee/current': () => json(200, ME),
    'GET /api/attendance/employee': () => json(200, []),
    'GET /api/punch-policy/mine': () => json(200, { webAllowed: true, geofenceRequired: false, networkRequired: false, allowBreaks: false }),
    'GET /api/attendance/punches/mine': () => json(200, punches),
  });
  renderApp({ path: '/employee/attendance', token: employeeToken() });
}

describe('Punches reviewed by an admin (employee Attendance)', () => {
  it("shows why each punch was held and the admin's reason for applying or discarding it", async () => {
    open([
      held('1', { state: 'applied', decisionReason: 'Device was offline for two months; the punch is genuine', decidedAt: '2026-11-26T05:00:00.000Z' }),
      held('2', { heldReason: 'in the future', state: 'discarded', decisionReason: 'Device clock was three hours fast', decidedAt: '2026-11-26T05:01:00.000Z' }),
      held('3', { heldReason: 'October 2026 is approved' }),
    ]);
    const list = await screen.findByRole('list', { name: 'Punches reviewed by an admin' });
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(3);
    expect(items[0]).toHaveTextContent('Held because: older than 45 days. Applied to your day. Reason: Device was offline for two months; the punch is genuine');
    expect(items[0]).toHaveTextContent('Pune main gate');
    expect(items[1]).toHaveTextContent('Held because: in the future. Discarded: it does not count. Reason: Device clock was three hours fast');
    expect(items[2]).toHaveTextContent('Held because: October 2026 is approved. Waiting for an admin.');
  });

  it('is left out when no punch of theirs was held', async () => {
    open([]);
    await screen.findByRole('region', { name: 'Your Attendance' });
    expect(screen.queryByRole('heading', { name: 'Punches reviewed by an admin' })).not.toBeInTheDocument();
  });
});
