/** /api/tax: the regime per financial year, old-regime declarations and proofs, an earlier employer, settings, statements. */
import multipart from '@fastify/multipart';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParamSchema, msgResponse } from '../../../shared/schemas/common';
import {
  declarationBody,
  declarationPageSchema,
  DECLARATION_SECTIONS,
  DECLARATION_STATUSES,
  decisionBody,
  financialYearSchema,
  previousEmploymentBody,
  PROOF_MAX_BYTES,
  regimeBody,
  regimePageSchema,
  TAX_REGIMES,
  taxListQuery,
  taxSettingsSchema,
  taxYearSchema,
} from '../../../shared/schemas/tax';
import { callerOf } from '../../auth/guard';
import type { ModuleOptions } from '../../context';
import { badRequest, HttpError } from '../../errors';
import { checkProofFile } from './proof-file';
import { createTaxService } from './tax-service';
import { saveTaxSettings, taxSettings } from './tax-settings';
import { createTaxStatements } from './tax-statements';

const tags = ['tax'];
const errors = { 400: msgResponse, 403: msgResponse, 404: msgResponse, 409: msgResponse };
const yearQuery = z.object({ financialYear: financialYearSchema });
const employeeParam = z.object({ id: z.string().regex(/^[1-9]\d{0,15}$/, "id must be the employee's record id") });

