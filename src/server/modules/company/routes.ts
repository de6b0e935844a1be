/**
 * /api/company: the company itself. Departments and locations (everyone signed in reads them, as
 * the employee master shows them; admins change them), the go-live settings, and the kept import
 * reports with their failed rows as a file.
 */
import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParamSchema, msgResponse } from '../../../shared/schemas/common';
import { departmentBody, departmentSchema, goLiveSettingsSchema, leaverAccessSchema, locationBody, locationSchema } from '../../../shared/schemas/company';
import { importReportDetailSchema, importReportSchema } from '../../../shared/schemas/import';
import { callerOf } from '../../auth/guard';
import type { ModuleOptions } from '../../context';
import { badRequest, notFound } from '../../errors';
import { failedRowsCsv, findImportReport, listImportReports } from '../../imports/import-report';
import { listDepartments, listLocations } from '../employee-records';
import { companyProfileBody, companyProfileSchema, LOGO_MAX_BYTES } from '../../../shared/schemas/company-profile';
import { issueMessage } from '../../../shared/schemas/issue-message';
import { HttpError } from '../../errors';
import { readCompanyLogo, readCompanyProfile, removeCompanyLogo, saveCompanyLogo, saveCompanyProfile } from './company-profile';
import { readLeaverAccess, saveLeaverAccess } from '../../auth/leaver-access';
import { readGoLive, saveGoLive } from '../go-live';
import { addDepartment, addLocation, removeDepartment } from './places-service';

const logoTooLarge = () => new HttpError(413, `The logo may be at most ${LOGO_MAX_BYTES / 1024} KB`);

/** The upload's bytes from the multipart field 'file'; every refusal a 400 or 413 `{msg}`. */
async function readLogoUpload(req: FastifyRequest): Promise<Buffer> {
  if (!req.isMultipart()) throw badRequest('Send the logo as multipart/form-data in the field "file"');
  const part = await req.file().catch((err: { code?: string }) => {
    if (err?.code === 'FST_REQ_FILE_TOO_LARGE') throw logoTooLarge();
    throw badRequest('The upload could not be read: send one file in the field "file"');
  });
  if (!part || part.fieldname !== 'file') throw badRequest('Send the logo in the field "file"');
  const content = await part.toBuffer().catch((err: { code?: string }) => {
    throw err?.code === 'FST_REQ_FILE_TOO_LARGE' ? logoTooLarge() : badRequest('The upload could not be read');
  });
  if (part.file.truncated) throw logoTooLarge();
  if (!content.length) throw badRequest('The logo file is empty');
  return content;
}

const tags = ['company'];

