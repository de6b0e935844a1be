/**
 * What a leaver may still do. Through the leaving date an employee works as before; from the day
 * after it, every token (whenever it was issued) opens only the routes marked `formerEmployee` (their
 * own slips, full-and-final and tax statements, sign-out), and from the day after the company's
 * access date not even those: the guard answers 401 and sign-in is refused.
 *
 * The access date is a day of the year after the financial year of leaving ends (31 March), stored
 * in company_settings under 'leaver-access'; by default 15 June, when Form 16 for that year is due
 * (Income-tax Rules 1962, rule 31(3), as in force on 2026-04-01).
 */
import { DEFAULT_LEAVER_ACCESS, leaverAccessSchema, type LeaverAccess } from '../../shared/schemas/company';
import { recordAudit } from '../audit';
import type { AppContext } from '../context';
import type { Db } from '../db/handle';
import { writeCompanySetting } from '../db/company-settings';

const KEY = 'leaver-access';

export async function readLeaverAccess(db: Db): Promise<LeaverAccess> {
  const row = await db.selectFrom('company_settings').select('value_json').where('key', '=', KEY).executeTakeFirst();
  const stored = row ? leaverAccessSchema.safeParse(JSON.parse(row.value_json)) : null;
  return stored?.success ? stored.data : DEFAULT_LEAVER_ACCESS;
}

/** Saves the setting (admin) with an audit entry, in one transaction. */
export async function saveLeaverAccess(ctx: AppContext, actorId: number, setting: LeaverAccess): Promise<LeaverAccess> {
  const at = ctx.now();
  await ctx.database.db.transaction().execute(async (trx) => {
    const before = await readLeaverAccess(trx);
    await writeCompanySetting(trx, KEY, setting, at.toISOString());
    await recordAudit(trx, { actorId, action: 'leaver-access.update', entity: 'company_settings', entityId: KEY, before, after: setting }, at);
  });
  return setting;
}

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * The last day a person who left on `leftOn` (YYYY-MM-DD) may sign in as a former employee: the
 * setting's day on or after the 1 April that follows the financial year of leaving (April to March).
 */
export function accessUntil(leftOn: string, setting: LeaverAccess): string {
  const year = Number(leftOn.slice(0, 4));
  const month = Number(leftOn.slice(5, 7));
  const fyEndYear = month >= 4 ? year + 1 : year;
  // A day in January to March falls after the following 31 March, so a year later.
  const dayYear = setting.month >= 4 ? fyEndYear : fyEndYear + 1;
  return `${dayYear}-${pad(setting.month)}-${pad(setting.day)}`;
}

export type LeaverState = { kind: 'employee' } | { kind: 'former-employee'; leftOn: string; until: string } | { kind: 'ended'; leftOn: string; until: string };

/** Whether someone with leaving date `leftOn` works today, reads as a former employee, or is gone. */
export function leaverState(leftOn: string | null, today: string, setting: LeaverAccess): LeaverState {
  if (leftOn === null || today <= leftOn) return { kind: 'employee' };
  const until = accessUntil(leftOn, setting);
  return today <= until ? { kind: 'former-employee', leftOn, until } : { kind: 'ended', leftOn, until };
}