/** A file name safe to store and to send back in a header: its last path part, printable ASCII, at most 120 characters. */
const safeFileName = (name: string) =>
  (name.split(/[\\/]/).pop() ?? '')
    .replace(/[^\x20-\x7E]/g, '_')
    .replace(/["\\;]/g, '_')
    .trim()
    .slice(-120) || 'proof';

const tooLarge = () => new HttpError(413, `A proof may be at most ${PROOF_MAX_BYTES / (1024 * 1024)} MB`);

async function readProof(req: FastifyRequest): Promise<{ fileName: string; contentType: string; content: Buffer }> {
  if (!req.isMultipart()) throw badRequest('Send the proof as multipart/form-data in the field "file"');
  const part = await req.file().catch((err: { code?: string }) => {
    if (err?.code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
    throw badRequest('The upload could not be read: send one file in the field "file"');
  });
  if (!part || part.fieldname !== 'file') throw badRequest('Send the proof in the field "file"');
  const content = await part.toBuffer().catch((err: { code?: string }) => {
    throw err?.code === 'FST_REQ_FILE_TOO_LARGE' ? tooLarge() : badRequest('The upload could not be read');
  });
  if (part.file.truncated) throw tooLarge();
  if (!content.length) throw badRequest('The proof file is empty');
  const fileName = safeFileName(part.filename);
  const check = checkProofFile(content, fileName);
  if (!check.ok) throw badRequest(check.msg);
  return { fileName, contentType: check.type, content };
}

export const taxRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { ctx }) => {
  const tax = createTaxService(ctx);
  const statements = createTaxStatements(ctx);
  await app.register(multipart, { limits: { fileSize: PROOF_MAX_BYTES, files: 1, fields: 5, fieldSize: 1024, parts: 6, headerPairs: 100 } });

  app.get('/me', {
    config: { roles: ['employee'] },
    schema: { tags, summary: "The caller's tax year: regime, declarations with proofs, an earlier employer", querystring: yearQuery, response: { 200: taxYearSchema, ...errors } },
    handler: (req) => tax.ownYear(callerOf(req), req.query.financialYear),
  });

  app.put('/regime', {
    config: { roles: ['employee'] },
    schema: {
      tags,
      summary: "Choose the caller's regime for a financial year (new by default), until the year's cut-off",
      description: 'The year in progress or the next one; 409 after the cut-off the admins set (an admin can still change it).',
      body: regimeBody,
      response: { 200: msgResponse, ...errors },
    },
    handler: (req) => tax.chooseOwnRegime(callerOf(req), req.body.financialYear, req.body.regime),
  });

  app.put('/declarations', {
    config: { roles: ['employee'] },
    schema: {
      tags,
      summary: 'Declare one old-regime section for a year (rent, 80C, 80CCD(1B), 80D self or parents, home-loan interest)',
      description: "amount is a month's rent for 'rent', the year's amount otherwise (rupees). A change sends the declaration back to 'declared'.",
      body: declarationBody,
      response: { 200: msgResponse, ...errors },
    },
    handler: (req) => tax.declare(callerOf(req), req.body),
  });

  app.post('/proofs', {
    config: { roles: ['employee'], heavy: true },
    schema: {
      tags,
      summary: `Upload a proof (PDF, PNG or JPEG, at most ${PROOF_MAX_BYTES / (1024 * 1024)} MB) of one section of the caller's year`,
      consumes: ['multipart/form-data'],
      querystring: z.object({ financialYear: financialYearSchema, section: z.enum(DECLARATION_SECTIONS, { error: `section must be one of ${DECLARATION_SECTIONS.join(', ')}` }) }),
      response: { 201: z.object({ _id: z.string(), msg: z.string() }), ...errors, 413: msgResponse },
    },
    handler: async (req, reply) => {
      const file = await readProof(req);
      return reply.code(201).send(await tax.addProof(callerOf(req), req.query.financialYear, req.query.section, file));
    },
  });

  app.get('/proofs/:id', {
    config: { roles: ['admin', 'employee'] },
    schema: { tags, summary: 'Download a proof: the employee their own, admins any', params: idParamSchema, response: errors },
    handler: async (req, reply: FastifyReply) => {
      const { meta, content } = await tax.proof(callerOf(req), Number(req.params.id));
      return reply
        .header('content-type', meta.contentType)
        .header('content-disposition', `attachment; filename="${meta.fileName}"`)
        .header('cache-control', 'no-store')
        .send(content);
    },
  });

  app.delete('/proofs/:id', {
    config: { roles: ['employee'] },
    schema: { tags, summary: "Remove one of the caller's proofs (not once its declaration is verified)", params: idParamSchema, response: { 200: msgResponse, ...errors } },
    handler: (req) => tax.removeProof(callerOf(req), Number(req.params.id)),
  });

  app.put('/previous-employment', {
    config: { roles: ['employee'] },
    schema: { tags, summary: "The caller's earlier employer this year: salary, exemptions, PF, PT, TDS (Form 12B; Form 122 from Tax Year 2026-27)", body: previousEmploymentBody, response: { 200: msgResponse, ...errors } },
    handler: (req) => tax.savePrevious(callerOf(req), callerOf(req).userId, req.body),
  });

  app.get('/employees/:id', {
    config: { roles: ['admin'] },
    schema: { tags, summary: "One employee's tax year (admins)", params: employeeParam, querystring: yearQuery, response: { 200: taxYearSchema, ...errors } },
    handler: (req) => tax.yearView(Number(req.params.id), req.query.financialYear),
  });

  app.put('/employees/:id/regime', {
    config: { roles: ['admin'] },
    schema: { tags, summary: "Change an employee's regime for a year (admins, at any time, audited)", params: employeeParam, body: regimeBody, response: { 200: msgResponse, ...errors } },
    handler: (req) => tax.adminRegime(callerOf(req), Number(req.params.id), req.body.financialYear, req.body.regime),
  });

  app.put('/employees/:id/previous-employment', {
    config: { roles: ['admin'] },
    schema: { tags, summary: "Enter an employee's earlier employer this year (admins, audited)", params: employeeParam, body: previousEmploymentBody, response: { 200: msgResponse, ...errors } },
    handler: (req) => tax.savePrevious(callerOf(req), Number(req.params.id), req.body),
  });

  app.get('/regimes', {
    config: { roles: ['admin'] },
    schema: {
      tags,
      summary: "One page of active employees' regimes for a year, searched (q: name, email or employee ID) and counted on the server",
      description: 'Ordered by employee ID; `regime` keeps one regime; `counts` are of everyone the search finds, on either regime.',
      querystring: taxListQuery.extend({ regime: z.enum(TAX_REGIMES, { error: "regime must be 'new' or 'old'" }).optional() }),
      response: { 200: regimePageSchema, ...errors },
    },
    handler: (req) => tax.regimes(req.query.financialYear, req.query),
  });

  app.get('/declarations', {
    config: { roles: ['admin'] },
    schema: {
      tags,
      summary: "One page of the verification list: a year's declarations of a status (default: declared, waiting for a decision), oldest change first",
      description: 'Searched (q: name, email or employee ID) and paged (offset, limit) on the server; `counts` by status and `rupees` (a year, declared and verified) are of everything the search finds.',
      querystring: taxListQuery.extend({ status: z.enum(DECLARATION_STATUSES, { error: `status must be one of ${DECLARATION_STATUSES.join(', ')}` }).default('declared') }),
      response: { 200: declarationPageSchema, ...errors },
    },
    handler: (req) => tax.verificationList(req.query.financialYear, req.query.status, req.query),
  });

  app.put('/declarations/:id/decision', {
    config: { roles: ['admin'] },
    schema: { tags, summary: 'Verify (with the amount verified) or reject (with a note) a declaration', params: idParamSchema, body: decisionBody, response: { 200: msgResponse, ...errors } },
    handler: (req) => tax.decide(callerOf(req), Number(req.params.id), req.body),
  });

  app.get('/settings', {
    config: { roles: ['admin'] },
    schema: { tags, summary: "The company's tax settings: regime cut-offs, proof windows, declared or verified amounts", response: { 200: taxSettingsSchema, 403: msgResponse } },
    handler: () => taxSettings(ctx),
  });

  app.put('/settings', {
    config: { roles: ['admin'] },
    schema: { tags, summary: "Save the company's tax settings (audited)", body: taxSettingsSchema, response: { 200: taxSettingsSchema, 400: msgResponse, 403: msgResponse } },
    handler: (req) => saveTaxSettings(ctx, callerOf(req).userId, req.body),
  });

  app.get('/statement/:employeeId/:financialYear', {
    config: { roles: ['admin', 'employee'], formerEmployee: true, heavy: true },
    schema: {
      tags,
      summary: "The year's tax statement as a PDF (the figures of Form 16 Part B, or Form 130 from Tax Year 2026-27): admins anyone's, employees their own",
      params: z.object({ employeeId: z.string().trim().min(1).max(40, 'employeeId is too long'), financialYear: financialYearSchema }),
      produces: ['application/pdf'],
      response: errors,
    },
    handler: async (req, reply: FastifyReply) => {
      const file = await statements.statementPdf(callerOf(req), req.params.employeeId, req.params.financialYear);
      return reply.header('content-type', 'application/pdf').header('content-disposition', `attachment; filename="${file.fileName}"`).header('cache-control', 'no-store').send(file.content);
    },
  });

  app.get('/annexure/:financialYear', {
    config: { roles: ['admin'], heavy: true },
    schema: {
      tags,
      summary: "The year's salary annexure as CSV, one row per employee: the salary details of the last quarter's TDS return (Form 24Q; Form 138 from Tax Year 2026-27)",
      params: z.object({ financialYear: financialYearSchema }),
      produces: ['text/csv'],
      response: errors,
    },
    handler: async (req, reply: FastifyReply) => {
      const file = await statements.annexureCsv(callerOf(req), req.params.financialYear);
      return reply.header('content-type', 'text/csv; charset=utf-8').header('content-disposition', `attachment; filename="${file.fileName}"`).header('cache-control', 'no-store').send(file.content);
    },
  });
};
