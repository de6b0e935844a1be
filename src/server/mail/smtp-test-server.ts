/**
 * A real SMTP peer for tests (the smtp-server package) on 127.0.0.1 and a free port. It keeps what
 * it receives and can refuse recipients or messages, so tests see the mailer's real retry and
 * failure paths; a small MIME reader gets the parts and attachments back out of what arrived.
 */
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  from: string;
  to: string[];
  /** The message as text (UTF-8). */
  raw: string;
  /** The message's bytes as received, for mimeParts / attachmentsOf. */
  bytes: Buffer;
  /** The body with quoted-printable soft breaks and escapes undone (links are whole again). */
  text: string;
}

export interface TestSmtp {
  url: string;
  received: ReceivedMail[];
  /** DATA commands seen, accepted or not. */
  attempts: number;
  /** Client connections opened so far. */
  connections: number;
  /** Bytes of the messages accepted so far. */
  bytes: number;
  /** Milliseconds each message is held before DATA is answered; may be changed while running. */
  delayMs: number;
  close(): Promise<void>;
}

export interface TestSmtpOptions {
  /**
   * `reject(attempt)` returning an SMTP code (451 = try later, 550 = permanent) refuses that
   * attempt at the end of DATA; returning undefined accepts it.
   */
  reject?: (attempt: number) => number | undefined;
  /** Recipients refused at RCPT TO with a 550 (an unknown mailbox). */
  rejectRecipient?: (address: string) => boolean;
  /** Milliseconds to hold each message before answering DATA (a slow mail server); read per message, so a test may change it. */
  delayMs?: number;
  /** False: count what arrives (attempts, bytes) without keeping it, for a bench of 10,000 slips. */
  keep?: boolean;
}

export async function startTestSmtp(options: TestSmtpOptions = {}): Promise<TestSmtp> {
  const opts = { ...options };
  const state = { received: [] as ReceivedMail[], attempts: 0, connections: 0, bytes: 0 };
  const server = new SMTPServer({
    authOptional: true,
    // The test certificate is self-signed; plain SMTP keeps the client from trying STARTTLS.
    hideSTARTTLS: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onConnect(_session, callback) {
      state.connections += 1;
      callback();
    },
    onRcptTo(address, _session, callback) {
      if (opts.rejectRecipient?.(address.address)) return callback(Object.assign(new Error('Mailbox unavailable'), { responseCode: 550 }));
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => setTimeout(finish, opts.delayMs ?? 0));
      const finish = () => {
        state.attempts += 1;
        const code = opts.reject?.(state.attempts);
        if (code) {
          const err = Object.assign(new Error(code >= 500 ? 'Mailbox unavailable' : 'Try again later'), { responseCode: code });
          return callback(err);
        }
        const bytes = Buffer.concat(chunks);
        state.bytes += bytes.length;
        if (opts.keep === false) return callback();
        const raw = bytes.toString('utf8');
        state.received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw,
          bytes,
          text: decodeQuotedPrintable(raw),
        });
        callback();
      };
    },
  });
  // A client that dies mid-message (a killed server instance in the reliability tests) resets its
  // connection; smtp-server reports that as an 'error' event, which with no listener would throw out
  // of the test. A real mail server just drops such a connection, and so does this one.
  server.on('error', () => {});
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    get received() {
      return state.received;
    },
    get attempts() {
      return state.attempts;
    },
    get connections() {
      return state.connections;
    },
    get bytes() {
      return state.bytes;
    },
    get delayMs() {
      return opts.delayMs ?? 0;
    },
    set delayMs(ms: number) {
      opts.delayMs = ms;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Enough quoted-printable decoding for ASCII bodies: joins soft line breaks, undoes =XX escapes. */
export const decodeQuotedPrintable = (s: string): string =>
  s.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));

/** One MIME part: lower-cased headers (unfolded) and the decoded body. */
export interface MimePart {
  headers: Map<string, string>;
  body: Buffer;
}

/** A message's (or part's) headers, lower-cased and unfolded, and its raw body text. */
export function splitMessage(raw: Buffer | string): { headers: Map<string, string>; bodyText: string } {
  const text = (typeof raw === 'string' ? raw : raw.toString('latin1')).replace(/\r\n/g, '\n');
  const split = text.indexOf('\n\n');
  const head = split === -1 ? text : text.slice(0, split);
  const headers = new Map<string, string>();
  for (const line of head.replace(/\n[ \t]+/g, ' ').split('\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, bodyText: split === -1 ? '' : text.slice(split + 2) };
}

/**
 * Flattens a MIME message into its leaf parts, decoding base64 and quoted-printable bodies. Enough
 * for what nodemailer writes; a test helper, not a general parser. Pass the received bytes: a
 * string is read as latin1, one character per byte.
 */
export function mimeParts(raw: Buffer | string): MimePart[] {
  const { headers, bodyText } = splitMessage(raw);
  const type = headers.get('content-type') ?? 'text/plain';
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (type.toLowerCase().startsWith('multipart/') && boundary) {
    const sections = bodyText.split(`--${boundary}`).slice(1);
    return sections.filter((s) => !s.startsWith('--')).flatMap((s) => mimeParts(s.replace(/^\n/, '')));
  }
  const encoding = (headers.get('content-transfer-encoding') ?? '').toLowerCase();
  let body: Buffer;
  if (encoding === 'base64') body = Buffer.from(bodyText.replace(/\s+/g, ''), 'base64');
  else if (encoding === 'quoted-printable') body = Buffer.from(decodeQuotedPrintable(bodyText), 'latin1');
  else body = Buffer.from(bodyText, 'latin1');
  return [{ headers, body }];
}

/** The attachments of a raw message, by file name. */
export function attachmentsOf(raw: Buffer): { filename: string; contentType: string; content: Buffer }[] {
  return mimeParts(raw)
    .filter((p) => /attachment/i.test(p.headers.get('content-disposition') ?? ''))
    .map((p) => ({
      filename: /filename="?([^";]+)"?/i.exec(p.headers.get('content-disposition') ?? '')?.[1] ?? '',
      contentType: (p.headers.get('content-type') ?? '').split(';')[0]!.trim(),
      content: p.body,
    }));
}
