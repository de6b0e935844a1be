/**
 * /api/employees/{id}/exit and /api/employees/{id}/final-settlement: recording how a person leaves,
 * and their full-and-final settlement (draft, approve, bank file, PDF); /api/final-settlements lists
 * leavers with the state and due day of each settlement, and /mine tells a leaver the state of their own.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParamSchema, msgResponse } from '../../../shared/schemas/common';
import { exitBody, exitSchema, ownSettlementSchema, settlementDraftBody, settlementListItemSchema, settlementSchema } from '../../../shared/schemas/exit';
import { callerOf } from '../../auth/guard';
import type { ModuleOptions } from '../../context';
import { createExitService } from './exit-service';
import { createSettlementService } from './settlement-service';

const tags = ['exits'];
const errors = { 400: msgResponse, 403: msgResponse, 404: msgResponse, 409: msgResponse };
const notFound = 'Employee not found';

export const exitRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { ctx }) => {
  const exits = createExitService(ctx);
  const settlements = createSettlementService(ctx);

  app.get('/:id/exit', {
    config: { roles: ['admin'], notFound },
    schema: { tags, summary: "An employee's recorded exit: kind, notice (given on, period, served, short), last working day, reason, ESI and EPFO exit codes", params: idParamSchema, response: { 200: exitSchema, ...errors } },
    handler: (req) => exits.get(Number(req.params.id)),
  });

  app.post('/:id/exit', {
    config: { roles: ['admin'], notFound },
    schema: {
      tags,
      summary: 'Record (or correct) an exit: resignation, termination, retirement…, with the notice and the last working day, which becomes the leaving date everywhere (audited)',
      description: '400 for dates out of order or before joining; 409 when an approved month already paid them after that day, or their settlement is approved.',
      params: idParamSchema,
      body: exitBody,
      response: { 200: exitSchema, ...errors },
    },
    handler: (req) => exits.record(callerOf(req).userId, Number(req.params.id), req.body),
  });

  app.delete('/:id/exit', {
    config: { roles: ['admin'], notFound },
    schema: { tags, summary: 'Withdraw an exit (a resignation taken back): the leaving date is cleared; 409 once the settlement is approved', params: idParamSchema, response: { 200: msgResponse, ...errors } },
    handler: (req) => exits.withdraw(callerOf(req).userId, Number(req.params.id)),
  });

  app.get('/:id/final-settlement', {
    config: { roles: ['admin'], notFound, heavy: true },
    schema: { tags, summary: "A leaver's full-and-final statement: computed from today's data while a draft, as approved once approved", params: idParamSchema, response: { 200: settlementSchema, ...errors } },
    handler: (req) => settlements.get(Number(req.params.id)),
  });

  app.put('/:id/final-settlement', {
    config: { roles: ['admin'], notFound },
    schema: { tags, summary: "Set a draft settlement's other recoveries (an advance, an asset) and their note; 409 once approved", params: idParamSchema, body: settlementDraftBody, response: { 200: settlementSchema, ...errors } },
    handler: (req) => settlements.saveDraft(callerOf(req).userId, Number(req.params.id), req.body),
  });

  app.post('/:id/final-settlement/approve', {
    config: { roles: ['admin'], notFound },
    schema: { tags, summary: 'Approve and lock the settlement as computed now (after the last working day); the leaver is emailed the PDF', params: idParamSchema, response: { 200: settlementSchema, ...errors } },
    handler: (req) => settlements.approve(callerOf(req).userId, Number(req.params.id)),
  });

  app.post('/:id/final-settlement/batch', {
    config: { roles: ['admin'], notFound },
    schema: {
      tags,
      summary: "Make the approved settlement's bank file: a payment batch of its own, marked paid with POST /api/salary/payments/batches/{id}/paid",
      params: idParamSchema,
      response: { 200: settlementSchema, ...errors },
    },
    handler: (req) => settlements.makeBatch(callerOf(req).userId, Number(req.params.id)),
  });

  app.get('/:id/final-settlement/pdf', {
    config: { roles: ['admin', 'employee'], notFound, formerEmployee: true, heavy: true },
    schema: {
      tags,
      summary: 'The full-and-final statement as a PDF: admins any (a draft marked so), the leaver their own once approved (403 for anyone else)',
      produces: ['application/pdf'],
      params: idParamSchema,
      response: errors,
    },
    handler: async (req, reply) => {
      const file = await settlements.pdf(callerOf(req), Number(req.params.id));
      return reply.header('content-type', 'application/pdf').header('content-disposition', `attachment; filename="${file.filename}"`).send(file.content as never);
    },
  });
};

export const settlementListRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { ctx }) => {
  const settlements = createSettlementService(ctx);
  app.get('/', {
    config: { roles: ['admin'] },
    schema: {
      tags,
      summary: 'People with a leaving date and their settlement: state, due day (two working days after leaving), overdue; ?which=open (default: not paid), overdue or all',
      querystring: z.object({ which: z.enum(['open', 'overdue', 'all'], { error: 'which must be open, overdue or all' }).default('open') }),
      response: { 200: z.array(settlementListItemSchema), 400: msgResponse, 403: msgResponse },
    },
    handler: (req) => settlements.list(req.query.which),
  });

  // The leaver's own, so their screen says whether the statement can be downloaded before they try.
  app.get('/mine', {
    config: { roles: ['employee'], formerEmployee: true },
    schema: {
      tags,
      summary: "The caller's own settlement: being prepared (with its due day), approved (the day and the net amount) or paid (the day); state none without a leaving date",
      response: { 200: ownSettlementSchema, 403: msgResponse },
    },
    handler: (req) => settlements.mine(callerOf(req).userId),
  });
};
