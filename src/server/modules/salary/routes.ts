/** /api/salary: slip downloads (.xlsx, or PDF with ?format=pdf), emailing a slip, bulk monthly payroll runs, payroll settings. */
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ruleArrearsAnswer, ruleArrearsBody, ruleArrearsSchema } from '../../../shared/schemas/rule-arrears';
import { payAsArrears, ruleArrearsFor } from './rule-arrears';
import { idParamSchema, monthSchema, msgResponse } from '../../../shared/schemas/common';
import { payrollRunAccepted, payrollRunBody, payrollRunReport, payrollRunSummary, salaryEmailBody } from '../../../shared/schemas/salary';
import { callerOf } from '../../auth/guard';
import type { ModuleOptions } from '../../context';
import { createPayrollRunService } from './payroll-runs';
import { createPayrollApprovalService } from './payroll-approval-service';
import { payrollApprovalAnswer, payrollApprovalState, rerunBody } from '../../../shared/schemas/payroll-approval';
import { approveBody, payrollRegisterSchema } from '../../../shared/schemas/payroll-register';
import { DEFAULT_PAYROLL_POLICY } from '../../../shared/payroll/payroll-policy';
import { payrollRegister } from './payroll-register';
import { registerFileName, renderRegisterWorkbook } from './register-workbook';
import { payrollSettings, payrollSettingsSchema, payrollSettingsUpdate, savePayrollSettings } from './payroll-settings';
import { availableSlipsSchema, bankPreviewBody, bankPreviewSchema, rerunPreviewSchema } from '../../../shared/schemas/payroll-payments';
import { previewBankFile } from './bank-file-preview';
import { payRulesSchema } from '../../../shared/schemas/pay-rules';
import { readPayRules, savePayRules } from './pay-rules';
import { createSalaryService, payMonthFromInput, type SlipFile } from './salary-service';
import { PDF_CONTENT_TYPE } from './slip-pdf';
import { XLSX_CONTENT_TYPE } from './slip-workbook';
import { salaryHistorySchema } from '../../../shared/schemas/salary-history';
import { salaryHistory } from './salary-revisions';
import { overrideStructureComponent } from './structure-overrides';
import { structureOverrideBody } from '../../../shared/schemas/salary-structure';

const tags = ['salary'];
const errors = { 400: msgResponse, 403: msgResponse, 404: msgResponse };

function sendSlip(reply: FastifyReply, file: SlipFile) {
  return reply
    .header('content-type', file.contentType)
    .header('content-disposition', `attachment; filename="${file.filename}"`)
    // A payslip is personal: no shared cache may keep it.
    .header('cache-control', 'no-store')
    .send(file.content);
}

