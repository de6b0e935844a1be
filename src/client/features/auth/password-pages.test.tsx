import { screen } from '@testing-library/react';
import { MSG } from '../../copy';
import { SERVER_MSG } from '../../../shared/messages';
import { json, mockFetch } from '../../test/network';
import { renderApp } from '../../test/render-app';

describe('forgot password page', () => {
  it('sends the email and shows the server msg', async () => {
    const { requests } = mockFetch({
      'POST /api/auth/forgot-password': () => json(200, { msg: SERVER_MSG.resetLinkSent }),
    });
    const { user } = renderApp({ path: '/forgot-password' });
    // The public pages load on demand: wait for the form.
    await user.type(await screen.findByLabelText('Email'), 'asha@example.com');
    await user.click(screen.getByRole('button', { name: 'Send Link' }));
    expect(await screen.findByRole('status')).toHaveTextContent(SERVER_MSG.resetLinkSent);
    expect(await requests()[0]!.json()).toEqual({ email: 'asha@example.com' });
  });
});

describe('set password page', () => {
  it('without a link token it says the link is invalid', async () => {
    renderApp({ path: '/set-password' });
    expect(await screen.findByRole('alert')).toHaveTextContent(SERVER_MSG.invalidResetToken);
  });

  it('applies the change-password rules before calling the server', async () => {
    const { fetchMock } = mockFetch({});
    const { user } = renderApp({ path: '/set-password?token=one-time-token-123' });
    await user.type(screen.getByLabelText('New Password'), 'short');
    await user.type(screen.getByLabelText('Confirm Password'), 'short');
    await user.click(screen.getByRole('button', { name: 'Set Password' }));
    expect(screen.getByRole('alert')).toHaveTextContent(MSG.passwordTooShort);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('sends the link token with the new password and shows the server msg', async () => {
    const { requests } = mockFetch({ 'POST /api/auth/set-password': () => json(200, { msg: SERVER_MSG.passwordSet }) });
    const { user } = renderApp({ path: '/set-password?token=one-time-token-123' });
    await user.type(screen.getByLabelText('New Password'), 'a-good-password');
    await user.type(screen.getByLabelText('Confirm Password'), 'a-good-password');
    await user.click(screen.getByRole('button', { name: 'Set Password' }));
    expect(await screen.findByRole('status')).toHaveTextContent(SERVER_MSG.passwordSet);
    expect(screen.getByRole('link', { name: 'Back to login' })).toHaveAttribute('href', '/');
    const [call] = requests();
    expect(await call!.json()).toEqual({ token: 'one-time-token-123', password: 'a-good-password' });
    expect(call!.headers.get('x-auth-token')).toBeNull();
  });

  it('shows the server error for an expired link', async () => {
    mockFetch({ 'POST /api/auth/set-password': () => json(400, { msg: SERVER_MSG.invalidResetToken }) });
    const { user, storedToken } = renderApp({ path: '/set-password?token=one-time-token-123' });
    await user.type(screen.getByLabelText('New Password'), 'a-good-password');
    await user.type(screen.getByLabelText('Confirm Password'), 'a-good-password');
    await user.click(screen.getByRole('button', { name: 'Set Password' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(SERVER_MSG.invalidResetToken);
    expect(storedToken()).toBeNull();
  });
});
