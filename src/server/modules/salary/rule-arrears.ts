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
import { esiRulesFor } from '../../../shared/payroll/statutory/esi';
import { otherDifference, otherRulesMoved, type ApprovedEsiPtSlip, type OtherDifference, type OtherScheme } from '../../../shared/payroll/statutory/esi-pt-corrections';
import { ptVersionInForce } from '../../../shared/payroll/statutory/professional-tax';
import { ruleLabel } from '../../../shared/payroll/statutory/rule-catalogue';
import type { RuleBook } from '../../../shared/payroll/statutory/rule-versions';
import type { StatutorySettings } from '../../../shared/payroll/statutory/statutory-settings';
import type { SalarySlip } from '../../../shared/payroll/salary-slip';
import type { OtherArrearsRow, RuleArrears, RuleArrearsBody, RuleArrearsRow } from '../../../shared/schemas/rule-arrears';
import { recordAudit } from '../../audit';
import type { AppContext } from '../../context';
import type { DB } from '../../db/schema';
import { badRequest, conflict } from '../../errors';
import { adminVersions, loadStatutoryRules } from '../statutory-rules';
import { openPayMonth } from './arrears';
import { approvedSlips } from './payroll-approvals';
import { companyToday } from '../../company-today';

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

/** One person and month with an ESI or PT difference, in paise. */
export interface PendingOtherDifference {
  userId: number;
  employeeId: string;
  name: string;
  forMonth: string;
  difference: OtherDifference;
}

