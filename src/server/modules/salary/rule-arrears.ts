/**
 * Approved months after a statutory rule version reaching back into them (an admin's back-dated
 * version, or one the product ships later): who the PF rules today would have charged differently,
 * per person, month and component, and paying that difference with the next open month.
 *
 * - The difference is computed from each approved slip's frozen facts (shared/payroll/statutory/
 *   pf-corrections.ts); an approved month itself never changes. What was already put in a pay month
 *   for the same person and month (payroll_pf_corrections) is taken off, so nothing is paid twice.
 * - Paying (`payAsArrears`) stores one correction per person and month in the open month: its slip
 *   shows each with the month and why, the employer's shares are its cost, and the employee's share
 *   is the employer's too unless the company records the Inspector's written consent (EPF Scheme
 *   1952 para 32(1), third proviso), when it is deducted within the month's 50% limit. The same
 *   figures go to the supplementary (arrear) ECR of that month (statutory-files/arrear-ecr-file.ts).
 * - The other way forward is a re-run of the approved month (payroll-approval-service.ts), which
 *   recomputes it under the rules of today and stores a new version of its slips.
 * - A difference that lowers PF (remitted in excess) is counted, not paid: the excess is claimed from
 *   EPFO and is never taken from anyone's pay.
 */
import type { Kysely, Transaction } from 'kysely';
import { monthLabel } from '../../../shared/payroll/pay-month';
import { isNilPf, pfDifference, type ApprovedPfSlip, pfRulesMoved, recoverableEmployeeShare, subtractPf, type EmployeeShareRecovery } from '../../../shared/payroll/statutory/pf-corrections';
import { NO_PF, pfRulesFor, type PfContribution } from '../../../shared/payroll/statutory/pf';
import type { RuleArrears, RuleArrearsBody, RuleArrearsRow } from '../../../shared/schemas/rule-arrears';
import { recordAudit } from '../../audit';
import type { AppContext } from '../../context';
import type { DB } from '../../db/schema';
import { badRequest, conflict } from '../../errors';
import { loadStatutoryRules } from '../statutory-rules/rule-book';
import { openPayMonth } from './arrears';
import { approvedSlips } from './payroll-approvals';
import { companyToday } from './salary-service';

type Db = Kysely<DB> | Transaction<DB>;

/** Rows the register's JSON lists; the count and totals cover everyone, the xlsx lists all. */
export const RULE_ARREARS_LISTED = 500;

export const EMPLOYEE_SHARE_RULE =
  "The employee's share not deducted in its own month is not deducted from later wages: EPF Scheme 1952 para 32(1) allows that only for an accidental mistake or clerical error, with the Inspector's written consent. The employer pays it with its own shares unless that consent is recorded.";

/** One person and month with a PF difference, in paise. */
export interface PendingDifference {
  userId: number;
  employeeId: string;
  name: string;
  forMonth: string;
  ceilingApprovedPaise: number;
  ceilingNowPaise: number;
  difference: PfContribution;
}

export interface PendingDifferences {
  payMonth: string;
  /** Positive differences (PF due), in register order within month. */
  due: PendingDifference[];
  /** Differences that lower PF. */
  excess: PendingDifference[];
  paid: { count: number; totalPaise: number };
  versions: { key: string; effectiveFrom: string; source: string }[];
}

const totalOf = (p: PfContribution) => p.employeePaise + p.employerEpfPaise + p.employerEpsPaise + p.edliPaise + p.adminPaise;
const noMoney = (p: PfContribution) => [p.employeePaise, p.employerEpfPaise, p.employerEpsPaise, p.edliPaise, p.adminPaise].every((v) => v === 0);
const isDue = (p: PfContribution) => !isNilPf(p) && [p.employeePaise, p.employerEpfPaise, p.employerEpsPaise, p.edliPaise, p.adminPaise].every((v) => v >= 0);

/** A stored slip as PF is recomputed from, its month from the approval; null for one without PF figures (a stored slip of another shape). */
function pfSlipOf(slip: Partial<ApprovedPfSlip> | null | undefined, month: string): ApprovedPfSlip | null {
  const st = slip?.statutory;
  if (!st || typeof st.pfWagesPaise !== 'number' || typeof st.epfWagesPaise !== 'number' || typeof st.epsWagesPaise !== 'number') return null;
  return { ...slip, month, statutory: st };
}

/** What earlier corrections already put in a pay month, by person and month corrected. */
async function settledCorrections(db: Db, forMonths: readonly string[]): Promise<Map<string, PfContribution>> {
  const settled = new Map<string, PfContribution>();
  if (!forMonths.length) return settled;
  const rows = await db.selectFrom('payroll_pf_corrections').selectAll().where('for_month', 'in', forMonths).execute();
  for (const r of rows) {
    const key = `${Number(r.user_id)} ${r.for_month}`;
    const was = settled.get(key) ?? NO_PF;
    settled.set(key, {
      epfWagesPaise: was.epfWagesPaise + Number(r.epf_wages_paise),
      epsWagesPaise: was.epsWagesPaise + Number(r.eps_wages_paise),
      edliWagesPaise: was.edliWagesPaise + Number(r.edli_wages_paise),
      employeePaise: was.employeePaise + Number(r.employee_paise),
      employerEpfPaise: was.employerEpfPaise + Number(r.employer_epf_paise),
      employerEpsPaise: was.employerEpsPaise + Number(r.employer_eps_paise),
      edliPaise: was.edliPaise + Number(r.edli_paise),
      adminPaise: was.adminPaise + Number(r.admin_paise),
    });
  }
  return settled;
}

