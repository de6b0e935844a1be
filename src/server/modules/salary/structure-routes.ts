/** /api/salary/structures: salary structures (salary-structures.ts), admins only. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParamSchema, msgResponse } from '../../../shared/schemas/common';
import { assignStructureBody, assignStructureResponse, salaryStructureInput, salaryStructureListSchema, salaryStructureSchema } from '../../../shared/schemas/salary-structure';
import { callerOf } from '../../auth/guard';
import type { ModuleOptions } from '../../context';
import { createSalaryStructures } from './salary-structures';

const tags = ['salary'];
const errors = { 400: msgResponse, 403: msgResponse, 404: msgResponse };

export const structureRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { ctx }) => {
  const structures = createSalaryStructures(ctx);

  app.get('/', {
    config: { roles: ['admin'] },
    schema: {
      tags,
      summary: 'The salary structures (basic % of gross, HRA % of basic, fixed allowances; special allowance the rest), with how many people are on each today',
      response: { 200: salaryStructureListSchema, 403: msgResponse },
    },
    handler: () => structures.list(),
  });

  app.post('/', {
    config: { roles: ['admin'] },
    schema: {
      tags,
      summary: 'Add a salary structure (audited)',
      description: 'Basic and HRA together may not be more than the gross; names are unique. Refusals carry fieldErrors.',
      body: salaryStructureInput,
      response: { 201: salaryStructureSchema, ...errors },
    },
    handler: async (req, reply) => reply.code(201).send(await structures.create(callerOf(req).userId, req.body)),
  });

  app.put('/:id', {
    config: { roles: ['admin'] },
    schema: {
      tags,
      summary: 'Edit a salary structure (audited)',
      description: 'People already on it keep the rule they were assigned until it is assigned to them again, so no month is re-priced by an edit.',
      params: idParamSchema,
      body: salaryStructureInput,
      response: { 200: salaryStructureSchema, ...errors },
    },
    handler: (req) => structures.update(callerOf(req).userId, Number(req.params.id), req.body),
  });

  app.post('/:id/assign', {
    config: { roles: ['admin'] },
    schema: {
      tags,
      summary: 'Assign a salary structure to people from a day, as salary revisions at their gross on that day (audited); with preview: true, only answer who would get what',
      description: 'The day must be in a month not yet approved (from the first day of the earliest month not approved); a person who joined later gets it from joining.',
      params: idParamSchema,
      body: assignStructureBody,
      response: { 200: assignStructureResponse, ...errors },
    },
    handler: (req) => structures.assign(callerOf(req).userId, Number(req.params.id), req.body),
  });
};
