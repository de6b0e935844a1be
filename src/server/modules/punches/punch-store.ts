/**
 * The one path every punch from a device or a punch file takes: each is kept raw (once, by its
 * dedupe key), its person found by device PIN (or given by a file's employee code), its attendance
 * day found by the person's shift, and then, unless it must wait, merged into that day's record.
 *
 * A punch waits ('quarantined', with the reason) when it is in the future, older than the setting
 * allows, or in an approved payroll month (approval locks the month's days); a punch whose PIN
 * nobody has waits as 'unmapped' until an admin gives the PIN to someone.
 *
 * Stable API for other modules: storePunches, deviceTimeInstant.
 */
import type { Kysely, Transaction } from 'kysely';
import { monthLabel } from '../../../shared/payroll/pay-month';
import { instantInZone } from '../../../shared/attendance-corrections/zone-time';
import type { Shift } from '../../../shared/work-hours/work-hours';
import type { DB } from '../../db/schema';
import type { Dialect } from '../../db/database';
import { ownShifts, readWorkHours } from '../work-hours';
import { approvedMonthsBetween } from '../attendance-import';
import { attendanceDateOf } from './attendance-day';
import { applyPunchesToDays, spansOf } from './day-derivation';
import { normalizePin } from '../employee-records';
import { readPunchSettings } from './punch-settings';

type Db = Kysely<DB> | Transaction<DB>;

export interface IncomingPunch {
  /** The PIN as the device or the file sent it (null when a file named the person by employee code). */
  pin: string | null;
  /** The person, when the source named them directly (a file's employee code). */
  userId?: number;
  /** 'YYYY-MM-DD HH:MM:SS' on the source's clock, as sent. */
  sentTime: string;
  status?: string | null;
  verify?: string | null;
  workCode?: string | null;
}

export interface PunchBatch {
  source: 'device' | 'file';
  device?: { id: number; serial: string };
  /** The zone the times were written in (the device's, else the company's). */
  timeZone: string;
  /** The company's zone: attendance days are its days. */
  dayZone: string;
  punches: readonly IncomingPunch[];
  receivedAt: Date;
  /** Seconds to add to every punch's time (a device's known clock error); 0 normally. */
  correctionSeconds?: number;
}

export interface BatchOutcome {
  received: number;
  /** New raw punches kept (the rest were already there). */
  stored: number;
  duplicates: number;
  applied: number;
  unmapped: number;
  quarantined: number;
  /** Per punch, in the batch's order: its state when newly kept, 'duplicate' when it was already there. */
  states: string[];
}

// The instant of each zone's minute, asked of Intl once: a batch of 500 punches names a few dozen
// minutes, and Intl costs two formatToParts calls (~20 µs each) a lookup.
const minuteInstants = new Map<string, number>();

/** The instant a 'YYYY-MM-DD HH:MM:SS' names on a zone's clock. */
export function deviceTimeInstant(sentTime: string, timeZone: string): Date {
  const [date, time] = sentTime.split(' ') as [string, string];
  const key = `${timeZone}|${date} ${time.slice(0, 5)}`;
  let minute = minuteInstants.get(key);
  if (minute === undefined) {
    minute = instantInZone(date, time.slice(0, 5), timeZone).getTime();
    if (minuteInstants.size >= 50_000) minuteInstants.clear();
    minuteInstants.set(key, minute);
  }
  return new Date(minute + Number(time.slice(6, 8)) * 1000);
}

// 17 columns a row; 500 rows stay far below either engine's bound-parameter limit.
const CHUNK = 500;
// A device clock a little ahead is drift, not a future punch.
const FUTURE_TOLERANCE_MS = 5 * 60_000;

/** Finds people by PIN (leading zeros dropped on both sides). */
export async function usersByPin(db: Db, pins: readonly string[]): Promise<Map<string, number>> {
  const out = new Map<string, number>();
  const unique = [...new Set(pins)];
  for (let i = 0; i < unique.length; i += CHUNK) {
    const rows = await db.selectFrom('employees').select(['user_id', 'device_pin']).where('device_pin', 'in', unique.slice(i, i + CHUNK)).execute();
    for (const r of rows) out.set(r.device_pin!, Number(r.user_id));
  }
  return out;
}

