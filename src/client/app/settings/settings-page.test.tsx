import { screen, within } from '@testing-library/react';
import { renderApp } from '../../test/render-app';
import { adminToken } from '../../test/tokens';

describe('Settings', () => {
  it('the sidebar entry after Tasks opens the list of set-up screens, each a link', async () => {
    const { user, pathname } = renderApp({ path: '/admin', token: adminToken() });
    const nav = await screen.findByRole('navigation', { name: 'HR Dashboard' });
    await user.click(within(nav).getByRole('link', { name: 'Settings' }));
    expect(await screen.findByRole('heading', { name: 'Settings' })).toBeInTheDocument();
    expect(pathname()).toBe('/admin/settings');
    const list = screen.getByRole('list', { name: 'Settings' });
    const names = within(list).getAllByRole('link').map((a) => a.textContent);
    expect(names).toEqual(expect.arrayContaining(['Leave types', 'Leave settings', 'Holidays', 'Working hours and late marks']));
    expect(screen.getByRole('link', { name: 'Holidays' })).toHaveAttribute('href', '/admin/holidays');
    expect(screen.getByRole('link', { name: 'Holidays' })).toHaveAccessibleDescription(/holiday calendar/);
  });
});
