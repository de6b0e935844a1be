import { isDeviceTime, parseAttlog } from './attlog';

describe('the ATTLOG record format', () => {
  it('reads tab-separated ATTLOG lines, with extra fields of newer firmware, and rejects broken ones', () => {
    const body = ['42\t2026-11-10 09:12:05\t0\t1\t0\t0\t0', '0007\t2026-11-10 18:40:00\t255\t15\t\t0\t0\t0\t0\t0', 'x y', '43\t2026-02-30 09:00:00\t0\t1', ''].join('\r\n');
    const { lines, rejected } = parseAttlog(body);
    expect(lines).toEqual([
      { pin: '42', time: '2026-11-10 09:12:05', status: '0', verify: '1', workCode: '0' },
      { pin: '0007', time: '2026-11-10 18:40:00', status: '255', verify: '15', workCode: null },
    ]);
    expect(rejected).toBe(2);
  });

  it('reads space-separated lines some firmware sends', () => {
    expect(parseAttlog('42 2026-11-10 09:12:05 1 1').lines[0]).toEqual({ pin: '42', time: '2026-11-10 09:12:05', status: '1', verify: '1', workCode: null });
  });

  it('checks calendar dates', () => {
    expect(isDeviceTime('2026-02-28 23:59:59')).toBe(true);
    expect(isDeviceTime('2026-02-29 00:00:00')).toBe(false);
    expect(isDeviceTime('2026-11-10 24:00:00')).toBe(false);
  });
});
