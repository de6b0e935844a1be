/** Admins' side of raw punches: the searchable log and its export, unmapped PINs, people needing a PIN, and setting a PIN. */
import { stringify } from 'csv-stringify/sync';
import type { MyHeldPunch, NeedsPin, Punch, PunchPage, UnmappedPin } from '../../../shared/schemas/device';
import { punchQuery } from '../../../shared/schemas/device';
import { escapeFormula } from '../../../shared/spreadsheet-safety';
import type { z } from 'zod';
import { recordAudit } from '../../audit';
import type { Caller } from '../../auth/guard';
import { contains } from '../../db/contains';
import type { AppContext } from '../../context';
import { badRequest, conflict, notFound } from '../../errors';
import { applyPunchesToDays, spansOf } from './day-derivation';
import { normalizePin } from '../employee-records';
import { punchRules } from './punch-store';

export const PUNCH_MSG = {
  pinTaken: (pin: string, code: string) => `devicePin ${pin} already belongs to ${code}`,
  pinSaved: 'Device PIN saved',
  noEmployee: (code: string) => `No employee ${code}`,
  mapped: (n: number, pin: string, code: string) => `PIN ${pin} is now ${code}; ${n} punch${n === 1 ? '' : 'es'} applied`,
  noPunches: 'No unmapped punches with that PIN',
  released: 'Punch applied',
  discarded: 'Punch discarded',
  notQuarantined: 'Only a punch waiting for review can be applied or discarded',
  stillLocked: 'That punch still cannot change its day (approved month, or no employee)',
};

type Query = z.output<typeof punchQuery>;

const toPunch = (r: {
  id: number; source: string; device_serial: string | null; device_name: string | null; pin: string | null; employee_id: string | null; name: string | null;
  sent_time: string; punched_at: string; received_at: string; status: string | null; verify_type: string | null; attendance_date: string | null; state: string; reason: string | null; correction_seconds: number;
  decision_reason?: string | null; decided_at?: string | null;
}): Punch => ({
  _id: String(r.id),
  source: r.source,
  deviceSerial: r.device_serial,
  deviceName: r.device_name,
  pin: r.pin,
  employeeId: r.employee_id,
  name: r.name,
  sentTime: r.sent_time,
  punchedAt: r.punched_at,
  receivedAt: r.received_at,
  status: r.status,
  verifyType: r.verify_type,
  attendanceDate: r.attendance_date,
  state: r.state,
  reason: r.reason,
  correctionSeconds: Number(r.correction_seconds),
  decisionReason: r.decision_reason ?? null,
  decidedAt: r.decided_at ?? null,
});

/** How many of their held punches an employee sees. */
const MY_HELD_LIMIT = 100;