/**
 * The PF differences of every approved month before `payMonth` under the rules of today. Months
 * whose rules did not move are skipped after reading one slip; the others are read whole.
 */
export async function pendingDifferences(ctx: AppContext, payMonth: string, db: Db = ctx.database.db): Promise<PendingDifferences> {
  const { book, settings } = await loadStatutoryRules(db);
  const approvedMonths = (await db.selectFrom('payroll_approvals').select('month').where('month', '<', payMonth).orderBy('month').execute()).map((r) => r.month);
  const moved: string[] = [];
  for (const month of approvedMonths) {
    const sample = await db.selectFrom('payroll_approved_slips').select('slip_json').where('month', '=', month).limit(1).executeTakeFirst();
    const slip = sample && pfSlipOf(JSON.parse(sample.slip_json), month);
    if (slip && pfRulesMoved(slip, book, settings)) moved.push(month);
  }
  const settled = await settledCorrections(db, moved);
  const due: PendingDifference[] = [];
  const excess: PendingDifference[] = [];
  for (const month of moved) {
    for (const s of await approvedSlips(db, month)) {
      const slip = pfSlipOf(s.slip, month);
      if (!slip) continue;
      const d = pfDifference(slip, book, settings);
      const already = settled.get(`${s.userId} ${month}`);
      const difference = already ? subtractPf(d.difference, already) : d.difference;
      // Wages that moved by a rupee with no contribution moving (rounding) are nothing to pay.
      if (isNilPf(difference) || noMoney(difference)) continue;
      const row = { userId: s.userId, employeeId: s.employeeId, name: s.beneficiary?.name ?? s.employeeId, forMonth: month, ceilingApprovedPaise: d.ceilingApprovedPaise, ceilingNowPaise: d.ceilingNowPaise, difference };
      (isDue(difference) ? due : excess).push(row);
    }
  }
  const order = (a: PendingDifference, b: PendingDifference) => a.forMonth.localeCompare(b.forMonth) || a.employeeId.length - b.employeeId.length || a.employeeId.localeCompare(b.employeeId);
  due.sort(order);
  excess.sort(order);
  const paidRows = await db.selectFrom('payroll_pf_corrections').selectAll().where('pay_month', '=', payMonth).execute();
  const versionsSeen = new Map<string, { key: string; effectiveFrom: string; source: string }>();
  for (const month of moved) for (const v of pfRulesFor(book, month, settings.pfCeilingReading).versions) versionsSeen.set(`${v.key} ${v.effectiveFrom}`, { key: v.key, effectiveFrom: v.effectiveFrom, source: v.source });
  return {
    payMonth,
    due,
    excess,
    paid: {
      count: paidRows.length,
      totalPaise: paidRows.reduce((n, r) => n + Number(r.employee_paise) + Number(r.employer_epf_paise) + Number(r.employer_eps_paise) + Number(r.edli_paise) + Number(r.admin_paise), 0),
    },
    // The ceiling first: it is what usually moves.
    versions: [...versionsSeen.values()].filter((v) => v.key === 'pf.wageCeiling').concat([...versionsSeen.values()].filter((v) => v.key !== 'pf.wageCeiling')),
  };
}

const rupees = (paise: number) => paise / 100;

export function ruleArrearsRow(d: PendingDifference): RuleArrearsRow {
  const p = d.difference;
  return {
    employeeId: d.employeeId,
    name: d.name,
    forMonth: d.forMonth,
    forMonthLabel: monthLabel(d.forMonth),
    ceilingApproved: rupees(d.ceilingApprovedPaise),
    ceilingNow: rupees(d.ceilingNowPaise),
    epfWages: rupees(p.epfWagesPaise),
    epsWages: rupees(p.epsWagesPaise),
    edliWages: rupees(p.edliWagesPaise),
    employee: rupees(p.employeePaise),
    employerEpf: rupees(p.employerEpfPaise),
    eps: rupees(p.employerEpsPaise),
    edli: rupees(p.edliPaise),
    admin: rupees(p.adminPaise),
    total: rupees(totalOf(p)),
  };
}

