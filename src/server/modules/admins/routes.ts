/** /api/admins: the admin accounts, inviting another admin and deactivating one (admins only). */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { adminAccountSchema, adminInviteBody } from '../../../shared/schemas/admins';
import { idParamSchema, msgResponse } from '../../../shared/schemas/common';
import { callerOf } from '../../auth/guard';
import type { ModuleOptions } from '../../context';
import { createAdminService } from './admin-service';

const tags = ['admins'];

export const adminRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { ctx }) => {
  const admins = createAdminService(ctx);

  app.get('/', {
    config: { roles: ['admin'] },
    schema: { tags, summary: 'Every admin account: name, email, active, invited (no password yet) and last sign-in', response: { 200: z.array(adminAccountSchema) } },
    handler: (req) => admins.list(callerOf(req)),
  });

  app.post('/', {
    config: { roles: ['admin'] },
    schema: {
      tags,
      summary: 'Invite another admin: creates the account and emails a one-time set-password link (72 h); 409 when the email has an account',
      body: adminInviteBody,
      response: { 201: msgResponse.extend({ _id: z.string() }) },
    },
    handler: async (req, reply) => reply.code(201).send(await admins.invite(callerOf(req), req.body)),
  });

  app.put('/:id/deactivate', {
    config: { roles: ['admin'] },
    schema: {
      tags,
      summary: "Deactivate an admin: sign-in refused and their sessions end at once; 409 for the last active admin or oneself",
      params: idParamSchema,
      response: { 200: msgResponse },
    },
    handler: (req) => admins.deactivate(callerOf(req), Number(req.params.id)),
  });
};
