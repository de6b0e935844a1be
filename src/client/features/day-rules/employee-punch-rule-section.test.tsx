/**
 * A person's own web punch rule on Edit Employee (GET/PUT /api/punch-policy/employees/:id), and the
 * list of people with their own rule on the Attendance rules screen.
 */
import { screen, within } from '@testing-library/react';
import type { PunchPolicy, PunchRule } from '../../../shared/schemas/day-rules';
import { mockAdminScreen } from '../../test/admin-screen-network';
import { json } from '../../test/network';
import { expectToast, renderApp } from '../../test/render-app';
import { adminToken } from '../../test/tokens';

const EMPLOYEE = { _id: '7', employeeId: 'EMP0007', name: 'Irfan Siddiqui', email: 'irfan@acme.in', position: 'Field engineer', salary: 48000, joiningDate: '2025-01-06', statutory: null };
const SITE_RULE: PunchRule = { webAllowed: true, geofenceRequired: true, networkRequired: false };
const ANYWHERE: PunchRule = { webAllowed: true, geofenceRequired: false, networkRequired: false };
const POLICY: PunchPolicy = { rule: SITE_RULE, sites: [{ name: 'Pune office', latitude: 18.5204, longitude: 73.8567, radiusMeters: 200 }], networks: [] };
const sent = (requests: Request[], method: string, path: string) => requests.filter((r) => r.method === method && new URL(r.url).pathname === path);

function openEdit(own: PunchRule | null, handlers: Parameters<typeof mockAdminScreen>[0] = {}, policy: PunchPolicy = POLICY) {
  const network = mockAdminScreen({
    'GET /api/employee/7': () => json(200, EMPLOYEE),
    'GET /api/work-hours': () => json(200, { shift: { start: '09:30', end: '18:30', graceMinutes: 15 }, lateMarkRule: { enabled: false, freePerMonth: 2, marksPerStep: 3, daysPerStep: 0.5 } }),
    'GET /api/work-hours/employees/7': () => json(200, { employeeId: 'EMP0007', name: 'Irfan Siddiqui', own: null, effective: { start: '09:30', end: '18:30', graceMinutes: 15 } }),
    'GET /api/punch-policy': () => json(200, policy),
    'GET /api/punch-policy/employees/7': () => json(200, { employeeId: 'EMP0007', name: 'Irfan Siddiqui', own, effective: own ?? policy.rule }),
    ...handlers,
  });
  return { ...renderApp({ path: '/admin/employees/edit/7', token: adminToken() }), ...network };
}

