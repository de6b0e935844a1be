/**
 * /api/comp-off: an employee asks for a day off in return for a holiday or weekly off they worked and
 * sees their balance; their manager (or a stand-in) or an admin approves or rejects it once, and the
 * requester may withdraw it while it waits.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { LIST_DEFAULT_LIMIT, LIST_HAS_MORE_HEADER, LIST_MAX_LIMIT } from '../../../shared/constants';
import { COMP_OFF_MSG } from '../../../shared/day-rules/comp-off-messages';
import { compOffCreateBody, compOffDecisionBody, compOffListQuery, compOffMineSchema, compOffSchema, compOffWithdrawBody } from '../../../shared/schemas/comp-off';
import { idParamSchema, msgResponse } from '../../../shared/schemas/common';
import { SERVER_MSG } from '../../../shared/messages';
import { callerOf } from '../../auth/guard';
import type { ModuleOptions } from '../../context';
import { forbidden } from '../../errors';
import { createCompOffService } from './comp-off-service';

const tags = ['comp-off'];

export const compOffRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { ctx }) => {
  const service = createCompOffService(ctx, () => void app.notifications.kick());

  app.get('/mine', {
    config: { roles: ['employee'] },
    schema: {
      tags,
      summary: "The caller's comp-off: whether it is in use, its expiry, the balance, the days off worked they may still ask for, and their requests",
      response: { 200: compOffMineSchema, 403: msgResponse },
    },
    handler: (req) => service.mine(callerOf(req)),
  });

  app.post('/', {
    config: { roles: ['employee'] },
    schema: {
      tags,
      summary: 'Ask for a comp-off for a holiday or weekly off the caller worked',
      description:
        'A full day (P) earns a day, a half day (H) half. 400 with fieldErrors.workDate for a day in the future, older than the ' +
        "company's expiry, a working day, or a day without a closed present record; 409 when comp-off is off or the day has a pending or approved request (after a rejection it may be asked for again).",
      body: compOffCreateBody,
      response: { 201: msgResponse.extend({ _id: z.string() }), 400: msgResponse, 403: msgResponse, 409: msgResponse },
    },
    handler: async (req, reply) => reply.code(201).send(await service.request(callerOf(req), req.body)),
  });

  app.get('/', {
    config: { roles: ['admin', 'employee'] },
    // An employee gets this list only as a manager's team view; their own is /mine.
    preHandler: async (req) => {
      if (callerOf(req).role === 'employee' && (req.query as { scope?: string }).scope !== 'team') throw forbidden(SERVER_MSG.forbidden);
    },
    schema: {
      tags,
      summary: "Everyone's comp-off requests (admins); ?scope=team a manager's team's (employees); ?status=pending for those awaiting a decision",
      description: `Newest first. At most ?limit= rows (default ${LIST_DEFAULT_LIMIT}, max ${LIST_MAX_LIMIT}); the ${LIST_HAS_MORE_HEADER} header is 'true' when more rows exist.`,
      querystring: compOffListQuery,
      response: { 200: z.array(compOffSchema), 400: msgResponse, 403: msgResponse },
    },
    handler: async (req, reply) => {
      const { rows, hasMore } = await service.list(callerOf(req), req.query);
      return reply.header(LIST_HAS_MORE_HEADER, String(hasMore)).send(rows);
    },
  });

  app.put('/:id', {
    config: { roles: ['admin', 'employee'], notFound: COMP_OFF_MSG.notFound },
    schema: {
      tags,
      summary: 'Approve or reject a pending comp-off request (optional remark); approval gives a credit of the compensatory-off leave type',
      description:
        'Admins decide any (404 for an unknown id); an employee only a request of someone they manage or stand in for, at the ' +
        "manager stage (403 otherwise, whether or not the id exists; never their own). 409 when it was already decided. The credit's " +
        "last day is the day worked plus the company's expiry (the day's rules).",
      params: idParamSchema,
      body: compOffDecisionBody,
      response: { 200: msgResponse, 400: msgResponse, 403: msgResponse, 404: msgResponse, 409: msgResponse },
    },
    handler: (req) => service.decide(callerOf(req), Number(req.params.id), req.body.status, req.body.remark),
  });

  app.post('/:id/withdraw', {
    config: { roles: ['employee'], notFound: COMP_OFF_MSG.notFound },
    schema: {
      tags,
      summary: "Withdraw the caller's own pending comp-off request (optional reason, kept with it); it leaves the approvers' lists",
      description: '404 for an unknown id; 403 for anyone else\'s request (their manager\'s and HR\'s included); 409 once it was decided or withdrawn. The day may then be asked for again.',
      params: idParamSchema,
      body: compOffWithdrawBody,
      response: { 200: msgResponse, 400: msgResponse, 403: msgResponse, 404: msgResponse, 409: msgResponse },
    },
    handler: (req) => service.withdraw(callerOf(req), Number(req.params.id), req.body.reason),
  });
};
