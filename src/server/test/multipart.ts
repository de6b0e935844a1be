/** Hand-built multipart/form-data bodies, for the routes that take an upload. */
import { auth, type TestApp } from './test-app';

export const BOUNDARY = '----hr-portal-test-boundary-7MA4YWxkTrZu0gW';

export interface Part {
  name: string;
  /** Present for a file part. */
  filename?: string;
  content: string | Buffer;
  contentType?: string;
}

/** A multipart/form-data body, byte for byte as a browser would send it. */
export function multipart(parts: Part[], boundary = BOUNDARY): { payload: Buffer; headers: Record<string, string> } {
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition = `form-data; name="${part.name}"${part.filename === undefined ? '' : `; filename="${part.filename}"`}`;
    const type = part.contentType ?? (part.filename === undefined ? undefined : 'text/csv');
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}\r\n${type ? `Content-Type: ${type}\r\n` : ''}\r\n`));
    chunks.push(Buffer.isBuffer(part.content) ? part.content : Buffer.from(part.content, 'utf8'));
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** A CSV file as the only part, in the field the server expects. */
export const csvFile = (content: string | Buffer, filename = 'employees.csv') => multipart([{ name: 'file', filename, content }]);

/** The content type a browser gives an .xlsx file. */
export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** The request of a browser's upload form sending one file (as a CSV unless told) to `url`, signed in with `token`. */
export function fileUpload(url: string, token: string, file: Omit<Part, 'name'>, method: 'POST' | 'PUT' = 'POST') {
  const body = multipart([{ name: 'file', ...file }]);
  return { method, url, headers: { ...auth(token), ...body.headers }, payload: body.payload };
}

/** An admin's upload of an employee sheet to POST /api/employee/upload (`query` such as '?dryRun=true'). */
export const uploadEmployees = (t: TestApp, csv: string, query = '') =>
  t.app.inject(fileUpload(`/api/employee/upload${query}`, t.admin.token, { filename: 'staff.csv', content: csv }));
