/**
 * The dashboards' figures: GET /api/dashboard/summary for the admin's figure cards and
 * GET /api/dashboard/me for the employee's. Each provides the list tags of what it counts, so the
 * mutations that change those lists (a leave decision, a task's status, a punch, a hire, a payroll
 * run) refresh the figures through invalidation alone.
 */
import type { AdminDashboardSummary, EmployeeDashboardFigures } from '../../../shared/schemas/dashboard';
import { api } from '../../api/base-api';

const EMPLOYEES = { type: 'Employee', id: 'LIST' } as const;
const LEAVES = { type: 'Leave', id: 'LIST' } as const;
const TASKS = { type: 'Task', id: 'LIST' } as const;
const RUNS = { type: 'PayrollRun', id: 'LIST' } as const;
const ATTENDANCE = { type: 'Attendance', id: 'LIST' } as const;
const CORRECTIONS = { type: 'AttendanceCorrection', id: 'LIST' } as const;

/** How often the admin's counts are asked for again while a dashboard screen is open (other admins' decisions). */
export const SUMMARY_POLL_MS = 60_000;

export const dashboardFiguresApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** GET /api/dashboard/summary -> active employees, on leave today, pending requests, open tasks, last payroll run (admin). */
    getDashboardSummary: build.query<AdminDashboardSummary, void>({
      query: () => '/api/dashboard/summary',
      providesTags: [EMPLOYEES, LEAVES, TASKS, RUNS, CORRECTIONS],
    }),
    /** GET /api/dashboard/me -> the caller's today, days present, leave days, open tasks and latest slip month (employee). */
    getOwnDashboard: build.query<EmployeeDashboardFigures, void>({
      query: () => '/api/dashboard/me',
      providesTags: [ATTENDANCE, LEAVES, TASKS],
    }),
  }),
});

export const { useGetDashboardSummaryQuery, useGetOwnDashboardQuery } = dashboardFiguresApi;
