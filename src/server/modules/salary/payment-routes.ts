/** /api/salary/payments: a month's payment batches (bank files), marking them paid, returned payments, and each batch's file. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParamSchema, monthSchema, msgResponse } from '../../../shared/schemas/common';
import { markPaidBody, markReturnedBody, monthPaymentsSchema, paymentBatchSchema } from '../../../shared/schemas/payroll-payments';
import { callerOf } from '../../auth/guard';
import type { ModuleOptions } from '../../context';
import { createPaymentBatchService } from './payment-batches';

const tags = ['salary'];
const errors = { 400: msgResponse, 403: msgResponse, 404: msgResponse, 409: msgResponse };

export const paymentRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { ctx }) => {
  const batches = createPaymentBatchService(ctx);
  const monthParams = z.object({ month: monthSchema });

  app.get('/:month', {
    config: { roles: ['admin'] },
    schema: {
      tags,
      summary: "A month's payment batches (each bank file made: rows, total, SHA-256, state), what a new batch would pay now, the recoveries, and whether its slips can be released",
      description: 'Account numbers are masked here; the full numbers are in the batch files only.',
      params: monthParams,
      response: { 200: monthPaymentsSchema, 400: msgResponse, 403: msgResponse },
    },
    handler: (req) => batches.month(req.params.month),
  });

  app.post('/:month/batches', {
    config: { roles: ['admin'] },
    schema: {
      tags,
      summary: 'Make the next bank file of an approved month: the first pays every approved net; a later one only what is owed since (a re-run raised a net, a returned payment whose details were fixed)',
      description: 'Nets that went down are listed as recoveries for HR, never paid. 409 when the month is not approved or nothing is owed.',
      params: monthParams,
      response: { 201: paymentBatchSchema, ...errors },
    },
    handler: async (req, reply) => reply.code(201).send(await batches.create(callerOf(req).userId, req.params.month)),
  });

  app.get('/batches/:id/file', {
    config: { roles: ['admin'], heavy: true },
    schema: {
      tags,
      summary: "A payment batch's bank file, byte for byte as made (full account numbers; each download audited with its SHA-256, count and total)",
      produces: ['text/csv'],
      params: idParamSchema,
      response: errors,
    },
    handler: async (req, reply) => {
      const file = await batches.file(callerOf(req).userId, Number(req.params.id));
      return (
        reply
          .header('content-type', file.contentType)
          .header('content-disposition', `attachment; filename="${file.filename}"`)
          .header('x-batch-sha256', file.sha256)
          .header('cache-control', 'no-store')
          // The stored text as it is; the declared answers describe the JSON refusals only.
          .send(file.content as never)
      );
    },
  });

  app.post('/batches/:id/paid', {
    config: { roles: ['admin'] },
    schema: {
      tags,
      summary: 'Mark a payment batch paid by the bank, with the date and the bank reference (audited; once)',
      params: idParamSchema,
      body: markPaidBody,
      response: { 200: paymentBatchSchema, ...errors },
    },
    handler: (req) => batches.markPaid(callerOf(req).userId, Number(req.params.id), req.body),
  });

  app.post('/batches/:id/returned', {
    config: { roles: ['admin'] },
    schema: {
      tags,
      summary: 'Mark rows of a paid batch as returned by the bank (a wrong account): they are owed again, and go in a re-payment batch once the details are fixed and the month re-run',
      params: idParamSchema,
      body: markReturnedBody,
      response: { 200: paymentBatchSchema, ...errors },
    },
    handler: (req) => batches.markReturned(callerOf(req).userId, Number(req.params.id), req.body),
  });
};
