/** Every /api module and where it is mounted; the one list buildApp registers. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ModuleOptions } from '../context';
import { adminRoutes } from './admins';
import { attendanceRoutes } from './attendance';
import { attendanceRegisterRoutes } from './attendance-register';
import { attendanceImportRoutes } from './attendance-import';
import { correctionRoutes } from './attendance-corrections';
import { auditRoutes } from './audit';
import { companyRoutes } from './company';
import { authRoutes } from './auth';
import { dashboardRoutes } from './dashboard';
import { dayRulesRoutes, punchPolicyRoutes } from './day-rules';
import { compOffRoutes } from './comp-off';
import { deviceRoutes } from './devices';
import { punchRoutes } from './punches';
import { employeeRoutes } from './employees';
import { exitRoutes, settlementListRoutes } from './exits';
import { healthRoutes } from './health';
import { holidayCalendarRoutes } from './leave-policy';
import { leavePolicyRoutes } from './leave-policy';
import { openingBalanceRoutes } from './leave-policy';
import { leaveRoutes } from './leaves';
import { salaryRoutes } from './salary';
import { statutoryFileRoutes } from './salary';
import { paymentRoutes } from './salary';
import { structureRoutes } from './salary';
import { statutoryRuleRoutes } from './statutory-rules';
import { taskRoutes } from './tasks';
import { teamRoutes } from './team';
import { taxRoutes } from './tax';
import { workHoursRoutes } from './work-hours';

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
