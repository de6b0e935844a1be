/** /api/attendance/punches: the raw punch log (search, export), unmapped PINs, punches held for review, and device PINs. */
import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParamSchema, msgResponse } from '../../../shared/schemas/common';
import { devicePinBody, heldDecisionBody, mapPinBody, myHeldPunchSchema, needsPinSchema, punchPage, punchQuery, unmappedPinSchema } from '../../../shared/schemas/device';
import { callerOf } from '../../auth/guard';
import type { ModuleOptions } from '../../context';
import { importAnswerSchema, importQuerySchema } from '../../../shared/schemas/import';
import { readUploadedFile, uploadLimits, uploadMessages } from '../../imports/uploaded-file';
import { readPunchFile } from './punch-file';
import { createPunchImport } from './punch-import';
import { createPunchService } from './punch-service';

/** 400,000 punches as CSV are about 16 MB. */
const PUNCH_FILE_MAX_BYTES = 32 * 1024 * 1024;

const tags = ['attendance'];
const refusals = { 400: msgResponse, 404: msgResponse, 409: msgResponse };
const admin = { roles: ['admin'] as const };

export const punchRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { ctx }) => {
  const punches = createPunchService(ctx);
  const importPunches = createPunchImport(ctx);
  await app.register(multipart, { limits: uploadLimits(PUNCH_FILE_MAX_BYTES) });

  app.post('/import', {
    config: { ...admin, heavy: true },
    schema: {
      tags,
      summary: `Import punches from a CSV, .xlsx or a device's TXT export (multipart field "file", at most ${PUNCH_FILE_MAX_BYTES / (1024 * 1024)} MB)`,
      description:
        'CSV or .xlsx columns: employeeId or pin, and dateTime (or date and time) on the company clock; a device TXT export is PIN, tab, YYYY-MM-DD HH:MM:SS. ' +
        'Punches take the same path as a device push: kept once, filed by shift, held for review in approved months, never changing an admin or imported day. dryRun=true writes nothing.',
      consumes: ['multipart/form-data'],
      querystring: importQuerySchema.pick({ dryRun: true }),
      response: { 200: importAnswerSchema },
    },
    handler: async (req) => {
      const { bytes, filename } = await readUploadedFile(req, uploadMessages(PUNCH_FILE_MAX_BYTES));
      return importPunches(callerOf(req), await readPunchFile(bytes), { dryRun: req.query.dryRun, fileName: filename });
    },
  });

  app.get('/', {
    config: admin,
    schema: {
      tags,
      summary: 'Raw punches, newest first: ?from=&to= (attendance days), ?q= (name, employee ID, serial number or PIN), ?state=, ?deviceId=, ?limit=&offset=',
      querystring: punchQuery,
      response: { 200: punchPage, 400: msgResponse },
    },
    handler: (req) => punches.list(req.query),
  });

  app.get('/download', {
    config: { ...admin, heavy: true },
    schema: { tags, summary: 'The same search as a CSV file (at most 200,000 punches)', querystring: punchQuery.omit({ limit: true, offset: true }) },
    handler: async (req, reply) => {
      const text = await punches.csv({ ...req.query, limit: 200_000, offset: 0 });
      return reply.type('text/csv; charset=utf-8').header('content-disposition', 'attachment; filename="punches.csv"').send(text);
    },
  });

  app.get('/unmapped', {
    config: admin,
    schema: { tags, summary: 'Device PINs no employee has, with their punches waiting', response: { 200: z.array(unmappedPinSchema) } },
    handler: () => punches.unmapped(),
  });

  app.post('/unmapped/:pin/map', {
    config: admin,
    schema: {
      tags,
      summary: "Give an unmapped PIN to an employee (by employee ID): their waiting punches are applied, except in approved months",
      params: z.object({ pin: z.string().regex(/^[0-9]{1,24}$/, 'pin must be digits') }),
      body: mapPinBody,
      response: { 200: msgResponse.extend({ applied: z.number(), quarantined: z.number() }), ...refusals },
    },
    handler: (req) => punches.mapPin(callerOf(req), req.params.pin, req.body.employeeId),
  });

  app.get('/needs-pin', {
    config: admin,
    schema: { tags, summary: 'Active employees without a device PIN', response: { 200: z.array(needsPinSchema) } },
    handler: () => punches.needsPin(),
  });

  app.put('/pins/:id', {
    config: admin,
    schema: {
      tags,
      summary: "Set or clear an employee's device PIN (1 to 9 digits, unique; leading zeros dropped); punches waiting for it are applied",
      params: idParamSchema,
      body: devicePinBody,
      response: { 200: msgResponse, ...refusals },
    },
    handler: (req) => punches.setPin(callerOf(req), Number(req.params.id), req.body.devicePin),
  });

  app.post('/held/:id/release', {
    config: admin,
    schema: {
      tags,
      summary: 'Apply a punch held for review (not in an approved month), with the reason why (audited; the employee sees it)',
      params: idParamSchema,
      body: heldDecisionBody,
      response: { 200: msgResponse, ...refusals },
    },
    handler: (req) => punches.release(callerOf(req), Number(req.params.id), req.body.reason),
  });

  app.post('/held/:id/discard', {
    config: admin,
    schema: {
      tags,
      summary: 'Discard a punch held for review or of an unmapped PIN (it stays in the log, marked), with the reason why (audited; the employee sees it)',
      params: idParamSchema,
      body: heldDecisionBody,
      response: { 200: msgResponse, ...refusals },
    },
    handler: (req) => punches.discard(callerOf(req), Number(req.params.id), req.body.reason),
  });

  app.get('/mine', {
    config: { roles: ['employee'] },
    schema: {
      tags,
      summary: "The caller's punches that were held for review: waiting, or applied or discarded with the admin's reason (newest 100)",
      response: { 200: z.array(myHeldPunchSchema), 403: msgResponse },
    },
    handler: (req) => punches.mine(callerOf(req)),
  });
};
