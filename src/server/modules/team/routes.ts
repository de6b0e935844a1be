/**
 * /api/team: a manager's space (My Team) and their stand-ins; /api/team/summary also feeds everyone's
 * bell. Mounted at /api beside /api/approval-settings (admins) and /api/notifications/preferences
 * (each person's own). Every team answer is computed from the reporting line at the moment of the call.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParamSchema, msgResponse } from '../../../shared/schemas/common';
import { whosOffQuery, whosOffSchema } from '../../../shared/schemas/holiday-calendar';
import {
  approvalSettingsSchema,
  notificationListSchema,
  notificationPreferencesSchema,
  notificationReadBody,
  standInCandidateSchema,
  standInCreateBody,
  standInSchema,
  teamAttendanceSchema,
  teamBalanceSchema,
  teamSummarySchema,
} from '../../../shared/schemas/team';
import { callerOf } from '../../auth/guard';
import type { ModuleOptions } from '../../context';
import { readApprovalSettings, saveApprovalSettings } from './approval-settings';
import { createNotificationInbox } from './notification-inbox';
import { createTeamService, TEAM_MSG } from './team-service';

const tags = ['team'];

export const teamRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { ctx }) => {
  const team = createTeamService(ctx);
  const inbox = createNotificationInbox(ctx);
  const { db } = ctx.database;

  app.get('/team/summary', {
    config: { roles: ['admin', 'employee'] },
    schema: { tags, summary: "The caller's bell (requests waiting for their decision) and whether they manage anyone", response: { 200: teamSummarySchema } },
    handler: (req) => team.summary(callerOf(req)),
  });

  app.get('/team/attendance', {
    config: { roles: ['employee'] },
    schema: { tags, summary: "Today's attendance of the caller's team (empty for someone who manages nobody); no pay", response: { 200: teamAttendanceSchema } },
    handler: (req) => team.attendance(callerOf(req)),
  });

  app.get('/team/whos-off', {
    config: { roles: ['employee'] },
    schema: {
      tags,
      summary: "The team's approved leave from ?from= to ?to= (at most 42 days), with the holidays and weekly off rule",
      querystring: whosOffQuery,
      response: { 200: whosOffSchema },
    },
    handler: (req) => team.whosOff(callerOf(req), req.query),
  });

  app.get('/team/leave-balances', {
    config: { roles: ['employee'] },
    schema: { tags, summary: "The team's leave balances today, in days", response: { 200: z.array(teamBalanceSchema) } },
    handler: (req) => team.leaveBalances(callerOf(req)),
  });

  app.get('/team/stand-ins', {
    config: { roles: ['employee'] },
    schema: { tags, summary: 'The stand-ins the caller named', response: { 200: z.array(standInSchema) } },
    handler: (req) => team.standIns(callerOf(req)),
  });

  app.get('/team/stand-in-candidates', {
    config: { roles: ['employee'] },
    schema: {
      tags,
      summary: 'Whom the caller may name as stand-in: their direct reports, their own manager and the people who share that manager (names and codes only)',
      response: { 200: z.array(standInCandidateSchema) },
    },
    handler: (req) => team.standInCandidates(callerOf(req)),
  });

  app.post('/team/stand-ins', {
    config: { roles: ['employee'] },
    schema: {
      tags,
      summary: "Name a stand-in who may decide the caller's team's requests from `from` to `to` (inclusive)",
      description: 'A stand-in gets the right to decide pending requests in that range, not the team data; each decision records it was a stand-in\'s.',
      body: standInCreateBody,
      response: { 201: msgResponse.extend({ _id: z.string() }) },
    },
    handler: async (req, reply) => reply.code(201).send(await team.addStandIn(callerOf(req), req.body)),
  });

  app.delete('/team/stand-ins/:id', {
    config: { roles: ['employee'], notFound: TEAM_MSG.standInNotFound },
    schema: { tags, summary: 'Remove one of the caller\'s stand-ins (404 for anyone else\'s)', params: idParamSchema, response: { 200: msgResponse } },
    handler: (req) => team.removeStandIn(callerOf(req), Number(req.params.id)),
  });

  app.get('/approval-settings', {
    config: { roles: ['admin'] },
    schema: { tags, summary: 'Skip-level team view (off by default) and escalation to HR after N days (null: off)', response: { 200: approvalSettingsSchema } },
    handler: () => readApprovalSettings(db),
  });

  app.put('/approval-settings', {
    config: { roles: ['admin'] },
    schema: { tags, summary: 'Change the approval settings', body: approvalSettingsSchema, response: { 200: approvalSettingsSchema } },
    handler: (req) => saveApprovalSettings(ctx, callerOf(req).userId, req.body),
  });

  app.get('/notifications', {
    config: { roles: ['admin', 'employee'] },
    schema: { tags, summary: "The caller's bell: their newest notifications (requests to decide, decisions) and the unread count", response: { 200: notificationListSchema } },
    handler: (req) => inbox.list(callerOf(req).userId),
  });

  app.put('/notifications/read', {
    config: { roles: ['admin', 'employee'] },
    schema: {
      tags,
      summary: "Mark the caller's notifications read: the given `ids` (others' ids are ignored), or all when left out",
      body: notificationReadBody,
      response: { 200: msgResponse.extend({ unread: z.number() }) },
    },
    handler: (req) => inbox.markRead(callerOf(req).userId, req.body),
  });

  app.get('/notifications/preferences', {
    config: { roles: ['admin', 'employee'] },
    schema: { tags, summary: "The caller's choice: single mails, or one daily digest", response: { 200: notificationPreferencesSchema } },
    handler: (req) => inbox.preferences(callerOf(req).userId),
  });

  app.put('/notifications/preferences', {
    config: { roles: ['admin', 'employee'] },
    schema: { tags, summary: 'Choose single mails or one daily digest', body: notificationPreferencesSchema, response: { 200: notificationPreferencesSchema } },
    handler: (req) => inbox.choose(callerOf(req).userId, req.body),
  });
};
