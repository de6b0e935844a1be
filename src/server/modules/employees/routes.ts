/**
 * /api/employee: the roster (product.md, Calls). Admins add (one, or a CSV file), list, edit and
 * deactivate; an employee reads and edits their own name and email. Static paths (/me, /current,
 * /upload, /edit/:id) are matched before /:id by Fastify's router, whatever the order here.
 */
import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CSV_MAX_BYTES } from '../../../shared/constants';
import { EMPLOYEE_MSG } from '../employee-records';
import { idParamSchema, msgResponse } from '../../../shared/schemas/common';
import {
  employeeCreateBody,
  employeeCreatedResponse,
  employeeDetailSchema,
  employeeListItemSchema,
  employeeListQuery,
  employeeUpdateBody,
  employeeUpdatedResponse,
} from '../../../shared/schemas/employee';
import { accessScopeSchema } from '../../../shared/schemas/company';
import { callerOf } from '../../auth/guard';
import type { ModuleOptions } from '../../context';
import { forbidden } from '../../errors';
import { readUploadedFile, uploadLimits } from '../../imports/uploaded-file';
import { readEmployeeSheet } from './employee-csv';
import { createEmployeeImport } from './employee-import';
import { importAnswerSchema, importQuerySchema } from '../../../shared/schemas/import';
import { readGoLive } from '../go-live';
import { countHeldInvitations, releaseHeldInvitations } from './held-invitations';
import { employeeTemplate } from './employee-template';
import { createEmployeeService } from './employee-service';

const tags = ['employees'];
const UPLOAD_MSG = {
  noFile: EMPLOYEE_MSG.csvNoFile,
  oneFile: EMPLOYEE_MSG.csvOneFile,
  unreadable: EMPLOYEE_MSG.uploadUnreadable,
  tooLarge: EMPLOYEE_MSG.csvTooLarge(CSV_MAX_BYTES / (1024 * 1024)),
};

