/**
 * /api/day-rules: minimum hours for a full and a half day, breaks, overtime (admins).
 * /api/punch-policy: who may punch on the web and what a web punch must prove (a site's geofence,
 * an office network), company-wide and per person (admins); /mine tells an employee what their own
 * punch needs.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { dayRulesSchema, employeePunchRuleBody, employeePunchRuleSchema, punchPolicySchema, punchRuleSchema } from '../../../shared/schemas/day-rules';
import { idParamSchema, msgResponse } from '../../../shared/schemas/common';
import { callerOf } from '../../auth/guard';
import type { ModuleOptions } from '../../context';
import { EMPLOYEE_MSG } from '../employee-records';
import { createDayRulesService } from './day-rules-service';
import { DAY_RULES_MSG } from './day-rules-messages';

const refusals = { 400: msgResponse, 403: msgResponse };

export const dayRulesRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { ctx }) => {
  const service = createDayRulesService(ctx);
  const tags = ['day rules'];

  app.get('/', {
    config: { roles: ['admin'] },
    schema: { tags, summary: "The day's rules: minimum minutes for a full and a half day, breaks, overtime", response: { 200: dayRulesSchema, 403: msgResponse } },
    handler: () => service.rules(),
  });

  app.put('/', {
    config: { roles: ['admin'] },
    schema: {
      tags,
      summary: "Change the day's rules (audited)",
      description: 'Minimums are minutes of counted work, breaks excluded; null means none. Punched days from then on (web and device) are counted by them: P at or above the full day, H (paid as a half day) at or above the half day, A below.',
      body: dayRulesSchema,
      response: { 200: msgResponse, ...refusals },
    },
    handler: (req) => service.saveRules(callerOf(req), req.body),
  });
};

export const punchPolicyRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { ctx }) => {
  const service = createDayRulesService(ctx);
  const tags = ['punch policy'];

  app.get('/', {
    config: { roles: ['admin'] },
    schema: { tags, summary: "The company's web punch rule, its sites (geofences) and office networks", response: { 200: punchPolicySchema, 403: msgResponse } },
    handler: () => service.policy(),
  });

  app.put('/', {
    config: { roles: ['admin'] },
    schema: {
      tags,
      summary: "Change the company's web punch rule, sites and networks (audited)",
      description: 'A network is a CIDR range, compared with the client address (see TRUST_PROXY in the server README). Field errors name the row: networks.0.cidr.',
      body: punchPolicySchema,
      response: { 200: msgResponse, ...refusals },
    },
    handler: (req) => service.savePolicy(callerOf(req), req.body),
  });

  app.get('/mine', {
    config: { roles: ['employee'] },
    schema: {
      tags,
      summary: "What the caller's web punch needs (their rule), and whether a punch-in after a punch-out is allowed",
      response: { 200: punchRuleSchema.extend({ allowBreaks: z.boolean() }), 403: msgResponse },
    },
    handler: (req) => service.mine(callerOf(req)),
  });

  app.get('/employees', {
    config: { roles: ['admin'] },
    schema: {
      tags,
      summary: 'The people with their own web punch rule',
      response: { 200: z.array(z.object({ userId: z.string(), employeeId: z.string(), name: z.string(), rule: punchRuleSchema })), 403: msgResponse },
    },
    handler: () => service.ownRules(),
  });

  app.get('/locations', {
    config: { roles: ['admin'] },
    schema: {
      tags,
      summary: "Every location with its own web punch rule, or null where it follows the company's",
      description: "A person's own rule beats their location's, which beats the company's.",
      response: { 200: z.array(z.object({ locationId: z.string(), name: z.string(), city: z.string().nullable(), rule: punchRuleSchema.nullable() })), 403: msgResponse },
    },
    handler: () => service.locationRules(),
  });

  app.put('/locations/:id', {
    config: { roles: ['admin'], notFound: DAY_RULES_MSG.locationNotFound },
    schema: {
      tags,
      summary: "Set one location's web punch rule, or {rule: null} to follow the company's (audited)",
      params: idParamSchema,
      body: employeePunchRuleBody,
      response: { 200: msgResponse, ...refusals, 404: msgResponse },
    },
    handler: (req) => service.saveLocationRule(callerOf(req), Number(req.params.id), req.body),
  });

  app.get('/employees/:id', {
    config: { roles: ['admin'], notFound: EMPLOYEE_MSG.notFound },
    schema: { tags, summary: "One employee's web punch rule: their own (or null) and the one that applies", params: idParamSchema, response: { 200: employeePunchRuleSchema, ...refusals, 404: msgResponse } },
    handler: (req) => service.employeeRule(Number(req.params.id)),
  });

  app.put('/employees/:id', {
    config: { roles: ['admin'], notFound: EMPLOYEE_MSG.notFound },
    schema: {
      tags,
      summary: "Set one employee's own web punch rule, or {rule: null} to follow the company's (audited)",
      params: idParamSchema,
      body: employeePunchRuleBody,
      response: { 200: msgResponse, ...refusals, 404: msgResponse },
    },
    handler: (req) => service.saveEmployeeRule(callerOf(req), Number(req.params.id), req.body),
  });
};
