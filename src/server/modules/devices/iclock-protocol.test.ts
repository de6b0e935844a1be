import { commandLine, countRecords, handshakeAnswer, parsePairs, zoneOffsetMinutes } from './iclock-protocol';

describe('the iclock text formats', () => {
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