export const employeeRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { ctx }) => {
  // The queue is the app's (plugins/background-jobs.ts): it resumes and stops it with the server.
  const invitations = app.invitations;
  const employees = createEmployeeService(ctx, invitations);
  const importEmployees = createEmployeeImport(ctx, invitations);

  // Registered here, so only this module's routes accept multipart bodies.
  await app.register(multipart, { limits: uploadLimits(CSV_MAX_BYTES) });

  app.post('/', {
    config: { roles: ['admin'] },
    schema: {
      tags,
      summary: 'Add an employee (next EMP id, salary in rupees) and email them a set-password link',
      body: employeeCreateBody,
      response: { 200: employeeCreatedResponse },
    },
    handler: (req) => employees.create(callerOf(req), req.body),
  });

  app.post('/upload', {
    config: { roles: ['admin'], heavy: true },
    schema: {
      tags,
      summary: `Add or update employees from a CSV or .xlsx file (multipart field "file", at most ${CSV_MAX_BYTES / (1024 * 1024)} MB)`,
      description:
        'Header row with the JSON names of the employee (name, email, position, salary, employeeId, joiningDate, phone, ' +
        'departmentId, locationId, managerEmployeeId (the manager by employee code), devicePin (1 to 9 digits, unique), statutory.pan, ...) in any order and case; an empty cell leaves a field as it is. ' +
        'mode=add (default: name, email, position and salary required), update (by employeeId) or upsert; dryRun=true ' +
        'checks every row and writes nothing; atomic=true writes nothing when a row fails; invite=later holds the ' +
        "invitations for the Invite button. Dates DD/MM/YYYY, DD-MM-YYYY, DD-Mon-YYYY or YYYY-MM-DD; amounts with Indian grouping and ₹. " +
        "The rows' results are kept as an import report; `errors` lists 'Row N: reason' (the header is row 1).",
      consumes: ['multipart/form-data'],
      querystring: importQuerySchema,
      response: { 200: importAnswerSchema },
    },
    handler: async (req) => {
      const caller = callerOf(req);
      const { bytes, filename } = await readUploadedFile(req, UPLOAD_MSG);
      const query = req.query;
      const parsed = await readEmployeeSheet(bytes, query.mode);
      const inviteLater = query.invite ? query.invite === 'later' : (await readGoLive(ctx.database.db)).inviteOnImport === 'later';
      return importEmployees(caller, parsed, { mode: query.mode, dryRun: query.dryRun, atomic: query.atomic, inviteLater, fileName: filename });
    },
  });

  app.get('/upload/template', {
    config: { roles: ['admin'] },
    schema: {
      tags,
      summary: 'The employee import template (?format=xlsx, the default, or csv): every column, an example row, the accepted formats',
      querystring: z.object({ format: z.enum(['xlsx', 'csv'], { error: 'format must be xlsx or csv' }).default('xlsx') }),
    },
    handler: async (req, reply) => {
      const file = await employeeTemplate(req.query.format);
      return reply.header('content-type', file.contentType).header('content-disposition', `attachment; filename="${file.fileName}"`).send(file.bytes);
    },
  });

  app.post('/invitations', {
    config: { roles: ['admin'] },
    schema: {
      tags,
      summary: 'Send every invitation an "invite later" import held back, in bulk; answers how many',
      response: { 200: msgResponse.extend({ count: z.number() }) },
    },
    handler: async (req) => {
      const released = await releaseHeldInvitations(ctx, callerOf(req));
      invitations.send(released);
      return { msg: EMPLOYEE_MSG.invited(released.length), count: released.length };
    },
  });

  app.get('/invitations', {
    config: { roles: ['admin'] },
    schema: { tags, summary: 'How many invitations are held for the Invite button', response: { 200: z.object({ held: z.number() }) } },
    handler: async () => ({ held: await countHeldInvitations(ctx) }),
  });

  app.get('/', {
    config: { roles: ['admin'] },
    schema: {
      tags,
      summary: 'Employees in employee-id order, each with status (active, on-notice, left) and leftOn: current ones (active and on notice) by default, ?status=left or ?status=all',
      querystring: employeeListQuery,
      response: { 200: z.array(employeeListItemSchema) },
    },
    handler: (req) => employees.list(req.query.status),
  });

  app.get('/me', {
    config: { roles: ['employee'], formerEmployee: true },
    schema: { tags, summary: "The signed-in employee's record, with statutory details (bank account masked)", response: { 200: employeeDetailSchema } },
    handler: (req) => employees.me(callerOf(req)),
  });

  app.get('/me/access', {
    config: { roles: ['employee'], formerEmployee: true },
    schema: {
      tags,
      summary: "What the caller may do: 'employee' (working), or 'former-employee' from the day after the leaving date (own slips and tax statements only, until accessUntil)",
      response: { 200: accessScopeSchema },
    },
    handler: (req) => {
      const former = callerOf(req).formerEmployee;
      return former ? { scope: 'former-employee' as const, leftOn: former.leftOn, accessUntil: former.until } : { scope: 'employee' as const, leftOn: null, accessUntil: null };
    },
  });

  app.get('/current', {
    config: { roles: ['employee'] },
    schema: { tags, summary: "The signed-in employee's record (same as /me)", response: { 200: employeeDetailSchema } },
    handler: (req) => employees.me(callerOf(req)),
  });

  app.get('/:id', {
    config: { roles: ['admin', 'employee'], notFound: EMPLOYEE_MSG.notFound },
    schema: {
      tags,
      summary:
        'One employee with statutory and bank details: admins see anyone, an employee only themself (403 otherwise, and the ' +
        'bank account number masked as XXXXXX1234); 404 when missing or deleted',
      params: idParamSchema,
      response: { 200: employeeDetailSchema },
    },
    handler: (req) => employees.get(callerOf(req), Number(req.params.id)),
  });

  app.put('/edit/:id', {
    config: { roles: ['admin', 'employee'], notFound: EMPLOYEE_MSG.notFound },
    schema: {
      tags,
      summary:
        "Edit an employee: admins all four fields and the optional statutory object (state of work, PAN, UAN, ESI number, " +
        "bank account, IFSC, tax regime, gender; '' clears one; the leaving date is the exit's, so a changed statutory.leftOn is a 400) and managerId (left out stays, null clears), an employee only their own name and email. An employee's new email " +
        'waits for confirmation from the new address; the answer then carries it as pendingEmail. A changed salary is a revision: it takes effect from ' +
        'salaryEffectiveFrom (default: the first day of the earliest month not yet approved); a day in an approved month pays arrears next month',
      params: idParamSchema,
      body: employeeUpdateBody,
      response: { 200: employeeUpdatedResponse },
    },
    // Before validation, so an employee sending a salary hears "not allowed" rather than "invalid".
    preValidation: async (req) => {
      const body = req.body as Record<string, unknown> | null | undefined;
      const touchesAdminFields =
        typeof body === 'object' && body !== null && ['position', 'salary', 'statutory', 'managerId', 'salaryEffectiveFrom', 'salaryChangeReason', 'joiningDate', 'departmentId', 'locationId', 'devicePin'].some((field) => field in body);
      if (callerOf(req).role !== 'admin' && touchesAdminFields) throw forbidden(EMPLOYEE_MSG.ownNameAndEmailOnly);
    },
    handler: (req) => employees.update(callerOf(req), Number(req.params.id), req.body, req.ip),
  });

  app.delete('/:id', {
    config: { roles: ['admin'], notFound: EMPLOYEE_MSG.notFound },
    schema: {
      tags,
      summary: 'Deactivate an employee: gone from lists, signed out, history kept; 404 the second time',
      params: idParamSchema,
      response: { 200: msgResponse },
    },
    handler: (req) => employees.remove(callerOf(req), Number(req.params.id)),
  });
};
