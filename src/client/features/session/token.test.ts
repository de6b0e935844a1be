import { adminToken, employeeToken, expiredToken, fakeToken, garbageToken } from '../../test/tokens';
import { checkToken, tokenRole } from './token';

describe('checkToken', () => {
  it('reads the role from payload.role or payload.user.role', () => {
    expect(checkToken(adminToken())).toEqual({ kind: 'valid', role: 'admin', employeeId: null });
    expect(checkToken(fakeToken({ user: { id: '2', role: 'employee' }, employeeId: 'EMP0002' }))).toEqual({
      kind: 'valid',
      role: 'employee',
      employeeId: 'EMP0002',
    });
  });

  it('treats undecodable and expired tokens as invalid, and no token as missing', () => {
    expect(checkToken(garbageToken)).toEqual({ kind: 'invalid' });
    expect(checkToken(expiredToken())).toEqual({ kind: 'invalid' });
    expect(checkToken(null)).toEqual({ kind: 'missing' });
    expect(checkToken('')).toEqual({ kind: 'missing' });
  });

  it('expires exactly at exp', () => {
    const token = fakeToken({ role: 'admin', exp: 1_000 });
    expect(checkToken(token, 999_999).kind).toBe('valid');
    expect(checkToken(token, 1_000_000).kind).toBe('invalid');
  });

  it('tokenRole is null for roles no area accepts', () => {
    expect(tokenRole(employeeToken())).toBe('employee');
    expect(tokenRole(fakeToken({ role: 'manager' }))).toBeNull();
    expect(tokenRole(fakeToken({}))).toBeNull();
    expect(tokenRole(garbageToken)).toBeNull();
  });
});
