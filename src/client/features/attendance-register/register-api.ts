/** The attendance register's endpoints: a page of the month (admins) and the CSV / .xlsx download. */
import type { RegisterPage } from '../../../shared/schemas/attendance-register';
import { api } from '../../api/base-api';
import { fileResponseHandler, type DownloadedFile } from '../../api/download';

export interface RegisterArgs {
  month: string;
  q?: string;
  offset: number;
  limit: number;
}

export type RegisterFormat = 'csv' | 'xlsx';

export interface RegisterDownloadArgs {
  month: string;
  q?: string;
  format: RegisterFormat;
}

/** The download's name when the answer carries none (the server's own name wins). */
export const registerFileName = (month: string, format: RegisterFormat) => `attendance_register_${month}.${format}`;

export const registerApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** GET /api/attendance/register?month=&q=&offset=&limit= -> a page of rows (admin). */
    getAttendanceRegister: build.query<RegisterPage, RegisterArgs>({
      query: ({ month, q, offset, limit }) => ({ url: '/api/attendance/register', params: { month, offset, limit, ...(q ? { q } : {}) } }),
      // Attendance, corrections and leave decisions change it: their lists' tags.
      providesTags: [
        { type: 'Attendance', id: 'LIST' },
        { type: 'Leave', id: 'LIST' },
      ],
    }),
    /** GET /api/attendance/register/download -> the whole month as a file; a one-off act, never cached. */
    downloadAttendanceRegister: build.mutation<DownloadedFile, RegisterDownloadArgs>({
      query: ({ month, q, format }) => ({
        url: '/api/attendance/register/download',
        params: { month, format, ...(q ? { q } : {}) },
        responseHandler: fileResponseHandler(registerFileName(month, format)),
        cache: 'no-store',
      }),
    }),
  }),
});

export const { useGetAttendanceRegisterQuery } = registerApi;
