/**
 * The leave type, day count and balance rules of a leave request and of its approval. Both run inside
 * the transaction that writes the request or the decision, after the requester's row is locked, so
 * two requests (or approvals) of one person never both spend the same days.
 */
import type { Transaction } from 'kysely';
import { balanceDateFor, LEAVE_REQUEST_MSG, spansLeaveYears } from '../../../shared/leave-policy/leave-request';
import { leaveYearOf, type LeaveYearStart } from '../../../shared/leave-policy/leave-year';
import { leaveDays, type DayPart } from '../../../shared/leave-policy/work-calendar';
import type { LeaveBalanceRow, LeaveSettings } from '../../../shared/schemas/leave-policy';
import type { LeaveCreate } from '../../../shared/schemas/leave';
import type { DB } from '../../db/schema';
import { badRequest, conflict } from '../../errors';
import { findEmployeeByUserId } from '../employee-records';
import { balancesOf } from '../leave-policy';
import { readLeaveSettings, workCalendar, type LeaveTypeRow } from '../leave-policy';

type Trx = Transaction<DB>;

/** What a request records beyond the spec's three fields. */
export interface RequestTerms {
  type: LeaveTypeRow;
  dayPart: DayPart | null;
  /** Working days: weekly offs and mandatory holidays left out; 0.5 for a half day. */
  days: number;
  settings: LeaveSettings;
}

/** The type asked for, or the company's default; undefined when it does not exist or is not offered. */
async function typeOf(trx: Trx, leaveTypeId: string | undefined): Promise<LeaveTypeRow | undefined> {
  const row = await trx
    .selectFrom('leave_types')
    .selectAll()
    .$if(leaveTypeId !== undefined, (q) => q.where('id', '=', Number(leaveTypeId)))
    .$if(leaveTypeId === undefined, (q) => q.where('is_default', '=', 1))
    .executeTakeFirst();
  return row?.active === 1 ? row : undefined;
}

/** The checks that need no other request: type, half day, leave year and working days. 400 on failure. */
export async function requestTerms(trx: Trx, body: LeaveCreate): Promise<RequestTerms> {
  const { startDate, endDate } = body;
  const dayPart = body.dayPart ?? null;
  if (dayPart && startDate !== endDate) throw badRequest(LEAVE_REQUEST_MSG.halfDayOneDayOnly);
  const settings = await readLeaveSettings(trx);
  const startMonth = settings.leaveYearStartMonth as LeaveYearStart;
  if (spansLeaveYears(startDate, endDate, startMonth)) {
    const { end } = leaveYearOf(startDate, startMonth);
    throw badRequest(LEAVE_REQUEST_MSG.spansLeaveYears(end, leaveYearOf(endDate, startMonth).start));
  }
  const type = await typeOf(trx, body.leaveTypeId);
  if (!type) throw badRequest(LEAVE_REQUEST_MSG.typeNotOffered);
  if (dayPart && type.half_day_allowed !== 1) throw badRequest(LEAVE_REQUEST_MSG.halfDayNotAllowed(type.name));
  const days = leaveDays(startDate, endDate, await workCalendar(trx, startDate, endDate, settings), dayPart ?? undefined);
  if (days === 0) throw badRequest(LEAVE_REQUEST_MSG.noWorkingDays(startDate, endDate));
  return { type, dayPart, days, settings };
}

/** The requester's balance of one type on the day a leave starting `startDate` is counted against. */
async function balanceOf(trx: Trx, userId: number, typeId: number, startDate: string, today: string, settings: LeaveSettings): Promise<LeaveBalanceRow | undefined> {
  const employee = await findEmployeeByUserId(trx, userId);
  if (!employee) return undefined;
  const asOf = balanceDateFor(startDate, today, settings.leaveYearStartMonth as LeaveYearStart);
  const byUser = await balancesOf(trx, [{ userId, joinedOn: employee.joined_on }], asOf, settings, { onlyType: typeId });
  return byUser.get(userId)?.[0];
}

/** The first offered unpaid type, which a refusal suggests instead. */
async function unpaidTypeName(trx: Trx): Promise<string | null> {
  const row = await trx.selectFrom('leave_types').select('name').where('paid', '=', 0).where('active', '=', 1).orderBy('id').executeTakeFirst();
  return row?.name ?? null;
}

/**
 * A paid type's request must fit the balance (accrued + carried forward − taken − pending, the other
 * pending requests included). 409 when it does not. Unpaid types have no balance to fit.
 */
export async function checkRequestBalance(trx: Trx, userId: number, startDate: string, terms: RequestTerms, today: string): Promise<void> {
  if (terms.type.paid !== 1) return;
  const balance = await balanceOf(trx, userId, terms.type.id, startDate, today, terms.settings);
  const available = balance?.available ?? 0;
  if (terms.days > available) throw conflict(LEAVE_REQUEST_MSG.beyondBalance(terms.type.name, terms.days, available, await unpaidTypeName(trx)));
}

/** The columns of a leave that an approval re-checks. */
export interface DecidedLeave {
  user_id: number;
  leave_type_id: number | null;
  start_date: string;
  end_date: string;
  day_part: string | null;
  days: number | null;
}

/**
 * Approval re-checks a paid type's balance with the request now counted as taken: what is approved
 * must never exceed what was accrued and carried forward (entitlements, settings or joining dates may
 * have changed since it was filed, and requests filed before balances were never checked). Other
 * pending requests are only requests, so they do not count against this one here. 409 when it would
 * go below zero; the caller's transaction then rolls the decision back.
 */
export async function recheckApprovedBalance(trx: Trx, leave: DecidedLeave, employeeName: string, today: string): Promise<void> {
  const type = await trx
    .selectFrom('leave_types')
    .selectAll()
    .$if(leave.leave_type_id !== null, (q) => q.where('id', '=', leave.leave_type_id!))
    .$if(leave.leave_type_id === null, (q) => q.where('is_default', '=', 1))
    .executeTakeFirst();
  if (!type || type.paid !== 1) return;
  const settings = await readLeaveSettings(trx);
  const balance = await balanceOf(trx, leave.user_id, type.id, leave.start_date, today, settings);
  if (!balance) return;
  const left = balance.accrued + balance.carriedForward - balance.taken;
  if (left < 0) {
    const days =
      leave.days ?? leaveDays(leave.start_date, leave.end_date, await workCalendar(trx, leave.start_date, leave.end_date, settings), (leave.day_part as DayPart | null) ?? undefined);
    throw conflict(LEAVE_REQUEST_MSG.approvalBeyondBalance(employeeName, type.name, days, left + days));
  }
}
