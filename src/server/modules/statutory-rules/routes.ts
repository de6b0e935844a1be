/** /api/statutory-rules: the company's statutory rule versions and its readings of contested rules (admins only). */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { msgResponse } from '../../../shared/schemas/common';
import { statutorySettingsSchema } from '../../../shared/payroll/statutory/statutory-settings';
import { addRuleVersionBody, statutoryRulesPage, statutoryRulesQuery } from '../../../shared/schemas/statutory-rules';
import { callerOf } from '../../auth/guard';
import type { ModuleOptions } from '../../context';
import { companyToday } from '../../company-today';
import { createStatutoryRuleService } from './rule-service';

const tags = ['statutory rules'];
const errors = { 400: msgResponse, 403: msgResponse };

export const statutoryRuleRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { ctx }) => {
  const service = createStatutoryRuleService(ctx);

  app.get('/', {
    config: { roles: ['admin'] },
    schema: {
      tags,
      summary: 'Every statutory rule with its versions (earlier, in force in the month, later), their sources, and the company settings',
      description: 'month is YYYY-MM; the current month when left out.',
      querystring: statutoryRulesQuery,
      response: { 200: statutoryRulesPage, ...errors },
    },
    handler: (req) => service.page(req.query.month ?? companyToday(ctx).slice(0, 7)),
  });

  app.post('/versions', {
    config: { roles: ['admin'] },
    schema: {
      tags,
      summary: 'Add a version of a rule: value (rupees or percent), first day in force, source, note. Audited',
      description: 'It applies to every month not yet approved from its first day on; approved months keep what they stored. 409 when the rule has a version from that day.',
      body: addRuleVersionBody,
      response: { 200: msgResponse, ...errors, 409: msgResponse },
    },
    handler: (req) => service.addVersion(callerOf(req).userId, req.body),
  });

  app.put('/settings', {
    config: { roles: ['admin'] },
    schema: {
      tags,
      summary: 'Change the readings of contested rules: the PF ceiling in a month it changes in, the 58th-birthday month, EPS until 60. Audited',
      body: statutorySettingsSchema,
      response: { 200: msgResponse, ...errors },
    },
    handler: (req) => service.saveSettings(callerOf(req).userId, req.body),
  });
};
