/** GET /api/health: 200 once the database answers a query. */
import { sql } from 'kysely';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ModuleOptions } from '../../context';
import { HttpError } from '../../errors';

export const healthRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { ctx }) => {
  app.get('/health', {
    config: { roles: 'public' },
    schema: { tags: ['health'], summary: 'Liveness and database readiness', response: { 200: z.object({ status: z.literal('ok') }) } },
    handler: async () => {
      await sql`select 1`.execute(ctx.database.db).catch(() => {
        throw new HttpError(503, 'Database is not answering');
      });
      return { status: 'ok' as const };
    },
  });
};