/** What decides a punch's attendance day and whether it may change it: shifts, approved months, settings. */
export async function punchRules(db: Db, userIds: readonly number[], instants: readonly Date[], timeZone: string) {
  const [workHours, shifts, settings] = await Promise.all([readWorkHours(db), ownShifts(db, userIds), readPunchSettings(db)]);
  const times = instants.map((d) => d.getTime());
  const approved = times.length
    ? await approvedMonthsBetween(db, new Date(Math.min(...times) - 86_400_000).toISOString().slice(0, 10), new Date(Math.max(...times) + 86_400_000).toISOString().slice(0, 10))
    : new Set<string>();
  const shiftOf = (userId: number | undefined): Shift => (userId !== undefined ? shifts.get(userId) : undefined) ?? workHours.shift;
  /** Why a punch of this person at this instant must wait for an admin, or undefined. */
  const holdReason = (at: Date, date: string, now: Date): string | undefined => {
    if (at.getTime() > now.getTime() + FUTURE_TOLERANCE_MS) return 'in the future';
    if (now.getTime() - at.getTime() > settings.maxPunchAgeDays * 86_400_000) return `older than ${settings.maxPunchAgeDays} days`;
    if (approved.has(date.slice(0, 7))) return `${monthLabel(date.slice(0, 7))} is approved`;
    return undefined;
  };
  return { dateOf: (at: Date, userId?: number) => attendanceDateOf(at, shiftOf(userId), timeZone), holdReason, settings };
}

/** Keeps a batch of punches and applies the ones that may change a day, in the caller's transaction. */
export async function storePunches(db: Db, dialect: Dialect, batch: PunchBatch, now: Date): Promise<BatchOutcome> {
  const pins = batch.punches.map((p) => (p.pin === null ? undefined : normalizePin(p.pin)));
  const byPin = await usersByPin(db, pins.filter((p): p is string => p !== undefined));
  const correction = (batch.correctionSeconds ?? 0) * 1000;
  const instants = batch.punches.map((p) => new Date(deviceTimeInstant(p.sentTime, batch.timeZone).getTime() + correction));
  const userIds = batch.punches.map((p, i) => p.userId ?? (pins[i] !== undefined ? byPin.get(pins[i]) : undefined));
  const rules = await punchRules(db, [...new Set(userIds.filter((u): u is number => u !== undefined))], instants, batch.dayZone);
  const receivedAt = batch.receivedAt.toISOString();

  const rows = batch.punches.map((p, i) => {
    const userId = userIds[i];
    const at = instants[i]!;
    const date = rules.dateOf(at, userId);
    const hold = userId === undefined ? undefined : rules.holdReason(at, date, now);
    const who = batch.source === 'device' ? `${batch.device!.serial}|${pins[i] ?? p.pin}` : `file|${userId ?? pins[i]}`;
    return {
      dedupe_key: `${who}|${p.sentTime}`,
      source: batch.source,
      device_id: batch.device?.id ?? null,
      device_serial: batch.device?.serial ?? null,
      pin: pins[i] ?? p.pin,
      user_id: userId ?? null,
      sent_time: p.sentTime,
      punched_at: at.toISOString(),
      received_at: receivedAt,
      status: p.status ?? null,
      verify_type: p.verify ?? null,
      work_code: p.workCode ?? null,
      attendance_date: date,
      state: userId === undefined ? 'unmapped' : hold ? 'quarantined' : 'applied',
      reason: userId === undefined ? 'no employee has this PIN' : (hold ?? null),
      correction_seconds: batch.correctionSeconds ?? 0,
    };
  });

  const outcome: BatchOutcome = { received: rows.length, stored: 0, duplicates: 0, applied: 0, unmapped: 0, quarantined: 0, states: rows.map(() => 'duplicate') };
  const applied: { userId: number; date: string; at: string }[] = [];
  for (let i = 0; i < rows.length; i += CHUNK) {
    const chunk = rows.slice(i, i + CHUNK);
    // Only rows this statement inserted come back: a punch already kept (sent twice, or by another
    // instance a moment ago) is neither counted nor applied again.
    const inserted = await db.insertInto('punches').values(chunk).onConflict((oc) => oc.column('dedupe_key').doNothing()).returning('dedupe_key').execute();
    const fresh = new Set(inserted.map((r) => r.dedupe_key));
    for (const [j, row] of chunk.entries()) {
      if (!fresh.has(row.dedupe_key)) continue;
      fresh.delete(row.dedupe_key);
      outcome.states[i + j] = row.state;
      outcome.stored += 1;
      if (row.state === 'applied') {
        outcome.applied += 1;
        applied.push({ userId: row.user_id!, date: row.attendance_date, at: row.punched_at });
      } else if (row.state === 'unmapped') outcome.unmapped += 1;
      else outcome.quarantined += 1;
    }
  }
  outcome.duplicates = outcome.received - outcome.stored;
  await applyPunchesToDays(db, dialect, spansOf(applied));
  return outcome;
}