export function createPunchService(ctx: AppContext) {
  const { db, dialect } = ctx.database;
  const decision = (state: 'applied' | 'discarded', caller: Caller, reason: string) => ({ state, decision_reason: reason, decided_by: caller.userId, decided_at: ctx.now().toISOString() });

  function search(q: Query) {
    let query = db
      .selectFrom('punches as p')
      .leftJoin('devices as d', 'd.id', 'p.device_id')
      .leftJoin('employees as e', 'e.user_id', 'p.user_id')
      .leftJoin('users as u', 'u.id', 'p.user_id');
    // By the attendance day; a punch of no one is filed by the company's day.
    if (q.from) query = query.where('p.attendance_date', '>=', q.from);
    if (q.to) query = query.where('p.attendance_date', '<=', q.to);
    if (q.state) query = query.where('p.state', '=', q.state);
    if (q.deviceId) query = query.where('p.device_id', '=', Number(q.deviceId));
    if (q.q) {
      const text = q.q;
      const pin = normalizePin(text);
      query = query.where((eb) =>
        eb.or([
          contains('u.name', text),
          contains('e.employee_id', text),
          contains('p.device_serial', text),
          ...(pin !== undefined ? [eb('p.pin', '=', pin)] : []),
        ]),
      );
    }
    return query;
  }
  const columns = ['p.id', 'p.source', 'p.device_serial', 'd.name as device_name', 'p.pin', 'e.employee_id', 'u.name', 'p.sent_time', 'p.punched_at', 'p.received_at', 'p.status', 'p.verify_type', 'p.attendance_date', 'p.state', 'p.reason', 'p.correction_seconds', 'p.decision_reason', 'p.decided_at'] as const;

  return {
    async list(q: Query): Promise<PunchPage> {
      if (q.from && q.to && q.from > q.to) throw badRequest('from must not be after to');
      const [rows, total] = await Promise.all([
        search(q).select(columns).orderBy('p.punched_at', 'desc').orderBy('p.id', 'desc').limit(q.limit).offset(q.offset).execute(),
        search(q).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
      ]);
      return { punches: rows.map(toPunch), total: Number(total.n) };
    },

    /** The whole search as CSV (every text cell through the formula guard), newest first, at most 200,000 rows. */
    async csv(q: Query): Promise<string> {
      const rows = await search(q).select(columns).orderBy('p.punched_at', 'desc').orderBy('p.id', 'desc').limit(200_000).execute();
      const header = ['Punched At (UTC)', 'Sent Time (device clock)', 'Attendance Date', 'Employee ID', 'Name', 'PIN', 'Device', 'Serial Number', 'Source', 'Status', 'Verify Type', 'State', 'Reason', 'Correction (s)', 'Received At (UTC)', 'Decision Reason', 'Decided At (UTC)'];
      const body = rows.map((r) => [r.punched_at, r.sent_time, r.attendance_date, r.employee_id, r.name, r.pin, r.device_name, r.device_serial, r.source, r.status, r.verify_type, r.state, r.reason, r.correction_seconds, r.received_at, r.decision_reason, r.decided_at].map((v) => escapeFormula(v ?? '')));
      return stringify([header, ...body]);
    },

    async unmapped(): Promise<UnmappedPin[]> {
      const rows = await db
        .selectFrom('punches')
        .select((eb) => ['pin', eb.fn.countAll<number>().as('n'), eb.fn.min('punched_at').as('first_at'), eb.fn.max('punched_at').as('last_at')])
        .where('state', '=', 'unmapped')
        .groupBy('pin')
        .orderBy('pin')
        .limit(1000)
        .execute();
      const devices = await db.selectFrom('punches').select(['pin', 'device_serial']).distinct().where('state', '=', 'unmapped').where('device_serial', 'is not', null).execute();
      return rows.map((r) => ({
        pin: r.pin ?? '',
        punches: Number(r.n),
        firstAt: r.first_at!,
        lastAt: r.last_at!,
        devices: devices.filter((d) => d.pin === r.pin).map((d) => d.device_serial!).sort(),
      }));
    },

    async needsPin(): Promise<NeedsPin[]> {
      const rows = await db
        .selectFrom('employees as e')
        .innerJoin('users as u', 'u.id', 'e.user_id')
        .select(['u.id', 'e.employee_id', 'u.name'])
        .where('e.device_pin', 'is', null)
        .where('u.active', '=', 1)
        .orderBy('e.employee_id')
        .limit(1000)
        .execute();
      return rows.map((r) => ({ _id: String(r.id), employeeId: r.employee_id, name: r.name }));
    },

    /** Sets (or clears) a person's PIN; a PIN someone else has is a 400 naming them. */
    async setPin(caller: Caller, userId: number, raw: string | null): Promise<{ msg: string }> {
      const pin = raw === null ? null : normalizePin(raw)!;
      return db.transaction().execute(async (trx) => {
        const person = await trx.selectFrom('employees').select(['employee_id', 'device_pin']).where('user_id', '=', userId).executeTakeFirst();
        if (!person) throw notFound('Employee not found');
        if (pin !== null) {
          const holder = await trx.selectFrom('employees').select(['user_id', 'employee_id']).where('device_pin', '=', pin).executeTakeFirst();
          if (holder && Number(holder.user_id) !== userId) throw badRequest(PUNCH_MSG.pinTaken(pin, holder.employee_id));
        }
        await trx.updateTable('employees').set({ device_pin: pin }).where('user_id', '=', userId).execute();
        await recordAudit(trx, { actorId: caller.userId, action: 'employee.device-pin', entity: 'employee', entityId: person.employee_id, before: { devicePin: person.device_pin ?? null }, after: { devicePin: pin } }, ctx.now());
        if (pin !== null) await applyUnmappedPunches(ctx, trx, pin, userId);
        return { msg: PUNCH_MSG.pinSaved };
      });
    },

    /** Gives an unmapped PIN to a person and applies its past punches (approved months excepted: they wait for review). */
    async mapPin(caller: Caller, rawPin: string, employeeCode: string): Promise<{ msg: string; applied: number; quarantined: number }> {
      const pin = normalizePin(rawPin);
      if (pin === undefined) throw badRequest('pin must be 1 to 9 digits');
      return db.transaction().execute(async (trx) => {
        const person = await trx.selectFrom('employees').select(['user_id', 'employee_id', 'device_pin']).where('employee_id', '=', employeeCode).executeTakeFirst();
        if (!person) throw badRequest(PUNCH_MSG.noEmployee(employeeCode));
        const holder = await trx.selectFrom('employees').select(['user_id', 'employee_id']).where('device_pin', '=', pin).executeTakeFirst();
        if (holder && Number(holder.user_id) !== Number(person.user_id)) throw conflict(PUNCH_MSG.pinTaken(pin, holder.employee_id));
        const waiting = await trx.selectFrom('punches').select('id').where('state', '=', 'unmapped').where('pin', '=', pin).limit(1).executeTakeFirst();
        if (!waiting) throw notFound(PUNCH_MSG.noPunches);
        await trx.updateTable('employees').set({ device_pin: pin }).where('user_id', '=', person.user_id).execute();
        // The admin list's poll sees the change through the accounts' change time.
        await trx.updateTable('users').set({ updated_at: ctx.now().toISOString() }).where('id', '=', person.user_id).execute();
        const outcome = await applyUnmappedPunches(ctx, trx, pin, Number(person.user_id));
        await recordAudit(trx, { actorId: caller.userId, action: 'punches.map-pin', entity: 'employee', entityId: person.employee_id, before: { devicePin: person.device_pin ?? null }, after: { devicePin: pin, ...outcome } }, ctx.now());
        return { msg: PUNCH_MSG.mapped(outcome.applied, pin, person.employee_id), ...outcome };
      });
    },

    /** Applies a punch that waited for review, when nothing holds it any more except its age or time; `reason` is the admin's, kept and shown to the employee. */
    async release(caller: Caller, id: number, reason: string): Promise<{ msg: string }> {
      return db.transaction().execute(async (trx) => {
        const p = await trx.selectFrom('punches').selectAll().where('id', '=', id).executeTakeFirst();
        if (!p) throw notFound('Punch not found');
        if (p.state !== 'quarantined') throw conflict(PUNCH_MSG.notQuarantined);
        if (p.user_id === null || !p.attendance_date) throw conflict(PUNCH_MSG.stillLocked);
        const approved = await trx.selectFrom('payroll_approvals').select('month').where('month', '=', p.attendance_date.slice(0, 7)).executeTakeFirst();
        if (approved) throw conflict(PUNCH_MSG.stillLocked);
        // `reason` (why it was held) stays, beside the decision's, for the employee to read.
        await trx.updateTable('punches').set(decision('applied', caller, reason)).where('id', '=', id).execute();
        await applyPunchesToDays(trx, dialect, spansOf([{ userId: Number(p.user_id), date: p.attendance_date, at: p.punched_at }]));
        await recordAudit(trx, { actorId: caller.userId, action: 'punch.release', entity: 'punch', entityId: String(id), before: { state: p.state, reason: p.reason }, after: { state: 'applied', decisionReason: reason } }, ctx.now());
        return { msg: PUNCH_MSG.released };
      });
    },

    async discard(caller: Caller, id: number, reason: string): Promise<{ msg: string }> {
      return db.transaction().execute(async (trx) => {
        const p = await trx.selectFrom('punches').select(['state', 'reason']).where('id', '=', id).executeTakeFirst();
        if (!p) throw notFound('Punch not found');
        if (p.state !== 'quarantined' && p.state !== 'unmapped') throw conflict(PUNCH_MSG.notQuarantined);
        await trx.updateTable('punches').set(decision('discarded', caller, reason)).where('id', '=', id).execute();
        await recordAudit(trx, { actorId: caller.userId, action: 'punch.discard', entity: 'punch', entityId: String(id), before: p, after: { state: 'discarded', decisionReason: reason } }, ctx.now());
        return { msg: PUNCH_MSG.discarded };
      });
    },

    /** The caller's own punches that were held for review (waiting, applied or discarded), newest first. */
    async mine(caller: Caller): Promise<MyHeldPunch[]> {
      const rows = await db
        .selectFrom('punches as p')
        .leftJoin('devices as d', 'd.id', 'p.device_id')
        .select(['p.id', 'p.punched_at', 'p.attendance_date', 'p.source', 'd.name as device_name', 'p.state', 'p.reason', 'p.decision_reason', 'p.decided_at'])
        .where('p.user_id', '=', caller.userId)
        .where((eb) => eb.or([eb('p.state', '=', 'quarantined'), eb('p.decided_at', 'is not', null)]))
        .orderBy('p.punched_at', 'desc')
        .orderBy('p.id', 'desc')
        .limit(MY_HELD_LIMIT)
        .execute();
      return rows.map((r) => ({
        _id: String(r.id),
        punchedAt: r.punched_at,
        attendanceDate: r.attendance_date,
        source: r.source,
        deviceName: r.device_name,
        state: r.state,
        heldReason: r.reason,
        decisionReason: r.decision_reason ?? null,
        decidedAt: r.decided_at ?? null,
      }));
    },
  };

}

