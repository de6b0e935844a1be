/**
 * /iclock/*: the paths ZKTeco and eSSL devices call in push (ADMS) mode. The caller kind is
 * `device`: no token, the serial number (?SN=) names the device, and what it may do is decided
 * here, on every request: a registered serial number, from an allowed address range when the
 * device has any, with its comm key when one is set, within its request budget. An unknown serial
 * number is answered without OK, so the device keeps its records and sends them again once an
 * admin has accepted it. Bodies are read as text whatever the Content-Type (devices send
 * text/plain, form-encoded or none).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely, Transaction } from 'kysely';
import type { AppContext } from '../../context';
import type { DB } from '../../db/schema';
import { SERIAL_PATTERN } from '../../../shared/schemas/device';
import { deviceTimeInstant, storePunches } from '../punches';
import { countRecords, handshakeAnswer, parsePairs, zoneOffsetMinutes } from './iclock-protocol';
import { parseAttlog } from '../punches';
import { findDeviceBySerial, noteContact, noteSighting, spendDeviceBudget, type DeviceRow } from './device-repository';
import { addressAllowed } from '../../source-address';
import { createGroupCommit } from '../../db/group-commit';

/**
 * The device paths: the device caller kind's guard (config.device), and kept out of the OpenAPI
 * description, which describes our JSON API; the devices' plain-text protocol is in this folder's README.
 */
const DEVICE_ROUTE = { config: { device: true }, schema: { hide: true } } as const;

/** Request budgets a minute: per serial number and per address (an office of many devices shares one address). */
export interface DeviceLimits {
  perSerial: number;
  perAddress: number;
  /** Largest body a device may send, in bytes: 500 ATTLOG lines are about 25 KB. */
  bodyBytes: number;
}
export const DEFAULT_DEVICE_LIMITS: DeviceLimits = { perSerial: 240, perAddress: 2400, bodyBytes: 1024 * 1024 };


// A real-time push holds a punch or two; a larger batch is a backlog and says nothing about the clock.
const REALTIME_BATCH = 3;
// Beyond this the "drift" is a backlog or a wrong zone, not a clock running off.
const DRIFT_PLAUSIBLE_S = 12 * 3600;

type Query = Record<string, string | undefined>;
type Db = Kysely<DB> | Transaction<DB>;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A device route (/iclock/*): the `device` caller kind, admitted by serial number, address and comm key. */
    device?: true;
  }
}

/** A device gets plain text; its status codes are not what it reads, the body is. */
const text = (reply: FastifyReply, status: number, body: string) => reply.code(status).type('text/plain; charset=utf-8').header('cache-control', 'no-store').send(body);

