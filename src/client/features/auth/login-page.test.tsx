import { act, screen, waitFor } from '@testing-library/react';
import { FALLBACK, MSG } from '../../copy';
import { deferred, json, mockFetch } from '../../test/network';
import { renderApp } from '../../test/render-app';
import { adminToken, employeeToken, expiredToken } from '../../test/tokens';

const fillAndSubmit = async (user: ReturnType<typeof renderApp>['user'], button: string) => {
  await user.type(screen.getByLabelText('Email'), 'someone@example.com');
  await user.type(screen.getByLabelText('Password'), 'correct horse');
  await user.click(screen.getByRole('button', { name: button }));
};

describe('login page', () => {
  it('shows the title with the Admin tab selected by default', () => {
    renderApp();
    expect(screen.getByRole('heading', { level: 1, name: 'HR Portal Login' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Admin' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tab', { name: 'Employee' })).toHaveAttribute('aria-selected', 'false');
    expect(screen.getByRole('tabpanel')).toHaveAccessibleName('Admin');
    expect(screen.getByLabelText('Email')).toHaveAttribute('type', 'email');
    expect(screen.getByRole('button', { name: 'Admin Login' })).toBeEnabled();
    expect(screen.getByRole('link', { name: 'Forgot password?' })).toHaveAttribute('href', '/forgot-password');
  });

  it('switches tabs by click and with the arrow keys', async () => {
    const { user } = renderApp();
    await user.click(screen.getByRole('tab', { name: 'Employee' }));
    expect(screen.getByRole('tab', { name: 'Employee' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('button', { name: 'Employee Login' })).toBeInTheDocument();
    expect(screen.getByLabelText('Password')).toBeInTheDocument();

    await user.keyboard('{ArrowLeft}');
    expect(screen.getByRole('tab', { name: 'Admin' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tab', { name: 'Admin' })).toHaveFocus();
    await user.keyboard('{End}');
    expect(screen.getByRole('tab', { name: 'Employee' })).toHaveFocus();
    // Roving tabindex: only the selected tab is in the tab order.
    expect(screen.getByRole('tab', { name: 'Admin' })).toHaveAttribute('tabindex', '-1');
  });

  it('hides the employee password when the server runs EMPLOYEE_LOGIN=email-only, and sends the email alone', async () => {
    const meta = document.createElement('meta');
    meta.name = 'hr-portal-employee-login';
    meta.content = 'email-only';
    document.head.append(meta);
    try {
      const { requests } = mockFetch({ 'POST /api/auth/employee-login': () => json(401, { msg: 'Invalid email or password' }) });
      const { user } = renderApp();
      expect(screen.getByLabelText('Password')).toBeInTheDocument();
      await user.click(screen.getByRole('tab', { name: 'Employee' }));
      expect(screen.queryByLabelText('Password')).not.toBeInTheDocument();
      await user.type(screen.getByLabelText('Email'), 'e@example.com');
      await user.click(screen.getByRole('button', { name: 'Employee Login' }));
      await screen.findByRole('alert');
      expect(await requests()[0]!.json()).toEqual({ email: 'e@example.com' });
    } finally {
      meta.remove();
    }
  });

  it('disables the form and reads "Logging in..." while the call is in flight, then shows the server msg', async () => {
    const answer = deferred();
    mockFetch({ 'POST /api/auth/admin-login': () => answer.promise });
    const { user } = renderApp();
    await fillAndSubmit(user, 'Admin Login');

    const button = await screen.findByRole('button', { name: 'Logging in...' });
    expect(button).toBeDisabled();
    expect(screen.getByLabelText('Email')).toBeDisabled();
    expect(screen.getByLabelText('Password')).toBeDisabled();
    expect(screen.getByRole('tab', { name: 'Employee' })).toBeDisabled();

    await act(async () => answer.release(json(401, { msg: 'Invalid email or password' })));
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid email or password');
    expect(screen.getByRole('button', { name: 'Admin Login' })).toBeEnabled();
    expect(screen.getByLabelText('Email')).toBeEnabled();
  });

  it('the Admin tab says where employees sign in, the same line whatever was typed, beside the spec banner', async () => {
    const hint = 'Employees sign in on the Employee tab';
    mockFetch({ 'POST /api/auth/admin-login': () => json(401, { msg: 'Invalid email or password' }) });
    const { user } = renderApp();
    expect(screen.getByRole('tabpanel')).toHaveTextContent(hint);
    await fillAndSubmit(user, 'Admin Login');
    // The spec's banner keeps its message; the hint is static, so it reveals nothing about the account.
    expect(await screen.findByRole('alert')).toHaveTextContent(/^Invalid email or password$/);
    expect(screen.getAllByText(hint)).toHaveLength(1);
    await user.click(screen.getByRole('tab', { name: 'Employee' }));
    expect(screen.queryByText(hint)).not.toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Admin' }));
    expect(screen.getByText(hint)).toBeInTheDocument();
  });

  it('admin success stores the token and opens /admin; the sign-in call carries no token', async () => {
    const token = adminToken();
    const { requests } = mockFetch({
      'POST /api/auth/admin-login': () => json(200, { token, email: 'someone@example.com', role: 'admin' }),
    });
    const { user, pathname, storedToken } = renderApp({ token: 'stale.old.token' });
    await fillAndSubmit(user, 'Admin Login');

    expect(await screen.findByRole('heading', { name: 'Welcome, Admin' })).toBeInTheDocument();
    expect(pathname()).toBe('/admin');
    expect(storedToken()).toBe(token);
    const [login] = requests();
    expect(await login!.json()).toEqual({ email: 'someone@example.com', password: 'correct horse' });
    expect(login!.headers.get('x-auth-token')).toBeNull();
  });

  it('employee success opens /employee', async () => {
    const token = employeeToken();
    mockFetch({
      'POST /api/auth/employee-login': () => json(200, { token, email: 'someone@example.com', role: 'employee' }),
      'GET /api/employee/me': () => json(200, { name: 'Asha Rao' }),
    });
    const { user, pathname, storedToken } = renderApp();
    await user.click(screen.getByRole('tab', { name: 'Employee' }));
    await fillAndSubmit(user, 'Employee Login');

    expect(await screen.findByRole('heading', { name: 'Welcome, Asha Rao' })).toBeInTheDocument();
    expect(pathname()).toBe('/employee');
    expect(storedToken()).toBe(token);
  });

  it('a signed-in user who opens / is sent to their dashboard instead of the form', async () => {
    mockFetch({ 'GET /api/employee/me': () => json(200, { name: 'Asha Rao' }) });
    const { pathname } = renderApp({ path: '/', token: employeeToken() });
    expect(await screen.findByRole('heading', { name: 'Welcome, Asha Rao' })).toBeInTheDocument();
    expect(pathname()).toBe('/employee');
    expect(screen.queryByRole('heading', { name: 'HR Portal Login' })).not.toBeInTheDocument();
  });

  it('a wrong role shows the spec message and removes the token', async () => {
    mockFetch({
      'POST /api/auth/employee-login': () => json(200, { token: adminToken(), email: 'x@example.com', role: 'admin' }),
    });
    // A stale stored token (a valid one would have sent this tab to its dashboard).
    const { user, pathname, storedToken } = renderApp({ token: expiredToken() });
    await user.click(screen.getByRole('tab', { name: 'Employee' }));
    await fillAndSubmit(user, 'Employee Login');

    expect(await screen.findByRole('alert')).toHaveTextContent(MSG.invalidEmployeeRole);
    expect(storedToken()).toBeNull();
    expect(pathname()).toBe('/');
  });

  it('a response without a role shows "Role not provided by server"', async () => {
    mockFetch({ 'POST /api/auth/admin-login': () => json(200, { token: adminToken(), email: 'x@example.com' }) });
    const { user, storedToken } = renderApp();
    await fillAndSubmit(user, 'Admin Login');
    expect(await screen.findByRole('alert')).toHaveTextContent(MSG.roleNotProvided);
    expect(storedToken()).toBeNull();
  });

  it('falls back to "Admin login failed" when the server gives no msg', async () => {
    mockFetch({ 'POST /api/auth/admin-login': () => new Response('<h1>Bad gateway</h1>', { status: 502 }) });
    const { user } = renderApp();
    await fillAndSubmit(user, 'Admin Login');
    expect(await screen.findByRole('alert')).toHaveTextContent(FALLBACK.adminLogin);
  });

  it('an unreachable server shows the network error', async () => {
    mockFetch({ 'POST /api/auth/admin-login': () => Promise.reject(new TypeError('fetch failed')) });
    const { user } = renderApp();
    await fillAndSubmit(user, 'Admin Login');
    expect(await screen.findByRole('alert')).toHaveTextContent(MSG.networkError);
  });

  it('after an inactivity timeout the login page says so, until the next sign-in starts', async () => {
    const answer = deferred();
    mockFetch({
      'GET /api/employee/me': () => json(200, { name: 'Asha Rao' }),
      'POST /api/auth/employee-login': () => answer.promise,
    });
    const { app, user, pathname } = renderApp({ path: '/employee', token: employeeToken() });
    await screen.findByRole('heading', { name: 'Welcome, Asha Rao' });

    act(() => app.session.send({ type: 'INACTIVITY_TIMEOUT' }));
    await waitFor(() => expect(pathname()).toBe('/'));
    await screen.findByRole('heading', { name: 'HR Portal Login' });
    expect(screen.getByRole('status')).toHaveTextContent(MSG.sessionTimedOut);

    await user.click(screen.getByRole('tab', { name: 'Employee' }));
    await fillAndSubmit(user, 'Employee Login');
    expect(screen.queryByText(MSG.sessionTimedOut)).not.toBeInTheDocument();
  });
});