/**
 * A person's punches waiting under a PIN they now have: each re-filed by their shift, then applied
 * or held for review (approved months). For every place that gives someone a PIN.
 */
export async function applyUnmappedPunches(ctx: AppContext, trx: Parameters<typeof applyPunchesToDays>[0], pin: string, userId: number): Promise<{ applied: number; quarantined: number }> {
  const rows = await trx.selectFrom('punches').select(['id', 'punched_at']).where('state', '=', 'unmapped').where('pin', '=', pin).execute();
  if (!rows.length) return { applied: 0, quarantined: 0 };
  const instants = rows.map((r) => new Date(r.punched_at));
  const rules = await punchRules(trx, [userId], instants, ctx.config.timeZone);
  const now = ctx.now();
  const applied: { userId: number; date: string; at: string }[] = [];
  let quarantined = 0;
  for (const [i, row] of rows.entries()) {
    const date = rules.dateOf(instants[i]!, userId);
    const hold = rules.holdReason(instants[i]!, date, now);
    await trx.updateTable('punches').set({ user_id: userId, attendance_date: date, state: hold ? 'quarantined' : 'applied', reason: hold ?? null }).where('id', '=', row.id).execute();
    if (hold) quarantined += 1;
    else applied.push({ userId, date, at: row.punched_at });
  }
  await applyPunchesToDays(trx, ctx.database.dialect, spansOf(applied));
  return { applied: applied.length, quarantined };
}
