/**
 * /api/work-hours: the company's shift (start, end, grace minutes) and the optional late-mark rule;
 * /api/work-hours/employees/:id: one person's own shift (the spec's employee record is unchanged).
 * Everyone reads the company's hours (the attendance screens explain late marks with them); admins
 * change them and read or set a person's own.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParamSchema, msgResponse } from '../../../shared/schemas/common';
import { employeeShiftBody, employeeShiftSchema, workHoursSettingsSchema } from '../../../shared/schemas/work-hours';
import { callerOf } from '../../auth/guard';
import type { ModuleOptions } from '../../context';
import { EMPLOYEE_MSG } from '../employee-records';
import { createWorkHoursService } from './work-hours-service';

const tags = ['work hours'];
const refusals = { 400: msgResponse, 403: msgResponse };

export const workHoursRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { ctx }) => {
  const workHours = createWorkHoursService(ctx);

  app.get('/', {
    config: { roles: ['admin', 'employee'] },
    schema: { tags, summary: "The company's shift (start, end, grace minutes) and the late-mark rule", response: { 200: workHoursSettingsSchema, 403: msgResponse } },
    handler: () => workHours.settings(),
  });

  app.put('/', {
    config: { roles: ['admin'] },
    schema: {
      tags,
      summary: "Change the company's shift and the late-mark rule (audited)",
      description: 'Times are HH:MM in the company time zone; an end before the start is an overnight shift, an end equal to the start a 400. Grace 0–120 minutes.',
      body: workHoursSettingsSchema,
      response: { 200: msgResponse, ...refusals },
    },
    handler: (req) => workHours.saveSettings(callerOf(req), req.body),
  });

  app.get('/employees/:id', {
    config: { roles: ['admin'], notFound: EMPLOYEE_MSG.notFound },
    schema: {
      tags,
      summary: "One employee's shift: their own (or null) and the one that applies",
      params: idParamSchema,
      response: { 200: employeeShiftSchema, ...refusals, 404: msgResponse },
    },
    handler: (req) => workHours.employeeShift(Number(req.params.id)),
  });

  app.put('/employees/:id', {
    config: { roles: ['admin'], notFound: EMPLOYEE_MSG.notFound },
    schema: {
      tags,
      summary: "Set one employee's own shift, or {shift: null} to follow the company's again (audited)",
      params: idParamSchema,
      body: employeeShiftBody,
      response: { 200: msgResponse, ...refusals, 404: msgResponse },
    },
    handler: (req) => workHours.saveEmployeeShift(callerOf(req), Number(req.params.id), req.body),
  });
};
