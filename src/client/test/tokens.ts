/** Unsigned JWT-shaped tokens for tests: the client only decodes, the server verifies. */

const base64url = (value: unknown) =>
  btoa(JSON.stringify(value)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');

const inAnHour = () => Math.floor(Date.now() / 1000) + 3600;

export const fakeToken = (payload: Record<string, unknown>): string =>
  `${base64url({ alg: 'HS256', typ: 'JWT' })}.${base64url(payload)}.signature`;

export const adminToken = (extra: Record<string, unknown> = {}) =>
  fakeToken({ role: 'admin', employeeId: null, user: { id: '1', role: 'admin' }, exp: inAnHour(), ...extra });

export const employeeToken = (extra: Record<string, unknown> = {}) =>
  fakeToken({ role: 'employee', employeeId: 'EMP0001', user: { id: '2', role: 'employee' }, exp: inAnHour(), ...extra });

export const expiredToken = () => employeeToken({ exp: Math.floor(Date.now() / 1000) - 60 });

export const garbageToken = 'not-a-jwt';
