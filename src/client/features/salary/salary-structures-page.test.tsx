import { screen, within } from '@testing-library/react';
import type { SalaryStructure } from '../../../shared/schemas/salary-structure';
import { json, mockFetch } from '../../test/network';
import { expectToast, renderApp } from '../../test/render-app';
import { adminToken } from '../../test/tokens';
import { dashboardFrame } from '../../test/fixtures';

const FIELD: SalaryStructure = { id: '1', name: 'Field staff', basicPercentOfGross: 45, basicMonthly: null, hraPercentOfBasic: 50, fixedAllowances: [], people: 0, updatedAt: '2026-11-20T10:00:00.000Z' };
const PEOPLE = [
  { _id: '11', employeeId: 'EMP0001', name: 'Asha Rao', email: 'asha@test.local', position: 'Engineer', salary: 24_000, joiningDate: '2025-04-01' },
  { _id: '12', employeeId: 'EMP0002', name: 'Ravi Kumar', email: 'ravi@test.local', position: 'Driver', salary: 8_000, joiningDate: '2025-04-01' },
];

describe('Salary structures', () => {
  it('adds a structure with each wrong field marked, then assigns one with a preview of who gets what', async () => {
    let saved: SalaryStructure[] = [FIELD];
    const { requests } = mockFetch({
      ...dashboardFrame(),
      'GET /api/salary/structures': () => json(200, { structures: saved }),
      'GET /api/employee': () => json(200, PEOPLE),
      'POST /api/salary/structures': async (req) => {
        const body = await req.clone().json();
        const made = { ...body, id: '2', people: 0, updatedAt: '2026-11-26T10:00:00.000Z' };
        saved = [...saved, made];
        return json(201, made);
      },
      'POST /api/salary/structures/1/assign': async (req) => {
        const body = await req.clone().json();
        const people = body.employeeIds.map((id: string) => ({
          _id: id,
          employeeId: id === '11' ? 'EMP0001' : 'EMP0002',
          name: id === '11' ? 'Asha Rao' : 'Ravi Kumar',
          effectiveFrom: body.effectiveFrom,
          monthlyGross: 24_000,
          basic: 10_800,
          hra: 5_400,
          allowances: [],
          special: 7_800,
          allowancesShort: false,
        }));
        return json(200, { msg: body.preview ? 'Preview' : `Salary structure assigned to ${people.length} person from ${body.effectiveFrom}`, preview: Boolean(body.preview), effectiveFrom: body.effectiveFrom, people });
      },
    });
    const { user } = renderApp({ path: '/admin/salary-structures', token: adminToken() });
    expect(await screen.findByRole('heading', { name: 'Salary structures' })).toBeInTheDocument();
    expect(await screen.findByRole('rowheader', { name: 'Field staff' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Add a structure' }));
    await user.type(screen.getByLabelText('Basic, % of gross'), '80');
    await user.type(screen.getByLabelText('HRA, % of Basic'), '50');
    await user.click(screen.getByRole('button', { name: 'Save structure' }));
    // Each wrong field is marked, nothing is sent.
    expect(screen.getByLabelText('Name')).toHaveAccessibleDescription('Name is required');
    expect(screen.getByLabelText('HRA, % of Basic')).toHaveAccessibleDescription(/basic and HRA together would be more than the gross/);
    expect(requests().some((r) => r.method === 'POST' && r.url.endsWith('/api/salary/structures'))).toBe(false);
    await user.type(screen.getByLabelText('Name'), 'Office');
    await user.clear(screen.getByLabelText('Basic, % of gross'));
    await user.type(screen.getByLabelText('Basic, % of gross'), '40');
    await user.type(screen.getByLabelText('Allowance 1 name'), 'Conveyance');
    await user.type(screen.getByLabelText('Allowance 1 monthly amount (₹)'), '1600');
    expect(screen.getByText(/On ₹30,000 a month: Basic ₹12,000, HRA ₹6,000, Conveyance ₹1,600, Special ₹10,400/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save structure' }));
    await expectToast('Salary structure Office saved');
    const sent = await requests().find((r) => r.method === 'POST' && r.url.endsWith('/api/salary/structures'))!.json();
    expect(sent).toEqual({ name: 'Office', basicPercentOfGross: 40, hraPercentOfBasic: 50, fixedAllowances: [{ name: 'Conveyance', monthly: 1600 }] });

    await user.click(await screen.findByRole('button', { name: 'Assign Field staff' }));
    const assign = screen.getByRole('region', { name: 'Assign Field staff' });
    await user.click(await within(assign).findByLabelText(/Asha Rao/));
    const preview = await within(assign).findByRole('region', { name: 'Who gets what' });
    expect(await within(preview).findByRole('rowheader', { name: /Asha Rao/ })).toBeInTheDocument();
    expect(within(preview).getByText('₹10,800')).toBeInTheDocument();
    await user.click(within(assign).getByRole('button', { name: 'Assign structure' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveTextContent('Assign Field staff to 1 person from');
    await user.click(within(dialog).getByRole('button', { name: 'Assign' }));
    const assigned = requests().filter((r) => r.method === 'POST' && r.url.endsWith('/assign'));
    const last = await assigned[assigned.length - 1]!.json();
    await expectToast(`Salary structure assigned to 1 person from ${last.effectiveFrom}`);
    expect(last).toMatchObject({ employeeIds: ['11'] });
    expect(last.preview).toBeUndefined();
  });

  it('sets Basic as a fixed monthly amount with the radios: the field is checked, the example splits ₹30,000, the list says so', async () => {
    let saved: SalaryStructure[] = [FIELD];
    const { requests } = mockFetch({
      ...dashboardFrame(),
      'GET /api/salary/structures': () => json(200, { structures: saved }),
      'POST /api/salary/structures': async (req) => {
        const body = await req.clone().json();
        const made = { basicPercentOfGross: null, ...body, id: '2', people: 0, updatedAt: '2026-11-26T10:00:00.000Z' };
        saved = [...saved, made];
        return json(201, made);
      },
    });
    const { user } = renderApp({ path: '/admin/salary-structures', token: adminToken() });
    expect(await screen.findByRole('rowheader', { name: 'Field staff' })).toBeInTheDocument();
    expect(screen.getByRole('cell', { name: '45% of gross' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Add a structure' }));
    await user.click(screen.getByRole('radio', { name: 'A fixed monthly amount' }));
    expect(screen.queryByLabelText('Basic, % of gross')).not.toBeInTheDocument();
    await user.type(screen.getByLabelText('Name'), 'Drivers');
    await user.type(screen.getByLabelText('HRA, % of Basic'), '40');
    await user.click(screen.getByRole('button', { name: 'Save structure' }));
    // The empty amount is marked on its own field; nothing is sent.
    expect(screen.getByLabelText('Basic, monthly amount (₹)')).toHaveAccessibleDescription('Basic monthly amount must be a number');
    expect(requests().some((r) => r.method === 'POST' && r.url.endsWith('/api/salary/structures'))).toBe(false);
    await user.type(screen.getByLabelText('Basic, monthly amount (₹)'), '12000');
    expect(screen.getByText(/On ₹30,000 a month: Basic ₹12,000, HRA ₹4,800, Special ₹13,200/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save structure' }));
    await expectToast('Salary structure Drivers saved');
    const sent = await requests().find((r) => r.method === 'POST' && r.url.endsWith('/api/salary/structures'))!.json();
    expect(sent).toEqual({ name: 'Drivers', basicMonthly: 12000, hraPercentOfBasic: 40, fixedAllowances: [] });
    expect(await screen.findByRole('cell', { name: '₹12,000 a month' })).toBeInTheDocument();
  });
});
