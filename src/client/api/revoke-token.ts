/**
 * Ends a session token on the server (POST /api/auth/logout) when this tab lets go of it: Logout,
 * the inactivity timeout, another tab signing in as someone else. Best effort by design: sign-out
 * never waits for it, and any answer (2xx, 401 for a token already dead, a network error) is
 * ignored. It goes around RTK Query on purpose: the token is passed explicitly (the session has
 * already forgotten it), and a 401 here must not reach the base query's 401 hand-off.
 */
import { REQUEST_TIMEOUT_MS } from '../../shared/constants';

export const LOGOUT_PATH = '/api/auth/logout';

/** Sends the logout call for `token`; the promise always resolves. */
export async function revokeToken(apiHost: string, token: string, fetchImpl: typeof fetch = fetch): Promise<void> {
  try {
    const request = new Request(`${apiHost}${LOGOUT_PATH}`, {
      method: 'POST',
      headers: { 'x-auth-token': token },
      // The call outlives the page if the person closes the tab right after Logout.
      keepalive: true,
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
    await fetchImpl(request);
  } catch {
    // Nothing to do: the token still expires on its own.
  }
}