export function iclockRoutes(ctx: AppContext, limits: DeviceLimits = DEFAULT_DEVICE_LIMITS) {
  const { db, dialect } = ctx.database;
  const together = createGroupCommit(db);

  /** A device request's refusal: the status and plain-text body it is answered with. */
  interface Refusal {
    status: number;
    body: string;
    retryAfter?: boolean;
  }

  /** The checks every device request passes: the device, or why it is refused. */
  async function admit(d: Db, request: FastifyRequest): Promise<DeviceRow | Refusal> {
    const query = request.query as Query;
    const serial = (query.SN ?? query.sn ?? '').trim();
    const now = ctx.now();
    const address = request.ip;
    if (!SERIAL_PATTERN.test(serial)) return { status: 400, body: 'ERROR: SN required' };
    const budgets = [
      { key: `a|${address}`, max: limits.perAddress },
      { key: `s|${serial}`, max: limits.perSerial },
    ];
    if (!(await spendDeviceBudget(d, budgets, now))) return { status: 429, body: 'ERROR: too many requests', retryAfter: true };
    const device = await findDeviceBySerial(d, serial);
    if (!device) {
      await noteSighting(d, serial, address, now);
      return { status: 403, body: 'UNKNOWN DEVICE' };
    }
    // Switched off by an admin: no OK, so the device keeps its records for when it is switched on.
    if (device.disabled_at) return { status: 403, body: 'DEVICE DISABLED' };
    if (!addressAllowed(JSON.parse(device.allowed_cidrs) as string[], address)) {
      request.log.warn({ serial, address }, 'device call from outside its allowed addresses');
      return { status: 403, body: 'FORBIDDEN' };
    }
    // Firmware that knows a comm key sends it as ?pushcommkey=; a device given one must send it.
    if (device.comm_key && (query.pushcommkey ?? '') !== device.comm_key) return { status: 403, body: 'FORBIDDEN' };
    return device;
  }

  /**
   * Admits a device request and does its work, answering 200 with the work's text or the refusal.
   * On SQLite the whole request is one write transaction: every commit waits for the disk, and its
   * writers queue one after another anyway, so a push costs one sync instead of three; and the
   * requests that arrive together share one transaction (group commit, db/group-commit.ts), so devices
   * pushing at once share a sync too. On PostgreSQL the budget is spent on its own: the row of an
   * address, shared by an office's devices, must not stay locked while a batch is stored.
   */
  async function handle(request: FastifyRequest, reply: FastifyReply, work: (d: Db, device: DeviceRow) => Promise<string>) {
    const run = async (d: Db): Promise<Refusal | { ok: string }> => {
      const device = await admit(d, request);
      return 'status' in device ? device : { ok: await work(d, device) };
    };
    const answer = dialect === 'sqlite' ? await together(run) : await run(db);
    if ('ok' in answer) return text(reply, 200, answer.ok);
    if (answer.retryAfter) reply.header('retry-after', '60');
    return text(reply, answer.status, answer.body);
  }

  /** Work that must be one transaction: the request's own on SQLite, a new one otherwise. */
  const atomically = <T>(d: Db, work: (trx: Db) => Promise<T>): Promise<T> => (d.isTransaction ? work(d) : db.transaction().execute(work));

  const zoneOf = (device: DeviceRow) => device.time_zone ?? ctx.config.timeZone;

  return async function register(app: FastifyInstance) {
    // Everything a device sends is read as text; JSON is never expected here.
    app.removeAllContentTypeParsers();
    app.addContentTypeParser('*', { parseAs: 'string', bodyLimit: limits.bodyBytes }, (_req, body, done) =>
      // A photo upload carries binary data; nothing kept from a device needs a NUL, which the server refuses everywhere.
      done(null, String(body).split(String.fromCharCode(0)).join('')),
    );

    app.get('/iclock/cdata', DEVICE_ROUTE, (request, reply) =>
      handle(request, reply, async (d, device) => {
        const query = request.query as Query;
        const now = ctx.now();
        await noteContact(d, device.id, { at: now.toISOString(), address: request.ip, firmware: query.pushver ? `push ${query.pushver}`.slice(0, 40) : undefined });
        return handshakeAnswer({ serial: device.serial_number, timeZoneMinutes: zoneOffsetMinutes(zoneOf(device), now), namedFlags: query.pushver !== undefined, delaySeconds: 30 });
      }),
    );

    app.post('/iclock/cdata', DEVICE_ROUTE, (request, reply) =>
      handle(request, reply, async (d, device) => {
        const query = request.query as Query;
        const table = (query.table ?? '').toUpperCase();
        const body = typeof request.body === 'string' ? request.body : '';
        const now = ctx.now();
        if (table !== 'ATTLOG') {
          // Operation log (USER/FP lines), photos, options and anything newer: counted, not kept, and
          // acknowledged, so the device does not send them again forever.
          const n = countRecords(table, body);
          await noteContact(d, device.id, { at: now.toISOString(), address: request.ip, ignored: n });
          return `OK:${n}`;
        }
        const { lines, rejected } = parseAttlog(body);
        const timeZone = zoneOf(device);
        let drift: number | undefined;
        if (lines.length > 0 && lines.length <= REALTIME_BATCH) {
          const newest = lines.map((l) => l.time).sort().at(-1)!;
          const seconds = Math.round((deviceTimeInstant(newest, timeZone).getTime() - now.getTime()) / 1000);
          if (Math.abs(seconds) <= DRIFT_PLAUSIBLE_S) drift = seconds;
        }
        // The punches and the contact together.
        const outcome = await atomically(d, async (trx) => {
          const stored = await storePunches(trx, dialect, { source: 'device', device: { id: device.id, serial: device.serial_number }, timeZone, dayZone: ctx.config.timeZone, punches: lines.map((l) => ({ pin: l.pin, sentTime: l.time, status: l.status, verify: l.verify, workCode: l.workCode })), receivedAt: now }, now);
          await noteContact(trx, device.id, { at: now.toISOString(), address: request.ip, drift });
          return stored;
        });
        request.log.info({ serial: device.serial_number, ...outcome, rejected }, 'device punches');
        // The count of records taken: a line that cannot be read is acknowledged too (sending it again would not mend it).
        return `OK:${lines.length + rejected}`;
      }),
    );

    app.get('/iclock/getrequest', DEVICE_ROUTE, (request, reply) =>
      handle(request, reply, async (d, device) => {
        const info = (request.query as Query).INFO;
        await noteContact(d, device.id, { at: ctx.now().toISOString(), address: request.ip, firmware: info ? info.split(',')[0]!.slice(0, 40) : undefined });
        // No command is queued: the server sends only what commandLine allows, and nothing yet asks for one.
        return 'OK';
      }),
    );

    app.post('/iclock/devicecmd', DEVICE_ROUTE, (request, reply) =>
      handle(request, reply, async (d, device) => {
        const result = parsePairs(typeof request.body === 'string' ? request.body : '');
        request.log.info({ serial: device.serial_number, id: result.get('ID'), ret: result.get('Return'), cmd: result.get('CMD') }, 'device command result');
        await noteContact(d, device.id, { at: ctx.now().toISOString(), address: request.ip });
        return 'OK';
      }),
    );

    app.get('/iclock/ping', DEVICE_ROUTE, (request, reply) =>
      handle(request, reply, async (d, device) => {
        await noteContact(d, device.id, { at: ctx.now().toISOString(), address: request.ip });
        return 'OK';
      }),
    );
  };
}

