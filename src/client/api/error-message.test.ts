import { MSG } from '../copy';
import { errorMessage } from './error-message';

describe('errorMessage (product.md, Messages)', () => {
  it.each([
    ['the server msg first', { status: 401, data: { msg: 'Invalid email or password' } }, 'Invalid email or password'],
    ['a timeout', { status: 'TIMEOUT_ERROR', error: 'TimeoutError: signal timed out' }, MSG.requestTimedOut],
    ['an unreachable server', { status: 'FETCH_ERROR', error: 'TypeError: Failed to fetch' }, MSG.networkError],
    ['a local error (no token)', { status: 'CUSTOM_ERROR', error: MSG.noToken }, MSG.noToken],
    ['an Error', new Error('boom'), 'boom'],
    ['a serialized error', { name: 'Error', message: 'rejected' }, 'rejected'],
    ['a non-JSON body', { status: 'PARSING_ERROR', originalStatus: 502, data: '<html>', error: 'SyntaxError' }, 'fallback'],
    ['a status without msg', { status: 500, data: { error: 'x' } }, 'fallback'],
    ['an empty msg', { status: 500, data: { msg: '  ' } }, 'fallback'],
    ['nothing at all', undefined, 'fallback'],
  ])('%s', (_label, error, expected) => {
    expect(errorMessage(error, 'fallback')).toBe(expected);
  });
});
