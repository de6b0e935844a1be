import { screen } from '@testing-library/react';
import { ACCOUNT_MSG } from '../../../shared/messages';
import { ACCOUNT_UI } from '../../copy';
import { json, mockFetch } from '../../test/network';
import { renderApp } from '../../test/render-app';

describe('confirm email page', () => {
  it('confirms only when asked (a mail scanner opening the link changes nothing), then shows the server msg', async () => {
    const { requests } = mockFetch({ 'POST /api/auth/confirm-email': () => json(200, { msg: ACCOUNT_MSG.emailConfirmed }) });
    const { user } = renderApp({ path: '/confirm-email?token=email-link-token-123' });
    expect(await screen.findByRole('heading', { name: ACCOUNT_UI.confirmEmailTitle })).toBeInTheDocument();
    expect(requests()).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: ACCOUNT_UI.confirmEmailButton }));
    expect(await screen.findByRole('status')).toHaveTextContent(ACCOUNT_MSG.emailConfirmed);
    expect(screen.getByRole('link', { name: 'Back to login' })).toHaveAttribute('href', '/');
    const [call] = requests();
    expect(await call!.json()).toEqual({ token: 'email-link-token-123' });
    expect(call!.headers.get('x-auth-token')).toBeNull();
  });

  it("shows the server's refusal, and says a link without a token is invalid", async () => {
    mockFetch({ 'POST /api/auth/confirm-email': () => json(400, { msg: ACCOUNT_MSG.invalidEmailLink }) });
    const { user } = renderApp({ path: '/confirm-email?token=used-link-token-123' });
    await user.click(await screen.findByRole('button', { name: ACCOUNT_UI.confirmEmailButton }));
    expect(await screen.findByRole('alert')).toHaveTextContent(ACCOUNT_MSG.invalidEmailLink);
  });

  it('without a token it says the link is invalid', async () => {
    renderApp({ path: '/confirm-email' });
    expect(await screen.findByRole('alert')).toHaveTextContent(ACCOUNT_MSG.invalidEmailLink);
    expect(screen.queryByRole('button', { name: ACCOUNT_UI.confirmEmailButton })).not.toBeInTheDocument();
  });
});
