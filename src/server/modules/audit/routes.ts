/** /api/audit: the admin's read-only view of who changed what, newest first. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { auditEntrySchema, auditQuery } from '../../../shared/schemas/audit';
import type { ModuleOptions } from '../../context';
import { listAuditEntries } from './audit-repository';

export const auditRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { ctx }) => {
  app.get('/', {
    config: { roles: ['admin'] },
    schema: {
      tags: ['audit'],
      summary: 'Audit log, newest first; page with ?limit (1-500, default 100) and ?before=<_id of the last entry shown>',
      querystring: auditQuery,
      response: { 200: z.array(auditEntrySchema) },
    },
    handler: (req) =>
      listAuditEntries(ctx.database.db, {
        limit: req.query.limit,
        before: req.query.before === undefined ? undefined : Number(req.query.before),
      }),
  });
};
