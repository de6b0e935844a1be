import { normalizePin, pinFromCode } from '../employee-records/device-pin';

describe('device PINs', () => {
  it('drops leading zeros on both sides of a match', () => {
    expect(normalizePin('0042')).toBe('42');
    expect(normalizePin('42')).toBe('42');
    expect(normalizePin('000')).toBe('0');
    expect(normalizePin('000000000000123')).toBe('123');
  });
  it('refuses what is not digits, or longer than 9 digits', () => {
    expect(normalizePin('12a')).toBeUndefined();
    expect(normalizePin('')).toBeUndefined();
    expect(normalizePin('1234567890')).toBeUndefined();
  });
  it('defaults from the employee code: EMP0042 is 42', () => {
    expect(pinFromCode('EMP0042')).toBe('42');
    expect(pinFromCode('HR-7')).toBe('7');
    expect(pinFromCode('ADMIN')).toBeUndefined();
  });
});
