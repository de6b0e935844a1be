import { act, screen, waitFor, within } from '@testing-library/react';
import { EMPLOYEE_UI, FALLBACK, MSG } from '../../copy';
import { json } from '../../test/network';
import { renderApp } from '../../test/render-app';
import { adminToken } from '../../test/tokens';
import { listRequests, mockAdminScreen } from '../../test/admin-screen-network';
import { FakeXhr, installFakeXhr } from '../../test/fake-xhr';

installFakeXhr();

function openPage(handlers: Parameters<typeof mockAdminScreen>[0] = {}, path = '/admin/employees/add') {
  const network = mockAdminScreen(handlers);
  const app = renderApp({ path, token: adminToken() });
  return { ...app, ...network };
}

/** The screen's own sections, apart from the frame's attendance overview. */
const addSection = async () => within((await screen.findByRole('heading', { name: 'Add Employee' })).closest('section')!);
const uploadSection = async () =>
  within((await screen.findByRole('heading', { name: EMPLOYEE_UI.uploadTitle })).closest('section')!);

async function fillEmployee(user: ReturnType<typeof renderApp>['user']) {
  const form = await addSection();
  await user.type(form.getByLabelText('Name'), 'Asha Rao');
  await user.type(form.getByLabelText('Email'), 'asha@example.com');
  await user.type(form.getByLabelText('Position'), 'Engineer');
  await user.type(form.getByLabelText('Salary'), '123456.50');
  return form;
}

describe('Add Employee page', () => {
  it('has the four required fields, Salary a number', async () => {
    openPage();
    const form = await addSection();
    for (const label of ['Name', 'Email', 'Position', 'Salary']) expect(form.getByLabelText(label)).toBeRequired();
    expect(form.getByLabelText('Email')).toHaveAttribute('type', 'email');
    expect(form.getByLabelText('Salary')).toHaveAttribute('type', 'number');
  });

  it('adds: sends a decimal salary, shows the msg, clears the fields, goes to the list after 2 s', async () => {
    const { user, requests, pathname } = openPage({
      'POST /api/employee': () => json(200, { msg: 'Employee added successfully', _id: '5', employeeId: 'EMP0005' }),
    });
    const form = await fillEmployee(user);
    await user.click(form.getByRole('button', { name: 'Add Employee' }));

    expect(await form.findByText('Employee added successfully')).toBeInTheDocument();
    const post = requests().find((r) => r.method === 'POST')!;
    expect(await post.json()).toEqual({ name: 'Asha Rao', email: 'asha@example.com', position: 'Engineer', salary: 123456.5 });
    expect(post.headers.get('x-auth-token')).toBeTruthy();
    for (const label of ['Name', 'Email', 'Position']) expect(form.getByLabelText(label)).toHaveValue('');
    expect(form.getByLabelText('Salary')).toHaveValue(null);
    expect(pathname()).toBe('/admin/employees/add');

    await waitFor(() => expect(pathname()).toBe('/admin/employees/list'), { timeout: 15_000 });
    await waitFor(() => expect(screen.getByText('No employees found.')).toBeInTheDocument(), { timeout: 15_000 });
    expect(screen.queryByText('Employee added successfully')).not.toBeInTheDocument();
  });

  it('shows a failure in red text and keeps what was typed', async () => {
    const { user, pathname } = openPage({
      'POST /api/employee': () => json(409, { msg: 'An account with the email asha@example.com already exists' }),
    });
    const form = await fillEmployee(user);
    await user.click(form.getByRole('button', { name: 'Add Employee' }));
    const error = await form.findByRole('alert');
    expect(error).toHaveTextContent('An account with the email asha@example.com already exists');
    expect(error).toHaveClass('form-error');
    expect(form.getByLabelText('Name')).toHaveValue('Asha Rao');
    expect(pathname()).toBe('/admin/employees/add');
  });

  it("falls back to 'Failed to add employee'", async () => {
    const { user } = openPage({ 'POST /api/employee': () => json(500, {}) });
    const form = await fillEmployee(user);
    await user.click(form.getByRole('button', { name: 'Add Employee' }));
    expect(await form.findByRole('alert')).toHaveTextContent(FALLBACK.addEmployee);
  });
});

