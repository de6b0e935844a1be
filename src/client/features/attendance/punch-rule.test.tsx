/**
 * The punch buttons follow the person's punch rule (GET /api/punch-policy/mine): under a rule with
 * an office site the browser's position goes with the punch, a blocked location is said and sends
 * nothing, breaks allow a punch-in after a punch-out, and web punching off leaves both buttons off.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { localDateString } from '../../../shared/format';
import { ATTENDANCE_MSG } from '../../../shared/messages';
import type { AttendanceRecord } from '../../../shared/schemas/attendance';
import { ashaRecord } from '../../test/fixtures';
import { json, mockFetch } from '../../test/network';
import { renderApp } from '../../test/render-app';
import { employeeToken } from '../../test/tokens';
import { PUNCH_POSITION_UI } from './attendance-copy';
import type { MyPunchRule } from './attendance-api';

const today = localDateString();
const ME = { _id: '2', employeeId: 'EMP0001', name: 'Asha Rao', email: 'asha@acme.in', position: 'Engineer', salary: 50000, joiningDate: '2024-01-01' };
const IN_AT = `${today}T03:40:00.000Z`;
const OUT_AT = `${today}T07:30:00.000Z`;
const OFFICE = { latitude: 18.5204, longitude: 73.8567, accuracy: 12.4 };
const settle = { timeout: 15_000 };

const RULE: MyPunchRule = { webAllowed: true, geofenceRequired: false, networkRequired: false, allowBreaks: false };

function punchServer(rule: MyPunchRule, records: AttendanceRecord[] = []) {
  const bodies: unknown[] = [];
  const network = mockFetch({
    'GET /api/employee/me': () => json(200, ME),
    'GET /api/employee/current': () => json(200, ME),
    'GET /api/punch-policy/mine': () => json(200, rule),
    'GET /api/attendance/employee': () => json(200, records),
    'POST /api/attendance/punch-in': async (request) => {
      const text = await request.text();
      bodies.push(text ? JSON.parse(text) : undefined);
      const record = ashaRecord(today, IN_AT, { punchOut: null });
      records = [record, ...records.filter((r) => r.date !== today)];
      return json(200, { msg: ATTENDANCE_MSG.punchedIn, record });
    },
  });
  return { ...network, bodies };
}

/** A browser whose location answers with `answer` (a position, or an error code). */
function stubLocation(answer: { coords: typeof OFFICE } | { code: number }) {
  const getCurrentPosition = jest.fn((ok: PositionCallback, fail?: PositionErrorCallback | null) => {
    if ('coords' in answer) ok({ coords: answer.coords, timestamp: Date.now() } as unknown as GeolocationPosition);
    else fail?.({ code: answer.code, PERMISSION_DENIED: 1, POSITION_UNAVAILABLE: 2, TIMEOUT: 3, message: '' } as GeolocationPositionError);
  });
  Object.defineProperty(navigator, 'geolocation', { configurable: true, value: { getCurrentPosition } });
  return getCurrentPosition;
}

afterEach(() => {
  delete (navigator as { geolocation?: unknown }).geolocation;
});

const buttons = async () => {
  const section = await screen.findByRole('region', { name: 'Your Attendance' });
  return { section, punchIn: within(section).getByRole('button', { name: 'Punch In' }), punchOut: within(section).getByRole('button', { name: 'Punch Out' }) };
};

describe('punching under the punch rule', () => {
  it('a rule with an office site: says so, and sends the position with the punch', async () => {
    const server = punchServer({ ...RULE, geofenceRequired: true });
    const locate = stubLocation({ coords: OFFICE });
    const { user } = renderApp({ path: '/employee/attendance', token: employeeToken() });
    const { section, punchIn } = await buttons();
    await within(section).findByText(PUNCH_POSITION_UI.asked);
    await waitFor(() => expect(punchIn).toBeEnabled(), settle);
    await user.click(punchIn);
    await screen.findByText(ATTENDANCE_MSG.punchedIn, undefined, settle);
    expect(locate).toHaveBeenCalledTimes(1);
    // Accuracy in whole metres: the server compares it with its limit.
    expect(server.bodies).toEqual([{ latitude: OFFICE.latitude, longitude: OFFICE.longitude, accuracy: 12 }]);
  });

  it('a very coarse reading is sent at the largest accuracy the call takes, for the server to judge', async () => {
    const server = punchServer({ ...RULE, geofenceRequired: true });
    stubLocation({ coords: { ...OFFICE, accuracy: 250_000 } });
    const { user } = renderApp({ path: '/employee/attendance', token: employeeToken() });
    const { punchIn } = await buttons();
    await waitFor(() => expect(punchIn).toBeEnabled(), settle);
    await user.click(punchIn);
    await screen.findByText(ATTENDANCE_MSG.punchedIn, undefined, settle);
    expect(server.bodies).toEqual([{ latitude: OFFICE.latitude, longitude: OFFICE.longitude, accuracy: 100_000 }]);
  });

  it('a blocked location: says what to do, and no punch is sent', async () => {
    const server = punchServer({ ...RULE, geofenceRequired: true });
    stubLocation({ code: 1 });
    const { user } = renderApp({ path: '/employee/attendance', token: employeeToken() });
    const { section, punchIn } = await buttons();
    await within(section).findByText(PUNCH_POSITION_UI.asked);
    await waitFor(() => expect(punchIn).toBeEnabled(), settle);
    await user.click(punchIn);
    await screen.findByText(`Error punching in: ${PUNCH_POSITION_UI.denied}`, undefined, settle);
    expect(server.bodies).toEqual([]);
  });

  it('a rule without a site: the punch goes without a position, as the spec call does', async () => {
    const server = punchServer(RULE);
    const locate = stubLocation({ coords: OFFICE });
    const { user } = renderApp({ path: '/employee/attendance', token: employeeToken() });
    const { section, punchIn } = await buttons();
    await waitFor(() => expect(punchIn).toBeEnabled(), settle);
    expect(within(section).queryByText(PUNCH_POSITION_UI.asked)).not.toBeInTheDocument();
    await user.click(punchIn);
    await screen.findByText(ATTENDANCE_MSG.punchedIn, undefined, settle);
    expect(locate).not.toHaveBeenCalled();
    expect(server.bodies).toEqual([undefined]);
  });

  it('breaks allowed: after a punch-out, Punch In is offered again', async () => {
    punchServer({ ...RULE, allowBreaks: true }, [ashaRecord(today, IN_AT, { punchOut: OUT_AT })]);
    renderApp({ path: '/employee/attendance', token: employeeToken() });
    const { punchIn, punchOut } = await buttons();
    await waitFor(() => expect(punchIn).toBeEnabled(), settle);
    expect(punchOut).toBeDisabled();
  });

  it('web punching off for the person: both buttons off, and why', async () => {
    punchServer({ ...RULE, webAllowed: false });
    renderApp({ path: '/employee/attendance', token: employeeToken() });
    const { section, punchIn, punchOut } = await buttons();
    await within(section).findByText(PUNCH_POSITION_UI.webOff);
    expect(punchIn).toBeDisabled();
    expect(punchOut).toBeDisabled();
  });
});
