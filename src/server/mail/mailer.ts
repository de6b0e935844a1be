/**
 * Sends mail through SMTP when SMTP_URL is set, otherwise writes each message as an .eml file to
 * DATA_DIR/outbox so a fresh install works with no mail server. Transient failures are retried;
 * permanent ones (an SMTP 5xx such as "mailbox unknown", bad credentials) fail at once, since
 * sending the same thing again cannot succeed.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import nodemailer, { type Transporter } from 'nodemailer';

export interface MailAttachment {
  filename: string;
  content: Buffer;
  contentType?: string;
}

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  attachments?: MailAttachment[];
}

export interface Mailer {
  /** Resolves once the transport accepted the message; rejects after the last retry fails. */
  send(message: MailMessage): Promise<void>;
  close(): void;
  readonly kind: 'smtp' | 'outbox';
}

export interface MailerOptions {
  smtpUrl?: string;
  from: string;
  outboxDir: string;
  retries?: number;
  retryDelayMs?: number;
  log?: { info(obj: object, msg: string): void; warn(obj: object, msg: string): void };
}

// SMTP connections kept open and shared by concurrent sends: a payroll run's thousands of slips
// reuse a few connections instead of a handshake each, and the server sees a bounded number of clients.
const SMTP_MAX_CONNECTIONS = 5;

export function createMailer(opts: MailerOptions): Mailer {
  const retries = opts.retries ?? 3;
  const retryDelayMs = opts.retryDelayMs ?? 500;

  const transport: Transporter = opts.smtpUrl
    ? nodemailer.createTransport({ url: opts.smtpUrl, pool: true, maxConnections: SMTP_MAX_CONNECTIONS }, { from: opts.from })
    : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' }, { from: opts.from });

  // The outbox folder is made by the first send, not by every one; a failed attempt (or a folder
  // removed while running) clears this so the next attempt makes it again.
  let outboxReady: Promise<unknown> | undefined;
  const writeToOutbox = async (message: MailMessage, eml: Buffer) => {
    // Private: each message may carry a live set-password link (see data-dir.ts).
    outboxReady ??= fs.mkdir(opts.outboxDir, { recursive: true, mode: 0o700 });
    const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomUUID()}.eml`;
    const file = path.join(opts.outboxDir, name);
    try {
      await outboxReady;
      // Written under a hidden temporary name, then renamed: whatever picks mail up from the outbox
      // never sees half a message, even when the process is killed mid-write.
      const partial = path.join(opts.outboxDir, `.${name}.partial`);
      await fs.writeFile(partial, eml, { mode: 0o600 });
      await fs.rename(partial, file);
    } catch (err) {
      outboxReady = undefined;
      throw err;
    }
    opts.log?.info({ to: message.to, subject: message.subject, file }, 'mail written to outbox');
  };

  const deliver = async (message: MailMessage) => {
    const info = await transport.sendMail({ ...message, from: opts.from });
    if (!opts.smtpUrl) await writeToOutbox(message, (info as unknown as { message: Buffer }).message);
  };

  return {
    kind: opts.smtpUrl ? 'smtp' : 'outbox',
    async send(message) {
      for (let attempt = 1; ; attempt++) {
        try {
          return await deliver(message);
        } catch (err) {
          if (attempt > retries || isPermanentMailError(err)) throw err;
          opts.log?.warn({ to: message.to, attempt, err: String(err) }, 'mail send failed, retrying');
          await new Promise((r) => setTimeout(r, retryDelayMs * attempt));
        }
      }
    },
    close: () => transport.close(),
  };
}

/**
 * Hands a message to the mailer without waiting, for mail that follows a committed change (a leave
 * decision, a new task): the change stands whatever happens to the mail, and a failure is logged.
 */
export function sendInBackground(ctx: { mailer: Mailer; log: { error(obj: object, msg: string): void } }, message: MailMessage, what: string): void {
  ctx.mailer.send(message).catch((err) => ctx.log.error({ err: String(err), to: message.to }, `${what} mail failed`));
}

/** True for failures a retry cannot fix: an SMTP 5xx reply (except 503, a sequencing hiccup) or rejected credentials. */
export function isPermanentMailError(err: unknown): boolean {
  const { responseCode, code } = (err ?? {}) as { responseCode?: unknown; code?: unknown };
  if (code === 'EAUTH') return true;
  return typeof responseCode === 'number' && responseCode >= 500 && responseCode < 600 && responseCode !== 503;
}