describe("A person's own web punch rule (Edit Employee)", () => {
  it("starts on the company's rule, said in words; their own rule 'from anywhere' is sent as a rule", async () => {
    const { user, requests } = openEdit(null, { 'PUT /api/punch-policy/employees/7': () => json(200, { msg: 'Punch rule of Irfan Siddiqui saved' }) });
    const card = await screen.findByRole('region', { name: 'Web punching' });
    const company = await within(card).findByLabelText("The company's rule (Web punching only inside an office site)");
    expect(company).toBeChecked();
    expect(within(card).queryByLabelText('May punch in the browser')).not.toBeInTheDocument();

    await user.click(within(card).getByLabelText('Their own rule'));
    // Their own rule starts from the company's, which the admin loosens for a field worker.
    expect(within(card).getByRole('checkbox', { name: 'Only inside an office site' })).toBeChecked();
    await user.click(within(card).getByRole('checkbox', { name: 'Only inside an office site' }));
    expect(within(card).getByText('With this choice: Web punching from anywhere.')).toBeInTheDocument();
    await user.click(within(card).getByRole('button', { name: 'Save punch rule' }));
    await expectToast('Punch rule of Irfan Siddiqui saved');
    const [put] = sent(requests(), 'PUT', '/api/punch-policy/employees/7');
    expect(await put!.json()).toEqual({ rule: ANYWHERE });
    // The form keeps what was saved.
    expect(within(card).getByLabelText('Their own rule')).toBeChecked();
    expect(within(card).getByRole('checkbox', { name: 'Only inside an office site' })).not.toBeChecked();
  });

  it("shows their own rule, sends devices only without the checks, and clears it with rule null", async () => {
    const { user, requests } = openEdit(ANYWHERE, {
      'PUT /api/punch-policy/employees/7': async (request) => {
        const body = (await request.clone().json()) as { rule: PunchRule | null };
        return json(200, { msg: body.rule ? 'Punch rule of Irfan Siddiqui saved' : "Irfan Siddiqui now follows the company's punch policy" });
      },
    });
    const card = await screen.findByRole('region', { name: 'Web punching' });
    expect(await within(card).findByLabelText('Their own rule')).toBeChecked();
    expect(within(card).getByLabelText('May punch in the browser')).toBeChecked();
    expect(within(card).getByRole('checkbox', { name: 'Only inside an office site' })).not.toBeChecked();

    await user.click(within(card).getByLabelText('May punch in the browser'));
    expect(within(card).queryByRole('checkbox', { name: 'Only inside an office site' })).not.toBeInTheDocument();
    expect(within(card).getByText('With this choice: Devices only: no web punching.')).toBeInTheDocument();
    await user.click(within(card).getByRole('button', { name: 'Save punch rule' }));
    await expectToast('Punch rule of Irfan Siddiqui saved');

    await user.click(within(card).getByLabelText("The company's rule (Web punching only inside an office site)"));
    await user.click(within(card).getByRole('button', { name: 'Save punch rule' }));
    await expectToast("Irfan Siddiqui now follows the company's punch policy");
    const puts = await Promise.all(sent(requests(), 'PUT', '/api/punch-policy/employees/7').map((r) => r.json()));
    expect(puts).toEqual([{ rule: { webAllowed: false, geofenceRequired: false, networkRequired: false } }, { rule: null }]);
  });

  it('warns when their rule asks for an office network the company has not set up', async () => {
    const { user } = openEdit(null);
    const card = await screen.findByRole('region', { name: 'Web punching' });
    await user.click(await within(card).findByLabelText('Their own rule'));
    expect(within(card).queryByText(/no office networks yet/)).not.toBeInTheDocument();
    await user.click(within(card).getByRole('checkbox', { name: 'Only from an office network' }));
    expect(within(card).getByText(/The company has no office networks yet, so every web punch of this person would be refused/)).toBeInTheDocument();
  });

  it('says why the rule could not be loaded', async () => {
    openEdit(null, { 'GET /api/punch-policy/employees/7': () => json(403, { msg: 'Access denied' }) });
    const card = await screen.findByRole('region', { name: 'Web punching' });
    expect(await within(card).findByRole('alert')).toHaveTextContent('Error loading the punch rule: Access denied');
  });
});

describe('People with their own rule (Attendance rules)', () => {
  it('lists them with their rule, each linking to their Edit Employee page', async () => {
    mockAdminScreen({
      'GET /api/day-rules': () => json(200, { fullDayMinutes: null, halfDayMinutes: null, allowBreaks: false, overtime: { enabled: false, normalDayMinutes: 540, normalWeekMinutes: 2880, rate: 2, payable: false } }),
      'GET /api/punch-policy': () => json(200, POLICY),
      'GET /api/punch-policy/employees': () => json(200, [{ userId: '7', employeeId: 'EMP0007', name: 'Irfan Siddiqui', rule: ANYWHERE }]),
    });
    renderApp({ path: '/admin/attendance/rules', token: adminToken() });
    const list = await screen.findByRole('list', { name: 'People with their own rule' });
    expect(within(list).getByRole('listitem')).toHaveTextContent('Irfan Siddiqui (EMP0007): Web punching from anywhere');
    expect(within(list).getByRole('link', { name: 'Irfan Siddiqui' })).toHaveAttribute('href', '/admin/employees/edit/7');
  });
});
