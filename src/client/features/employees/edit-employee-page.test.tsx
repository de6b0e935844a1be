import { act, screen, waitFor, within } from '@testing-library/react';
import { rosterEmployee } from '../../test/fixtures';
import { FALLBACK, PREFIX } from '../../copy';
import { deferred, json } from '../../test/network';
import { expectToast, renderApp } from '../../test/render-app';
import { adminToken } from '../../test/tokens';
import { listRequests, mockAdminScreen } from '../../test/admin-screen-network';

const ASHA = rosterEmployee(7, { name: 'Asha Rao', email: 'asha@example.com', salary: 120000.5 });

function openEdit(handlers: Parameters<typeof mockAdminScreen>[0] = {}) {
  const network = mockAdminScreen({ 'GET /api/employee/7': () => json(200, ASHA), ...handlers });
  const app = renderApp({ path: '/admin/employees/edit/7', token: adminToken() });
  return { ...app, ...network };
}

const editSection = async () => within((await screen.findByRole('heading', { name: 'Edit Employee' })).closest('section')!);

describe('Edit Employee page', () => {
  afterEach(() => jest.restoreAllMocks());

  it("shows 'Loading Employee Data...', then the form filled from the record", async () => {
    const pending = deferred();
    openEdit({ 'GET /api/employee/7': () => pending.promise });
    const section = await editSection();
    expect(section.getByRole('status')).toHaveTextContent('Loading Employee Data...');
    act(() => pending.release(json(200, ASHA)));
    expect(await section.findByLabelText('Full Name')).toHaveValue('Asha Rao');
    expect(section.getByLabelText('Email Address')).toHaveValue('asha@example.com');
    expect(section.getByLabelText('Position')).toHaveValue('Engineer');
    expect(section.getByLabelText('Salary')).toHaveValue(120000.5);
    for (const label of ['Full Name', 'Email Address', 'Position', 'Salary']) expect(section.getByLabelText(label)).toBeRequired();
  });

  it('shows an error panel when the record cannot be loaded', async () => {
    openEdit({ 'GET /api/employee/7': () => json(404, { msg: 'Employee not found' }) });
    const section = await editSection();
    expect(await section.findByRole('alert')).toHaveTextContent('Employee not found');
    expect(section.queryByRole('button', { name: 'Update Employee' })).not.toBeInTheDocument();
  });

  it("the error panel falls back to 'Failed to load employee'", async () => {
    openEdit({ 'GET /api/employee/7': () => json(500, {}) });
    const section = await editSection();
    expect(await section.findByRole('alert')).toHaveTextContent(FALLBACK.loadEmployee);
  });

  it('Update Employee sends all four fields, shows the server msg as a toast that stays over the list it goes to, which is refetched', async () => {
    const { user, requests, pathname } = openEdit({
      'PUT /api/employee/edit/7': () => json(200, { msg: 'Employee updated successfully' }),
    });
    const section = await editSection();
    const position = await section.findByLabelText('Position');
    await user.clear(position);
    await user.type(position, 'Lead Engineer');
    await user.clear(section.getByLabelText('Salary'));
    await user.type(section.getByLabelText('Salary'), '150000.75');
    const rosterFetches = listRequests(requests()).length;
    await user.click(section.getByRole('button', { name: 'Update Employee' }));

    await waitFor(() => expect(pathname()).toBe('/admin/employees/list'));
    await expectToast('Employee updated successfully');
    const put = requests().find((r) => r.method === 'PUT')!;
    expect(await put.json()).toEqual({ name: 'Asha Rao', email: 'asha@example.com', position: 'Lead Engineer', salary: 150000.75 });
    // The list shows the roster as it is after the update: fetched again (LIST tag invalidated), not a stale copy.
    await waitFor(() => expect(listRequests(requests()).length).toBeGreaterThan(rosterFetches));
  });

  it("a failure shows 'Error updating employee: ' + msg as an error toast and stays", async () => {
    const { user, pathname } = openEdit({
      'PUT /api/employee/edit/7': () => json(409, { msg: 'An account with the email ravi@example.com already exists' }),
    });
    const section = await editSection();
    await user.click(await section.findByRole('button', { name: 'Update Employee' }));
    await expectToast(`${PREFIX.updateEmployee}An account with the email ravi@example.com already exists`, 'error');
    expect(pathname()).toBe('/admin/employees/edit/7');
    expect(section.getByRole('button', { name: 'Update Employee' })).toBeEnabled();
  });

  it("shows the employee's leave balance below the form, asked for by their business id", async () => {
    const { requests } = openEdit({
      'GET /api/leave-balances': () =>
        json(200, [
          {
            employeeId: 'EMP0007',
            name: 'Asha Rao',
            balances: [{ leaveTypeId: '1', leaveType: 'Casual', paid: true, year: '2026', carriedForward: 0, accrued: 11, taken: 3, pending: 1, available: 7 }],
          },
        ]),
    });
    const card = within((await screen.findByRole('heading', { name: 'Leave Balance' })).closest('section')!);
    const casual = within(await card.findByRole('row', { name: /Casual/ }));
    expect(casual.getAllByRole('cell').map((c) => c.textContent)).toEqual(['7', '11', '0', '3', '1']);
    const asked = requests().filter((r) => new URL(r.url).pathname === '/api/leave-balances');
    expect(asked.map((r) => new URL(r.url).searchParams.get('employeeId'))).toEqual(['EMP0007']);
  });

  it('marks every wrong detail at once beside its field, focuses the first, and clears a mark when its field is edited', async () => {
    const { user, requests } = openEdit();
    const section = await editSection();
    await user.type(await section.findByLabelText('PAN'), 'ABCD1234F');
    await user.type(section.getByLabelText('UAN'), '12345');
    await user.type(section.getByLabelText('IFSC'), 'HDFC1001234');
    await user.click(section.getByRole('button', { name: 'Update Employee' }));

    // One save names all three, each under its own field, and nothing is sent.
    const pan = section.getByLabelText('PAN');
    await waitFor(() => expect(pan).toHaveAttribute('aria-invalid', 'true'));
    expect(pan).toHaveAccessibleDescription(/PAN must be five letters, four digits and a letter/);
    expect(section.getByLabelText('UAN')).toHaveAccessibleDescription(/UAN must be 12 digits/);
    expect(section.getByLabelText('IFSC')).toHaveAccessibleDescription(/IFSC must be four letters, a zero/);
    expect(section.getByLabelText('Full Name')).not.toHaveAttribute('aria-invalid');
    expect(pan).toHaveFocus();
    expect(requests().some((r) => r.method === 'PUT')).toBe(false);
    // Errors that belong to fields are said on the form, never in a toast.
    expect(section.getByRole('alert')).toHaveTextContent('Error updating employee: PAN must be five letters, four digits and a letter, e.g. ABCDE1234F');
    expect(screen.queryByRole('region', { name: 'Notifications' })).not.toBeInTheDocument();

    await user.clear(pan);
    await user.type(pan, 'ABCDE1234F');
    expect(pan).not.toHaveAttribute('aria-invalid');
    expect(section.getByLabelText('UAN')).toHaveAttribute('aria-invalid', 'true');
  });

  it("marks the fields the server's answer names, each without the API's name of the field", async () => {
    const { user } = openEdit({
      'PUT /api/employee/edit/7': () => json(400, { msg: 'email must be a valid email', fieldErrors: { email: 'email must be a valid email', 'statutory.bankAccount': 'Bank account number is already used by EMP0002' } }),
    });
    const section = await editSection();
    await user.type(await section.findByLabelText('Bank account number'), '50100123456789');
    await user.click(section.getByRole('button', { name: 'Update Employee' }));
    const email = section.getByLabelText('Email Address');
    await waitFor(() => expect(email).toHaveAttribute('aria-invalid', 'true'));
    expect(email).toHaveAccessibleDescription('Must be a valid email');
    expect(section.getByLabelText('Bank account number')).toHaveAccessibleDescription(/already used by EMP0002/);
    expect(email).toHaveFocus();
  });
});
