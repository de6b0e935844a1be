/**
 * GET /api/salary/files/{month}/{kind}: the filing files of an approved month (EPFO ECR, ESIC
 * contribution sheet, PT summary, bank transfer), as downloads. Each answer names in its x-left-out
 * header who the file could not hold (no UAN, no ESI number, no bank details), for the screen to say.
 */
import { api } from '../../api/base-api';
import { fileResponseHandler, type DownloadedFile } from '../../api/download';
import type { MonthPayments } from '../../../shared/schemas/payroll-payments';

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
    /**
     * One file (a mutation: a one-off download, not cached). The server's GET never makes a payment
     * batch, so the bank file's first download makes the month's first batch here, by POST, and the
     * payments panel shows it; later downloads give that batch's bytes again.
     */
    downloadPayrollFile: build.mutation<PayrollFileDownload, { month: string; kind: PayrollFileKind }>({
      async queryFn({ month, kind }, _api, _extra, baseQuery) {
        const m = encodeURIComponent(month);
        if (kind === 'bank') {
          const payments = await baseQuery({ url: `/api/salary/payments/${m}`, cache: 'no-store' });
          if (payments.error) return { error: payments.error };
          if (!(payments.data as MonthPayments).batches.length) {
            const made = await baseQuery({ url: `/api/salary/payments/${m}/batches`, method: 'POST' });
            if (made.error) return { error: made.error };
          }
        }
        const answer = await baseQuery({
          url: `/api/salary/files/${m}/${kind}`,
          responseHandler: async (response: Response) => {
            const body = await fileResponseHandler(`${kind}_${month}`)(response);
            if (!response.ok) return body;
            const leftOut = parseLeftOut(response.headers.get('x-left-out'));
            const count = Number(response.headers.get('x-left-out-count'));
            return { ...(body as DownloadedFile), leftOut, leftOutCount: Number.isInteger(count) && count > leftOut.length ? count : leftOut.length };
          },
          cache: 'no-store',
        });
        return answer.error ? { error: answer.error } : { data: answer.data as PayrollFileDownload };
      },
      invalidatesTags: (_result, _error, { month, kind }) => (kind === 'bank' ? [{ type: 'PayrollApproval', id: month }] : []),
    }),
  }),
});
