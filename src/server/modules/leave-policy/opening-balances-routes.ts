/**
 * /api/leave-balances: opening balances (imported from a file or entered by hand) and adjustments,
 * admins only. The balances themselves are read at GET /api/leave-balances (routes.ts).
 */
import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CSV_MAX_BYTES } from '../../../shared/constants';
import { msgResponse } from '../../../shared/schemas/common';
import { importAnswerSchema, importQuerySchema } from '../../../shared/schemas/import';
import { adjustmentHistoryQuery, leaveAdjustmentBody, leaveAdjustmentSchema, openingBalanceBody } from '../../../shared/schemas/leave-adjustments';
import { callerOf } from '../../auth/guard';
import type { ModuleOptions } from '../../context';
import { readUploadedFile, uploadLimits, uploadMessages } from '../../imports/uploaded-file';
import { readOpeningSheet } from './opening-balance-sheet';
import { createOpeningBalances } from './opening-balances';

const tags = ['leave policy'];
const refusals = { 400: msgResponse, 404: msgResponse };

export const openingBalanceRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { ctx }) => {
  const balances = createOpeningBalances(ctx);
  await app.register(multipart, { limits: uploadLimits(CSV_MAX_BYTES) });

  app.post('/import', {
    config: { roles: ['admin'], heavy: true },
    schema: {
      tags,
      summary: `Import opening balances from a CSV or .xlsx file (multipart field "file", at most ${CSV_MAX_BYTES / (1024 * 1024)} MB)`,
      description:
        'Columns employeeId, leaveType (its code such as CL, or its name), days (whole or half) and asOf (optional: the go-live date). ' +
        'One opening balance per person and type: a row replaces the one entered before. dryRun=true checks every row and writes nothing; ' +
        'atomic=true writes nothing when a row fails. The answer is every import\'s; the report is kept.',
      consumes: ['multipart/form-data'],
      querystring: importQuerySchema.pick({ dryRun: true, atomic: true }),
      response: { 200: importAnswerSchema },
    },
    handler: async (req) => {
      const { bytes, filename } = await readUploadedFile(req, uploadMessages(CSV_MAX_BYTES));
      const parsed = await readOpeningSheet(bytes);
      return balances.importOpening(callerOf(req), parsed, { dryRun: req.query.dryRun, atomic: req.query.atomic, fileName: filename });
    },
  });

  app.put('/opening', {
    config: { roles: ['admin'] },
    schema: { tags, summary: "Set one person's opening balance of one leave type (replaces the one entered before; audited)", body: openingBalanceBody, response: { 200: msgResponse, ...refusals } },
    handler: (req) => balances.setOpening(callerOf(req), req.body),
  });

  app.post('/adjustments', {
    config: { roles: ['admin'] },
    schema: {
      tags,
      summary: 'Add (+) or remove (−) days of a leave type for one person, with a reason (audited, shown in the balance history)',
      body: leaveAdjustmentBody,
      response: { 200: msgResponse, ...refusals },
    },
    handler: (req) => balances.adjust(callerOf(req), req.body),
  });

  app.get('/adjustments', {
    config: { roles: ['admin'] },
    schema: { tags, summary: "One person's opening balances and adjustments, newest first", querystring: adjustmentHistoryQuery, response: { 200: z.array(leaveAdjustmentSchema), ...refusals } },
    handler: (req) => balances.history(req.query.employeeId),
  });
};
