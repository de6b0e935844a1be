/**
 * Approved payroll months (migration 015): whether a month's register has been approved, which locks
 * the month, and the slips as approved. Everything made for a month after the fact (the filing
 * files, a later month's TDS) reads these, never a fresh computation, so it agrees with what was paid.
 *
 * Stable API for other modules: findApprovedMonth, requireApprovedMonth, approvedSlips, approvedPayByUser,
 * approvedCarryAndEsiStart.
 */
import type { Kysely, Transaction } from 'kysely';
import { monthLabel } from '../../../shared/payroll/pay-month';
import type { SalarySlip } from '../../../shared/payroll/salary-slip';
import type { PaidMonth } from '../../../shared/payroll/salary-slip';
import type { DB } from '../../db/schema';
import { conflict } from '../../errors';
import { parseBeneficiary, type Beneficiary } from './beneficiary';

type Db = Kysely<DB> | Transaction<DB>;

export interface ApprovedMonth {
  month: string;
  approvedBy: number | null;
  /** The approving admin's name; null when that account is gone. */
  approvedByName: string | null;
  approvedAt: string;
  /** 1 at approval, +1 at each re-run with a reason. */
  version: number;
  rerunAt: string | null;
  rerunByName: string | null;
  rerunReason: string | null;
  /** The latest slip run of the month; null when the last re-run changed no slip. */
  runId: number | null;
  employees: number;
  netPaise: number;
  /** When the slips were released to employees; null until then (and always, where slips go out on approval). */
  releasedAt: string | null;
}

/** The approval of `month` ('YYYY-MM'), or undefined while the month is not approved (not locked). */
export async function findApprovedMonth(db: Db, month: string): Promise<ApprovedMonth | undefined> {
  const row = await db
    .selectFrom('payroll_approvals as a')
    .leftJoin('users as approver', 'approver.id', 'a.approved_by')
    .leftJoin('users as rerunner', 'rerunner.id', 'a.rerun_by')
    .selectAll('a')
    .select(['approver.name as approver_name', 'rerunner.name as rerunner_name'])
    .where('a.month', '=', month)
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    month: row.month,
    approvedBy: row.approved_by === null ? null : Number(row.approved_by),
    approvedByName: row.approver_name,
    approvedAt: row.approved_at,
    version: Number(row.version),
    rerunAt: row.rerun_at,
    rerunByName: row.rerunner_name,
    rerunReason: row.rerun_reason,
    runId: row.run_id === null ? null : Number(row.run_id),
    employees: Number(row.employees),
    netPaise: Number(row.net_paise),
    releasedAt: row.released_at ?? null,
  };
}

/** The `{msg}` 409 for something that needs an approved month. */
export const monthNotApproved = (month: string) =>
  conflict(`${monthLabel(month)} is not approved yet: preview its payroll register and approve it first (Payroll Register, "Approve and send slips")`);

/** The approval of `month`; throws a 409 `{msg}` (monthNotApproved) when the month is not approved. */
export async function requireApprovedMonth(db: Db, month: string): Promise<ApprovedMonth> {
  const approved = await findApprovedMonth(db, month);
  if (!approved) throw monthNotApproved(month);
  return approved;
}

/** One employee's slip as approved (the latest version), money in paise. */
export interface ApprovedSlip {
  userId: number;
  employeeId: string;
  fingerprint: string;
  changedVersion: number;
  grossPaise: number;
  pfPaise: number;
  esiPaise: number;
  ptPaise: number;
  /** Income tax actually deducted in the month. */
  tdsPaise: number;
  netPaise: number;
  slip: SalarySlip;
  /** The details the money and filings go to, as at approval or the latest re-run; null for slips stored before they were kept. */
  beneficiary: Beneficiary | null;
  /** When this version was stored, and the re-run's reason (null at approval). */
  changedAt: string | null;
  changeReason: string | null;
  /** A digest of what the slip was computed from (slip-inputs.ts); null when unknown. */
  inputDigest: string | null;
}

