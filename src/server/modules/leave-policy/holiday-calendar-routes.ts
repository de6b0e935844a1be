/**
 * POST /api/holidays/import (a CSV of holidays, all or nothing) and GET /api/whos-off (a week's or
 * a month's approved leave and holidays). Admins only. Mounted at /api beside the leave policy routes.
 */
import { Readable } from 'node:stream';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { HOLIDAY_CALENDAR_MSG } from '../../../shared/leave-policy/holiday-calendar-messages';
import { msgResponse } from '../../../shared/schemas/common';
import { holidayImportQuery, holidayImportResponse, whosOffQuery, whosOffSchema } from '../../../shared/schemas/holiday-calendar';
import { callerOf } from '../../auth/guard';
import type { ModuleOptions } from '../../context';
import { badRequest } from '../../errors';
import { readHolidayCsv } from './holiday-csv';
import { createHolidayCalendarService } from './holiday-calendar-service';

const tags = ['leave policy'];
/** A year of holidays is a few hundred bytes; 256 KB leaves room for long names and many years. */
export const HOLIDAY_CSV_MAX_BYTES = 256 * 1024;
const CSV_TYPES = ['text/csv', 'application/csv'];

export const holidayCalendarRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { ctx }) => {
  const calendar = createHolidayCalendarService(ctx);

  // Only this plugin's routes accept a CSV body, read whole (it is small) and checked as text below.
  app.addContentTypeParser(CSV_TYPES, { parseAs: 'buffer', bodyLimit: HOLIDAY_CSV_MAX_BYTES }, (_req, body, done) => done(null, body));

  app.post('/holidays/import', {
    config: { roles: ['admin'], heavy: true },
    // A body over the limit is Fastify's 413; say it in the import's words.
    errorHandler: (error, _req, reply) => {
      if ((error as { code?: string }).code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
        return reply.code(413).send({ msg: HOLIDAY_CALENDAR_MSG.csvTooLarge(HOLIDAY_CSV_MAX_BYTES / 1024) });
      }
      throw error;
    },
    schema: {
      tags,
      summary: `Add holidays from a CSV file (body text/csv, at most ${HOLIDAY_CSV_MAX_BYTES / 1024} KB), all or nothing`,
      description:
        'Header row with date and name in any order and case, optionally optional (yes/no). UTF-8 with or without BOM, ' +
        'quoted fields, CRLF or LF. Every row is checked as a holiday added by hand; a row with a problem, or a date that ' +
        "already has a holiday, refuses the whole file (400, nothing written) and is listed in `errors` as 'Row N: reason' " +
        '(the header is row 1). ?file= names the file in the audit log.',
      consumes: CSV_TYPES,
      querystring: holidayImportQuery,
      response: { 200: holidayImportResponse, 400: holidayImportResponse.or(msgResponse), 403: msgResponse, 409: msgResponse, 413: msgResponse },
    },
    handler: async (req, reply) => {
      if (!Buffer.isBuffer(req.body)) throw badRequest(HOLIDAY_CALENDAR_MSG.csvNoBody);
      const parsed = await readHolidayCsv(Readable.from([req.body]));
      const { status, body } = await calendar.importHolidays(callerOf(req), parsed, (req.query.file ?? 'holidays.csv').slice(0, 255));
      return reply.code(status).send(body);
    },
  });

  app.get('/whos-off', {
    config: { roles: ['admin'] },
    schema: {
      tags,
      summary: "Who is off from ?from= to ?to= (at most 42 days): approved leave of active employees, the holidays and the weekly off rule",
      description:
        'from and to are YYYY-MM-DD, from not after to. Each leave keeps its own dates (a leave that began before from is listed whole), ' +
        'so a week or month view can draw it across the period; the answer is never cached by a shared cache.',
      querystring: whosOffQuery,
      response: { 200: whosOffSchema, 400: msgResponse, 403: msgResponse },
    },
    handler: async (req, reply) => reply.header('cache-control', 'private, no-store').send(await calendar.whosOff(req.query)),
  });
};
