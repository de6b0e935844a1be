/**
 * POST /api/employee/upload as the queryFn of the uploadEmployeesCsv mutation (employees-api.ts).
 * It goes over XMLHttpRequest because fetch (and so fetchBaseQuery) cannot report upload progress;
 * everything else is the base API's: the host, and the session's rules through withSessionToken
 * (x-auth-token from the session, a missing token failing locally with the spec's text, a 401
 * ending the session). Failures are RTK Query errors, so errorMessage() reads them. Aborting the
 * mutation aborts the request; timeouts belong to the machine (csv-upload-machine).
 */
import type { BaseQueryApi, FetchBaseQueryError } from '@reduxjs/toolkit/query';
import type { UploadResponse } from '../../../shared/schemas/employee';
import { API_HOST, withSessionToken } from '../../api/base-api';

export const CSV_UPLOAD_PATH = '/api/employee/upload';
/** product.md, Calls: multipart, field 'file'. */
export const CSV_UPLOAD_FIELD = 'file';

/** The server's answer; `errors` may be absent (product.md, Calls: "optional errors"). */
export type CsvUploadResult = Pick<UploadResponse, 'msg'> & { errors?: string[] };

/** How far the upload has gone, as the browser reports it. */
export type CsvUploadProgress =
  | { type: 'UPLOAD.PROGRESS'; loaded: number; total: number }
  /** The whole body has left the browser; the server is now importing. */
  | { type: 'UPLOAD.SENT' };

/** The mutation's argument: the file, and where its progress goes (the upload machine). */
export interface CsvUploadArg {
  file: File;
  onProgress?: (progress: CsvUploadProgress) => void;
}

type Settled = { data: CsvUploadResult; error?: undefined } | { error: FetchBaseQueryError; data?: undefined };

const parse = (text: string): unknown => {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
};

const msgOf = (body: unknown): string | undefined =>
  typeof body === 'object' && body !== null && typeof (body as { msg?: unknown }).msg === 'string'
    ? (body as { msg: string }).msg
    : undefined;

/** The XHR's answer as RTK Query's `{data}` or `{error}`. */
function settle(xhr: XMLHttpRequest): Settled {
  const body = parse(xhr.responseText);
  if (xhr.status < 200 || xhr.status >= 300) return { error: { status: xhr.status, data: body ?? xhr.responseText } };
  const msg = msgOf(body);
  if (msg === undefined) {
    return { error: { status: 'PARSING_ERROR', originalStatus: xhr.status, data: xhr.responseText, error: 'not the expected JSON' } };
  }
  const errors = (body as { errors?: unknown }).errors;
  return { data: { msg, errors: Array.isArray(errors) ? errors.filter((e): e is string => typeof e === 'string') : [] } };
}

/** Sends the file with `token`; settles with the answer, a network failure, or the abort. */
function send({ file, onProgress }: CsvUploadArg, token: string, signal: AbortSignal): Promise<Settled> {
  return new Promise((resolve) => {
    const xhr = new XMLHttpRequest();
    const onAbort = () => {
      xhr.abort();
      resolve({ error: { status: 'FETCH_ERROR', error: 'upload aborted' } });
    };
    const done = (result: Settled) => {
      signal.removeEventListener('abort', onAbort);
      resolve(result);
    };
    xhr.open('POST', `${API_HOST}${CSV_UPLOAD_PATH}`);
    xhr.setRequestHeader('x-auth-token', token);
    // Upload listeners must be attached before send(), or the browser skips progress events.
    xhr.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable) onProgress?.({ type: 'UPLOAD.PROGRESS', loaded: event.loaded, total: event.total });
    });
    xhr.upload.addEventListener('load', () => onProgress?.({ type: 'UPLOAD.SENT' }));
    xhr.addEventListener('load', () => done(settle(xhr)));
    xhr.addEventListener('error', () => done({ error: { status: 'FETCH_ERROR', error: 'upload failed' } }));
    signal.addEventListener('abort', onAbort, { once: true });

    const form = new FormData();
    form.append(CSV_UPLOAD_FIELD, file, file.name);
    xhr.send(form);
  });
}

/** The mutation's queryFn: the upload, signed in like every other call. */
export const uploadCsv = (arg: CsvUploadArg, api: BaseQueryApi) =>
  withSessionToken(api, (token) => send(arg, token, api.signal));
