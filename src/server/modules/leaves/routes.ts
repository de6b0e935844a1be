/** /api/leave: employees request leave, admins decide it; each side lists what it may see. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { LIST_DEFAULT_LIMIT, LIST_HAS_MORE_HEADER, LIST_MAX_LIMIT } from '../../../shared/constants';
import { LEAVE_MSG } from './leave-messages';
import { idParamSchema, msgResponse } from '../../../shared/schemas/common';
import { leaveCreateBody, leaveDecisionBody, leaveListQuery, leaveSchema } from '../../../shared/schemas/leave';
import { callerOf } from '../../auth/guard';
import type { ModuleOptions } from '../../context';
import { createLeaveService } from './leave-service';

export const leaveRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { ctx }) => {
  const leaves = createLeaveService(ctx);

  app.post('/', {
    config: { roles: ['employee'] },
    schema: {
      tags: ['leave'],
      summary: 'Request leave for the signed-in employee',
      description:
        'Creates a pending request of `leaveTypeId` (the default type when absent; `dayPart` first-half/second-half for one day of a half-day type) and stores its working days. ' +
        '400 when a field is missing, the end date is before the start date, the reason is over 1000 characters, the type is not offered, the leave crosses two leave years or holds no working day, or a half day is asked for more than one day or of a type without half days; ' +
        "409 when the dates overlap your own pending or approved leave, or a paid type's balance does not cover the working days.",
      body: leaveCreateBody,
      response: { 201: msgResponse.extend({ _id: z.string() }) },
    },
    handler: async (req, reply) => reply.code(201).send(await leaves.request(callerOf(req), req.body)),
  });

  app.get('/', {
    config: { roles: ['admin', 'employee'] },
    schema: {
      tags: ['leave'],
      summary: 'List leave requests: all for admins, your own for employees',
      description:
        `Newest first. Optional ?status=pending|approved|rejected. At most ?limit= rows ` +
        `(default ${LIST_DEFAULT_LIMIT}, max ${LIST_MAX_LIMIT}); the ${LIST_HAS_MORE_HEADER} header is 'true' when more rows exist.`,
      querystring: leaveListQuery,
      response: { 200: z.array(leaveSchema) },
    },
    handler: async (req, reply) => {
      const { leaves: list, hasMore } = await leaves.list(callerOf(req), req.query);
      return reply.header(LIST_HAS_MORE_HEADER, String(hasMore)).send(list);
    },
  });

  app.put('/approve/:id', {
    config: { roles: ['admin'], notFound: LEAVE_MSG.notFound },
    schema: {
      tags: ['leave'],
      summary: 'Approve or reject a pending leave request (emails the employee)',
      description: "404 for an unknown id; 409 when the request was already decided, or when approving would take a paid type's balance below zero.",
      params: idParamSchema,
      body: leaveDecisionBody,
      response: { 200: msgResponse },
    },
    handler: (req) => leaves.decide(callerOf(req), Number(req.params.id), req.body.status),
  });
};
