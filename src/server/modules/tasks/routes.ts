/**
 * /api/task: admins assign tasks, see them all, edit and delete them; employees see their own and
 * move their status.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { LIST_DEFAULT_LIMIT, LIST_HAS_MORE_HEADER, LIST_MAX_LIMIT } from '../../../shared/constants';
import { TASK_MSG } from './task-messages';
import { idParamSchema, msgResponse } from '../../../shared/schemas/common';
import { taskAssignBody, taskListQuery, taskSchema, taskStatusBody } from '../../../shared/schemas/task';
import { callerOf } from '../../auth/guard';
import type { ModuleOptions } from '../../context';
import { createTaskService } from './task-service';

export const taskRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { ctx }) => {
  const tasks = createTaskService(ctx);

  app.post('/assign', {
    config: { roles: ['admin'] },
    schema: {
      tags: ['task'],
      summary: 'Assign a task to an active employee (emails them)',
      description: 'employeeId is the business id (EMP0001). 400 when no active employee has it.',
      body: taskAssignBody,
      response: { 201: msgResponse.extend({ _id: z.string() }) },
    },
    handler: async (req, reply) => reply.code(201).send(await tasks.assign(callerOf(req), req.body)),
  });

  app.get('/', {
    config: { roles: ['admin', 'employee'] },
    schema: {
      tags: ['task'],
      summary: 'List tasks: all for admins, your own for employees',
      description:
        `Newest first. Optional ?status=assigned|in-progress|completed. At most ?limit= rows ` +
        `(default ${LIST_DEFAULT_LIMIT}, max ${LIST_MAX_LIMIT}); the ${LIST_HAS_MORE_HEADER} header is 'true' when more rows exist.`,
      querystring: taskListQuery,
      response: { 200: z.array(taskSchema) },
    },
    handler: async (req, reply) => {
      const { tasks: list, hasMore } = await tasks.list(callerOf(req), req.query);
      return reply.header(LIST_HAS_MORE_HEADER, String(hasMore)).send(list);
    },
  });

  app.put('/:id', {
    // Admins pass the route so they get the service's explicit "only the assignee" 403.
    config: { roles: ['admin', 'employee'], notFound: TASK_MSG.notFound },
    schema: {
      tags: ['task'],
      summary: "Set a task's status (its assigned employee only)",
      description: '403 for anyone but the assignee, admins included; 404 for an unknown id.',
      params: idParamSchema,
      body: taskStatusBody,
      response: { 200: msgResponse },
    },
    handler: (req) => tasks.setStatus(callerOf(req), Number(req.params.id), req.body.status),
  });

  // Beside the spec's PUT /:id (the assignee's status), as the roster's PUT /api/employee/edit/:id is.
  app.put('/edit/:id', {
    config: { roles: ['admin'], notFound: TASK_MSG.notFound },
    schema: {
      tags: ['task'],
      summary: "Edit a task: assignee, title, description, due date, priority (admins)",
      description:
        'The whole task as it should be; its status stays the assignee\'s. A new assignee must be a current employee ' +
        '(400 with fieldErrors.employeeId otherwise) and is emailed. dueDate null clears it; left out, it stays.',
      params: idParamSchema,
      body: taskAssignBody,
      response: { 200: msgResponse },
    },
    handler: (req) => tasks.edit(callerOf(req), Number(req.params.id), req.body),
  });

  app.delete('/:id', {
    config: { roles: ['admin'], notFound: TASK_MSG.notFound },
    schema: {
      tags: ['task'],
      summary: 'Delete a task (admins); the audit log keeps it',
      params: idParamSchema,
      response: { 200: msgResponse },
    },
    handler: (req) => tasks.remove(callerOf(req), Number(req.params.id)),
  });
};
