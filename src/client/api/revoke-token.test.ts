import { json, mockFetch } from '../test/network';
import { revokeToken } from './revoke-token';

describe('revokeToken', () => {
  it('POSTs /api/auth/logout with the token it is given, on the configured host', async () => {
    const { requests } = mockFetch({ 'POST /api/auth/logout': () => new Response(null, { status: 204 }) });
    await revokeToken('', 'the.dropped.token');
    expect(requests()).toHaveLength(1);
    expect(requests()[0]!.method).toBe('POST');
    expect(requests()[0]!.headers.get('x-auth-token')).toBe('the.dropped.token');
    expect(new URL(requests()[0]!.url).pathname).toBe('/api/auth/logout');
  });

  it.each([
    ['a 401 (the token was already dead)', () => json(401, { msg: 'Invalid or expired session. Please log in again.' })],
    ['a server error', () => json(500, { msg: 'boom' })],
    ['a network failure', () => Promise.reject(new TypeError('fetch failed'))],
  ])('is best effort: %s still resolves', async (_label, answer) => {
    mockFetch({ 'POST /api/auth/logout': answer });
    await expect(revokeToken('', 'the.dropped.token')).resolves.toBeUndefined();
  });
});
