/** Edit Employee's "Statutory and bank details" fieldset: filled from the record, sent with Update Employee (changed fields only), bad formats refused before any call. */
import { screen, waitFor, within } from '@testing-library/react';
import { NO_DETAILS } from '../../test/fixtures';
import type { EmployeeDetail } from '../../../shared/schemas/employee';
import { PREFIX } from '../../copy';
import { json } from '../../test/network';
import { renderApp } from '../../test/render-app';
import { adminToken } from '../../test/tokens';
import { mockAdminScreen } from '../../test/admin-screen-network';
import { STATUTORY_UI } from './statutory-copy';

const MEERA: EmployeeDetail = {
  _id: '7',
  employeeId: 'EMP0007',
  name: 'Meera Iyer',
  email: 'meera@example.com',
  position: 'Analyst',
  salary: 45000,
  joiningDate: '2024-04-01',
  statutory: { ...NO_DETAILS, stateOfWork: 'MH', pan: 'ABCDE1234F', bankAccount: '50100123451234', ifsc: 'HDFC0001234', gender: 'female' },
};

function openEdit(handlers: Parameters<typeof mockAdminScreen>[0] = {}) {
  const network = mockAdminScreen({ 'GET /api/employee/7': () => json(200, MEERA), ...handlers });
  const app = renderApp({ path: '/admin/employees/edit/7', token: adminToken() });
  return { ...app, ...network };
}

const group = async () => within((await screen.findByRole('group', { name: STATUTORY_UI.legend })) as HTMLElement);

describe('Edit Employee: statutory and bank details', () => {
  afterEach(() => jest.restoreAllMocks());

  it('shows the details below the spec fields, and Update Employee sends only the changed ones', async () => {
    const { user, requests, pathname } = openEdit({ 'PUT /api/employee/edit/7': () => json(200, { msg: 'Employee updated successfully' }) });
    const fields = await group();
    expect(fields.getByLabelText('State of work')).toHaveValue('MH');
    expect(fields.getByLabelText('PAN')).toHaveValue('ABCDE1234F');
    expect(fields.getByLabelText('Bank account number')).toHaveValue('50100123451234');
    expect(fields.getByLabelText('Gender')).toHaveValue('female');
    await user.type(fields.getByLabelText('UAN'), '100123456789');
    await user.selectOptions(fields.getByLabelText('Tax regime'), 'old');
    await user.click(screen.getByRole('button', { name: 'Update Employee' }));
    await waitFor(() => expect(pathname()).toBe('/admin/employees/list'));
    const put = requests().find((r) => r.method === 'PUT')!;
    expect(await put.json()).toEqual({ name: 'Meera Iyer', email: 'meera@example.com', position: 'Analyst', salary: 45000, statutory: { uan: '100123456789', taxRegime: 'old' } });
  });

  it('sends PF on full wages as true or false, only when changed, and never a leaving date (the Exit card records it)', async () => {
    const { user, requests, pathname } = openEdit({ 'PUT /api/employee/edit/7': () => json(200, { msg: 'Employee updated successfully' }) });
    const fields = await group();
    expect(fields.getByLabelText('PF on full wages')).not.toBeChecked();
    expect(fields.queryByLabelText('Leaving date')).not.toBeInTheDocument();
    await user.click(fields.getByLabelText('PF on full wages'));
    await user.click(screen.getByRole('button', { name: 'Update Employee' }));
    await waitFor(() => expect(pathname()).toBe('/admin/employees/list'));
    const put = requests().find((r) => r.method === 'PUT')!;
    expect((await put.json()).statutory).toEqual({ pfOnFullWages: true });
  });

  it('sends the person facts in the server\'s types: the date of birth, PF membership, wage as a number, EPS override', async () => {
    const { user, requests, pathname } = openEdit({ 'PUT /api/employee/edit/7': () => json(200, { msg: 'Employee updated successfully' }) });
    const fields = await group();
    expect(fields.getByLabelText('PF member')).toBeChecked();
    expect(fields.getByLabelText('Pension scheme (EPS)')).toHaveValue('');
    expect(fields.getByText(/Saved record: eligible\. Treated as eligible/)).toBeInTheDocument();
    await user.type(fields.getByLabelText('Date of birth'), '1967-11-02');
    await user.click(fields.getByLabelText('Person with disability'));
    await user.type(fields.getByLabelText('First PF membership date'), '2015-04-01');
    await user.type(fields.getByLabelText('PF wages at first membership (₹)'), '18000.50');
    await user.selectOptions(fields.getByLabelText('Pension scheme (EPS)'), 'no');
    await user.click(fields.getByLabelText('PF member'));
    await user.click(screen.getByRole('button', { name: 'Update Employee' }));
    await waitFor(() => expect(pathname()).toBe('/admin/employees/list'));
    const put = requests().find((r) => r.method === 'PUT')!;
    expect((await put.json()).statutory).toEqual({
      dateOfBirth: '1967-11-02',
      personWithDisability: true,
      pfFirstJoinedOn: '2015-04-01',
      pfWageAtJoining: 18000.5,
      epsEligible: false,
      pfMember: false,
    });
  });

  it('refuses a wage that is not a number with the server wording, before any call', async () => {
    const { user, requests } = openEdit();
    const fields = await group();
    await user.type(fields.getByLabelText('PF wages at first membership (₹)'), '18k');
    await user.click(screen.getByRole('button', { name: 'Update Employee' }));
    // Errors that belong to fields are said on the form, never in a toast.
    await waitFor(() => expect(screen.getAllByRole('alert').map((a) => a.textContent)).toContainEqual(expect.stringContaining(`${PREFIX.updateEmployee}PF wages at joining must be a number`)));
    expect(screen.queryByRole('region', { name: 'Notifications' })).not.toBeInTheDocument();
    expect(requests().some((r) => r.method === 'PUT')).toBe(false);
  });

  it('refuses a bad PAN with the server wording, before any call, and stays', async () => {
    const { user, requests, pathname } = openEdit();
    const fields = await group();
    await user.clear(fields.getByLabelText('PAN'));
    await user.type(fields.getByLabelText('PAN'), 'ABC123');
    await user.click(screen.getByRole('button', { name: 'Update Employee' }));
    // Errors that belong to fields are said on the form, never in a toast.
    await waitFor(() => expect(screen.getAllByRole('alert').map((a) => a.textContent)).toContainEqual(expect.stringContaining(`${PREFIX.updateEmployee}PAN must be five letters, four digits and a letter, e.g. ABCDE1234F`)));
    expect(screen.queryByRole('region', { name: 'Notifications' })).not.toBeInTheDocument();
    expect(requests().some((r) => r.method === 'PUT')).toBe(false);
    expect(pathname()).toBe('/admin/employees/edit/7');
  });
});
