/**
 * /api/leave: employees request leave; their manager (or a stand-in) and admins decide it; each side
 * lists what it may see; requesters withdraw, and approvers cancel approved leave.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { LIST_DEFAULT_LIMIT, LIST_HAS_MORE_HEADER, LIST_MAX_LIMIT } from '../../../shared/constants';
import { LEAVE_MSG } from './leave-messages';
import { requestDecisionBody, idParamSchema, msgResponse } from '../../../shared/schemas/common';
import { leaveCreateBody, leaveListQuery, leaveSchema } from '../../../shared/schemas/leave';
import { leaveCancelBody } from '../../../shared/schemas/team';
import { msgWithNotice } from '../../../shared/schemas/approved-month-notice';
import { callerOf } from '../../auth/guard';
import type { ModuleOptions } from '../../context';
import { createLeaveService } from './leave-service';

export const leaveRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { ctx }) => {
  const leaves = createLeaveService(ctx, () => void app.notifications.kick());

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
      summary: "List leave requests: all for admins, your own for employees; ?scope=team a manager's team",
      description:
        "With ?scope=team an employee gets their team's requests (direct reports; reports' reports too when the company's " +
        'skip-level setting is on) and the pending ones they may decide as a stand-in, each with `requester` and `canDecide`; ' +
        `never pay. Newest first. Optional ?status=pending|approved|rejected|cancelled. At most ?limit= rows ` +
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
    config: { roles: ['admin', 'employee'], notFound: LEAVE_MSG.notFound },
    schema: {
      tags: ['leave'],
      summary: "Approve or reject a pending leave request, with an optional remark (emails the requester)",
      description:
        "Admins decide any request (404 for an unknown id). An employee decides only a request of someone they manage, or " +
        'stand in for, while it waits at the manager stage; otherwise 403, whether or not the id exists. Nobody decides ' +
        "their own (403). A manager's approval of a manager-then-HR type leaves it pending at stage hr. 409 when the request " +
        "was already decided, or when approving would take a paid type's balance below zero. An approval whose days lie in an " +
        'approved payroll month answers `approvedMonth` `{months, msg}` too: the month keeps its slips until a re-run or arrears.',
      params: idParamSchema,
      body: requestDecisionBody,
      response: { 200: msgWithNotice },
    },
    handler: (req) => leaves.decide(callerOf(req), Number(req.params.id), req.body.status, req.body.remark),
  });

  app.put('/cancel/:id', {
    config: { roles: ['admin', 'employee'], notFound: LEAVE_MSG.notFound },
    schema: {
      tags: ['leave'],
      summary: 'Withdraw or cancel leave: the requester withdraws a pending request or asks to cancel approved leave; an approver or HR cancels approved leave',
      description:
        'The requester: a pending request becomes cancelled; approved leave that has not started gets a cancellation request ' +
        'the manager (or HR) is told of (409 once it has started). The manager, a stand-in or an admin: approved leave becomes ' +
        'cancelled, `reason` required (400 without). The days return to the balance. Anyone else 403, whether or not the id exists. Cancelled approved leave in an approved payroll month answers `approvedMonth` too.',
      params: idParamSchema,
      body: leaveCancelBody,
      response: { 200: msgWithNotice },
    },
    handler: (req) => leaves.cancel(callerOf(req), Number(req.params.id), req.body.reason),
  });
};
