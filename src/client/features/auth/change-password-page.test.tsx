import { screen, waitFor } from '@testing-library/react';
import { MSG } from '../../copy';
import { json, mockFetch } from '../../test/network';
import { renderApp } from '../../test/render-app';
import { employeeToken } from '../../test/tokens';

async function openPage(handlers: Parameters<typeof mockFetch>[0] = {}) {
  const network = mockFetch({
    'GET /api/employee/me': () => json(200, { name: 'Asha Rao' }),
    // The dashboard's welcome card loads the employee's details on every employee screen.
    'GET /api/employee/current': () =>
      json(200, { _id: '2', employeeId: 'EMP0001', name: 'Asha Rao', email: 'asha@example.com', position: 'Engineer', salary: 50000 }),
    ...handlers,
  });
  const app = renderApp({ path: '/employee/change-password', token: employeeToken() });
  await screen.findByRole('heading', { name: 'Change Password' });
  const fill = async (oldPassword: string, newPassword: string, confirm: string) => {
    await app.user.type(screen.getByLabelText('Old Password'), oldPassword);
    await app.user.type(screen.getByLabelText('New Password'), newPassword);
    await app.user.type(screen.getByLabelText('Confirm New Password'), confirm);
    await app.user.click(screen.getByRole('button', { name: 'Update Password' }));
  };
  return { ...app, ...network, fill };
}

describe('change password page', () => {
  it('reports a mismatch before a short password, without calling the server', async () => {
    const { fill, requests } = await openPage();
    await fill('old-secret', 'short', 'shorter');
    expect(screen.getByRole('alert')).toHaveTextContent(MSG.passwordsDoNotMatch);
    expect(requests().filter((r) => r.url.includes('change-password'))).toHaveLength(0);
  });

  it('shows the server msg, then goes to /employee/attendance after 2 seconds', async () => {
    const { fill, requests, pathname } = await openPage({
      'PUT /api/auth/change-password': () => json(200, { msg: 'Password updated successfully' }),
    });
    await fill('old-secret', 'new-secret-1', 'new-secret-1');
    expect(await screen.findByText('Password updated successfully')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Update Password' })).toBeDisabled();
    const call = requests().find((r) => r.url.includes('change-password'))!;
    expect(await call.json()).toEqual({ oldPassword: 'old-secret', newPassword: 'new-secret-1' });
    expect(pathname()).toBe('/employee/change-password');
    await waitFor(() => expect(pathname()).toBe('/employee/attendance'), { timeout: 15_000 });
  });

  it('shows the server error and keeps the employee on the page', async () => {
    const { fill, pathname } = await openPage({
      'PUT /api/auth/change-password': () => json(400, { msg: 'Old password is incorrect' }),
    });
    await fill('wrong-secret', 'new-secret-1', 'new-secret-1');
    expect(await screen.findByRole('alert')).toHaveTextContent('Old password is incorrect');
    expect(screen.getByRole('button', { name: 'Update Password' })).toBeEnabled();
    expect(pathname()).toBe('/employee/change-password');
  });
});
