/**
 * Leave types, the holiday calendar, the leave settings and balances. Everyone reads what the leave
 * form needs; admins change them. Mounted at /api, so each resource keeps its own path.
 */
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { LEAVE_POLICY_MSG } from '../../../shared/leave-policy/leave-policy-messages';
import { idParamSchema, msgResponse } from '../../../shared/schemas/common';
import {
  balanceQuery,
  employeeBalancesSchema,
  holidayBody,
  holidaySchema,
  holidayYearQuery,
  leaveSettingsSchema,
  leaveTypeBody,
  leaveTypeSchema,
} from '../../../shared/schemas/leave-policy';
import { callerOf } from '../../auth/guard';
import type { ModuleOptions } from '../../context';
import { createLeavePolicyService } from './leave-policy-service';

const tags = ['leave policy'];
const refusals = { 400: msgResponse, 403: msgResponse };

/** An answer already written as JSON text: Fastify sends a string with a JSON type as it is. */
const sendJsonText = (reply: FastifyReply, text: string) => reply.type('application/json; charset=utf-8').send(text);

export const leavePolicyRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { ctx }) => {
  const policy = createLeavePolicyService(ctx);

  app.get('/leave-types', {
    config: { roles: ['admin', 'employee'] },
    schema: { tags, summary: 'Leave types, with their entitlement and rules', response: { 200: z.array(leaveTypeSchema), 403: msgResponse } },
    handler: () => policy.types(),
  });

  app.post('/leave-types', {
    config: { roles: ['admin'] },
    schema: {
      tags,
      summary: 'Add a leave type',
      description: '409 when another type has the same name (in any case) or code; fieldErrors names each clashing field.',
      body: leaveTypeBody,
      response: { 201: leaveTypeSchema, ...refusals, 409: msgResponse },
    },
    handler: async (req, reply) => reply.code(201).send(await policy.createType(callerOf(req), req.body)),
  });

  app.put('/leave-types/:id', {
    config: { roles: ['admin'], notFound: LEAVE_POLICY_MSG.typeNotFound },
    schema: {
      tags,
      summary: 'Change a leave type',
      description: 'Balances follow at once: they are computed from the records. The default type stays active.',
      params: idParamSchema,
      body: leaveTypeBody,
      response: { 200: leaveTypeSchema, ...refusals, 404: msgResponse, 409: msgResponse },
    },
    handler: (req) => policy.updateType(callerOf(req), Number(req.params.id), req.body),
  });

  app.get('/holidays', {
    config: { roles: ['admin', 'employee'] },
    schema: { tags, summary: "A year's holidays, by date", querystring: holidayYearQuery, response: { 200: z.array(holidaySchema), ...refusals } },
    handler: (req) => policy.holidays(req.query.year),
  });

  app.post('/holidays', {
    config: { roles: ['admin'] },
    schema: {
      tags,
      summary: 'Add a holiday',
      description: '409 when the date already has one.',
      body: holidayBody,
      response: { 201: msgResponse.extend({ _id: z.string() }), ...refusals, 409: msgResponse },
    },
    handler: async (req, reply) => reply.code(201).send(await policy.addHoliday(callerOf(req), req.body)),
  });

  app.put('/holidays/:id', {
    config: { roles: ['admin'], notFound: LEAVE_POLICY_MSG.holidayNotFound },
    schema: {
      tags,
      summary: 'Edit a holiday: its date, name, whether it is optional and whether it repeats every year',
      description:
        'A repeating holiday falls on its day and month in every year from its date on (not 29 February); a holiday dated on one of those days wins that day. ' +
        '409 with fieldErrors.date when the day already has a holiday.',
      params: idParamSchema,
      body: holidayBody,
      response: { 200: msgResponse, ...refusals, 404: msgResponse, 409: msgResponse },
    },
    handler: (req) => policy.updateHoliday(callerOf(req), Number(req.params.id), req.body),
  });

  app.delete('/holidays/:id', {
    config: { roles: ['admin'], notFound: LEAVE_POLICY_MSG.holidayNotFound },
    schema: { tags, summary: 'Remove a holiday', params: idParamSchema, response: { 200: msgResponse, ...refusals, 404: msgResponse } },
    handler: (req) => policy.removeHoliday(callerOf(req), Number(req.params.id)),
  });

  app.get('/leave-settings', {
    config: { roles: ['admin', 'employee'] },
    schema: { tags, summary: "The leave year's first month and the weekly offs", response: { 200: leaveSettingsSchema, 403: msgResponse } },
    handler: () => policy.settings(),
  });

  app.put('/leave-settings', {
    config: { roles: ['admin'] },
    schema: { tags, summary: "Change the leave year's first month and the weekly offs", body: leaveSettingsSchema, response: { 200: msgResponse, ...refusals } },
    handler: (req) => policy.saveSettings(callerOf(req), req.body),
  });

  app.get('/leave-balances/me', {
    config: { roles: ['employee'] },
    schema: {
      tags,
      summary: "The caller's balance of each leave type in the current leave year",
      querystring: balanceQuery.pick({ asOf: true }),
      response: { 200: employeeBalancesSchema, ...refusals, 404: msgResponse },
    },
    handler: async (req, reply) => reply.header('cache-control', 'private, no-store').send(await policy.balances(callerOf(req), req.query)),
  });

  app.get('/leave-balances', {
    config: { roles: ['admin'] },
    schema: {
      tags,
      summary: "Every active employee's balances (the balances report), or one employee's with ?employeeId=",
      querystring: balanceQuery,
      response: { 200: z.array(employeeBalancesSchema), ...refusals, 404: msgResponse },
    },
    handler: async (req, reply) => {
      const caller = callerOf(req);
      const rows = req.query.employeeId ? [await policy.balances(caller, req.query)] : await policy.balanceReport(caller, req.query.asOf);
      // Sent as JSON text, as the attendance list is: the report holds 10,000 employees × every type
      // (6 MB), and the zod response check walked every object again on the way out (about a tenth
      // of the answer's time, bench figure 13). The rows are built field by field above, so the
      // schema still says what is sent (and the OpenAPI shows it).
      return sendJsonText(reply.header('cache-control', 'private, no-store'), JSON.stringify(rows));
    },
  });
};
