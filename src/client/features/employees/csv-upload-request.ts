/**
 * POST /api/employee/upload over XMLHttpRequest: fetch (and so RTK Query) cannot report upload
 * progress, XHR can. It follows the base API's rules by hand, through the same bridge to the session
 * (the store's ApiExtra): same host, x-auth-token from the session (never from localStorage, which
 * another tab may have changed), a missing token fails locally with the spec's text, a 401 ends the
 * session, and failures are shaped like RTK Query errors so errorMessage() reads them. Timeouts
 * belong to the machine (csv-upload-machine).
 */
import { fromCallback, type EventObject } from 'xstate';
import { MSG } from '../../../shared/messages';
import type { ApiExtra } from '../../api/base-api';
import type { CsvUploadInput, CsvUploadReport, CsvUploadResult } from './csv-upload-machine';

export const CSV_UPLOAD_PATH = '/api/employee/upload';
/** Spec section 7: multipart, field 'file'. */
export const CSV_UPLOAD_FIELD = 'file';

export interface CsvUploaderOptions {
  /** The backend origin ('' = this page's). */
  apiHost: string;
  /** The session, as RTK Query's requests reach it: the token, and where a 401 goes. */
  session: ApiExtra;
  /** Tests pass a fake; the app uses the browser's. */
  createXhr?: () => XMLHttpRequest;
}

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

/** Builds the machine's `upload` actor. */
export function createCsvUploader({ apiHost, session, createXhr = () => new XMLHttpRequest() }: CsvUploaderOptions) {
  return fromCallback<EventObject, CsvUploadInput>(({ input, sendBack }) => {
    const report = (event: CsvUploadReport) => sendBack(event);
    const token = session.getToken();
    if (!token) {
      report({ type: 'UPLOAD.FAILED', error: { status: 'CUSTOM_ERROR', error: MSG.noToken, data: { msg: MSG.noToken } } });
      return;
    }

    const xhr = createXhr();
    let settled = false;
    xhr.open('POST', `${apiHost}${CSV_UPLOAD_PATH}`);
    xhr.setRequestHeader('x-auth-token', token);
    // Upload listeners must be attached before send(), or the browser skips progress events.
    xhr.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable) report({ type: 'UPLOAD.PROGRESS', loaded: event.loaded, total: event.total });
    });
    xhr.upload.addEventListener('load', () => report({ type: 'UPLOAD.SENT' }));
    xhr.addEventListener('load', () => {
      settled = true;
      const body = parse(xhr.responseText);
      if (xhr.status >= 200 && xhr.status < 300) {
        const msg = msgOf(body);
        if (msg === undefined) {
          report({ type: 'UPLOAD.FAILED', error: { status: 'PARSING_ERROR', originalStatus: xhr.status, data: xhr.responseText } });
          return;
        }
        const errors = (body as { errors?: unknown }).errors;
        const result: CsvUploadResult = {
          msg,
          errors: Array.isArray(errors) ? errors.filter((e): e is string => typeof e === 'string') : [],
        };
        report({ type: 'UPLOAD.DONE', result });
        return;
      }
      if (xhr.status === 401) session.onUnauthorized(msgOf(body), token);
      report({ type: 'UPLOAD.FAILED', error: { status: xhr.status, data: body ?? xhr.responseText } });
    });
    xhr.addEventListener('error', () => {
      settled = true;
      report({ type: 'UPLOAD.FAILED', error: { status: 'FETCH_ERROR', error: 'upload failed' } });
    });

    const form = new FormData();
    form.append(CSV_UPLOAD_FIELD, input.file, input.file.name);
    xhr.send(form);

    // The machine stops this actor on timeout or when the page goes away: drop the request then.
    return () => {
      if (!settled) xhr.abort();
    };
  });
}
