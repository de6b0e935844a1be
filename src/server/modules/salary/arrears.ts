/**
 * Arrears and recoveries: lines paid on a later month's slip for an earlier month (payroll_arrears,
 * migration 050). The slip adds them to the month's earnings (shared/payroll/arrear-lines.ts), so
 * they are in its register row, its PF, ESI, PT and TDS, its net pay and its filing and bank files.
 *
 * How another module adds a line: call `addArrearLines(trx, lines, actor, now)` inside its own
 * transaction, with `source` naming the module (and `sourceRef` its record), `forMonth` the month the
 * money is for, and a component. The line lands in the open pay month (`openPayMonth`: the month
 * after the latest approved one), unless `payMonth` names a later month that is not approved. A line
 * for an approved pay month is refused (409): an approved month is what was paid. PF: give
 * `pfWagesPaise`/`epsWagesPaise` the PF wages the line adds, held to the ceiling of `forMonth`
 * (0 for allowances outside PF wages).
 *
 * Stable API for other modules: openPayMonth, addArrearLines, arrearsByUser, arrearLinesOf.
 */
import type { Kysely, Transaction } from 'kysely';
import { ARREAR_COMPONENTS, type ArrearComponent, type SlipArrear } from '../../../shared/payroll/arrear-lines';
import { monthLabel, payMonth, splitMonth } from '../../../shared/payroll/pay-month';
import { recordAudit } from '../../audit';
import type { DB } from '../../db/schema';
import { conflict } from '../../errors';

type Db = Kysely<DB> | Transaction<DB>;

export interface NewArrearLine extends SlipArrear {
  userId: number;
  /** Defaults to the open pay month. */
  payMonth?: string;
  /** Who adds it: 'salary-revision', 'manual', or another module's name. */
  source: string;
  sourceRef?: string | null;
}

export interface StoredArrearLine extends SlipArrear {
  id: number;
  userId: number;
  payMonth: string;
  source: string;
  sourceRef: string | null;
  createdAt: string;
}

/** The latest approved month, or null while none is. */
export async function latestApprovedMonth(db: Db): Promise<string | null> {
  const row = await db.selectFrom('payroll_approvals').select((eb) => eb.fn.max('month').as('month')).executeTakeFirst();
  return (row?.month as string | null | undefined) ?? null;
}

/** The earliest month not yet approved: the month after the latest approved one; with none approved, `today`'s month. */
export async function openPayMonth(db: Db, today: string): Promise<string> {
  const latest = await latestApprovedMonth(db);
  return latest ? nextMonth(latest) : today.slice(0, 7);
}

/** The month after a 'YYYY-MM'. */
export function nextMonth(month: string): string {
  const [year, m] = splitMonth(month);
  return m === 12 ? payMonth(year + 1, 1) : payMonth(year, m + 1);
}

const CHUNK = 200;

/** Stores lines in their pay month (the open month unless given), audited one entry per call. */
export async function addArrearLines(trx: Transaction<DB>, lines: readonly NewArrearLine[], actor: { actorId: number | null; today: string }, now: Date): Promise<StoredArrearLine[]> {
  if (!lines.length) return [];
  const open = await openPayMonth(trx, actor.today);
  const at = now.toISOString();
  const rows = lines.map((l) => {
    if (!ARREAR_COMPONENTS.includes(l.component as ArrearComponent)) throw new RangeError(`unknown arrears component ${l.component}`);
    return {
      user_id: l.userId,
      pay_month: l.payMonth ?? open,
      for_month: l.forMonth,
      component: l.component,
      amount_paise: l.amountPaise,
      pf_wages_paise: l.pfWagesPaise,
      eps_wages_paise: l.epsWagesPaise,
      reason: l.reason,
      source: l.source,
      source_ref: l.sourceRef ?? null,
      created_by: actor.actorId,
      created_at: at,
    };
  });
  const payMonths = [...new Set(rows.map((r) => r.pay_month))];
  const approved = await trx.selectFrom('payroll_approvals').select('month').where('month', 'in', payMonths).executeTakeFirst();
  if (approved) throw conflict(`${monthLabel(approved.month)} is approved and locked: arrears go in a month not yet approved`);
  const stored: StoredArrearLine[] = [];
  for (let i = 0; i < rows.length; i += CHUNK) {
    const inserted = await trx.insertInto('payroll_arrears').values(rows.slice(i, i + CHUNK)).returningAll().execute();
    stored.push(...inserted.map(toLine));
  }
  await recordAudit(
    trx,
    {
      actorId: actor.actorId,
      action: 'payroll.arrears-add',
      entity: 'payroll_month',
      entityId: payMonths.join(','),
      after: { lines: stored.slice(0, 100).map((l) => ({ id: l.id, userId: l.userId, forMonth: l.forMonth, component: l.component, amountPaise: l.amountPaise, source: l.source })), count: stored.length },
    },
    now,
  );
  return stored;
}

type ArrearRow = { id: number; user_id: number; pay_month: string; for_month: string; component: string; amount_paise: number; pf_wages_paise: number; eps_wages_paise: number; reason: string; source: string; source_ref: string | null; created_at: string };

const toLine = (r: ArrearRow): StoredArrearLine => ({
  id: Number(r.id),
  userId: Number(r.user_id),
  payMonth: r.pay_month,
  forMonth: r.for_month,
  component: r.component as ArrearComponent,
  amountPaise: Number(r.amount_paise),
  pfWagesPaise: Number(r.pf_wages_paise),
  epsWagesPaise: Number(r.eps_wages_paise),
  reason: r.reason,
  source: r.source,
  sourceRef: r.source_ref,
  createdAt: r.created_at,
});

const slipLine = (l: StoredArrearLine): SlipArrear => ({ forMonth: l.forMonth, component: l.component, amountPaise: l.amountPaise, pfWagesPaise: l.pfWagesPaise, epsWagesPaise: l.epsWagesPaise, reason: l.reason });

/** The lines paid in `month` to some employees, by users id, in the order they were added: one query. */
export async function arrearsByUser(db: Db, month: string, userIds: readonly number[]): Promise<Map<number, SlipArrear[]>> {
  const byUser = new Map<number, SlipArrear[]>();
  if (!userIds.length) return byUser;
  const rows = await db.selectFrom('payroll_arrears').selectAll().where('pay_month', '=', month).where('user_id', 'in', userIds).orderBy('for_month').orderBy('id').execute();
  for (const r of rows) {
    const line = toLine(r);
    let list = byUser.get(line.userId);
    if (!list) byUser.set(line.userId, (list = []));
    list.push(slipLine(line));
  }
  return byUser;
}

/** Every line of one employee, newest pay month first (their salary history). */
export async function arrearLinesOf(db: Db, userId: number): Promise<StoredArrearLine[]> {
  const rows = await db.selectFrom('payroll_arrears').selectAll().where('user_id', '=', userId).orderBy('pay_month', 'desc').orderBy('for_month').orderBy('id').execute();
  return rows.map(toLine);
}
