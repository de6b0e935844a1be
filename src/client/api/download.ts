/**
 * File downloads (CSV, .xlsx) through RTK Query. A Blob is not serializable, so it never enters the
 * store: an endpoint's responseHandler turns the body into an object URL plus a file name (a plain,
 * serializable DownloadedFile), and saveFile() later hands it to the browser through an <a download>
 * click and revokes the URL. Error bodies are still parsed as JSON, so `{msg}` reaches the screen.
 */

/** A downloaded body waiting to be saved: an object URL (blob:) and the name to save it under. */
export interface DownloadedFile {
  url: string;
  filename: string;
}

// Chromium starts reading a blob URL after the click returns; revoking at once can cancel a large
// download, so the URL lives a little longer (FileSaver.js waits far longer for old browsers).
const REVOKE_AFTER_MS = 10_000;

/**
 * The file name of a Content-Disposition header (RFC 6266): `filename*=UTF-8''…` first, then
 * `filename="…"` or a bare token; null when there is none. Path parts are dropped, since a name
 * is all a server may choose.
 */
export function filenameFromDisposition(header: string | null | undefined): string | null {
  if (!header) return null;
  let name: string | null = null;
  const extended = /filename\*\s*=\s*([^']*)'[^']*'([^;]+)/i.exec(header);
  if (extended) {
    try {
      name = decodeURIComponent(extended[2]!.trim().replace(/^"|"$/g, ''));
    } catch {
      name = null;
    }
  }
  if (!name) {
    const plain = /filename\s*=\s*(?:"((?:\\.|[^"\\])*)"|([^;\s]+))/i.exec(header);
    name = plain ? (plain[1]?.replace(/\\(.)/g, '$1') ?? plain[2] ?? null) : null;
  }
  const base = name?.split(/[\\/]/).pop()?.trim();
  return base ? base : null;
}

/** Reads an error body as the API's `{msg}` JSON when it is JSON, else as text. */
async function errorBody(response: Response): Promise<unknown> {
  const text = await response.text();
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/**
 * A fetchBaseQuery responseHandler for file endpoints: a successful body becomes a DownloadedFile
 * named from Content-Disposition, else `fallbackName`; a failed one is parsed like any error.
 */
export const fileResponseHandler =
  (fallbackName: string) =>
  async (response: Response): Promise<DownloadedFile | unknown> => {
    if (!response.ok) return errorBody(response);
    const blob = await response.blob();
    const filename = filenameFromDisposition(response.headers.get('content-disposition')) ?? fallbackName;
    return { url: URL.createObjectURL(blob), filename };
  };

/** Saves a DownloadedFile: a temporary <a download> is clicked, removed, and the URL revoked. */
export function saveFile({ url, filename }: DownloadedFile, doc: Document = document): void {
  const link = doc.createElement('a');
  link.href = url;
  link.download = filename;
  // Kept out of sight and out of the accessibility tree for the instant it exists.
  link.hidden = true;
  doc.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), REVOKE_AFTER_MS);
}

/** A CSV built in the browser (an export of the rows in view), as a file to save. */
export const csvFile = (text: string, filename: string): DownloadedFile => ({
  url: URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' })),
  filename,
});
