/**
 * The one error type handlers throw: its status and msg reach the client as `{msg}` unchanged.
 * Not @fastify/sensible's httpErrors: they would bring the http-errors class family and reply
 * decorators nothing here uses, the error handler would still map them to `{msg}` itself, and this
 * file is the whole of what we need (a status, a message and, for 429, a retry-after header).
 */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }

  /** A body field's own complaint (`{msg, fieldErrors: {field: msg}}`), so a form marks the field. */
  fieldErrors?: Record<string, string>;
}

/** A 400 about one body field: the msg, and the same words as that field's error. */
export const fieldError = (field: string, msg: string) => Object.assign(new HttpError(400, msg), { fieldErrors: { [field]: msg } });

/** A 409 about one body field (a name or date already taken), marked on that field as fieldError does. */
export const fieldConflict = (field: string, msg: string) => Object.assign(new HttpError(409, msg), { fieldErrors: { [field]: msg } });

export const badRequest = (msg: string) => new HttpError(400, msg);
export const unauthorized = (msg: string) => new HttpError(401, msg);
export const forbidden = (msg: string) => new HttpError(403, msg);
export const notFound = (msg: string) => new HttpError(404, msg);
export const conflict = (msg: string) => new HttpError(409, msg);
