/**
 * GET /api/salary/files/{month}/{kind}: the filing files of an approved month (EPFO ECR, ESIC
 * contribution sheet, PT summary, bank transfer), as downloads. Each answer names in its x-left-out
 * header who the file could not hold (no UAN, no ESI number, no bank details), for the screen to say.
 */
import { api } from '../../api/base-api';
import { fileResponseHandler, type DownloadedFile } from '../../api/download';

export type PayrollFileKind = 'ecr' | 'esi' | 'pt' | 'bank';

export interface LeftOutEmployee {
  employeeId: string;
  reason: string;
}

export interface PayrollFileDownload extends DownloadedFile {
  /** The first few left out (the header is bounded)... */
  leftOut: LeftOutEmployee[];
  /** ...and how many there are in all (x-left-out-count; the list's length when absent). */
  leftOutCount: number;
}

/** The x-left-out header (URI-encoded JSON); an absent or unreadable one is nobody. */
export function parseLeftOut(header: string | null): LeftOutEmployee[] {
  if (!header) return [];
  try {
    const list: unknown = JSON.parse(decodeURIComponent(header));
    return Array.isArray(list) ? list.filter((e): e is LeftOutEmployee => typeof e?.employeeId === 'string' && typeof e?.reason === 'string') : [];
  } catch {
    return [];
  }
}

export const payrollFilesApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** One file (a mutation: a one-off download, not cached). */
    downloadPayrollFile: build.mutation<PayrollFileDownload, { month: string; kind: PayrollFileKind }>({
      query: ({ month, kind }) => ({
        url: `/api/salary/files/${encodeURIComponent(month)}/${kind}`,
        responseHandler: async (response: Response) => {
          const body = await fileResponseHandler(`${kind}_${month}`)(response);
          if (!response.ok) return body;
          const leftOut = parseLeftOut(response.headers.get('x-left-out'));
          const count = Number(response.headers.get('x-left-out-count'));
          return { ...(body as DownloadedFile), leftOut, leftOutCount: Number.isInteger(count) && count > leftOut.length ? count : leftOut.length };
        },
        cache: 'no-store',
      }),
    }),
  }),
});
