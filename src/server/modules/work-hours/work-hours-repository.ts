/**
 * Reads and writes of the company's working hours and late-mark rule (the 'work-hours' key of
 * company_settings) and of people's own shifts (employee_shifts). The rules are pure
 * (src/shared/work-hours).
 */
import type { Kysely, Transaction } from 'kysely';
import type { WorkHoursSettings } from '../../../shared/schemas/work-hours';
import { DEFAULT_LATE_MARK_RULE, DEFAULT_SHIFT, type Shift } from '../../../shared/work-hours/work-hours';
import type { DB } from '../../db/schema';
import { writeCompanySetting } from '../../db/company-settings';

type Db = Kysely<DB> | Transaction<DB>;

const SETTINGS_KEY = 'work-hours';
const DEFAULT_WORK_HOURS: WorkHoursSettings = { shift: DEFAULT_SHIFT, lateMarkRule: DEFAULT_LATE_MARK_RULE };

export async function readWorkHours(db: Db): Promise<WorkHoursSettings> {
  const row = await db.selectFrom('company_settings').select('value_json').where('key', '=', SETTINGS_KEY).executeTakeFirst();
  if (!row) return DEFAULT_WORK_HOURS;
  const saved = JSON.parse(row.value_json) as Partial<WorkHoursSettings>;
  return { shift: { ...DEFAULT_SHIFT, ...saved.shift }, lateMarkRule: { ...DEFAULT_LATE_MARK_RULE, ...saved.lateMarkRule } };
}

export const writeWorkHours = (db: Db, settings: WorkHoursSettings, at: string): Promise<void> => writeCompanySetting(db, SETTINGS_KEY, settings, at);

const toShift = (row: { shift_start: string; shift_end: string; grace_minutes: number }): Shift => ({
  start: row.shift_start,
  end: row.shift_end,
  graceMinutes: Number(row.grace_minutes),
});

// Far below either engine's bound-parameter limit.
const ID_CHUNK = 900;

/**
 * People's own shifts: of the given users (a payroll or register batch, one query per 900), or of
 * everyone who has one (an attendance list; the table holds only the exceptions).
 */
export async function ownShifts(db: Db, userIds?: readonly number[]): Promise<Map<number, Shift>> {
  const result = new Map<number, Shift>();
  const query = db.selectFrom('employee_shifts').select(['user_id', 'shift_start', 'shift_end', 'grace_minutes']);
  const chunks = userIds ? Array.from({ length: Math.ceil(userIds.length / ID_CHUNK) }, (_, i) => userIds.slice(i * ID_CHUNK, (i + 1) * ID_CHUNK)) : [undefined];
  for (const chunk of chunks) {
    if (chunk && !chunk.length) continue;
    const rows = await (chunk ? query.where('user_id', 'in', chunk) : query).execute();
    for (const row of rows) result.set(row.user_id, toShift(row));
  }
  return result;
}

/** What changes the answer of an attendance list: the settings and people's shifts (count and last change). */
export async function workHoursFingerprint(db: Db): Promise<string> {
  const [settings, shifts] = await Promise.all([
    db.selectFrom('company_settings').select('value_json').where('key', '=', SETTINGS_KEY).executeTakeFirst(),
    db
      .selectFrom('employee_shifts')
      .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.max('updated_at').as('last')])
      .executeTakeFirstOrThrow(),
  ]);
  return `${settings?.value_json ?? ''}|${Number(shifts.n)}|${shifts.last ?? ''}`;
}

export async function saveOwnShift(db: Db, userId: number, shift: Shift | null, at: string): Promise<void> {
  if (!shift) {
    await db.deleteFrom('employee_shifts').where('user_id', '=', userId).execute();
    return;
  }
  const values = { shift_start: shift.start, shift_end: shift.end, grace_minutes: shift.graceMinutes, updated_at: at };
  await db
    .insertInto('employee_shifts')
    .values({ user_id: userId, ...values })
    .onConflict((oc) => oc.column('user_id').doUpdateSet(values))
    .execute();
}
