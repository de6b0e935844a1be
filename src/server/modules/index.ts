/** Every /api module and where it is mounted; the one list buildApp registers. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ModuleOptions } from '../context';
import { attendanceRoutes } from './attendance/routes';
import { attendanceRegisterRoutes } from './attendance-register/routes';
import { correctionRoutes } from './attendance-corrections/routes';
import { auditRoutes } from './audit/routes';
import { authRoutes } from './auth/routes';
import { dashboardRoutes } from './dashboard/routes';
import { employeeRoutes } from './employees/routes';
import { healthRoutes } from './health/routes';
import { holidayCalendarRoutes } from './leave-policy/holiday-calendar-routes';
import { leavePolicyRoutes } from './leave-policy/routes';
import { leaveRoutes } from './leaves/routes';
import { salaryRoutes } from './salary/routes';
import { statutoryFileRoutes } from './salary/statutory-files/routes';
import { taskRoutes } from './tasks/routes';
import { workHoursRoutes } from './work-hours/routes';

export const apiModules: { prefix: string; plugin: FastifyPluginAsyncZod<ModuleOptions> }[] = [
  { prefix: '/api', plugin: healthRoutes },
  { prefix: '/api/auth', plugin: authRoutes },
  { prefix: '/api/employee', plugin: employeeRoutes },
  { prefix: '/api/audit', plugin: auditRoutes },
  { prefix: '/api/attendance', plugin: attendanceRoutes },
  { prefix: '/api/attendance/register', plugin: attendanceRegisterRoutes },
  { prefix: '/api/attendance/corrections', plugin: correctionRoutes },
  { prefix: '/api/leave', plugin: leaveRoutes },
  { prefix: '/api', plugin: leavePolicyRoutes },
  { prefix: '/api', plugin: holidayCalendarRoutes },
  { prefix: '/api/task', plugin: taskRoutes },
  { prefix: '/api/salary', plugin: salaryRoutes },
  { prefix: '/api/salary/files', plugin: statutoryFileRoutes },
  { prefix: '/api/dashboard', plugin: dashboardRoutes },
  { prefix: '/api/work-hours', plugin: workHoursRoutes },
];
