/** /api/attendance/corrections: employees ask to correct a past day; admins approve or reject, once. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { LIST_DEFAULT_LIMIT, LIST_HAS_MORE_HEADER, LIST_MAX_LIMIT } from '../../../shared/constants';
import { CORRECTION_MSG } from '../../../shared/attendance-corrections/correction-messages';
import { correctionCreateBody, correctionListQuery, correctionSchema } from '../../../shared/schemas/attendance-correction';
import { requestDecisionBody, idParamSchema, msgResponse } from '../../../shared/schemas/common';
import { msgWithNotice } from '../../../shared/schemas/approved-month-notice';
import { callerOf } from '../../auth/guard';
import type { ModuleOptions } from '../../context';
import { createCorrectionService } from './correction-service';
import { SERVER_MSG } from '../../../shared/messages';
import { forbidden } from '../../errors';

const tags = ['attendance corrections'];
const listDescription =
  `Newest first. At most ?limit= rows (default ${LIST_DEFAULT_LIMIT}, max ${LIST_MAX_LIMIT}); the ${LIST_HAS_MORE_HEADER} header ` +
  `is 'true' when more rows exist, and ?before=<_id of the last row shown> gives the next page.`;

export const correctionRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { ctx }) => {
  const corrections = createCorrectionService(ctx, () => void app.notifications.kick());

  app.post('/', {
    config: { roles: ['employee'] },
    schema: {
      tags,
      summary: "Ask to correct one of the caller's days with the actual in and out times (HH:MM, company time)",
      description:
        '400 for a missing or malformed field, an out time not after the in time, a future day, a time today that has not ' +
        'passed yet, or a day before joining; 409 when the day is approved leave or already has a pending or approved correction.',
      body: correctionCreateBody,
      response: { 201: msgResponse.extend({ _id: z.string() }), 400: msgResponse, 403: msgResponse, 409: msgResponse },
    },
    handler: async (req, reply) => reply.code(201).send(await corrections.request(callerOf(req), req.body)),
  });

  // Two lists, one query: the service shows an employee only their own rows.
  for (const { path, role, summary } of [
    { path: '/me', role: 'employee', summary: "The caller's own corrections, with their status" },
    {
      path: '/',
      role: 'admin',
      summary: "Everyone's corrections (admins); ?scope=team a manager's team's (employees); ?status=pending for those awaiting a decision",
    },
  ] as const) {
    app.get(path, {
      config: { roles: role === 'admin' ? ['admin', 'employee'] : [role] },
      // An employee gets this list only as a manager's team view; their own is /me.
      preHandler: async (req) => {
        if (path === '/' && callerOf(req).role === 'employee' && (req.query as { scope?: string }).scope !== 'team') throw forbidden(SERVER_MSG.forbidden);
      },
      schema: {
        tags,
        summary,
        description: listDescription,
        querystring: correctionListQuery,
        response: { 200: z.array(correctionSchema), 400: msgResponse, 403: msgResponse },
      },
      handler: async (req, reply) => {
        const { corrections: list, hasMore } = await corrections.list(callerOf(req), req.query);
        return reply.header(LIST_HAS_MORE_HEADER, String(hasMore)).send(list);
      },
    });
  }

  app.put('/:id', {
    config: { roles: ['admin', 'employee'], notFound: CORRECTION_MSG.notFound },
    schema: {
      tags,
      summary: "Approve or reject a pending correction (optional remark); approval sets the day's record and audits before and after",
      description:
        'Admins decide any (404 for an unknown id); an employee only a correction of someone they manage or stand in for, ' +
        'at the manager stage (403 otherwise, whether or not the id exists; never their own). 409 when it was already ' +
        'decided, or the day has become approved leave since. An approval of a day in an approved payroll month answers ' +
        '`approvedMonth` `{months, msg}` too: the month keeps its slips until a re-run or arrears.',
      params: idParamSchema,
      body: requestDecisionBody,
      response: { 200: msgWithNotice, 400: msgResponse, 403: msgResponse, 404: msgResponse, 409: msgResponse },
    },
    handler: (req) => corrections.decide(callerOf(req), Number(req.params.id), req.body.status, req.body.remark),
  });
};
