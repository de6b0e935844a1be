/** /api/devices: admins register biometric devices, see their contact and clock, accept seen serial numbers, and correct a clock. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParamSchema, msgResponse } from '../../../shared/schemas/common';
import { deviceBody, deviceSchema, deviceUpdateBody, driftCorrectionBody, punchSettingsSchema, SERIAL_PATTERN, sightingSchema } from '../../../shared/schemas/device';
import { callerOf } from '../../auth/guard';
import type { ModuleOptions } from '../../context';
import { createDeviceService } from './device-service';

const tags = ['devices'];
const saved = msgResponse.extend({ _id: z.string() });
const refusals = { 400: msgResponse, 404: msgResponse, 409: msgResponse };

export const deviceRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { ctx }) => {
  const devices = createDeviceService(ctx);
  const admin = { roles: ['admin'] as const };

  app.get('/', {
    config: admin,
    schema: { tags, summary: 'Registered devices with their last contact, clock drift, punches today and warnings', response: { 200: z.array(deviceSchema) } },
    handler: () => devices.list(),
  });

  app.post('/', {
    config: admin,
    schema: {
      tags,
      summary: 'Register a device by its serial number: 201 {msg, _id}; 409 when the serial number is registered already',
      body: deviceBody,
      response: { 201: saved, ...refusals },
    },
    handler: async (req, reply) => reply.code(201).send(await devices.add(callerOf(req), req.body)),
  });

  app.get('/sightings', {
    config: admin,
    schema: { tags, summary: 'Serial numbers that called without being registered (the last 7 days, at most 50)', response: { 200: z.array(sightingSchema) } },
    handler: () => devices.sightings(),
  });

  app.post('/sightings/:serialNumber/accept', {
    config: admin,
    schema: {
      tags,
      summary: 'Register a seen serial number in one step, limited to the address it called from',
      params: z.object({ serialNumber: z.string().regex(SERIAL_PATTERN, 'serialNumber must be a serial number') }),
      response: { 201: saved, ...refusals },
    },
    handler: async (req, reply) => reply.code(201).send(await devices.accept(callerOf(req), req.params.serialNumber)),
  });

  app.get('/settings', {
    config: admin,
    schema: { tags, summary: 'The drift threshold and the oldest a punch may arrive', response: { 200: punchSettingsSchema } },
    handler: () => devices.settings(),
  });

  app.put('/settings', {
    config: admin,
    schema: { tags, summary: 'Change the drift threshold and the oldest a punch may arrive (audited)', body: punchSettingsSchema, response: { 200: msgResponse, 400: msgResponse } },
    handler: (req) => devices.saveSettings(callerOf(req), req.body),
  });

  app.put('/:id', {
    config: admin,
    schema: { tags, summary: "Change a device's name, location, time zone, address ranges or comm key (audited)", params: idParamSchema, body: deviceUpdateBody, response: { 200: saved, ...refusals } },
    handler: (req) => devices.update(callerOf(req), Number(req.params.id), req.body),
  });

  app.delete('/:id', {
    config: admin,
    schema: { tags, summary: 'Remove a device; its punches stay in the raw log (audited)', params: idParamSchema, response: { 200: msgResponse, 404: msgResponse } },
    handler: (req) => devices.remove(callerOf(req), Number(req.params.id)),
  });

  app.post('/:id/clock-correction', {
    config: admin,
    schema: {
      tags,
      summary: "Move a device's punches sent in a date range by a number of seconds and recompute their days (approved months stay; audited)",
      params: idParamSchema,
      body: driftCorrectionBody,
      response: { 200: msgResponse.extend({ corrected: z.number() }), ...refusals },
    },
    handler: (req) => devices.correctClock(callerOf(req), Number(req.params.id), req.body),
  });
};
