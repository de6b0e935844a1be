/**
 * Balances of every active leave type for one person or for everyone, from the records: joining
 * dates, and approved and pending leave. One query for the leave rows, one for the holidays that
 * older rows (filed before leave types, without a day count) need, one for the opening balances and
 * adjustments; the arithmetic is the shared rules'. With a go-live date, leave before it is history
 * the opening balance already holds, so only leave from that date on is taken from the balance.
 */
import type { Kysely, Transaction } from 'kysely';
import { compOffBalance, type CompOffCredit } from '../../../shared/day-rules/comp-off';
import { leaveBalance, type LeaveBalance, type LeaveTypePolicy, type YearUse } from '../../../shared/leave-policy/leave-balance';
import { leaveYearLabel, leaveYearOf, type LeaveYearStart } from '../../../shared/leave-policy/leave-year';
import { leaveDays } from '../../../shared/leave-policy/work-calendar';
import type { LeaveBalanceRow, LeaveSettings } from '../../../shared/schemas/leave-policy';
import type { DB } from '../../db/schema';
import { readGoLive } from '../go-live';
import { leaveUseRows, listLeaveTypes, workCalendar, type LeaveTypeRow } from './leave-policy-repository';
import { adjustmentRows } from './opening-balances-repository';
import { compOffCredits } from './comp-off-credits';

type Db = Kysely<DB> | Transaction<DB>;

export const policyOf = (t: LeaveTypeRow): LeaveTypePolicy => ({
  yearlyEntitlement: Number(t.yearly_entitlement),
  accrual: t.accrual,
  proRate: t.pro_rate === 1,
  carryForwardCap: Number(t.carry_forward_cap),
});

/** user → type → leave year → days taken and pending. */
type UseRows = Awaited<ReturnType<typeof leaveUseRows>>;
type AdjustmentRows = Awaited<ReturnType<typeof adjustmentRows>>;
type UseIndex = Map<number, Map<number, Map<number, YearUse>>>;

async function useIndex(db: Db, settings: LeaveSettings, defaultTypeId: number, goLive: string | null, used: UseRows, adjustments: AdjustmentRows): Promise<UseIndex> {
  const rows = used.filter((r) => !goLive || r.start_date >= goLive);
  const uncounted = rows.filter((r) => r.days == null);
  const calendar = uncounted.length
    ? await workCalendar(db, uncounted.reduce((m, r) => (r.start_date < m ? r.start_date : m), '9999'), uncounted.reduce((m, r) => (r.end_date > m ? r.end_date : m), '0000'), settings)
    : null;
  const index: UseIndex = new Map();
  for (const r of rows) {
    const days = r.days ?? leaveDays(r.start_date, r.end_date, calendar!, r.day_part ?? undefined);
    const year = leaveYearOf(r.start_date, settings.leaveYearStartMonth as LeaveYearStart).year;
    let byType = index.get(r.user_id);
    if (!byType) index.set(r.user_id, (byType = new Map()));
    const typeId = r.leave_type_id ?? defaultTypeId;
    let byYear = byType.get(typeId);
    if (!byYear) byType.set(typeId, (byYear = new Map()));
    const use = byYear.get(year) ?? { taken: 0, pending: 0 };
    if (r.status === 'approved') use.taken += days;
    else use.pending += days;
    byYear.set(year, use);
  }
  for (const a of adjustments) {
    const year = leaveYearOf(a.as_of, settings.leaveYearStartMonth as LeaveYearStart).year;
    let byType = index.get(Number(a.user_id));
    if (!byType) index.set(Number(a.user_id), (byType = new Map()));
    let byYear = byType.get(Number(a.leave_type_id));
    if (!byYear) byType.set(Number(a.leave_type_id), (byYear = new Map()));
    const use = byYear.get(year) ?? { taken: 0, pending: 0 };
    use.credit = (use.credit ?? 0) + Number(a.days);
    byYear.set(year, use);
  }
  return index;
}

export interface BalanceSubject {
  userId: number;
  joinedOn: string;
}

/** Each subject's balances of every active type on `asOf`, in the order of the types. */
export async function balancesOf(
  db: Db,
  subjects: readonly BalanceSubject[],
  asOf: string,
  settings: LeaveSettings,
  { all = false, onlyType }: { all?: boolean; /** Just this type, active or not (a request's check). */ onlyType?: number } = {},
): Promise<Map<number, LeaveBalanceRow[]>> {
  // Four independent reads: on PostgreSQL they travel at once rather than one after another.
  const userIds = all ? undefined : subjects.map((s) => s.userId);
  const [types, { goLiveDate }, used, adjustments] = await Promise.all([listLeaveTypes(db), readGoLive(db), leaveUseRows(db, userIds), adjustmentRows(db, userIds)]);
  const defaultTypeId = types.find((t) => t.is_default === 1)?.id ?? -1;
  const compOffType = types.find((t) => t.comp_off === 1);
  // The comp-off type's balance is its credits, spent first-to-expire first (shared/day-rules/comp-off.ts).
  const credits = compOffType ? await compOffCredits(db, userIds) : new Map<number, CompOffCredit[]>();
  const compOffUses = compOffType ? used.filter((r) => r.leave_type_id === compOffType.id) : [];
  const index = await useIndex(db, settings, defaultTypeId, goLiveDate, used, adjustments);
  const startMonth = settings.leaveYearStartMonth as LeaveYearStart;
  const result = new Map<number, LeaveBalanceRow[]>();
  for (const s of subjects) {
    const byType = index.get(s.userId);
    result.set(
      s.userId,
      types
        .filter((t) => (onlyType === undefined ? t.active === 1 : t.id === onlyType))
        .map((t) => {
          if (t.id === compOffType?.id) {
            const uses = compOffUses.filter((r) => r.user_id === s.userId).map((r) => ({ date: r.start_date, days: r.days ?? 0, pending: r.status === 'pending' }));
            const c = compOffBalance(credits.get(s.userId) ?? [], uses, asOf);
            return {
              leaveTypeId: String(t.id),
              leaveType: t.name,
              paid: true,
              year: leaveYearLabel(leaveYearOf(asOf, startMonth).year, startMonth),
              carriedForward: 0,
              accrued: c.earned - c.expired,
              taken: c.taken,
              pending: c.pending,
              adjusted: 0,
              available: c.available,
              expired: c.expired,
            };
          }
          const byYear = byType?.get(t.id);
          const b: LeaveBalance = leaveBalance(policyOf(t), {
            joinDate: s.joinedOn,
            asOf,
            startMonth,
            use: (year) => byYear?.get(year) ?? { taken: 0, pending: 0 },
            goLive: goLiveDate,
          });
          return {
            leaveTypeId: String(t.id),
            leaveType: t.name,
            paid: t.paid === 1,
            year: leaveYearLabel(b.year, startMonth),
            carriedForward: b.carriedForward,
            accrued: b.accrued,
            taken: b.taken,
            pending: b.pending,
            adjusted: b.adjusted,
            available: b.available,
          };
        }),
    );
  }
  return result;
}