export interface PendingDifferences {
  payMonth: string;
  /** Positive differences (PF due), in register order within month. */
  due: PendingDifference[];
  /** Differences that lower PF. */
  excess: PendingDifference[];
  /** ESI, then PT: due (more to pay) and excess (paid too much). */
  others: { due: PendingOtherDifference[]; excess: PendingOtherDifference[] };
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

/** A stored slip as ESI and PT are recomputed from; null for one without their figures. */
function esiPtSlipOf(slip: Partial<ApprovedEsiPtSlip> | null | undefined, month: string): ApprovedEsiPtSlip | null {
  const st = slip?.statutory;
  if (!st || typeof st.stateOfWork !== 'string' || !slip.earnings || !slip.deductions || !slip.employer || typeof slip.monthlyGrossPaise !== 'number') return null;
  return { ...(slip as ApprovedEsiPtSlip), month };
}

/** What earlier PF corrections already put in a pay month, by person and month corrected. */
async function settledPf(db: Db, forMonths: readonly string[]): Promise<Map<string, PfContribution>> {
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

/** What earlier ESI or PT corrections already put in a pay month, by person and month corrected. */
function settledOther(scheme: OtherScheme) {
  return async (db: Db, forMonths: readonly string[]): Promise<Map<string, OtherDifference>> => {
    const settled = new Map<string, OtherDifference>();
    if (!forMonths.length) return settled;
    const rows = await db.selectFrom('payroll_statutory_corrections').selectAll().where('scheme', '=', scheme).where('for_month', 'in', forMonths).execute();
    for (const r of rows) {
      const key = `${Number(r.user_id)} ${r.for_month}`;
      const was = settled.get(key) ?? { ...NO_OTHER, scheme };
      settled.set(key, { ...was, wagesPaise: was.wagesPaise + Number(r.wages_paise), employeePaise: was.employeePaise + Number(r.employee_paise), employerPaise: was.employerPaise + Number(r.employer_paise) });
    }
    return settled;
  };
}

const NO_OTHER: OtherDifference = { scheme: 'esi', wagesPaise: 0, employeePaise: 0, employerPaise: 0, approved: { employeePaise: 0, employerPaise: 0 }, now: { employeePaise: 0, employerPaise: 0 } };

/**
 * One scheme's way through the approved months, so PF, ESI and PT differences are found, netted of
 * what was paid before and sorted by one path: the cheap test on one slip, the rule keys whose
 * back-dated versions reach a month, a slip's difference (null: nothing to recompute), what earlier
 * corrections paid, and how a difference is told due (money owed) from excess.
 */
interface DifferenceScheme<D> {
  scheme: 'pf' | OtherScheme;
  keyPrefix: string;
  moved(slip: unknown, month: string, rules: { book: RuleBook; settings: StatutorySettings }): boolean;
  difference(slip: unknown, month: string, rules: { book: RuleBook; settings: StatutorySettings }): D | null;
  settled(db: Db, forMonths: readonly string[]): Promise<Map<string, D>>;
  subtract(a: D, b: D): D;
  /** Nothing to pay or claim (a rupee of wages moved with no contribution moving is nothing). */
  isNothing(d: D): boolean;
  isDue(d: D): boolean;
}

const PF_SCHEME: DifferenceScheme<PfContribution> = {
  scheme: 'pf',
  keyPrefix: 'pf.',
  moved: (slip, month, { book, settings }) => {
    const s = pfSlipOf(slip as Partial<ApprovedPfSlip>, month);
    return !!s && pfRulesMoved(s, book, settings);
  },
  difference: (slip, month, { book, settings }) => {
    const s = pfSlipOf(slip as Partial<ApprovedPfSlip>, month);
    return s ? pfDifference(s, book, settings).difference : null;
  },
  settled: settledPf,
  subtract: subtractPf,
  isNothing: (d) => isNilPf(d) || noMoney(d),
  isDue,
};

function otherScheme(scheme: OtherScheme): DifferenceScheme<OtherDifference> {
  return {
    scheme,
    keyPrefix: `${scheme}.`,
    moved: (slip, month, { book }) => {
      const s = esiPtSlipOf(slip as Partial<ApprovedEsiPtSlip>, month);
      return !!s && otherRulesMoved(scheme, s, book);
    },
    difference: (slip, month, { book }) => {
      const s = esiPtSlipOf(slip as Partial<ApprovedEsiPtSlip>, month);
      return s && otherDifference(scheme, s, book);
    },
    settled: settledOther(scheme),
    subtract: (a, b) => ({ ...a, wagesPaise: a.wagesPaise - b.wagesPaise, employeePaise: a.employeePaise - b.employeePaise, employerPaise: a.employerPaise - b.employerPaise }),
    isNothing: (d) => d.employeePaise === 0 && d.employerPaise === 0,
    isDue: (d) => d.employeePaise >= 0 && d.employerPaise >= 0,
  };
}

const SCHEMES = [PF_SCHEME, otherScheme('esi'), otherScheme('pt')] as const;

interface Found<D> {
  months: string[];
  due: (Omit<PendingDifference, 'difference' | 'ceilingApprovedPaise' | 'ceilingNowPaise'> & { difference: D; slip: unknown })[];
  excess: Found<D>['due'];
}

const lastDayOf = (month: string) => new Date(Date.UTC(Number(month.slice(0, 4)), Number(month.slice(5, 7)), 0)).toISOString().slice(0, 10);

/**
 * The approved months before `payMonth` each scheme's rules moved in: one slip of a month says so
 * for rules every slip shares (a shipped version), and an administrator's version added after the
 * month was last computed, first in force by the month's end, says so for any (a state's PT table
 * reaches only its state's slips, which one slip cannot show).
 */
async function movedMonths(db: Db, payMonth: string, rules: { book: RuleBook; settings: StatutorySettings }): Promise<Map<string, string[]>> {
  const approvals = await db.selectFrom('payroll_approvals').select(['month', 'approved_at', 'rerun_at']).where('month', '<', payMonth).orderBy('month').execute();
  const added = (await adminVersions(db)).map((v) => ({ key: v.key, effectiveFrom: v.effectiveFrom, createdAt: v.createdAt }));
  const moved = new Map<string, string[]>(SCHEMES.map((s) => [s.scheme, []]));
  for (const a of approvals) {
    const computedAt = a.rerun_at ?? a.approved_at;
    const sample = await db.selectFrom('payroll_approved_slips').select('slip_json').where('month', '=', a.month).limit(1).executeTakeFirst();
    const slip: unknown = sample && JSON.parse(sample.slip_json);
    for (const s of SCHEMES) {
      const byAdmin = added.some((v) => v.key.startsWith(s.keyPrefix) && v.effectiveFrom <= lastDayOf(a.month) && v.createdAt > computedAt);
      if (slip && (byAdmin || s.moved(slip, a.month, rules))) moved.get(s.scheme)!.push(a.month);
    }
  }
  return moved;
}

/** Register order: the month corrected, then the employee ID as numbers sort (E2 before E10), ESI before PT. */
const byMonthPerson = (a: { forMonth: string; employeeId: string; difference?: unknown }, b: { forMonth: string; employeeId: string; difference?: unknown }) =>
  a.forMonth.localeCompare(b.forMonth) ||
  a.employeeId.length - b.employeeId.length ||
  a.employeeId.localeCompare(b.employeeId) ||
  String((a.difference as { scheme?: string }).scheme ?? '').localeCompare(String((b.difference as { scheme?: string }).scheme ?? ''));

async function differencesOf<D>(db: Db, s: DifferenceScheme<D>, months: readonly string[], rules: { book: RuleBook; settings: StatutorySettings }): Promise<Found<D>> {
  const settled = await s.settled(db, months);
  const found: Found<D> = { months: [...months], due: [], excess: [] };
  for (const month of months) {
    for (const a of await approvedSlips(db, month)) {
      const d = s.difference(a.slip, month, rules);
      if (!d) continue;
      const already = settled.get(`${a.userId} ${month}`);
      const difference = already ? s.subtract(d, already) : d;
      if (s.isNothing(difference)) continue;
      const row = { userId: a.userId, employeeId: a.employeeId, name: a.beneficiary?.name ?? a.employeeId, forMonth: month, difference, slip: a.slip };
      (s.isDue(difference) ? found.due : found.excess).push(row);
    }
  }
  found.due.sort(byMonthPerson);
  found.excess.sort(byMonthPerson);
  return found;
}

/**
 * The PF, ESI and PT differences of every approved month before `payMonth` under the rules of
 * today. Months whose rules did not move are skipped after reading one slip; the others are read whole.
 */
export async function pendingDifferences(ctx: AppContext, payMonth: string, db: Db = ctx.database.db): Promise<PendingDifferences> {
  const rules = await loadStatutoryRules(db);
  const { book, settings } = rules;
  const moved = await movedMonths(db, payMonth, rules);
  const pf = await differencesOf(db, PF_SCHEME, moved.get('pf')!, rules);
  const withCeilings = (r: Found<PfContribution>['due'][number]): PendingDifference => {
    const s = pfSlipOf(r.slip as Partial<ApprovedPfSlip>, r.forMonth)!;
    const d = pfDifference(s, book, settings);
    return { userId: r.userId, employeeId: r.employeeId, name: r.name, forMonth: r.forMonth, difference: r.difference, ceilingApprovedPaise: d.ceilingApprovedPaise, ceilingNowPaise: d.ceilingNowPaise };
  };
  const others = await Promise.all((['esi', 'pt'] as const).map((scheme) => differencesOf(db, otherScheme(scheme), moved.get(scheme)!, rules)));
  const plain = (r: Found<OtherDifference>['due'][number]): PendingOtherDifference => ({ userId: r.userId, employeeId: r.employeeId, name: r.name, forMonth: r.forMonth, difference: r.difference });
  const [pfPaid, otherPaid] = await Promise.all([
    db.selectFrom('payroll_pf_corrections').selectAll().where('pay_month', '=', payMonth).execute(),
    db.selectFrom('payroll_statutory_corrections').selectAll().where('pay_month', '=', payMonth).execute(),
  ]);
  const versionsSeen = new Map<string, { key: string; effectiveFrom: string; source: string }>();
  for (const month of moved.get('pf')!) for (const v of pfRulesFor(book, month, settings.pfCeilingReading).versions) versionsSeen.set(`${v.key} ${v.effectiveFrom}`, { key: v.key, effectiveFrom: v.effectiveFrom, source: v.source });
  // ESI and PT: the versions in force now that the slips with a difference did not use.
  for (const [i, found] of others.entries()) {
    for (const r of [...found.due, ...found.excess]) {
      const slip = r.slip as SalarySlip;
      const named = slip.statutory.ruleVersions ?? [];
      const pt = i === 1 ? ptVersionInForce(slip.statutory.stateOfWork, r.forMonth, book) : null;
      const inForce = i === 0 ? esiRulesFor(book, r.forMonth).versions : pt ? [pt] : [];
      for (const v of inForce) if (!named.some((n) => n.key === v.key && n.effectiveFrom === v.effectiveFrom)) versionsSeen.set(`${v.key} ${v.effectiveFrom}`, { key: v.key, effectiveFrom: v.effectiveFrom, source: v.source });
    }
  }
  const seen = [...versionsSeen.values()];
  return {
    payMonth,
    due: pf.due.map(withCeilings),
    excess: pf.excess.map(withCeilings),
    others: {
      due: [...others[0]!.due, ...others[1]!.due].map(plain).sort(byMonthPerson),
      excess: [...others[0]!.excess, ...others[1]!.excess].map(plain).sort(byMonthPerson),
    },
    paid: {
      count: pfPaid.length + otherPaid.length,
      totalPaise:
        pfPaid.reduce((n, r) => n + Number(r.employee_paise) + Number(r.employer_epf_paise) + Number(r.employer_eps_paise) + Number(r.edli_paise) + Number(r.admin_paise), 0) +
        otherPaid.reduce((n, r) => n + Number(r.employee_paise) + Number(r.employer_paise), 0),
    },
    // The ceiling first: it is what usually moves.
    versions: seen.filter((v) => v.key === 'pf.wageCeiling').concat(seen.filter((v) => v.key !== 'pf.wageCeiling')),
  };
}

const rupees = (paise: number) => paise / 100;

/** Whose difference, and for which approved month: the start of every row. */
const rowHead = (d: { employeeId: string; name: string; forMonth: string }) => ({ employeeId: d.employeeId, name: d.name, forMonth: d.forMonth, forMonthLabel: monthLabel(d.forMonth) });

export function ruleArrearsRow(d: PendingDifference): RuleArrearsRow {
  const p = d.difference;
  return {
    ...rowHead(d),
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

export const OTHER_SHARES_RULE =
  "ESI and professional tax of an approved month are the employer's to pay: an employee's ESI share may be deducted only from the wages of its own period (ESI Act 1948 s.40(4)), and the employer is liable for professional tax it did not deduct. A difference that lowers either is claimed from ESIC or the state, never taken from pay.";

const otherTotal = (d: OtherDifference) => d.employeePaise + d.employerPaise;

export function otherArrearsRow(d: PendingOtherDifference): OtherArrearsRow {
  const p = d.difference;
  return {
    ...rowHead(d),
    scheme: p.scheme,
    wages: rupees(p.wagesPaise),
    employeeApproved: rupees(p.approved.employeePaise),
    employeeNow: rupees(p.now.employeePaise),
    employerApproved: rupees(p.approved.employerPaise),
    employerNow: rupees(p.now.employerPaise),
    total: rupees(otherTotal(p)),
  };
}

function othersSection(pending: PendingDifferences, listed: number): RuleArrears['others'] {
  const { due, excess } = pending.others;
  if (!due.length && !excess.length) return null;
  const of = (scheme: OtherScheme) => rupees(due.filter((d) => d.difference.scheme === scheme).reduce((n, d) => n + otherTotal(d.difference), 0));
  return {
    count: due.length,
    people: new Set(due.map((d) => d.userId)).size,
    rows: due.slice(0, listed).map(otherArrearsRow),
    totals: { esi: of('esi'), pt: of('pt'), total: rupees(due.reduce((n, d) => n + otherTotal(d.difference), 0)) },
    excess: { count: excess.length, total: rupees(-excess.reduce((n, d) => n + otherTotal(d.difference), 0)) },
    rule: OTHER_SHARES_RULE,
  };
}

/** The register's section: null when nothing approved differs under the rules of today. */
export function ruleArrearsSection(pending: PendingDifferences, listed = RULE_ARREARS_LISTED): RuleArrears | null {
  const { due, excess, paid } = pending;
  const others = othersSection(pending, listed);
  if (!due.length && !excess.length && !paid.count && !others) return null;
  const sum = (f: (p: PfContribution) => number) => rupees(due.reduce((n, d) => n + f(d.difference), 0));
  return {
    payMonth: pending.payMonth,
    payMonthLabel: monthLabel(pending.payMonth),
    months: [...new Set([...due, ...excess, ...pending.others.due, ...pending.others.excess].map((d) => d.forMonth))].sort(),
    versions: pending.versions.map((v) => ({ ...v, label: ruleLabel(v.key) })),
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
    others,
  };
}

/** The section for `month` when it is the open pay month; null for any other month. */
export async function ruleArrearsFor(ctx: AppContext, month: string, listed = RULE_ARREARS_LISTED): Promise<RuleArrears | null> {
  if (month !== (await openPayMonth(ctx.database.db, companyToday(ctx)))) return null;
  return ruleArrearsSection(await pendingDifferences(ctx, month), listed);
}

const CHUNK = 200;

/** 'PF', 'PF and ESI', 'PF, ESI and professional tax': the schemes with a difference due. */
function schemesOf(p: PendingDifferences): string {
  const names = [p.due.length ? 'PF' : null, p.others.due.some((d) => d.difference.scheme === 'esi') ? 'ESI' : null, p.others.due.some((d) => d.difference.scheme === 'pt') ? 'professional tax' : null].filter((n): n is string => !!n);
  return names.length > 1 ? `${names.slice(0, -1).join(', ')} and ${names.at(-1)!}` : names[0]!;
}

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
    if (!pending.due.length && !pending.others.due.length) throw conflict('No approved month has a PF, ESI or professional tax difference to pay');
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
    const otherRows = pending.others.due.map((d) => ({
      user_id: d.userId,
      pay_month: payMonth,
      for_month: d.forMonth,
      scheme: d.difference.scheme,
      wages_paise: d.difference.wagesPaise,
      employee_paise: d.difference.employeePaise,
      employer_paise: d.difference.employerPaise,
      reason: body.reason,
      versions_json: versions,
      created_by: actorId,
      created_at: at.toISOString(),
    }));
    for (let i = 0; i < otherRows.length; i += CHUNK) await trx.insertInto('payroll_statutory_corrections').values(otherRows.slice(i, i + CHUNK)).execute();
    const people = new Set([...pending.due, ...pending.others.due].map((d) => d.userId)).size;
    const section = ruleArrearsSection(pending)!;
    await recordAudit(
      trx,
      {
        actorId,
        action: 'payroll.pf-rule-arrears',
        entity: 'payroll_month',
        entityId: payMonth,
        after: {
          reason: body.reason,
          employeeShare: body.employeeShare,
          inspectorConsent: body.inspectorConsent ?? null,
          months: section.months,
          count: rows.length,
          people,
          totals: section.totals,
          others: section.others && { count: section.others.count, totals: section.others.totals },
          versions: pending.versions,
        },
      },
      at,
    );
    const months = section.months.map(monthLabel).join(', ');
    return {
      msg: `${schemesOf(pending)} differences of ${months} for ${people} ${people === 1 ? 'person' : 'people'} are added to ${monthLabel(payMonth)}: they show on its slips${rows.length ? ' and in its supplementary ECR' : ''} once it is approved`,
      count: rows.length + otherRows.length,
      people,
    };
  });
}
