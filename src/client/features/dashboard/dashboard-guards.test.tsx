import { screen, waitFor } from '@testing-library/react';
import { MSG } from '../../../shared/messages';
import { json, mockFetch } from '../../test/network';
import { renderApp } from '../../test/render-app';
import { adminToken, employeeToken, expiredToken, garbageToken } from '../../test/tokens';

describe('dashboard entry guards (spec section 5)', () => {
  it('no token: /admin goes to the login page without an alert', async () => {
    const { alert, pathname } = renderApp({ path: '/admin' });
    expect(await screen.findByRole('heading', { name: 'HR Portal Login' })).toBeInTheDocument();
    expect(pathname()).toBe('/');
    expect(alert).not.toHaveBeenCalled();
  });

  it('an employee token opening /admin: "Unauthorized access", token removed, back to /', async () => {
    const { alert, pathname, storedToken } = renderApp({ path: '/admin', token: employeeToken() });
    await screen.findByRole('heading', { name: 'HR Portal Login' });
    expect(alert).toHaveBeenCalledWith(MSG.unauthorized);
    expect(storedToken()).toBeNull();
    expect(pathname()).toBe('/');
  });

  it('an admin token opening /employee/change-password is unauthorized too', async () => {
    const { alert, pathname } = renderApp({ path: '/employee/change-password', token: adminToken() });
    await screen.findByRole('heading', { name: 'HR Portal Login' });
    expect(alert).toHaveBeenCalledWith(MSG.unauthorized);
    expect(pathname()).toBe('/');
  });

  it.each([
    ['an undecodable', garbageToken],
    ['an expired', expiredToken()],
  ])('%s token: "Invalid session. Please login again.", token removed', async (_label, token) => {
    const { alert, storedToken } = renderApp({ path: '/employee', token });
    await screen.findByRole('heading', { name: 'HR Portal Login' });
    expect(alert).toHaveBeenCalledWith(MSG.invalidSession);
    expect(storedToken()).toBeNull();
  });

  it('a 401 from any call ends the session once and says why on the login page', async () => {
    // The frame makes two calls (the greeting and the welcome card); both are refused.
    const { fetchMock } = mockFetch({
      'GET /api/employee/me': () => json(401, { msg: 'Invalid or expired session. Please log in again.' }),
      'GET /api/employee/current': () => json(401, { msg: 'Invalid or expired session. Please log in again.' }),
    });
    const { pathname, storedToken, alert } = renderApp({ path: '/employee', token: employeeToken() });
    await waitFor(() => expect(pathname()).toBe('/'));
    await screen.findByRole('heading', { name: 'HR Portal Login' });
    expect(screen.getByRole('status')).toHaveTextContent('Invalid or expired session. Please log in again.');
    expect(storedToken()).toBeNull();
    expect(alert).not.toHaveBeenCalled();
    // Each call once, no retries; and the session ended once (a single notice, no alert).
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });
});
