/** /api/salary/files: the filing files of an approved month (EPFO ECR, ESIC contribution sheet, PT summary, bank transfer). */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { monthSchema, msgResponse } from '../../../../shared/schemas/common';
import { callerOf } from '../../../auth/guard';
import type { ModuleOptions } from '../../../context';
import { XLSX_CONTENT_TYPE } from '../slip-workbook';
import { FILE_KINDS, leftOutHeader, monthFile } from './month-files';

export const statutoryFileRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { ctx }) => {
  app.get('/:month/:kind', {
    config: { roles: ['admin'], heavy: true },
    schema: {
      tags: ['salary'],
      summary: 'A filing file of an approved month: the EPFO ECR text (ecr), the ESIC monthly contribution sheet (esi), the professional tax summary by state (pt) or the bank bulk-transfer CSV (bank)',
      description:
        'Built from the slips as approved. 409 while the month is not approved. Employees a file cannot hold (no UAN, no ESI number, no bank details) are left out ' +
        'and named in the x-left-out header (URI-encoded JSON of employeeId and reason). The bank file carries full account numbers; each download is audited.',
      produces: ['text/plain', XLSX_CONTENT_TYPE, 'text/csv'],
      params: z.object({
        month: monthSchema,
        kind: z.enum(FILE_KINDS, { error: `kind must be one of ${FILE_KINDS.join(', ')}` }),
      }),
      response: { 400: msgResponse, 403: msgResponse, 409: msgResponse },
    },
    handler: async (req, reply) => {
      const file = await monthFile(ctx, callerOf(req).userId, req.params.kind, req.params.month);
      return (
        reply
          .header('content-type', file.contentType)
          .header('content-disposition', `attachment; filename="${file.filename}"`)
          .header('x-left-out', leftOutHeader(file.leftOut))
          .header('x-left-out-count', String(file.leftOut.length))
          // Pay, identity and bank data: no shared cache may keep it.
          .header('cache-control', 'no-store')
          // Bytes and text are sent as they are; the declared answers describe the JSON refusals only.
          .send(file.content as never)
      );
    },
  });
};