export const salaryRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { ctx }) => {
  const salary = createSalaryService(ctx);
  const runs = createPayrollRunService(ctx);
  const approvals = createPayrollApprovalService(ctx);

  app.get('/slip/:employeeId/:month', {
    config: { roles: ['admin', 'employee'], formerEmployee: true, heavy: true },
    schema: {
      tags,
      summary: "Download a salary slip (.xlsx, or a one-page A4 PDF with ?format=pdf): admins anyone's, employees their own",
      description:
        'employeeId is the business code (EMP0001, ACM0042, 5), never a record id; month is YYYY-MM, not in the future and not before joining. ' +
        'Without format (or with format=xlsx) the answer is the spreadsheet; format=pdf answers the same figures as a PDF.',
      produces: [XLSX_CONTENT_TYPE, PDF_CONTENT_TYPE],
      params: z.object({
        employeeId: z.string().trim().min(1, 'employeeId is required').max(40, 'employeeId is too long'),
        month: monthSchema,
      }),
      querystring: z.object({
        format: z.enum(['xlsx', 'pdf'], { error: "format must be 'pdf' or 'xlsx'" }).optional(),
        version: z.coerce.number({ error: 'version must be a whole number from 1' }).int('version must be a whole number from 1').min(1, 'version must be a whole number from 1').max(1000, 'version must be a whole number from 1').optional(),
      }),
      response: { ...errors, 409: msgResponse },
    },
    handler: async (req, reply) => sendSlip(reply, await salary.slip(callerOf(req), req.params.employeeId, req.params.month, req.query.format ?? 'xlsx', req.query.version)),
  });

  app.get('/slips/:employeeId', {
    config: { roles: ['admin', 'employee'], formerEmployee: true },
    schema: {
      tags,
      summary: "The months whose salary slips an employee can download, newest first, with each slip's versions: admins anyone's, employees their own",
      description: 'A month is listed once it is approved, and, where the payroll settings hold slips until release, once released. A re-run that changed the slip adds a version.',
      params: z.object({ employeeId: z.string().trim().min(1, 'employeeId is required').max(40, 'employeeId is too long') }),
      response: { 200: availableSlipsSchema, ...errors },
    },
    handler: (req) => salary.available(callerOf(req), req.params.employeeId),
  });

  app.get('/history/:id', {
    config: { roles: ['admin'] },
    schema: {
      tags,
      summary: "An employee's salary history: each revision (monthly gross, effective day, reason, who entered it) and the arrears lines paid for back-dated ones",
      params: idParamSchema,
      response: { 200: salaryHistorySchema, ...errors },
    },
    handler: (req) => salaryHistory(ctx, Number(req.params.id)),
  });

  app.put('/history/:id/structure-override', {
    config: { roles: ['admin'] },
    schema: {
      tags,
      summary: "Set one component of a person's salary structure for them alone (Basic, HRA's %, or a fixed allowance), or remove it (component: null); audited. Answers the salary history",
      description:
        'Recorded as a salary revision from effectiveFrom (default: the first day of the earliest month not yet approved; never inside an approved month) at their gross on that day. ' +
        'The person must have a salary structure on that day; an allowance must be one of its own. Refusals carry fieldErrors.',
      params: idParamSchema,
      body: structureOverrideBody,
      response: { 200: salaryHistorySchema, ...errors },
    },
    handler: (req) => overrideStructureComponent(ctx, callerOf(req).userId, Number(req.params.id), req.body),
  });

  app.get('/generate', {
    config: { roles: ['employee'] },
    schema: {
      tags,
      summary: "Download the caller's salary slip (.xlsx); month defaults to the last complete month",
      description: '409 while the month is not approved, or approved but not released where slips wait for payment.',
      produces: [XLSX_CONTENT_TYPE],
      querystring: z.object({ month: monthSchema.optional() }),
      response: { ...errors, 409: msgResponse },
    },
    handler: async (req, reply) => sendSlip(reply, await salary.ownSlip(callerOf(req), req.query.month)),
  });

  app.post('/email', {
    config: { roles: ['admin'], heavy: true },
    schema: {
      tags,
      summary: 'Email an employee their salary slip: the PDF, and the .xlsx too when the payroll settings say so',
      description:
        "employeeId is the business code (EMP0001, ACM0042, 5), never a record id; month is a name ('March', 'mar') or a number 1-12; year has four digits. 502 when the mail server refuses. " +
        '409 for a month not approved (or not released, where slips wait for payment): the slip emailed is the approved one.',
      body: salaryEmailBody,
      response: { 200: msgResponse, ...errors, 409: msgResponse, 502: msgResponse },
    },
    handler: (req) => salary.emailSlip(callerOf(req).userId, req.body),
  });

  app.post('/email-all', {
    config: { roles: ['admin'], heavy: true },
    schema: {
      tags,
      summary: "Approve a month's payroll register and email every slip: the same as POST /api/salary/register/{month}/approve",
      description:
        'Kept for callers that start runs by month name and year; overrides as for …/approve (409 while a blocking warning is open). The month must be over; an approved month is locked (409): ' +
        'send changed slips with POST /api/salary/register/{month}/rerun and a reason. Follow progress at GET /api/salary/runs/{id}.',
      body: payrollRunBody.extend(approveBody.shape),
      response: { 202: payrollRunAccepted, 400: msgResponse, 403: msgResponse, 409: msgResponse },
    },
    handler: async (req, reply) => {
      const answer = await approvals.approve(callerOf(req).userId, payMonthFromInput(req.body.month, req.body.year), req.body.overrides ?? []);
      return reply.code(202).send({ msg: answer.msg, runId: answer.runId ?? '' });
    },
  });

  const monthParams = z.object({ month: monthSchema });

  app.get('/register/:month/approval', {
    config: { roles: ['admin'] },
    schema: {
      tags,
      summary: 'Whether a month is approved (locked), by whom and when, its re-runs and its latest slip run',
      params: monthParams,
      response: { 200: payrollApprovalState, 400: msgResponse, 403: msgResponse },
    },
    handler: (req) => approvals.state(req.params.month),
  });

  app.post('/register/:month/approve', {
    config: { roles: ['admin'] },
    schema: {
      tags,
      summary: "Approve a month's payroll register: store it, lock the month and email every slip",
      description:
        'Stores every slip as the register shows it, in one transaction with the audit entry and the slip run; then the run emails them (GET /api/salary/runs/{id}). ' +
        '400 for the current month (not over) and future months; 409 once the month is approved, while a run of it is sending, or while a blocking register warning ' +
        '(no bank account, a state without a PT table, PF without a UAN) is neither resolved nor overridden in `overrides` with a reason (audited). ' +
        'Where slips wait for release (payroll settings), nothing is emailed until POST …/release.',
      params: monthParams,
      // No body at all is the spec's call: nothing overridden.
      body: approveBody.nullish(),
      response: { 202: payrollApprovalAnswer, 400: msgResponse, 403: msgResponse, 409: msgResponse },
    },
    handler: async (req, reply) => reply.code(202).send(await approvals.approve(callerOf(req).userId, req.params.month, req.body?.overrides ?? [])),
  });

  app.post('/register/:month/rerun', {
    config: { roles: ['admin'] },
    schema: {
      tags,
      summary: 'Re-run an approved month with a reason: recompute, store the changed slips and email only those',
      description: 'reason (3-500 characters) is kept in the audit log. runId is null when no slip changed. 409 when the month is not approved or a run of it is still sending.',
      params: monthParams,
      body: rerunBody,
      response: { 202: payrollApprovalAnswer, 400: msgResponse, 403: msgResponse, 409: msgResponse },
    },
    handler: async (req, reply) => reply.code(202).send(await approvals.rerun(callerOf(req).userId, req.params.month, req.body.reason, req.body.previewHash)),
  });

  app.get('/register/:month/rerun-preview', {
    config: { roles: ['admin'], heavy: true },
    schema: {
      tags,
      summary: 'What a re-run of an approved month would change now: each slip that changes (employee, ID, net before and after), without storing anything',
      description: 'Pass previewHash with the re-run: it is refused (409) if what it would change is no longer this list. 409 when the month is not approved.',
      params: monthParams,
      response: { 200: rerunPreviewSchema, 400: msgResponse, 403: msgResponse, 409: msgResponse },
    },
    handler: (req) => approvals.previewRerun(req.params.month),
  });

  app.get('/register/:month/rule-arrears', {
    config: { roles: ['admin'], heavy: true },
    schema: {
      tags,
      summary: 'PF, ESI and professional-tax differences of approved months under a rule version back-dated into them: per person, month and component, with the total',
      description:
        'For the open month (the month after the latest approved one) only; for any other month ruleArrears is null. Each approved month is computed again from its slips as approved ' +
        '(frozen facts) with the rule versions of today; what was already put in the open month is not listed again. Nothing is stored.',
      params: monthParams,
      response: { 200: z.object({ ruleArrears: ruleArrearsSchema.nullable() }), 400: msgResponse, 403: msgResponse },
    },
    handler: async (req) => ({ ruleArrears: await ruleArrearsFor(ctx, req.params.month) }),
  });

  app.post('/register/:month/rule-arrears', {
    config: { roles: ['admin'], heavy: true },
    schema: {
      tags,
      summary: 'Pay the PF, ESI and professional-tax differences of approved months as arrears with the open month: lines on its slips and, for PF, a supplementary ECR. Audited',
      description:
        "reason (3-200 characters, one line) is printed on the slips. employeeShare 'employer': the employer pays the employee's share not deducted in its month (EPF Scheme 1952 para 32(1)); " +
        "'recover' deducts it from this month's wages within the 50% limit, and needs inspectorConsent {reference, date} (the Inspector's written consent). " +
        '409 when the month is not the open month or nothing is due. The supplementary ECR is GET /api/salary/files/{month}/ecr-arrears once the month is approved.',
      params: monthParams,
      body: ruleArrearsBody,
      response: { 200: ruleArrearsAnswer, 400: msgResponse, 403: msgResponse, 409: msgResponse },
    },
    handler: (req) => payAsArrears(ctx, callerOf(req).userId, req.params.month, req.body),
  });

  app.post('/register/:month/release', {
    config: { roles: ['admin'] },
    schema: {
      tags,
      summary: "Release an approved, paid month's slips: email each once and show them on the employees' screens",
      description: 'Only where the payroll settings hold slips until release. 409 until every bank file (payment batch) of the month is marked paid, and once released (the mail is sent once).',
      params: monthParams,
      response: { 202: payrollApprovalAnswer, 400: msgResponse, 403: msgResponse, 409: msgResponse },
    },
    handler: async (req, reply) => reply.code(202).send(await approvals.release(callerOf(req).userId, req.params.month)),
  });

  app.get('/register/:month', {
    config: { roles: ['admin'], heavy: true },
    schema: {
      tags,
      summary: 'The payroll register of a month that is over: per employee gross, each deduction, employer contributions and net; totals; warnings',
      description: 'A preview: nothing is stored or sent. The current month (not over yet) and future months are refused with 400. ?format=xlsx answers it as a spreadsheet.',
      params: monthParams,
      querystring: z.object({ format: z.enum(['json', 'xlsx'], { error: "format must be 'xlsx' or 'json'" }).optional() }),
      response: { 200: payrollRegisterSchema, 400: msgResponse, 403: msgResponse },
    },
    handler: async (req, reply) => {
      const register = await payrollRegister(ctx, DEFAULT_PAYROLL_POLICY, req.params.month, req.query.format === 'xlsx' ? Number.MAX_SAFE_INTEGER : undefined);
      if (req.query.format !== 'xlsx') return register;
      const file = await renderRegisterWorkbook(register, ctx.config.companyName, ctx.now());
      return reply
        .header('content-type', XLSX_CONTENT_TYPE)
        .header('content-disposition', `attachment; filename="${registerFileName(register.month)}"`)
        .header('cache-control', 'no-store')
        // Bytes are sent as they are (Fastify serializes objects only); the 200 schema describes the JSON answer.
        .send(file as never);
    },
  });

  app.get('/settings', {
    config: { roles: ['admin'] },
    schema: {
      tags,
      summary: "The company's payroll settings: slipEmailAttachXlsx (the emailed slip carries the .xlsx beside the PDF), slipRelease (slips go out on approval or on release after paying), bankFormat (the bank file's layout)",
      response: { 200: payrollSettingsSchema, 403: msgResponse },
    },
    handler: () => payrollSettings(ctx),
  });

  app.put('/settings', {
    config: { roles: ['admin'] },
    schema: { tags, summary: "Change the company's payroll settings (audited); keys left out keep their value", body: payrollSettingsUpdate, response: { 200: payrollSettingsSchema, 400: msgResponse, 403: msgResponse } },
    handler: (req) => savePayrollSettings(ctx, callerOf(req).userId, req.body),
  });

  app.post('/settings/bank-preview', {
    config: { roles: ['admin'] },
    schema: {
      tags,
      summary: 'Lay out a bank file template before saving it: the first lines it writes for three sample people, and each value that would not fit its column',
      description: 'Nothing is stored. A template the settings would refuse answers 400 {msg, fieldErrors} with the same paths as PUT /settings (bankFormat.columns.0.width).',
      body: bankPreviewBody,
      response: { 200: bankPreviewSchema, 400: msgResponse, 403: msgResponse },
    },
    handler: (req) => previewBankFile(ctx, req.body.bankFormat),
  });

  app.get('/pay-rules', {
    config: { roles: ['admin'] },
    schema: { tags, summary: "The company's pay rules: how a half day is paid (halfDayPay) and which wages ESI is on (esiWages)", response: { 200: payRulesSchema, 403: msgResponse } },
    handler: () => readPayRules(ctx.database.db),
  });

  app.put('/pay-rules', {
    config: { roles: ['admin'] },
    schema: { tags, summary: "Change the company's pay rules (audited); months not yet approved follow them", body: payRulesSchema, response: { 200: payRulesSchema, 400: msgResponse, 403: msgResponse } },
    handler: (req) => savePayRules(ctx, callerOf(req).userId, req.body),
  });

  app.get('/runs', {
    config: { roles: ['admin'] },
    schema: {
      tags,
      summary: 'The latest payroll runs with their progress, newest first',
      querystring: z.object({ limit: z.coerce.number().int().min(1, 'limit must be from 1 to 100').max(100, 'limit must be from 1 to 100').default(20) }),
      response: { 200: z.array(payrollRunSummary), 400: msgResponse, 403: msgResponse },
    },
    handler: (req) => runs.list(req.query.limit),
  });

  app.get('/runs/:id', {
    config: { roles: ['admin'] },
    schema: {
      tags,
      summary: "A payroll run's progress: total, sent, failed, pending and the failed employees",
      params: idParamSchema,
      response: { 200: payrollRunReport, ...errors },
    },
    handler: (req) => runs.report(Number(req.params.id)),
  });

  app.post('/runs/:id/retry', {
    config: { roles: ['admin'] },
    schema: {
      tags,
      summary: "Re-queue a payroll run's failed slips and send them again",
      params: idParamSchema,
      response: { 202: payrollRunAccepted, 409: payrollRunAccepted, ...errors },
    },
    handler: async (req, reply) => {
      const answer = await runs.retry(callerOf(req).userId, Number(req.params.id));
      return reply.code(answer.status).send(answer.body);
    },
  });
};
