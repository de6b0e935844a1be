/** /api/audit: the admin's read-only view of who changed what, newest first; filters and a CSV export. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { auditEntrySchema, auditFacetsSchema, auditFilterQuery, auditQuery } from '../../../shared/schemas/audit';
import type { ModuleOptions } from '../../context';
import { auditFacets, listAuditEntries } from './audit-repository';
import { auditCsv, toListFilter } from './audit-export';

export const auditRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { ctx }) => {
  app.get('/', {
    config: { roles: ['admin'] },
    schema: {
      tags: ['audit'],
      summary: 'Audit log, newest first; page with ?limit (1-500, default 100) and ?before=<_id of the last entry shown>',
      description:
        'Filters: ?person= (part of the name or email of who did it), ?action= and ?entity= (as recorded; GET /api/audit/facets lists them), ?from= and ?to= (days, YYYY-MM-DD, in the company time zone, both included).',
      querystring: auditQuery,
      response: { 200: z.array(auditEntrySchema) },
    },
    handler: (req) =>
      listAuditEntries(ctx.database.db, {
        ...toListFilter(req.query, ctx.config.timeZone),
        limit: req.query.limit,
        before: req.query.before === undefined ? undefined : Number(req.query.before),
      }),
  });

  app.get('/facets', {
    config: { roles: ['admin'] },
    schema: { tags: ['audit'], summary: 'The actions and entities the audit log holds, for its filters', response: { 200: auditFacetsSchema } },
    handler: () => auditFacets(ctx.database.db),
  });

  app.get('/export', {
    config: { roles: ['admin'], heavy: true },
    schema: {
      tags: ['audit'],
      summary: 'The audit log as CSV, with the same filters as the list (no paging)',
      description: 'text/csv with the columns When (zone), Person, Email, Action, Entity, Record, Before, After; formula-like cells are escaped.',
      querystring: auditFilterQuery,
      produces: ['text/csv'],
    },
    handler: async (req, reply) => {
      const csv = await auditCsv(ctx.database.db, toListFilter(req.query, ctx.config.timeZone), ctx.config.timeZone);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="audit-log.csv"`)
        .send(csv);
    },
  });
};
