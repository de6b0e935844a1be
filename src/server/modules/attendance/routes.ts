/** /api/attendance: punch in and out, the employee's and the admin's lists, the chart and the CSV report. */
import { pipeline, Readable, type Transform } from 'node:stream';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  absentTodayQuery,
  absentTodaySchema,
  attendanceQuery,
  attendancePageQuery,
  attendancePageSchema,
  attendanceRangeQuery,
  attendanceRecordSchema,
  attendanceSummaryDaySchema,
  attendanceSummaryQuery,
  punchResponse,
} from '../../../shared/schemas/attendance';
import { punchPositionBody } from '../../../shared/schemas/day-rules';
import { msgResponse } from '../../../shared/schemas/common';
import { callerOf } from '../../auth/guard';
import type { ModuleOptions } from '../../context';
import { absentToday } from './absent-today';
import { createAnswerCache, type AnswerCache } from './answer-cache';
import { createAttendanceExporter, reportFileName } from './attendance-export';
import { createAttendanceService, downloadRange } from './attendance-service';

const recordList = z.array(attendanceRecordSchema);
const POSITION_NOTE =
  "The body may be empty (the spec's call). Under a punch rule that asks for a site, send the browser's position {latitude, longitude, accuracy}; a punch outside every site, off the office networks, or with web punching off is refused 403 {msg} saying why.";
const tags = ['attendance'];

/** True when the request's If-None-Match names this tag (or `*`); weak and strong forms both match. */
function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header.split(',').some((t) => {
    const tag = t.trim().replace(/^W\//, '');
    return tag === '*' || tag === etag;
  });
}

type Encoding = 'br' | 'gzip';

// Brotli at quality 5 packs the 1.6 MB today-answer about as well as 11 at a fraction of the CPU.
const compressors: Record<Encoding, (text: string) => Promise<Buffer>> = {
  br: (text) =>
    promisify(zlib.brotliCompress)(text, {
      params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: text.length },
    }),
  gzip: (text) => promisify(zlib.gzip)(text),
};

/** The best encoding the client accepts, by its Accept-Encoding header (q=0 refuses one). */
function acceptedEncoding(header: string | undefined): Encoding | null {
  if (!header) return null;
  const accepted = new Set(
    header
      .split(',')
      .map((part) => part.trim().split(';'))
      .filter(([, q]) => !q || !/^\s*q=0(\.0*)?\s*$/.test(q))
      .map(([name]) => name!.trim().toLowerCase()),
  );
  return accepted.has('br') ? 'br' : accepted.has('gzip') ? 'gzip' : null;
}

/**
 * Answers 304 without a body when the client already holds this version, else the JSON answer of
 * this version with its ETag. The dashboard polls every 10 seconds; unchanged polls cost neither
 * the rows nor the transfer, and a changed version is read, serialized and compressed once for all
 * pollers (the answers cache holds the text and each compressed copy under the version's tag).
 */
async function sendTagged(request: FastifyRequest, reply: FastifyReply, etag: string, answers: AnswerCache, build: () => Promise<string>) {
  // private: attendance is personal data; no-cache: always revalidate, which is what makes 304 useful.
  reply.header('etag', etag).header('cache-control', 'private, no-cache').header('vary', 'accept-encoding');
  if (matchesEtag(request.headers['if-none-match'], etag)) return reply.code(304).send();
  reply.type('application/json; charset=utf-8');
  const text = () => answers.get(etag, build);
  const encoding = acceptedEncoding(request.headers['accept-encoding']);
  // A string with a JSON content type goes out as is, without a second pass over what may be 300,000 rows;
  // a set Content-Encoding tells @fastify/compress the body is already packed.
  if (!encoding) return reply.send(await text());
  const packed = await answers.get(`${etag};${encoding}`, async () => compressors[encoding](await text()));
  return reply.header('content-encoding', encoding).send(packed);
}

const streamCompressors: Record<Encoding, () => Transform> = {
  br: () => zlib.createBrotliCompress({ params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } }),
  gzip: () => zlib.createGzip(),
};

/**
 * As sendTagged, for an answer too large to hold: the JSON goes out as it is read, a day at a time,
 * compressed on the way when the client accepts it. Nothing keeps it, so memory does not grow with
 * the range; backpressure reaches the reads (the generator is pulled only as fast as the socket drains).
 */
function sendStreamed(request: FastifyRequest, reply: FastifyReply, etag: string, chunks: () => AsyncGenerator<string>) {
  reply.header('etag', etag).header('cache-control', 'private, no-cache').header('vary', 'accept-encoding');
  if (matchesEtag(request.headers['if-none-match'], etag)) return reply.code(304).send();
  reply.type('application/json; charset=utf-8');
  const body = Readable.from(chunks());
  const encoding = acceptedEncoding(request.headers['accept-encoding']);
  if (!encoding) return reply.send(body);
  const packed = pipeline(body, streamCompressors[encoding](), (err) => {
    if (err && (err as NodeJS.ErrnoException).code !== 'ERR_STREAM_PREMATURE_CLOSE') request.log.error({ err }, 'attendance list stream failed');
  });
  return reply.header('content-encoding', encoding).send(packed);
}

