/**
 * /api/company: the company itself. Departments and locations (everyone signed in reads them, as
 * the employee master shows them; admins change them), the go-live settings, and the kept import
 * reports with their failed rows as a file.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParamSchema, msgResponse } from '../../../shared/schemas/common';
import { departmentBody, departmentSchema, goLiveSettingsSchema, leaverAccessSchema, locationBody, locationSchema } from '../../../shared/schemas/company';
import { importReportDetailSchema, importReportSchema } from '../../../shared/schemas/import';
import { recordAudit } from '../../audit';
import { callerOf } from '../../auth/guard';
import type { ModuleOptions } from '../../context';
import { badRequest, conflict, notFound } from '../../errors';
import { failedRowsCsv, findImportReport, listImportReports } from '../../imports/import-report';
import { isUniqueViolation } from '../employees/employee-repository';
import { listDepartments, listLocations } from '../employees/places';
import { readLeaverAccess, saveLeaverAccess } from '../../auth/leaver-access';
import { readGoLive, saveGoLive } from './go-live-settings';

const tags = ['company'];

export const companyRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { ctx }) => {
  const { db } = ctx.database;

  app.get('/departments', {
    config: { roles: ['admin', 'employee'] },
    schema: { tags, summary: 'The departments, by name', response: { 200: z.array(departmentSchema) } },
    handler: () => listDepartments(db),
  });

  app.post('/departments', {
    config: { roles: ['admin'] },
    schema: { tags, summary: 'Add a department (unique name, optional head: an employee record id)', body: departmentBody, response: { 200: departmentSchema } },
    handler: async (req) => {
      const { name, headId } = req.body;
      const now = ctx.now();
      return db
        .transaction()
        .execute(async (trx) => {
          if (headId && !(await trx.selectFrom('employees').select('user_id').where('user_id', '=', Number(headId)).executeTakeFirst())) throw badRequest('headId names no employee');
          const row = await trx.insertInto('departments').values({ name, head_user_id: headId ? Number(headId) : null, created_at: now.toISOString() }).returning('id').executeTakeFirstOrThrow();
          await recordAudit(trx, { actorId: callerOf(req).userId, action: 'department.create', entity: 'department', entityId: String(row.id), after: { name, headId: headId ?? null } }, now);
          return { _id: String(row.id), name, headId: headId ?? null };
        })
        .catch((err) => {
          if (isUniqueViolation(err, 'name')) throw conflict(`A department named ${name} already exists`);
          throw err;
        });
    },
  });

  app.delete('/departments/:id', {
    config: { roles: ['admin'], notFound: 'Department not found' },
    schema: { tags, summary: 'Remove a department nobody is in', params: idParamSchema, response: { 200: msgResponse } },
    handler: async (req) => {
      const id = Number(req.params.id);
      await db.transaction().execute(async (trx) => {
        const inUse = await trx.selectFrom('employees').select('user_id').where('department_id', '=', id).executeTakeFirst();
        if (inUse) throw conflict('People are in this department: move them first');
        const gone = await trx.deleteFrom('departments').where('id', '=', id).executeTakeFirst();
        if (!Number(gone.numDeletedRows)) throw notFound('Department not found');
        await recordAudit(trx, { actorId: callerOf(req).userId, action: 'department.delete', entity: 'department', entityId: String(id) }, ctx.now());
      });
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
    handler: async (req) => {
      const b = req.body;
      const now = ctx.now();
      const values = { name: b.name, state: b.state ?? null, city: b.city ?? null, pt_registration: b.ptRegistration ?? null };
      return db
        .transaction()
        .execute(async (trx) => {
          const row = await trx.insertInto('locations').values({ ...values, created_at: now.toISOString() }).returning('id').executeTakeFirstOrThrow();
          await recordAudit(trx, { actorId: callerOf(req).userId, action: 'location.create', entity: 'location', entityId: String(row.id), after: values }, now);
          return { _id: String(row.id), name: values.name, state: values.state, city: values.city, ptRegistration: values.pt_registration };
        })
        .catch((err) => {
          if (isUniqueViolation(err, 'name')) throw conflict(`A location named ${b.name} already exists`);
          throw err;
        });
    },
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
      querystring: z.object({ kind: z.enum(['employees', 'leave-balances', 'attendance']).optional() }),
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