/** The register's section: null when nothing approved differs under the rules of today. */
export function ruleArrearsSection(pending: PendingDifferences, listed = RULE_ARREARS_LISTED): RuleArrears | null {
  const { due, excess, paid } = pending;
  if (!due.length && !excess.length && !paid.count) return null;
  const sum = (f: (p: PfContribution) => number) => rupees(due.reduce((n, d) => n + f(d.difference), 0));
  return {
    payMonth: pending.payMonth,
    payMonthLabel: monthLabel(pending.payMonth),
    months: [...new Set([...due, ...excess].map((d) => d.forMonth))].sort(),
    versions: pending.versions,
    count: due.length,
    people: new Set(due.map((d) => d.userId)).size,
    rows: due.slice(0, listed).map(ruleArrearsRow),
    totals: {
      employee: sum((p) => p.employeePaise),
      employerEpf: sum((p) => p.employerEpfPaise),
      eps: sum((p) => p.employerEpsPaise),
      edli: sum((p) => p.edliPaise),
      admin: sum((p) => p.adminPaise),
      total: sum(totalOf),
    },
    excess: { count: excess.length, total: rupees(-excess.reduce((n, d) => n + totalOf(d.difference), 0)) },
    paid: { count: paid.count, total: rupees(paid.totalPaise) },
    employeeShareRule: EMPLOYEE_SHARE_RULE,
  };
}

/** The section for `month` when it is the open pay month; null for any other month. */
export async function ruleArrearsFor(ctx: AppContext, month: string, listed = RULE_ARREARS_LISTED): Promise<RuleArrears | null> {
  if (month !== (await openPayMonth(ctx.database.db, companyToday(ctx)))) return null;
  return ruleArrearsSection(await pendingDifferences(ctx, month), listed);
}

const CHUNK = 200;

/**
 * Pays every listed difference with the open month `payMonth`: one correction per person and month,
 * in one transaction, audited. 409 when `payMonth` is not the open month or nothing is due.
 */
export async function payAsArrears(ctx: AppContext, actorId: number, payMonth: string, body: RuleArrearsBody): Promise<{ msg: string; count: number; people: number }> {
  const { db } = ctx.database;
  const today = companyToday(ctx);
  if (body.employeeShare === 'recover' && !body.inspectorConsent) {
    throw badRequest("inspectorConsent is required when employeeShare is 'recover': give the reference and date of the Inspector's written consent (EPF Scheme 1952 para 32(1))");
  }
  if (body.employeeShare === 'employer' && body.inspectorConsent) throw badRequest("inspectorConsent goes only with employeeShare 'recover'");
  if (body.inspectorConsent && body.inspectorConsent.date > today) throw badRequest('inspectorConsent.date must not be in the future');
  const recovery: EmployeeShareRecovery = body.inspectorConsent ? { kind: 'inspector-consent', reference: body.inspectorConsent.reference, consentedOn: body.inspectorConsent.date } : { kind: 'employer' };
  const at = ctx.now();
  return db.transaction().execute(async (trx) => {
    const open = await openPayMonth(trx, today);
    if (payMonth !== open) throw conflict(`Differences of approved months are paid with the open month, ${monthLabel(open)}; ${monthLabel(payMonth)} is not it`);
    const pending = await pendingDifferences(ctx, payMonth, trx);
    if (!pending.due.length) throw conflict('No approved month has a PF difference to pay');
    const versions = JSON.stringify(pending.versions);
    const rows = pending.due.map((d) => {
      const p = d.difference;
      return {
        user_id: d.userId,
        pay_month: payMonth,
        for_month: d.forMonth,
        epf_wages_paise: p.epfWagesPaise,
        eps_wages_paise: p.epsWagesPaise,
        edli_wages_paise: p.edliWagesPaise,
        employee_paise: p.employeePaise,
        employer_epf_paise: p.employerEpfPaise,
        employer_eps_paise: p.employerEpsPaise,
        edli_paise: p.edliPaise,
        admin_paise: p.adminPaise,
        recoverable_paise: recoverableEmployeeShare(p.employeePaise, recovery),
        reason: body.reason,
        versions_json: versions,
        consent_ref: body.inspectorConsent?.reference ?? null,
        consent_on: body.inspectorConsent?.date ?? null,
        created_by: actorId,
        created_at: at.toISOString(),
      };
    });
    for (let i = 0; i < rows.length; i += CHUNK) await trx.insertInto('payroll_pf_corrections').values(rows.slice(i, i + CHUNK)).execute();
    const people = new Set(pending.due.map((d) => d.userId)).size;
    const section = ruleArrearsSection(pending)!;
    await recordAudit(
      trx,
      {
        actorId,
        action: 'payroll.pf-rule-arrears',
        entity: 'payroll_month',
        entityId: payMonth,
        after: { reason: body.reason, employeeShare: body.employeeShare, inspectorConsent: body.inspectorConsent ?? null, months: section.months, count: rows.length, people, totals: section.totals, versions: pending.versions },
      },
      at,
    );
    const months = section.months.map(monthLabel).join(', ');
    return {
      msg: `PF differences of ${months} for ${people} ${people === 1 ? 'person' : 'people'} are added to ${monthLabel(payMonth)}: they show on its slips and in its supplementary ECR once it is approved`,
      count: rows.length,
      people,
    };
  });
}
