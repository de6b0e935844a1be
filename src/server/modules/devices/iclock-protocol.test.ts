import { commandLine, countRecords, handshakeAnswer, parsePairs, zoneOffsetMinutes } from './iclock-protocol';
import { isDeviceTime } from '../punches/attlog';
import { parseAttlog } from '../punches';

describe('the iclock text formats', () => {
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

  it('answers the handshake with TimeZone in minutes and logs only', () => {
    const text = handshakeAnswer({ serial: 'CEXJ2100001', timeZoneMinutes: zoneOffsetMinutes('Asia/Kolkata', new Date()), namedFlags: true, delaySeconds: 30 });
    expect(text.split('\n')).toEqual(expect.arrayContaining(['GET OPTION FROM: CEXJ2100001', 'TimeZone=330', 'TransFlag=TransData AttLog OpLog', 'Realtime=1', 'ATTLOGStamp=None']));
    expect(handshakeAnswer({ serial: 'A', timeZoneMinutes: 330, namedFlags: false, delaySeconds: 30 })).toContain('TransFlag=1100000000');
  });

  it('sends only allowed commands', () => {
    expect(commandLine(3, 'INFO')).toBe('C:3:INFO');
    expect(() => commandLine(4, 'CLEAR DATA')).toThrow(/not allowed/);
    expect(() => commandLine(5, 'DATA UPDATE USERINFO PIN=1')).toThrow(/not allowed/);
  });

  it('counts other tables and reads command results', () => {
    expect(countRecords('OPERLOG', 'USER PIN=42\tName=Asha\nFP PIN=42\tFID=6\tSize=1000\tValid=1\tTMP=abc\n')).toBe(2);
    expect(Object.fromEntries(parsePairs('ID=7&Return=0&CMD=INFO'))).toEqual({ ID: '7', Return: '0', CMD: 'INFO' });
  });
});