export const attendanceRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { ctx }) => {
  const attendance = createAttendanceService(ctx);
  const exporter = createAttendanceExporter(ctx);
  const answers = createAnswerCache();

  app.post('/punch-in', {
    config: { roles: ['employee'] },
    schema: {
      tags,
      summary: "Punch in: starts today's record (status P) at the server's clock; a second punch-in is a 409",
      description: POSITION_NOTE,
      body: punchPositionBody.nullish(),
      response: { 200: punchResponse, 400: msgResponse, 403: msgResponse, 409: msgResponse },
    },
    handler: (req) => attendance.punchIn(callerOf(req), { address: req.ip, position: req.body ?? undefined }),
  });

  app.post('/punch-out', {
    config: { roles: ['employee'] },
    schema: {
      tags,
      summary: "Punch out: stamps today's record once; without a punch-in, or a second time, a 409",
      description: POSITION_NOTE,
      body: punchPositionBody.nullish(),
      response: { 200: punchResponse, 400: msgResponse, 403: msgResponse, 409: msgResponse },
    },
    handler: (req) => attendance.punchOut(callerOf(req), { address: req.ip, position: req.body ?? undefined }),
  });

  app.get('/employee', {
    config: { roles: ['employee'] },
    schema: {
      tags,
      summary: "The caller's own records, newest first; without dates the last 366 days",
      querystring: attendanceRangeQuery,
      response: { 200: recordList },
    },
    handler: (req) => attendance.ownRecords(callerOf(req), req.query),
  });

  app.get('/', {
    config: { roles: ['admin'] },
    schema: {
      tags,
      summary:
        'All records by date desc then email: ?date=, or ?startDate=&endDate= (without filters the last 30 days); ETag/304',
      description:
        'Bounded: a range over 366 days is refused with 400 {msg} (GET /api/attendance/download, the CSV report, takes longer ranges). ' +
        'An answer of up to 400,000 records (10,000 people x 30 days) is kept and shared by pollers; a larger one ' +
        '(up to 10,000 people x 366 days) is streamed a day at a time as it is read, so server memory does not grow with it.',
      querystring: attendanceQuery,
      response: { 200: recordList, 304: z.null().describe('Not modified') },
    },
    handler: async (req, reply) => {
      const { etag, whole, records, chunks } = await attendance.list(req.query);
      if (!whole) return sendStreamed(req, reply, etag, chunks);
      return sendTagged(req, reply, etag, answers, async () => JSON.stringify(await records()));
    },
  });

  app.get('/page', {
    config: { roles: ['admin'] },
    schema: {
      tags,
      summary: "One page of everyone's records of a range, narrowed on the server: ?startDate&endDate (default the last 30 days, at most 366), ?q= a part of a name, email or employee ID, ?show=present|absent|late|early, ?offset=&limit= (default 100, at most 500)",
      description:
        "The Attendance screen's table, so a year of a large company never travels whole. Records come in the list's order (newest day first, then email); " +
        '`total` counts every match, `rangeTotal` every record of the range. Absent counts working days only; late and early are timed against each person\'s shift.',
      querystring: attendancePageQuery,
      response: { 200: attendancePageSchema },
    },
    handler: (req) => attendance.page(req.query),
  });

  app.get('/summary', {
    config: { roles: ['admin'] },
    schema: {
      tags,
      summary: 'Present and absent counts per day for the last ?days= days (default 30), oldest first',
      querystring: attendanceSummaryQuery,
      response: { 200: z.array(attendanceSummaryDaySchema) },
    },
    handler: (req) => attendance.summary(req.query.days),
  });

  app.get('/absent-today', {
    config: { roles: ['admin'] },
    schema: {
      tags,
      summary: "Today's absentees by name: employed today, no punch in and no approved leave, on a working day (none on a day off)",
      description: 'The people behind the dashboard\'s "absent" figure. ?q= narrows to a part of a name, employee ID or email; ?limit= (default 500, at most 2,000) caps the list, by name; total counts every match.',
      querystring: absentTodayQuery,
      response: { 200: absentTodaySchema },
    },
    handler: (req) => absentToday(ctx, req.query.q, req.query.limit),
  });

  app.get('/download', {
    config: { roles: ['admin'], heavy: true },
    schema: {
      tags,
      summary: 'CSV report streamed from the database: every record, or ?startDate=&endDate= (both required together)',
      description: 'text/csv with the columns Employee ID, Name, Email, Date, Status, Punch In (zone), Punch Out (zone), Hours; punch times on the company\'s clock, YYYY-MM-DD HH:MM, the zone named in the header.',
      produces: ['text/csv'],
      querystring: attendanceRangeQuery,
    },
    handler: async (req, reply) => {
      const range = downloadRange(req.query);
      const csv = exporter.open(range);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${reportFileName(range)}"`)
        .header('cache-control', 'no-store')
        .send(csv);
    },
  });
};
