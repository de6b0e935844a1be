/**
 * The server's pino options: level, plus redaction. Set-password and email-confirmation links carry
 * a live token in their query string (`/set-password?token=…`), and Fastify logs every request's URL
 * at the default level, so whoever could read the logs could take over accounts.
 * URLs are logged with any `token` parameter blanked, and token and password fields of anything
 * logged as an object (a body, a header set) are censored.
 */
import type { FastifyRequest } from 'fastify';
import type { LoggerOptions } from 'pino';

const CENSOR = '[redacted]';

/** Object paths pino censors wherever they appear in a log line. */
export const REDACTED_PATHS = [
  'token',
  'password',
  'newPassword',
  'oldPassword',
  '*.token',
  '*.password',
  '*.newPassword',
  '*.oldPassword',
  'req.headers.authorization',
  'req.headers["x-auth-token"]',
  'headers.authorization',
  'headers["x-auth-token"]',
];

/** `/set-password?token=abc&x=1` -> `/set-password?token=[redacted]&x=1` (any case, any position). */
export const redactUrl = (url: string) => url.replace(/([?&;]token=)[^&#;]*/gi, `$1${CENSOR}`);

export function loggerOptions(level: string): LoggerOptions {
  return {
    level,
    redact: { paths: REDACTED_PATHS, censor: CENSOR },
    serializers: {
      // Fastify's default request fields, with the URL's token blanked.
      req: (req: FastifyRequest) => ({
        method: req.method,
        url: redactUrl(req.url),
        host: req.host,
        remoteAddress: req.ip,
        remotePort: req.socket?.remotePort,
      }),
    },
  };
}