/** The `count`th upload request, once the upload mutation has opened it. */
async function sentXhr(count: number) {
  await waitFor(() => expect(FakeXhr.all).toHaveLength(count));
  return FakeXhr.all[count - 1]!;
}

describe('Upload Employees via CSV', () => {
  const csvFile = () => new File(['name,email,position,salary\n'], 'staff.csv', { type: 'text/csv' });

  it('accepts only .csv files', async () => {
    openPage();
    expect((await uploadSection()).getByLabelText(EMPLOYEE_UI.csvFile)).toHaveAttribute('accept', '.csv');
  });

  it("without a file: 'Please select a CSV file to upload', nothing sent", async () => {
    const { user } = openPage();
    const section = await uploadSection();
    await user.click(section.getByRole('button', { name: 'Upload CSV' }));
    expect(await section.findByRole('alert')).toHaveTextContent(MSG.csvRequired);
    expect(FakeXhr.all).toHaveLength(0);
  });

  it('shows progress, then the msg and the row errors, refreshes the list and goes there after 2 s', async () => {
    const { user, pathname, requests } = openPage();
    const section = await uploadSection();
    const rosterFetches = listRequests(requests()).length;

    await user.upload(section.getByLabelText(EMPLOYEE_UI.csvFile), csvFile());
    await user.click(section.getByRole('button', { name: 'Upload CSV' }));
    const xhr = await sentXhr(1);
    expect(xhr.url).toBe('/api/employee/upload');
    expect(((xhr.body as FormData).get('file') as File).name).toBe('staff.csv');

    act(() => xhr.progress(40, 100));
    const bar = await section.findByLabelText('Uploading... 40%');
    expect(bar).toHaveAttribute('value', '40');
    act(() => xhr.sent());
    const busy = await section.findByLabelText(EMPLOYEE_UI.importing);
    expect(busy).not.toHaveAttribute('value');

    act(() => xhr.answer(200, JSON.stringify({ msg: 'Added 3 of 5 employees', errors: ['Row 3: invalid email "x@"', 'Row 5: salary is required'] })));
    expect(await section.findByText('Added 3 of 5 employees')).toBeInTheDocument();
    expect(
      section.getByText('Some employees could not be added: Row 3: invalid email "x@"; Row 5: salary is required'),
    ).toBeInTheDocument();
    expect(section.queryByRole('progressbar')).not.toBeInTheDocument();
    await waitFor(() => expect(pathname()).toBe('/admin/employees/list'), { timeout: 15_000 });
    // The import invalidated the list tag: the list shows the roster fetched after the import.
    await waitFor(() => expect(listRequests(requests()).length).toBeGreaterThan(rosterFetches));
    expect(await screen.findByText('No employees found.')).toBeInTheDocument();
  });

  it("shows the server's refusal, or 'Failed to upload CSV'", async () => {
    const { user, pathname } = openPage();
    const section = await uploadSection();
    await user.upload(section.getByLabelText(EMPLOYEE_UI.csvFile), csvFile());
    await user.click(section.getByRole('button', { name: 'Upload CSV' }));
    const first = await sentXhr(1);
    act(() => first.answer(400, JSON.stringify({ msg: 'The CSV file is missing the column(s): salary' })));
    expect(await section.findByRole('alert')).toHaveTextContent('The CSV file is missing the column(s): salary');

    await user.click(section.getByRole('button', { name: 'Upload CSV' }));
    const second = await sentXhr(2);
    act(() => second.answer(502, '<html>bad gateway</html>'));
    await waitFor(() => expect(section.getByRole('alert')).toHaveTextContent(FALLBACK.uploadCsv));
    expect(pathname()).toBe('/admin/employees/add');
  });
});