export const companyRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { ctx }) => {
  const { db } = ctx.database;
  // Only this module's routes take multipart bodies: one logo, nothing else.
  await app.register(multipart, { limits: { fileSize: LOGO_MAX_BYTES, files: 1, fields: 2, fieldSize: 1024, parts: 3, headerPairs: 100 } });

  app.get('/profile', {
    config: { roles: ['admin'] },
    schema: { tags, summary: "The company profile: legal name, address, statutory codes, time zone, financial and leave year, the logo's details", response: { 200: companyProfileSchema } },
    handler: () => readCompanyProfile(ctx),
  });

  app.put('/profile', {
    config: { roles: ['admin'] },
    schema: {
      tags,
      summary: 'Change the company profile (audited); fields left out keep their value, null clears an optional one',
      description: 'The legal name and the time zone take effect at once on this server (slips, files, mail, the days attendance is filed under) and within seconds on the others.',
      // Checked in the handler, so one 400 names every bad field (the app's validator names the first).
      body: z.record(z.string(), z.unknown(), { error: 'the body must be a JSON object' }),
      response: { 200: companyProfileSchema },
    },
    handler: (req) => {
      const parsed = companyProfileBody.partial().safeParse(req.body);
      if (!parsed.success) {
        const fieldErrors: Record<string, string> = {};
        for (const issue of parsed.error.issues) {
          const field = issue.path.join('.');
          if (field && !(field in fieldErrors)) fieldErrors[field] = issueMessage(field, issue.message);
        }
        const msg = parsed.error.issues.map((i) => issueMessage(i.path.join('.'), i.message)).join('; ');
        throw Object.keys(fieldErrors).length ? Object.assign(badRequest(msg), { fieldErrors }) : badRequest(msg);
      }
      return saveCompanyProfile(ctx, callerOf(req).userId, parsed.data);
    },
  });

  app.get('/logo', {
    config: { roles: ['admin'], notFound: 'No logo has been uploaded' },
    schema: { tags, summary: "The company logo's bytes (PNG or JPEG), as printed on the slips" },
    handler: async (_req, reply) => {
      const logo = await readCompanyLogo(db);
      if (!logo) throw notFound('No logo has been uploaded');
      return reply.header('content-type', logo.contentType).header('content-disposition', 'inline; filename="company-logo"').header('etag', `"${logo.sha256}"`).send(logo.content);
    },
  });

  app.put('/logo', {
    config: { roles: ['admin'] },
    schema: {
      tags,
      summary: `Upload the company logo (multipart field "file": PNG or JPEG, at most ${LOGO_MAX_BYTES / 1024} KB, checked by its content)`,
      consumes: ['multipart/form-data'],
      response: { 200: companyProfileSchema },
    },
    handler: async (req) => saveCompanyLogo(ctx, callerOf(req).userId, await readLogoUpload(req)),
  });

  app.delete('/logo', {
    config: { roles: ['admin'], notFound: 'No logo has been uploaded' },
    schema: { tags, summary: 'Remove the company logo (audited)', response: { 200: msgResponse } },
    handler: async (req) => {
      if (!(await removeCompanyLogo(ctx, callerOf(req).userId))) throw notFound('No logo has been uploaded');
      return { msg: 'Logo removed' };
    },
  });

  app.get('/departments', {
    config: { roles: ['admin', 'employee'] },
    schema: { tags, summary: 'The departments, by name', response: { 200: z.array(departmentSchema) } },
    handler: () => listDepartments(db),
  });

  app.post('/departments', {
    config: { roles: ['admin'] },
    schema: { tags, summary: 'Add a department (unique name, optional head: an employee record id)', body: departmentBody, response: { 200: departmentSchema } },
    handler: (req) => addDepartment(ctx, callerOf(req).userId, req.body),
  });

  app.delete('/departments/:id', {
    config: { roles: ['admin'], notFound: 'Department not found' },
    schema: { tags, summary: 'Remove a department nobody is in', params: idParamSchema, response: { 200: msgResponse } },
    handler: async (req) => {
      await removeDepartment(ctx, callerOf(req).userId, Number(req.params.id));
      return { msg: 'Department removed' };
    },
  });

  app.get('/locations', {
    config: { roles: ['admin', 'employee'] },
    schema: { tags, summary: 'The locations, by name', response: { 200: z.array(locationSchema) } },
    handler: () => listLocations(db),
  });

  app.post('/locations', {
    config: { roles: ['admin'] },
    schema: { tags, summary: 'Add a location (unique name; state, city and professional-tax registration optional)', body: locationBody, response: { 200: locationSchema } },
    handler: (req) => addLocation(ctx, callerOf(req).userId, req.body),
  });

  app.get('/go-live', {
    config: { roles: ['admin'] },
    schema: { tags, summary: 'Go-live date, pay basis and invitations on import', response: { 200: goLiveSettingsSchema } },
    handler: () => readGoLive(db),
  });

  app.put('/go-live', {
    config: { roles: ['admin'] },
    schema: { tags, summary: 'Change the go-live settings (audited)', body: goLiveSettingsSchema, response: { 200: goLiveSettingsSchema } },
    handler: (req) => saveGoLive(ctx, callerOf(req).userId, req.body),
  });

  app.get('/leaver-access', {
    config: { roles: ['admin'] },
    schema: { tags, summary: "Until which day of the year after the leaving financial year ends (default 15 June) a leaver may read their slips and tax statements", response: { 200: leaverAccessSchema } },
    handler: () => readLeaverAccess(db),
  });

  app.put('/leaver-access', {
    config: { roles: ['admin'] },
    schema: { tags, summary: "Change the leavers' access date (audited)", body: leaverAccessSchema, response: { 200: leaverAccessSchema } },
    handler: (req) => saveLeaverAccess(ctx, callerOf(req).userId, req.body),
  });

  app.get('/imports', {
    config: { roles: ['admin'] },
    schema: {
      tags,
      summary: 'Past imports, newest first (?kind=employees|leave-balances|attendance): who, when, the counts',
      querystring: z.object({ kind: z.enum(['employees', 'leave-balances', 'attendance', 'punches']).optional() }),
      response: { 200: z.array(importReportSchema) },
    },
    handler: (req) => listImportReports(db, req.query.kind),
  });

  app.get('/imports/:id', {
    config: { roles: ['admin'], notFound: 'Import report not found' },
    schema: { tags, summary: "One import's report with every row's result", params: idParamSchema, response: { 200: importReportDetailSchema } },
    handler: async (req) => {
      const report = await findImportReport(db, Number(req.params.id));
      if (!report) throw notFound('Import report not found');
      const { kept: _kept, ...detail } = report;
      return detail;
    },
  });

  app.get('/imports/:id/failed', {
    config: { roles: ['admin'], notFound: 'Import report not found', heavy: true },
    schema: { tags, summary: "An import's failed rows as CSV, the columns as given plus an error column, ready to fix and upload again", params: idParamSchema },
    handler: async (req, reply) => {
      const report = await findImportReport(db, Number(req.params.id));
      if (!report) throw notFound('Import report not found');
      const columns: string[] = [];
      for (const r of report.kept) for (const c of Object.keys(r.values ?? {})) if (!columns.includes(c)) columns.push(c);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="import-${report._id}-failed-rows.csv"`)
        .send(failedRowsCsv(columns, report.kept));
    },
  });
};
