/**
 * /api/attendance: past days brought in from a file, one person's day set by hand, and many people's
 * days marked at once. Admins only; the records then show who set them (`source`).
 */
import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { msgResponse } from '../../../shared/schemas/common';
import { adminDayBody, bulkMarkAnswer, bulkMarkBody } from '../../../shared/schemas/attendance-admin';
import { importAnswerSchema, importQuerySchema } from '../../../shared/schemas/import';
import { callerOf } from '../../auth/guard';
import type { ModuleOptions } from '../../context';
import { readUploadedFile, uploadLimits, uploadMessages } from '../../imports/uploaded-file';
import { createAdminDays } from './admin-days';
import { createAttendanceImport } from './attendance-import';
import { readAttendanceSheet } from './attendance-sheet';

const tags = ['attendance'];
/** 10,000 people × 31 days as CSV is about 10 MB; a month as .xlsx a little more. */
export const ATTENDANCE_FILE_MAX_BYTES = 32 * 1024 * 1024;
const refusals = { 400: msgResponse, 404: msgResponse, 409: msgResponse };

export const attendanceImportRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { ctx }) => {
  const importAttendance = createAttendanceImport(ctx);
  const days = createAdminDays(ctx);
  await app.register(multipart, { limits: uploadLimits(ATTENDANCE_FILE_MAX_BYTES) });

  app.post('/import', {
    config: { roles: ['admin'], heavy: true },
    schema: {
      tags,
      summary: `Import past attendance from a CSV or .xlsx file (multipart field "file", at most ${ATTENDANCE_FILE_MAX_BYTES / (1024 * 1024)} MB)`,
      description:
        'Columns employeeId, date, and either punchIn and punchOut (the company\'s clock, 09:12; an out earlier than the in ends the next day) ' +
        'or status (P, A, H or HD for a half day, or a leave type\'s code for an approved leave). A day an admin set is never replaced; ' +
        'an imported day replaces one from punches; the same rows again change nothing. Rows outside the employment, in the future or in ' +
        'an approved month are row errors. dryRun=true writes nothing; atomic=true writes nothing when a row fails.',
      consumes: ['multipart/form-data'],
      querystring: importQuerySchema.pick({ dryRun: true, atomic: true }),
      response: { 200: importAnswerSchema },
    },
    handler: async (req) => {
      const { bytes, filename } = await readUploadedFile(req, uploadMessages(ATTENDANCE_FILE_MAX_BYTES));
      const parsed = await readAttendanceSheet(bytes);
      return importAttendance(callerOf(req), parsed, { dryRun: req.query.dryRun, atomic: req.query.atomic, fileName: filename });
    },
  });

  app.put('/day', {
    config: { roles: ['admin'] },
    schema: {
      tags,
      summary: "Set one person's day by hand: a status, with punches for a present or half day, and a reason (audited; no import or punch replaces it)",
      body: adminDayBody,
      response: { 200: msgResponse.extend({ _id: z.string() }), ...refusals },
    },
    handler: (req) => days.setDay(callerOf(req), req.body),
  });

  app.post('/bulk', {
    config: { roles: ['admin'] },
    schema: {
      tags,
      summary: "Mark many people's days at once (present, absent or half day) with a reason; days off, approved leave and locked months are left alone",
      description: 'dryRun=true answers what marking would do, day counts and the days left alone, and writes nothing.',
      querystring: importQuerySchema.pick({ dryRun: true }),
      body: bulkMarkBody,
      response: { 200: bulkMarkAnswer, ...refusals },
    },
    handler: (req) => days.bulkMark(callerOf(req), req.body, { dryRun: req.query.dryRun }),
  });
};
