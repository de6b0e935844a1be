import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SERVER_MSG } from '../../../shared/messages';
import { mockAdminScreen } from '../../test/admin-screen-network';
import { json } from '../../test/network';
import { renderApp } from '../../test/render-app';
import { adminToken } from '../../test/tokens';
import { OWN_PASSWORD_MSG } from './own-password-machine';
import { OWN_PASSWORD_UI } from './own-password-page';

describe("the admin's own password", () => {
  it('shows each problem at its field, focused, and the server refusal at the current password', async () => {
    const network = mockAdminScreen({
      'PUT /api/auth/change-password': async (req) => {
        const body = (await req.clone().json()) as { oldPassword: string };
        return body.oldPassword === 'right-password' ? json(200, { msg: 'Password updated successfully', token: adminToken() }) : json(400, { msg: SERVER_MSG.wrongOldPassword });
      },
    });
    renderApp({ path: '/admin/change-password', token: adminToken() });
    await screen.findByRole('heading', { name: OWN_PASSWORD_UI.title });
    const user = userEvent.setup();
    const current = screen.getByLabelText(OWN_PASSWORD_UI.current);
    await user.click(screen.getByRole('button', { name: 'Update Password' }));
    expect(current).toHaveAccessibleDescription(OWN_PASSWORD_MSG.currentRequired);
    expect(current).toHaveAttribute('aria-invalid', 'true');
    expect(current).toHaveFocus();

    await user.type(current, 'wrong-password');
    await user.type(screen.getByLabelText('New Password'), 'a-sturdy-new-pass');
    await user.type(screen.getByLabelText('Confirm New Password'), 'a-sturdy-new-pass');
    await user.click(screen.getByRole('button', { name: 'Update Password' }));
    expect(await screen.findByText(SERVER_MSG.wrongOldPassword)).toBeInTheDocument();
    expect(current).toHaveAccessibleDescription(SERVER_MSG.wrongOldPassword);

    await user.clear(current);
    await user.type(current, 'right-password');
    await user.click(screen.getByRole('button', { name: 'Update Password' }));
    expect(await screen.findByText('Password updated successfully')).toBeInTheDocument();
    expect(current).toHaveValue('');
    expect(network.requests().filter((r) => r.method === 'PUT')).toHaveLength(2);
  });
});
