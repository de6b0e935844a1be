import { screen, within } from '@testing-library/react';
import { MSG } from '../../copy';
import { json, mockFetch } from '../../test/network';
import { renderApp } from '../../test/render-app';
import { employeeToken } from '../../test/tokens';

describe('employee dashboard frame', () => {
  it('greets the employee by name, fetched with the stored token', async () => {
    const token = employeeToken();
    const { requests } = mockFetch({ 'GET /api/employee/me': () => json(200, { name: 'Asha Rao' }) });
    renderApp({ path: '/employee', token });
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome, Asha Rao' })).toBeInTheDocument();
    expect(requests()[0]!.headers.get('x-auth-token')).toBe(token);
  });

  it("falls back to 'Employee' when the name cannot be loaded", async () => {
    mockFetch({ 'GET /api/employee/me': () => json(500, { msg: 'Server error' }) });
    renderApp({ path: '/employee', token: employeeToken() });
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome, Employee' })).toBeInTheDocument();
  });

  it('lists the spec sidebar; the five placeholders only say maintenance, in an in-app alert dialog', async () => {
    mockFetch({ 'GET /api/employee/me': () => json(200, { name: 'Asha Rao' }) });
    const { user, shown } = renderApp({ path: '/employee', token: employeeToken() });
    const nav = await screen.findByRole('navigation', { name: 'Employee Dashboard' });
    expect(within(nav).getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'Attendance',
      'Leave Requests',
      'Salary Slip',
      'Profile',
      'Tasks',
      'Performance Reviews',
      'Training & Development',
      'Benefits Management',
      'Expense Claims',
      'Team Directory',
      'Income Tax',
    ]);
    expect(within(nav).getByRole('link', { name: 'Salary Slip' })).toHaveAttribute('href', '/employee/salary');
    expect(within(nav).getByRole('link', { name: 'Income Tax' })).toHaveAttribute('href', '/employee/tax');

    for (const label of ['Performance Reviews', 'Training & Development', 'Benefits Management', 'Expense Claims', 'Team Directory']) {
      const entry = within(nav).getByRole('button', { name: label });
      await user.click(entry);
      const dialog = await screen.findByRole('alertdialog');
      expect(dialog).toHaveAccessibleDescription(MSG.underMaintenance);
      await user.click(within(dialog).getByRole('button', { name: 'OK' }));
      expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    }
    expect(shown()).toEqual(Array(5).fill({ kind: 'alert', message: MSG.underMaintenance }));
    // The header's 'Download Salary Slip' now downloads: see features/salary/own-slip-button.test.tsx.
  });

  it('Logout clears the token and cached data and returns to login', async () => {
    mockFetch({ 'GET /api/employee/me': () => json(200, { name: 'Asha Rao' }) });
    const { app, user, pathname, storedToken } = renderApp({ path: '/employee', token: employeeToken() });
    await screen.findByRole('heading', { name: 'Welcome, Asha Rao' });
    await user.click(screen.getByRole('button', { name: 'Logout' }));
    expect(await screen.findByRole('heading', { name: 'HR Portal Login' })).toBeInTheDocument();
    expect(pathname()).toBe('/');
    expect(storedToken()).toBeNull();
    expect(app.store.getState().api.queries).toEqual({});
  });
});
