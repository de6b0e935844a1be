/** /api/attendance/register: the monthly attendance register for admins, as JSON pages and as a CSV or .xlsx download. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { msgResponse } from '../../../shared/schemas/common';
import { registerDownloadQuery, registerPageSchema, registerQuery } from '../../../shared/schemas/attendance-register';
import type { ModuleOptions } from '../../context';
import { createRegisterExporter, registerFileName, XLSX_CONTENT_TYPE } from './register-export';
import { createRegisterService } from './register-service';

const tags = ['attendance'];

export const attendanceRegisterRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { ctx }) => {
  const register = createRegisterService(ctx);
  const exporter = createRegisterExporter(ctx, register);

  app.get('/', {
    config: { roles: ['admin'], heavy: true },
    schema: {
      tags,
      summary: 'The monthly register: a page of employees (by employee ID) with a code per day and totals; ?q= searches name, email or ID',
      description:
        'Codes: P present, HD half day, L-XX leave of type XX, HL-XX half a day of leave, A absent (loss of pay, as on the salary slip), H holiday, WO weekly off, – before joining, blank not over yet.',
      querystring: registerQuery,
      response: { 200: registerPageSchema, 400: msgResponse, 403: msgResponse },
    },
    handler: (req) => register.page(req.query),
  });

  app.get('/download', {
    config: { roles: ['admin'], heavy: true },
    schema: {
      tags,
      summary: 'The whole register of a month as CSV or .xlsx (?format=), streamed a batch of employees at a time',
      produces: ['text/csv', XLSX_CONTENT_TYPE],
      querystring: registerDownloadQuery,
    },
    handler: async (req, reply) => {
      const { month, q, format } = req.query;
      const m = await register.monthOf(month);
      const body = format === 'xlsx' ? exporter.xlsx(m, q) : exporter.csv(m, q);
      return reply
        .header('content-type', format === 'xlsx' ? XLSX_CONTENT_TYPE : 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${registerFileName(month, format)}"`)
        .header('cache-control', 'no-store')
        .send(body);
    },
  });
};
