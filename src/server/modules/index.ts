/** Every /api module and where it is mounted; the one list buildApp registers. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ModuleOptions } from '../context';
import { adminRoutes } from './admins/routes';
import { attendanceRoutes } from './attendance/routes';
import { attendanceRegisterRoutes } from './attendance-register/routes';
import { attendanceImportRoutes } from './attendance-import/routes';
import { correctionRoutes } from './attendance-corrections/routes';
import { auditRoutes } from './audit/routes';
import { companyRoutes } from './company/routes';
import { authRoutes } from './auth/routes';
import { dashboardRoutes } from './dashboard/routes';
import { dayRulesRoutes, punchPolicyRoutes } from './day-rules/routes';
import { compOffRoutes } from './comp-off/routes';
import { deviceRoutes } from './devices/routes';
import { punchRoutes } from './punches/routes';
import { employeeRoutes } from './employees/routes';
import { exitRoutes, settlementListRoutes } from './exits/routes';
import { healthRoutes } from './health/routes';
import { holidayCalendarRoutes } from './leave-policy/holiday-calendar-routes';
import { leavePolicyRoutes } from './leave-policy/routes';
import { openingBalanceRoutes } from './leave-policy/opening-balances-routes';
import { leaveRoutes } from './leaves/routes';
import { salaryRoutes } from './salary/routes';
import { statutoryFileRoutes } from './salary/statutory-files/routes';
import { paymentRoutes } from './salary/payment-routes';
import { structureRoutes } from './salary/structure-routes';
import { statutoryRuleRoutes } from './statutory-rules/routes';
import { taskRoutes } from './tasks/routes';
import { teamRoutes } from './team/routes';
import { taxRoutes } from './tax/routes';
import { workHoursRoutes } from './work-hours/routes';

/** Each module and the path below /api it is mounted at ('' for /api itself), in registration order. */
export const apiModules: [below: string, plugin: FastifyPluginAsyncZod<ModuleOptions>][] = [
  ['', healthRoutes],
  ['/auth', authRoutes],
  ['/employee', employeeRoutes],
  ['/employees', exitRoutes],
  ['/final-settlements', settlementListRoutes],
  ['/audit', auditRoutes],
  ['/admins', adminRoutes],
  ['/attendance', attendanceRoutes],
  ['/attendance', attendanceImportRoutes],
  ['/attendance/register', attendanceRegisterRoutes],
  ['/attendance/corrections', correctionRoutes],
  ['/leave', leaveRoutes],
  ['', leavePolicyRoutes],
  ['', holidayCalendarRoutes],
  ['/leave-balances', openingBalanceRoutes],
  ['/task', taskRoutes],
  ['/salary', salaryRoutes],
  ['/salary/files', statutoryFileRoutes],
  ['/salary/payments', paymentRoutes],
  ['/salary/structures', structureRoutes],
  ['/statutory-rules', statutoryRuleRoutes],
  ['/dashboard', dashboardRoutes],
  ['/work-hours', workHoursRoutes],
  ['', teamRoutes],
  ['/tax', taxRoutes],
  ['/company', companyRoutes],
  ['/devices', deviceRoutes],
  ['/attendance/punches', punchRoutes],
  ['/day-rules', dayRulesRoutes],
  ['/punch-policy', punchPolicyRoutes],
  ['/comp-off', compOffRoutes],
];
