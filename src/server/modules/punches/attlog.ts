/**
 * The ATTLOG record format of the ADMS "iclock" push protocol (ZKTeco and eSSL devices): what a
 * device uploads and what a punch file exported from one holds. Pure: no database, no HTTP. It lives
 * with the punches, which both the device endpoint and the punch-file import store.
 */

/** One ATTLOG line: PIN, local time as sent, status, verify type, work code; later fields ignored. */
export interface AttlogLine {
  pin: string;
  /** 'YYYY-MM-DD HH:MM:SS' on the device's clock, exactly as sent. */
  time: string;
  status: string | null;
  verify: string | null;
  workCode: string | null;
}

const TIME = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})$/;

/** True for a real calendar date and clock time in the device's 'YYYY-MM-DD HH:MM:SS'. */
export function isDeviceTime(text: string): boolean {
  const m = TIME.exec(text);
  if (!m) return false;
  const [, y, mo, d, h, mi, s] = m.map(Number) as number[];
  const date = new Date(Date.UTC(y!, mo! - 1, d!));
  return date.getUTCMonth() === mo! - 1 && date.getUTCDate() === d && h! < 24 && mi! < 60 && s! < 60;
}

/** Short free-text fields keep printable characters only (a device is not trusted to send clean text). */
const field = (value: string | undefined): string | null => {
  const text = (value ?? '').replace(/[^\x20-\x7e]/g, '').trim().slice(0, 16);
  return text === '' ? null : text;
};

/**
 * The ATTLOG records of a body: one per line, fields separated by tabs (some firmware pads with
 * spaces instead). A line that is not a PIN and a valid time is counted as rejected, never guessed.
 */
export function parseAttlog(body: string): { lines: AttlogLine[]; rejected: number } {
  const lines: AttlogLine[] = [];
  let rejected = 0;
  for (const raw of body.split(/\r?\n/)) {
    if (!raw.trim()) continue;
    const parts = raw.includes('\t') ? raw.split('\t').map((p) => p.trim()) : raw.trim().split(/\s+/).reduce<string[]>((out, part, i, all) => {
      // Space-separated: the date and the time are two words of one field.
      if (i === 1) out.push(`${part} ${all[2] ?? ''}`);
      else if (i !== 2) out.push(part);
      return out;
    }, []);
    const [pin, time] = parts;
    if (!pin || !/^[0-9A-Za-z]{1,24}$/.test(pin) || !time || !isDeviceTime(time)) {
      rejected += 1;
      continue;
    }
    lines.push({ pin, time, status: field(parts[2]), verify: field(parts[3]), workCode: field(parts[4]) });
  }
  return { lines, rejected };
}