/** Every stored slip of an approved month, by employee id; empty when the month is not approved. */
export async function approvedSlips(db: Db, month: string, userIds?: readonly number[]): Promise<ApprovedSlip[]> {
  if (userIds && !userIds.length) return [];
  const rows = await db
    .selectFrom('payroll_approved_slips')
    .selectAll()
    .where('month', '=', month)
    .$if(userIds !== undefined, (qb) => qb.where('user_id', 'in', userIds!))
    .orderBy('employee_id')
    .execute();
  return rows.map((r) => ({
    userId: Number(r.user_id),
    employeeId: r.employee_id,
    fingerprint: r.fingerprint,
    changedVersion: Number(r.changed_version),
    grossPaise: Number(r.gross_paise),
    pfPaise: Number(r.pf_paise),
    esiPaise: Number(r.esi_paise),
    ptPaise: Number(r.pt_paise),
    tdsPaise: Number(r.tds_paise),
    netPaise: Number(r.net_paise),
    slip: JSON.parse(r.slip_json) as SalarySlip,
    beneficiary: parseBeneficiary(r.beneficiary_json),
    changedAt: r.changed_at,
    changeReason: r.change_reason,
    inputDigest: r.input_digest,
  }));
}

/**
 * What the approved months from `from` up to (not including) `before` paid some employees, by users
 * id and month, in one query: the year to date a later month's TDS is projected from. A month not
 * approved has no rows, so it is missing from the map.
 */
export async function approvedPayByUser(db: Db, userIds: readonly number[], from: string, before: string): Promise<Map<number, Map<string, PaidMonth>>> {
  const byUser = new Map<number, Map<string, PaidMonth>>();
  if (!userIds.length || from >= before) return byUser;
  const rows = await db
    .selectFrom('payroll_approved_slips')
    .select(['user_id', 'month', 'gross_paise', 'tds_paise', 'pf_paise', 'pt_paise', 'basic_paise', 'hra_paise'])
    .where('user_id', 'in', userIds)
    .where('month', '>=', from)
    .where('month', '<', before)
    .execute();
  for (const r of rows) {
    const userId = Number(r.user_id);
    let months = byUser.get(userId);
    if (!months) byUser.set(userId, (months = new Map()));
    months.set(r.month, {
      salaryPaise: Number(r.gross_paise),
      taxPaise: Number(r.tds_paise),
      employeePfPaise: Number(r.pf_paise),
      professionalTaxPaise: Number(r.pt_paise),
      basicPaise: r.basic_paise === null ? null : Number(r.basic_paise),
      hraPaise: r.hra_paise === null ? null : Number(r.hra_paise),
    });
  }
  return byUser;
}

/** What a month's slip reads of the approved months before it (approvedCarryAndEsiStart). */
export interface CarryAndEsiStart {
  /** Deductions the previous month's 50% limit carried to this one, when that month is approved. */
  carriedIn?: { paise: number; fromMonth: string };
  /** The monthly rate of the first approved month of the ESI contribution period before `month`. */
  esiPeriodStartGrossPaise?: number;
}

/**
 * For some employees and `month`, in one query: the previous month's carried deductions (Code on
 * Wages s.18) and the rate the ESI contribution period started with (the period's first approved
 * month from `periodStart` on, before `month`). Slips approved before migration 025 have no rate.
 */
export async function approvedCarryAndEsiStart(db: Db, userIds: readonly number[], month: string, previousMonth: string, periodStart: string): Promise<Map<number, CarryAndEsiStart>> {
  const byUser = new Map<number, CarryAndEsiStart>();
  const from = previousMonth < periodStart ? previousMonth : periodStart;
  if (!userIds.length) return byUser;
  const rows = await db
    .selectFrom('payroll_approved_slips')
    .select(['user_id', 'month', 'rate_paise', 'carried_paise'])
    .where('user_id', 'in', userIds)
    .where('month', '>=', from)
    .where('month', '<', month)
    .orderBy('month')
    .execute();
  for (const r of rows) {
    const userId = Number(r.user_id);
    let entry = byUser.get(userId);
    if (!entry) byUser.set(userId, (entry = {}));
    if (r.month === previousMonth && Number(r.carried_paise) > 0) entry.carriedIn = { paise: Number(r.carried_paise), fromMonth: r.month };
    if (r.month >= periodStart && entry.esiPeriodStartGrossPaise === undefined && r.rate_paise !== null) entry.esiPeriodStartGrossPaise = Number(r.rate_paise);
  }
  return byUser;
}
