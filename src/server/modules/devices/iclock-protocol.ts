/**
 * The text formats of the ADMS "iclock" push protocol that ZKTeco and eSSL devices speak (sources in
 * this folder's README): the options a device is given at its handshake, and the tab-separated
 * records it uploads. Pure: no database, no HTTP. The attendance records themselves (ATTLOG) are
 * read by src/server/modules/punches/attlog.ts, which punch files share.
 */

/** How many records of another table (OPERLOG, ATTPHOTO, options...) a body holds: counted, not stored. */
export function countRecords(table: string, body: string): number {
  // A photo upload is one record of binary data, not lines.
  if (table === 'ATTPHOTO') return 1;
  return body.split(/\r?\n/).filter((line) => line.trim() !== '').length;
}

/** The zone's offset from UTC in minutes at `at` (India: 330). */
export function zoneOffsetMinutes(timeZone: string, at: Date): number {
  const parts = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longOffset' }).formatToParts(at);
  const name = parts.find((p) => p.type === 'timeZoneName')?.value ?? 'GMT';
  const m = /GMT([+-])(\d{2}):?(\d{2})?/.exec(name);
  if (!m) return 0;
  const value = Number(m[2]) * 60 + Number(m[3] ?? 0);
  return m[1] === '-' ? -value : value;
}

export interface HandshakeOptions {
  serial: string;
  timeZoneMinutes: number;
  /** The device sent `pushver` (protocol 2 and later): it reads TransFlag as table names, older ones as a bit mask. */
  namedFlags: boolean;
  /** Seconds between heartbeats (getrequest). */
  delaySeconds: number;
}

/**
 * The handshake's answer, one `Key=Value` a line after `GET OPTION FROM: <SN>`. Stamps of None (or 0)
 * ask the device to send every record it holds once; TransFlag asks for attendance and operation logs
 * only, so fingerprint templates, face data and photos stay on the device. A zone with a half hour
 * goes in minutes (TimeZone=330): firmware reads a value beyond ±12 as minutes.
 */
export function handshakeAnswer(o: HandshakeOptions): string {
  return [
    `GET OPTION FROM: ${o.serial}`,
    'ATTLOGStamp=None',
    'OPERLOGStamp=9999',
    'ATTPHOTOStamp=None',
    'ErrorDelay=30',
    `Delay=${o.delaySeconds}`,
    'TransTimes=00:00;14:05',
    'TransInterval=1',
    // Older firmware reads ten 0/1 flags: attendance log, operation log, then photos, users, templates...
    o.namedFlags ? 'TransFlag=TransData AttLog OpLog' : 'TransFlag=1100000000',
    `TimeZone=${o.timeZoneMinutes}`,
    'Realtime=1',
    'Encrypt=None',
    '',
  ].join('\n');
}

/** The commands the server may send a device (C:<id>:<command>); anything else is never sent. */
const DEVICE_COMMANDS: ReadonlySet<string> = new Set(['CHECK', 'INFO', 'REBOOT', 'LOG']);

/** A command as getrequest sends it (`C:<id>:<command>`); a command outside the allow-list is a programming error. */
export function commandLine(id: number, command: string): string {
  if (!DEVICE_COMMANDS.has(command)) throw new Error(`device command ${command} is not allowed`);
  return `C:${id}:${command}`;
}

/** A `key=value&key=value` or line-per-pair body (devicecmd results) as a map. */
export function parsePairs(body: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const part of body.split(/[&\r\n]+/)) {
    const at = part.indexOf('=');
    if (at > 0) out.set(part.slice(0, at).trim(), part.slice(at + 1).trim());
  }
  return out;
}
