/**
 * product.md, Messages: a failed call shows the server's `msg`, else the error's own message, else the
 * screen's fallback. Kept free of RTK and React so machines can import it and stay pure.
 */
import { MSG } from '../copy';

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;

const nonEmpty = (value: unknown): value is string => typeof value === 'string' && value.trim() !== '';

/** The text to show for `error` (an RTK Query error, a SerializedError or an Error), or `fallback`. */
export function errorMessage(error: unknown, fallback: string): string {
  if (!isRecord(error)) return nonEmpty(error) ? error : fallback;
  if (isRecord(error.data) && nonEmpty(error.data.msg)) return error.data.msg;
  // fetchBaseQuery's own texts ("TypeError: Failed to fetch", "TimeoutError: ...") mean nothing to users.
  if (error.status === 'TIMEOUT_ERROR') return MSG.requestTimedOut;
  if (error.status === 'FETCH_ERROR') return MSG.networkError;
  // A body that is not JSON (a proxy's HTML error page) has no message worth showing.
  if (error.status === 'PARSING_ERROR') return fallback;
  if (nonEmpty(error.error)) return error.error;
  if (nonEmpty(error.message)) return error.message;
  return fallback;
}

/**
 * The server's field errors of a refused body (`{msg, fieldErrors: {path: message}}`, the path
 * dotted: 'statutory.pan'), or none: every bad field at once, for a form to mark beside each field.
 */
export function errorFields(error: unknown): Record<string, string> {
  if (!isRecord(error) || !isRecord(error.data) || !isRecord(error.data.fieldErrors)) return {};
  return Object.fromEntries(Object.entries(error.data.fieldErrors).filter((entry): entry is [string, string] => nonEmpty(entry[1])));
}
