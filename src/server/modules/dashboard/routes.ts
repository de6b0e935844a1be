/** /api/dashboard: the figures of the two dashboards, counted by the database. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { msgResponse } from '../../../shared/schemas/common';
import { adminDashboardSummary, employeeDashboardFigures } from '../../../shared/schemas/dashboard';
import { callerOf } from '../../auth/guard';
import type { ModuleOptions } from '../../context';
import { createDashboardService } from './dashboard-service';
import { setupChecklistSchema } from '../../../shared/schemas/setup-checklist';
import { setupChecklist } from './setup-checklist';

const tags = ['dashboard'];

export const dashboardRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { ctx }) => {
  const dashboard = createDashboardService(ctx);

  app.get('/summary', {
    config: { roles: ['admin'] },
    schema: {
      tags,
      summary: 'The admin dashboard figures: active employees, on leave today, pending leave requests and attendance corrections, open tasks, the last payroll run, and today split into present, on leave, absent and off',
      description: "Counts only, each one indexed COUNT query. Present and absent today come from GET /api/attendance?date= (the dashboard's poll).",
      response: { 200: adminDashboardSummary, 403: msgResponse },
    },
    // Figures change with every decision; no cache may answer for the database.
    handler: async (_req, reply) => reply.header('cache-control', 'private, no-store').send(await dashboard.summary()),
  });

  app.get('/me', {
    config: { roles: ['employee'] },
    schema: {
      tags,
      summary: "The caller's own figures: today's punches, days present this month, leave days this year, open tasks, the latest slip month",
      response: { 200: employeeDashboardFigures, 403: msgResponse, 404: msgResponse },
    },
    handler: async (req, reply) => reply.header('cache-control', 'private, no-store').send(await dashboard.own(callerOf(req))),
  });

  app.get('/setup', {
    config: { roles: ['admin'] },
    schema: {
      tags,
      summary: "The set-up checklist: company profile, leave policy, holidays, employees, statutory details, go-live date and opening balances, first payroll; each step done or not, from the database",
      response: { 200: setupChecklistSchema, 403: msgResponse },
    },
    handler: async (_req, reply) => reply.header('cache-control', 'private, no-store').send(await setupChecklist(ctx)),
  });
};
