import { TOKEN_STORAGE_KEY } from '../../shared/constants';
import { MSG } from '../../shared/messages';
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
  }),
});

function setup() {
  const onUnauthorized = jest.fn();
  const store = makeStore({ onUnauthorized });
  const callPrivate = () => store.dispatch(probeApi.endpoints.privateProbe.initiate(undefined, { forceRefetch: true }));
  const callPublic = () => store.dispatch(probeApi.endpoints.publicProbe.initiate(undefined, { track: false }));
  return { store, onUnauthorized, callPrivate, callPublic };
}

describe('base API', () => {
  it('sends the stored token as x-auth-token', async () => {
    localStorage.setItem(TOKEN_STORAGE_KEY, 'the.token.sig');
    const { requests } = mockFetch({ 'GET /api/probe': () => json(200, { ok: true }) });
    const { callPrivate } = setup();
    const result = await callPrivate();
    expect(result.data).toEqual({ ok: true });
    expect(requests()[0]!.headers.get('x-auth-token')).toBe('the.token.sig');
  });

  it('fails a token-needing call locally with the spec message when no token is stored', async () => {
    const { fetchMock } = mockFetch({});
    const { callPrivate, onUnauthorized } = setup();
    const result = await callPrivate();
    expect(result.error).toMatchObject({ status: 'CUSTOM_ERROR', error: MSG.noToken, data: { msg: MSG.noToken } });
    expect(fetchMock).not.toHaveBeenCalled();
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('hands a 401 to the session with the server msg', async () => {
    localStorage.setItem(TOKEN_STORAGE_KEY, 'the.token.sig');
    mockFetch({ 'GET /api/probe': () => json(401, { msg: 'Invalid or expired session. Please log in again.' }) });
    const { callPrivate, onUnauthorized } = setup();
    const result = await callPrivate();
    expect(result.error).toMatchObject({ status: 401 });
    expect(onUnauthorized).toHaveBeenCalledWith('Invalid or expired session. Please log in again.');
  });

  it('does not treat a 403 as the end of the session', async () => {
    localStorage.setItem(TOKEN_STORAGE_KEY, 'the.token.sig');
    mockFetch({ 'GET /api/probe': () => json(403, { msg: 'You do not have permission to do this' }) });
    const { callPrivate, onUnauthorized } = setup();
    await callPrivate();
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('public calls send no token and their 401 (a wrong password) ends nothing', async () => {
    localStorage.setItem(TOKEN_STORAGE_KEY, 'the.token.sig');
    const { requests } = mockFetch({ 'POST /api/public-probe': () => json(401, { msg: 'Invalid email or password' }) });
    const { callPublic, onUnauthorized } = setup();
    const result = await callPublic();
    expect('error' in result && result.error).toMatchObject({ status: 401, data: { msg: 'Invalid email or password' } });
    expect(requests()[0]!.headers.get('x-auth-token')).toBeNull();
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('reports a network failure as FETCH_ERROR', async () => {
    localStorage.setItem(TOKEN_STORAGE_KEY, 'the.token.sig');
    mockFetch({ 'GET /api/probe': () => Promise.reject(new TypeError('fetch failed')) });
    const { callPrivate } = setup();
    const result = await callPrivate();
    expect(result.error).toMatchObject({ status: 'FETCH_ERROR' });
  });
});
