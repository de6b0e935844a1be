import { TOKEN_STORAGE_KEY } from '../../shared/constants';
import { MSG } from '../copy';
import { makeStore } from '../app/store';
import { json, mockFetch } from '../test/network';
import { api } from './base-api';

const probeApi = api.injectEndpoints({
  endpoints: (build) => ({
    privateProbe: build.query<unknown, void>({ query: () => '/api/probe' }),
    publicProbe: build.mutation<unknown, void>({
      query: () => ({ url: '/api/public-probe', method: 'POST', body: {} }),
      extraOptions: { public: true },
    }),
    bearerProbe: build.query<unknown, void>({ query: () => '/api/bearer-probe', extraOptions: { bearer: true } }),
  }),
});

/** A store whose session holds `token` (the session machine's place is taken by a plain variable). */
function setup(token: string | null = 'the.token.sig') {
  const session = { token };
  const onUnauthorized = jest.fn();
  const store = makeStore({ getToken: () => session.token, onUnauthorized });
  const callPrivate = () => store.dispatch(probeApi.endpoints.privateProbe.initiate(undefined, { forceRefetch: true }));
  const callPublic = () => store.dispatch(probeApi.endpoints.publicProbe.initiate(undefined, { track: false }));
  return { store, session, onUnauthorized, callPrivate, callPublic };
}

describe('base API', () => {
  it("sends the session's token as x-auth-token", async () => {
    const { requests } = mockFetch({ 'GET /api/probe': () => json(200, { ok: true }) });
    const { callPrivate } = setup();
    const result = await callPrivate();
    expect(result.data).toEqual({ ok: true });
    expect(requests()[0]!.headers.get('x-auth-token')).toBe('the.token.sig');
    expect(requests()[0]!.headers.get('authorization')).toBeNull();
  });

  it("never reads localStorage: another tab's token there is not this tab's session", async () => {
    localStorage.setItem(TOKEN_STORAGE_KEY, 'another.tabs.token');
    const { requests } = mockFetch({ 'GET /api/probe': () => json(200, { ok: true }) });
    const { callPrivate, session } = setup('this.tabs.token');
    await callPrivate();
    session.token = 'renewed.tabs.token';
    await callPrivate();
    expect(requests().map((r) => r.headers.get('x-auth-token'))).toEqual(['this.tabs.token', 'renewed.tabs.token']);
  });

  it('calls marked bearer also carry Authorization: Bearer', async () => {
    const { requests } = mockFetch({ 'GET /api/bearer-probe': () => json(200, {}) });
    const { store } = setup();
    await store.dispatch(probeApi.endpoints.bearerProbe.initiate());
    expect(requests()[0]!.headers.get('x-auth-token')).toBe('the.token.sig');
    expect(requests()[0]!.headers.get('authorization')).toBe('Bearer the.token.sig');
  });

  it('fails a token-needing call locally with the spec message when the session has no token', async () => {
    const { fetchMock } = mockFetch({});
    // Even with a token in storage: it is not this tab's session.
    localStorage.setItem(TOKEN_STORAGE_KEY, 'another.tabs.token');
    const { callPrivate, onUnauthorized } = setup(null);
    const result = await callPrivate();
    expect(result.error).toMatchObject({ status: 'CUSTOM_ERROR', error: MSG.noToken, data: { msg: MSG.noToken } });
    expect(fetchMock).not.toHaveBeenCalled();
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('hands a 401 to the session with the server msg and the token the call carried', async () => {
    mockFetch({ 'GET /api/probe': () => json(401, { msg: 'Invalid or expired session. Please log in again.' }) });
    const { callPrivate, onUnauthorized } = setup();
    const result = await callPrivate();
    expect(result.error).toMatchObject({ status: 401 });
    expect(onUnauthorized).toHaveBeenCalledWith('Invalid or expired session. Please log in again.', 'the.token.sig');
  });

  it('does not treat a 403 as the end of the session', async () => {
    mockFetch({ 'GET /api/probe': () => json(403, { msg: 'You do not have permission to do this' }) });
    const { callPrivate, onUnauthorized } = setup();
    await callPrivate();
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('public calls send no token and their 401 (a wrong password) ends nothing', async () => {
    const { requests } = mockFetch({ 'POST /api/public-probe': () => json(401, { msg: 'Invalid email or password' }) });
    const { callPublic, onUnauthorized } = setup();
    const result = await callPublic();
    expect('error' in result && result.error).toMatchObject({ status: 401, data: { msg: 'Invalid email or password' } });
    expect(requests()[0]!.headers.get('x-auth-token')).toBeNull();
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('reports a network failure as FETCH_ERROR', async () => {
    mockFetch({ 'GET /api/probe': () => Promise.reject(new TypeError('fetch failed')) });
    const { callPrivate } = setup();
    const result = await callPrivate();
    expect(result.error).toMatchObject({ status: 'FETCH_ERROR' });
  });
});
