/**
 * The session's wiring in createApp, without rendering: requests take the token from the session
 * (not localStorage), other tabs reach the session through the `storage` event, and a dropped token
 * is revoked on the server with a plain call that never feeds the 401 hand-off.
 */
import { createMemoryRouter } from 'react-router-dom';
import { TOKEN_STORAGE_KEY } from '../../shared/constants';
import { api } from '../api/base-api';
import { SESSION_COPY } from '../features/session/session-copy';
import { deferred, json, mockFetch } from '../test/network';
import { employeeToken } from '../test/tokens';
import { createApp } from './create-app';
import { routes } from './router';

const probeApi = api.injectEndpoints({
  endpoints: (build) => ({ sessionProbe: build.query<unknown, void>({ query: () => '/api/session-probe' }) }),
});

const X = employeeToken();
const Y = employeeToken({ employeeId: 'EMP0002', user: { id: '3', role: 'employee' } });

const running: { session: { stop(): void }; feedback: { stop(): void } }[] = [];
afterEach(() => running.splice(0).forEach((app) => (app.session.stop(), app.feedback.stop())));

function start(token: string | null) {
  if (token) localStorage.setItem(TOKEN_STORAGE_KEY, token);
  const router = createMemoryRouter(routes, { initialEntries: ['/employee'] });
  const app = createApp({ router });
  running.push(app);
  const probe = () => app.store.dispatch(probeApi.endpoints.sessionProbe.initiate(undefined, { forceRefetch: true }));
  return { app, probe, pathname: () => router.state.location.pathname };
}

/** Another tab writes the token: localStorage changes, and this tab receives the `storage` event. */
function anotherTabStores(token: string | null) {
  const oldValue = localStorage.getItem(TOKEN_STORAGE_KEY);
  if (token === null) localStorage.removeItem(TOKEN_STORAGE_KEY);
  else localStorage.setItem(TOKEN_STORAGE_KEY, token);
  window.dispatchEvent(new StorageEvent('storage', { key: TOKEN_STORAGE_KEY, oldValue, newValue: token, storageArea: localStorage }));
}

const headerOf = (request: Request) => request.headers.get('x-auth-token');
const logoutCalls = (requests: Request[]) => requests.filter((r) => new URL(r.url).pathname === '/api/auth/logout');

describe('createApp: one owner of the session', () => {
  it("requests carry the session's token even after localStorage changed behind its back", async () => {
    const { requests } = mockFetch({ 'GET /api/session-probe': () => json(200, {}) });
    const { probe } = start(X);
    // A write this tab has not heard about (the event is still on its way): it must change nothing.
    localStorage.setItem(TOKEN_STORAGE_KEY, Y);
    await probe();
    expect(requests().map(headerOf)).toEqual([X]);
  });

  it('another account signing in elsewhere signs this tab out, revokes its token, and leaves theirs stored', async () => {
    const { requests } = mockFetch({
      'POST /api/auth/logout': () => new Response(null, { status: 204 }),
      'GET /api/session-probe': () => json(200, {}),
    });
    const { app, probe, pathname } = start(X);
    anotherTabStores(Y);
    expect(app.session.getSnapshot().value).toBe('noToken');
    expect(app.session.getSnapshot().context.notice).toBe(SESSION_COPY.otherAccountSignedIn);
    expect(pathname()).toBe('/');
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBe(Y);
    expect(logoutCalls(requests()).map(headerOf)).toEqual([X]);
    // And this tab does not act for Y: its calls now fail locally.
    const result = await probe();
    expect(result.error).toMatchObject({ status: 'CUSTOM_ERROR' });
    expect(requests().filter((r) => r.url.endsWith('/api/session-probe'))).toEqual([]);
  });

  it('a logout elsewhere signs this tab out without a second logout call', () => {
    const { requests } = mockFetch({});
    const { app, pathname } = start(X);
    anotherTabStores(null);
    expect(app.session.getSnapshot().value).toBe('noToken');
    expect(app.session.getSnapshot().context.notice).toBe(SESSION_COPY.signedOutElsewhere);
    expect(pathname()).toBe('/');
    expect(requests()).toEqual([]);
  });

  it('the same person signing in again elsewhere is followed quietly: the next call uses the new token', async () => {
    const { requests } = mockFetch({
      'GET /api/session-probe': () => json(200, {}),
      'POST /api/auth/logout': () => new Response(null, { status: 204 }),
    });
    const { app, probe } = start(X);
    const fresh = employeeToken({ tv: 2 });
    anotherTabStores(fresh);
    expect(app.session.getSnapshot().value).toEqual({ signedIn: 'employee' });
    await probe();
    expect(requests().filter((r) => r.url.endsWith('/api/session-probe')).map(headerOf)).toEqual([fresh]);
    // The token no tab holds any more is ended on the server.
    expect(logoutCalls(requests()).map(headerOf)).toEqual([X]);
  });

  it('Logout does not wait for the server, and a 401 from the logout call ends nothing more', async () => {
    const answer = deferred();
    const { requests } = mockFetch({ 'POST /api/auth/logout': () => answer.promise });
    const { app, pathname } = start(X);
    app.session.send({ type: 'LOGOUT' });
    // Signed out at once, while the server has not answered yet.
    expect(app.session.getSnapshot().value).toBe('noToken');
    expect(pathname()).toBe('/');
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
    expect(logoutCalls(requests()).map(headerOf)).toEqual([X]);

    // Someone signs in here before the answer comes: the late 401 must not touch the new session.
    app.session.send({ type: 'LOGIN_SUCCEEDED', token: Y });
    answer.release(json(401, { msg: 'Invalid or expired session. Please log in again.' }));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(app.session.getSnapshot().value).toEqual({ signedIn: 'employee' });
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBe(Y);
  });

  it("a session that ends here removes the stored token only while it is still this tab's", async () => {
    mockFetch({ 'GET /api/session-probe': () => json(401, { msg: 'Invalid or expired session. Please log in again.' }) });
    const { app, probe } = start(X);
    // Another tab has stored Y, and this tab's 401 for X arrives before that tab's event.
    localStorage.setItem(TOKEN_STORAGE_KEY, Y);
    await probe();
    expect(app.session.getSnapshot().value).toBe('noToken');
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBe(Y);
  });
});
