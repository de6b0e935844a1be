import { screen, waitFor, within } from '@testing-library/react';
import { MSG } from '../../copy';
import { json, mockFetch } from '../../test/network';
import { expectLoginNotice, renderApp } from '../../test/render-app';
import { adminToken, employeeToken, expiredToken, garbageToken } from '../../test/tokens';

describe('dashboard entry guards (product.md, Input rules)', () => {
  it('no token: /admin goes to the login page without a message', async () => {
    const { shown, pathname } = renderApp({ path: '/admin' });
    await screen.findByRole('heading', { name: 'HR Portal Login' });
    expect(pathname()).toBe('/');
    expect(shown()).toEqual([]);
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('an employee token opening /admin: "Unauthorized access" on the login page, token removed, back to /', async () => {
    const { shown, pathname, storedToken } = renderApp({ path: '/admin', token: employeeToken() });
    await expectLoginNotice(MSG.unauthorized);
    expect(storedToken()).toBeNull();
    expect(pathname()).toBe('/');
    // Said once, where the person lands: no dialog or toast on top of it.
    expect(shown()).toEqual([]);
  });

  it('the notice stays (across the login tabs) until it is dismissed', async () => {
    const { user } = renderApp({ path: '/admin', token: employeeToken() });
    const notice = await expectLoginNotice(MSG.unauthorized);
    await user.click(screen.getByRole('tab', { name: 'Employee' }));
    expect(notice).toBeInTheDocument();
    const banner = notice.parentElement!;
    await user.click(within(banner).getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByText(MSG.unauthorized)).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'HR Portal Login' })).toBeInTheDocument();
  });

  it('an admin token opening /employee/change-password is unauthorized too', async () => {
    const { pathname } = renderApp({ path: '/employee/change-password', token: adminToken() });
    await expectLoginNotice(MSG.unauthorized);
    expect(pathname()).toBe('/');
  });

  it.each([
    ['an undecodable', garbageToken],
    ['an expired', expiredToken()],
  ])('%s token: "Invalid session. Please login again.", token removed', async (_label, token) => {
    const { storedToken } = renderApp({ path: '/employee', token });
    await expectLoginNotice(MSG.invalidSession);
    expect(storedToken()).toBeNull();
  });

  it('a 401 from any call ends the session once and says why on the login page', async () => {
    // /employee makes up to three calls (the greeting, the welcome card, the home's figures once its
    // code has loaded); every one is refused.
    const { requests } = mockFetch({
      'GET /api/employee/me': () => json(401, { msg: 'Invalid or expired session. Please log in again.' }),
      'GET /api/employee/current': () => json(401, { msg: 'Invalid or expired session. Please log in again.' }),
      'GET /api/dashboard/me': () => json(401, { msg: 'Invalid or expired session. Please log in again.' }),
    });
    const { pathname, storedToken, shown } = renderApp({ path: '/employee', token: employeeToken() });
    await waitFor(() => expect(pathname()).toBe('/'));
    await screen.findByRole('heading', { name: 'HR Portal Login' });
    expect(screen.getByRole('status')).toHaveTextContent('Invalid or expired session. Please log in again.');
    expect(storedToken()).toBeNull();
    expect(shown()).toEqual([]);
    // Each call once, no retries; and the session ended once (a single notice, no dialog or toast).
    const paths = requests().map((r) => new URL(r.url).pathname);
    expect(paths).toEqual(expect.arrayContaining(['/api/employee/me', '/api/employee/current']));
    expect(new Set(paths).size).toBe(paths.length);
  });
});
