import { screen, within } from '@testing-library/react';
import { renderApp } from '../../test/render-app';
import { adminToken } from '../../test/tokens';

describe('admin dashboard frame', () => {
  it('shows the HR Dashboard sidebar in the spec order, the welcome header and the last update', async () => {
    renderApp({ path: '/admin', token: adminToken() });
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome, Admin' })).toBeInTheDocument();
    expect(screen.getByText(/Last updated/)).toBeInTheDocument();

    const nav = screen.getByRole('navigation', { name: 'HR Dashboard' });
    const items = within(nav).getAllByRole('listitem').map((li) => li.textContent);
    expect(items).toEqual(['Add Employee', 'Employee List', 'Attendance', 'Leave Requests', 'Tasks', 'Settings', 'Logout']);
    expect(within(nav).getByRole('link', { name: 'Employee List' })).toHaveAttribute('href', '/admin/employees/list');
    expect(within(nav).getByRole('link', { name: 'Attendance' })).toHaveAttribute('href', '/admin/attendance');
  });

  it('the Menu button opens and closes the small-screen drawer', async () => {
    const { user } = renderApp({ path: '/admin', token: adminToken() });
    const menu = await screen.findByRole('button', { name: 'Menu' });
    expect(menu).toHaveAttribute('aria-expanded', 'false');
    await user.click(menu);
    expect(menu).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('link', { name: 'Add Employee' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(menu).toHaveAttribute('aria-expanded', 'false');
    expect(menu).toHaveFocus();
  });

  it('Logout clears the token and returns to the login page', async () => {
    const { user, pathname, storedToken } = renderApp({ path: '/admin', token: adminToken() });
    await user.click(await screen.findByRole('button', { name: 'Logout' }));
    expect(await screen.findByRole('heading', { name: 'HR Portal Login' })).toBeInTheDocument();
    expect(pathname()).toBe('/');
    expect(storedToken()).toBeNull();
  });

  it('an unknown admin path shows a not-found panel inside the frame', async () => {
    renderApp({ path: '/admin/nowhere', token: adminToken() });
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Welcome, Admin' })).toBeInTheDocument();
  });
});
