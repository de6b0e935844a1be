/**
 * The payroll register of a month (first step of register → approve → locked month): the
 * same slip computation a run emails (salary-service.ts computeSlip, with each employee's statutory
 * details), for every active employee who had joined by the month's end, with totals and warnings.
 * Read-only: nothing is stored or sent. The month must be over (the current month would pay days
 * not yet worked), and not in the future. Once the month is approved the register shows the stored
 * slips instead (source 'approved'), until a re-run stores new ones.
 */
import { lastCompleteMonth, monthLabel } from '../../../shared/payroll/pay-month';
import { countOf, formatRupees } from '../../../shared/format';
import type { PayrollPolicy } from '../../../shared/payroll/payroll-policy';
import type { SalarySlip } from '../../../shared/payroll/salary-slip';
import {
  BLOCKING_WARNING_KINDS,
  OVERRIDE_LEAVES_OUT,
  REGISTER_WARNING_KINDS,
  type PayrollRegister,
  type RegisterRow,
  type RegisterWarning,
  type RegisterWarningKind,
} from '../../../shared/schemas/payroll-register';
import type { AppContext } from '../../context';
import { badRequest } from '../../errors';
import { selectEmployees } from '../employee-records';
import { loadStatutoryByUser, type StatutoryValues } from '../employee-records';
import { approvedSlips, findApprovedMonth } from './payroll-approvals';
import { beneficiaryChanges, beneficiaryOf, frozenStatutory, parseBeneficiary, type Beneficiary } from './beneficiary';
import { createSalaryRepository, monthBounds, toSlipEmployee, type MonthDays, type SlipEmployee } from './salary-repository';
import { sameMoney, slipFingerprint } from './slip-fingerprint';
import { slipInputDigester } from './slip-inputs';
import { periodStructure } from './slip-sections';
import { computeSlip } from './salary-service';
import { companyToday } from '../../company-today';
import { taxLawNames } from '../../../shared/payroll/statutory/tax-law-names';
import { pfCorrectionsEmployerPaise } from '../../../shared/payroll/slip-pf-corrections';
import { ruleArrearsFor } from './rule-arrears';
import { RULE_DEFINITIONS, ruleLabel } from '../../../shared/payroll/statutory/rule-catalogue';

const BATCH = 500;
const rupees = (paise: number) => paise / 100;
const RUPEES_TEXT = new Intl.NumberFormat('en-IN', { maximumFractionDigits: 2 });
const rupeesText = (paise: number) => RUPEES_TEXT.format(paise / 100);

/** One employee's line of the register, in rupees. */
export function registerRow(employee: SlipEmployee, slip: SalarySlip): RegisterRow {
  const d = slip.deductions;
  const e = slip.employer;
  return {
    employeeId: employee.employeeId,
    name: employee.name,
    joiningDate: employee.joinedOn,
    stateOfWork: slip.statutory.stateOfWork,
    taxRegime: slip.statutory.taxRegime,
    workingDays: slip.days.working,
    paidDays: slip.days.paid,
    lopDays: slip.days.lop,
    monthlyGross: rupees(slip.monthlyGrossPaise),
    ...(slip.earnings.arrearsPaise !== undefined && { arrears: rupees(slip.earnings.arrearsPaise) }),
    ...(slip.overtime && { overtime: { minutes: slip.overtime.minutes, pay: rupees(slip.overtime.amountPaise) } }),
    earnedGross: rupees(slip.earnings.totalPaise),
    deductions: { pf: rupees(d.providentFundPaise), esi: rupees(d.esiPaise), professionalTax: rupees(d.professionalTaxPaise), tds: rupees(d.tdsPaise), total: rupees(d.totalPaise) },
    ...(slip.statutory.esi ? { esiCoverage: esiCoverageText(slip) } : {}),
    ...(d.carriedForwardPaise ? { carriedForward: rupees(d.carriedForwardPaise) } : {}),
    employer: { epf: rupees(e.epfPaise), eps: rupees(e.epsPaise), edli: rupees(e.edliPaise), pfAdmin: rupees(e.pfAdminPaise), esi: rupees(e.esiPaise), total: rupees(e.totalPaise) },
    ...(slip.pfCorrections?.length || slip.statutoryCorrections?.length ? { pfArrears: { recovered: rupees(d.pfArrearsPaise ?? 0), employer: rupees(pfCorrectionsEmployerPaise(slip)) } } : {}),
    net: rupees(slip.netPaise),
    ...(slip.statutory.pfCeilingPaise !== undefined && {
      pfWages: { epf: rupees(slip.statutory.epfWagesPaise), eps: rupees(slip.statutory.epsWagesPaise), edli: rupees(slip.statutory.edliWagesPaise ?? slip.statutory.epsWagesPaise) },
    }),
  };
}


/** The rule versions some slips used, each once, in the catalogue's order (PF, ESI, professional tax by state). */
export function ruleVersionsOf(slips: Iterable<SalarySlip>): NonNullable<PayrollRegister['ruleVersions']> {
  const seen = new Map<string, NonNullable<PayrollRegister['ruleVersions']>[number]>();
  for (const slip of slips) {
    for (const v of slip.statutory.ruleVersions ?? []) {
      const id = `${v.key} ${v.effectiveFrom}`;
      if (!seen.has(id)) seen.set(id, { key: v.key, label: ruleLabel(v.key), effectiveFrom: v.effectiveFrom, source: v.source });
    }
  }
  const order = RULE_DEFINITIONS.map((d) => d.key);
  const rank = (key: string) => (order.includes(key) ? order.indexOf(key) : order.length);
  return [...seen.values()].sort((a, b) => rank(a.key) - rank(b.key) || a.effectiveFrom.localeCompare(b.effectiveFrom));
}

/** ESI coverage and why, short, for the register's column: the slip's note says it in full. */
export function esiCoverageText(slip: SalarySlip): string {
  const esi = slip.statutory.esi!;
  const limit = formatRupees(rupees(esi.limitPaise));
  switch (esi.reason) {
    case 'within-limit':
      return esi.employeeExempt ? `Covered (≤ ${limit}); employee share nil (≤ ₹176 a day)` : `Covered (≤ ${limit})`;
    case 'period-start':
      return `Covered to period end: ${formatRupees(rupees(esi.periodStartGrossPaise))} in ${monthLabel(esi.periodStart)}`;
    case 'above-limit':
      return `Not covered (> ${limit})`;
  }
}

/** The approval's blocking problems of some slips: each state without a professional tax table, with how many it concerns. */
export function blockingProblems(slips: readonly SalarySlip[]): string[] {
  const states = new Map<string, number>();
  for (const slip of slips) {
    if (slip.statutory.professionalTaxStatus !== 'no-table') continue;
    const name = `${slip.statutory.stateName ?? slip.statutory.stateOfWork} (${slip.statutory.stateOfWork})`;
    states.set(name, (states.get(name) ?? 0) + 1);
  }
  return [...states].map(([state, n]) => `no professional tax table for ${state} in ${monthLabel(slips[0]!.month)} (${countOf(n, 'employee')})`);
}

/** A blocking warning the approver overrode: the kind, who (all of the kind when not named) and why. */
export interface WarningOverride {
  kind: RegisterWarningKind;
  employeeIds?: string[];
  reason: string;
}

/** The override covering a warning, if any. */
export const overrideOf = (overrides: readonly WarningOverride[], kind: RegisterWarningKind, employeeId: string) =>
  overrides.find((o) => o.kind === kind && (!o.employeeIds || o.employeeIds.some((id) => id.toUpperCase() === employeeId)));

/**
 * What an admin should look at before approving this employee's pay (`st`: the employee's current
 * statutory details). Blocking kinds (no bank account, a state without a PT table, PF without a
 * UAN) stop approval unless `overrides` cover them.
 */
export function registerWarnings(employee: SlipEmployee, st: StatutoryValues | undefined, slip: SalarySlip, overrides: readonly WarningOverride[] = []): RegisterWarning[] {
  const warnings: RegisterWarning[] = [];
  const add = (kind: RegisterWarning['kind'], text: string, forced?: boolean) => {
    const blocking = forced === true || BLOCKING_WARNING_KINDS.includes(kind);
    const override = blocking ? overrideOf(overrides, kind, employee.employeeId) : undefined;
    warnings.push({
      employeeId: employee.employeeId,
      name: employee.name,
      kind,
      text,
      blocking,
      overridden: override ? { reason: override.reason, leftOut: OVERRIDE_LEAVES_OUT[kind] ?? '' } : null,
    });
  };
  if (!st?.pan) {
    const applied = slip.statutory.tdsAtNoPanRate ? ': applied here' : '; not applied here, as the year\'s tax is nil';
    const law = taxLawNames(slip.statutory.financialYear);
    add('missing-pan', `${employee.name} has no PAN: TDS is at least 20% of the month's taxable salary (${law.act} ${law.noPanSection})${applied}`);
  }
  if ((!st?.bankAccount || !st.ifsc) && slip.netPaise > 0) add('missing-bank', `${employee.name} has no bank account and IFSC: the salary cannot go in the bank file`);
  if (slip.days.lop > 0) add('lop', `${employee.name}: ${slip.days.lop} LOP ${slip.days.lop === 1 ? 'day' : 'days'} (${slip.lopDates.join(', ')})`);
  if (employee.joinedOn.slice(0, 7) === slip.month) add('joiner', `${employee.name} joined on ${employee.joinedOn}: paid from that day`);
  if (st?.leftOn?.slice(0, 7) === slip.month) add('leaver', `${employee.name} left on ${st.leftOn}: paid up to that day; the last slip`);
  if (slip.arrears?.length) {
    const months = [...new Set(slip.arrears.map((a) => monthLabel(a.forMonth)))].join(', ');
    add('arrears', `${employee.name}: arrears of ₹${rupeesText(slip.earnings.arrearsPaise ?? 0)} for ${months} paid this month (${slip.arrears[0]!.reason})`);
  }
  if (slip.salaryPeriods) {
    const parts = slip.salaryPeriods.map((p) => `₹${rupeesText(p.monthlyGrossPaise)} from ${p.from} (${p.paidDays} paid ${p.paidDays === 1 ? 'day' : 'days'})${periodStructure(slip, p)}`).join(', ');
    const what = new Set(slip.salaryPeriods.map((p) => p.monthlyGrossPaise)).size > 1 ? 'the salary' : 'the salary structure';
    add('salary-change', `${employee.name}: ${what} changed in the month; paid ${parts}`);
  }
  if (slip.deductions.providentFundPaise > 0 && !st?.uan) {
    add(
      'pf-without-uan',
      `${employee.name}: PF of ₹${rupees(slip.deductions.providentFundPaise)} is deducted but there is no UAN, so the ECR cannot carry it: give the UAN before approving (deducting PF and not remitting it is an offence, EPF & MP Act s.14)`,
      true,
    );
  }
  if (slip.statutory.epsNote) add('eps-nil', `${employee.name}: ${slip.statutory.epsNote}`);
  if (slip.statutory.professionalTaxStatus === 'no-table') {
    add(
      'no-pt-table',
      `${employee.name}: no professional tax table for ${slip.statutory.stateName ?? slip.statutory.stateOfWork} (${slip.statutory.stateOfWork}) in ${monthLabel(slip.month)}; none deducted. The month cannot be approved until the state's table is added or the state of work corrected`,
      true,
    );
  }
  if (slip.statutory.esi?.reason === 'period-start') add('esi', `${employee.name}: ESI ${esiCoverageText(slip).replace(/^Covered/, 'covered')} (ESI (Central) Rules r.50)`);
  const carried = slip.deductions.carriedForwardPaise ?? 0;
  const respread = slip.statutory.tdsRespreadPaise ?? 0;
  if (carried || respread) {
    const parts = [carried ? `${formatRupees(rupees(carried))} carried to the next month` : '', respread ? `${formatRupees(rupees(respread))} of TDS spread over the rest of the year` : ''].filter(Boolean);
    add('deduction-limit', `${employee.name}: deductions stop at 50% of the month's wages (Code on Wages s.18): ${parts.join('; ')}`);
  }
  return warnings;
}

const sumOf = (rows: readonly RegisterRow[], pick: (r: RegisterRow) => number) => Math.round(rows.reduce((s, r) => s + pick(r) * 100, 0)) / 100;

/**
 * Computes the slip of every employee paid in `month` (active, joined by the month's end, not left before it), in
 * batches of 500, and hands each to `visit` in register order: the register and the filing files
 * (statutory-files/) read the same slips. Refuses the month not yet over and a future month (400).
 */
export async function forEachRegisterSlip(
  ctx: AppContext,
  policy: PayrollPolicy,
  month: string,
  visit: (employee: SlipEmployee, days: MonthDays, slip: SalarySlip) => void,
): Promise<void> {
  const today = companyToday(ctx);
  await forEachRegisterInput(ctx, month, (employee, own) => visit(employee, own, computeSlip(policy, employee, own, month, today)));
}

/** What forEachRegisterSlip computes from: each employee paid in `month` with their month's inputs, in register order. */
async function forEachRegisterInput(ctx: AppContext, month: string, visit: (employee: SlipEmployee, days: MonthDays) => void): Promise<void> {
  const today = companyToday(ctx);
  if (month > lastCompleteMonth(today)) {
    throw badRequest(
      month === today.slice(0, 7)
        ? `${monthLabel(month)} is not over yet: its payroll register can be prepared once the month has ended`
        : `${monthLabel(month)} has not started yet; a payroll register can be prepared for a month that is over`,
    );
  }
  const { db } = ctx.database;
  const repo = createSalaryRepository(db, ctx.database.dialect, ctx.config.timeZone);
  const employees = (
    await selectEmployees(db)
      .where('users.active', '=', 1)
      .where('employees.joined_on', '<=', monthBounds(month).to)
      .orderBy((eb) => eb.fn('length', ['employees.employee_id']))
      .orderBy('employees.employee_id')
      .execute()
  ).map(toSlipEmployee);
  for (let i = 0; i < employees.length; i += BATCH) {
    const batch = employees.slice(i, i + BATCH);
    const days = await repo.loadMonthDays(
      batch.map((e) => e.userId),
      month,
    );
    for (const employee of batch) {
      const own = days.get(employee.userId)!;
      // A leaver is paid up to the leaving month, and is in no register after it.
      if (own.statutory?.leftOn && own.statutory.leftOn.slice(0, 7) < month) continue;
      visit(employee, own);
    }
  }
}

/**
 * The stored slips of an approved month in register order, each with its employee (deactivated ones
 * included: they were paid) and current statutory details; 500 employees per lookup.
 */
async function forEachApprovedSlip(
  ctx: AppContext,
  month: string,
  visit: (employee: SlipEmployee, statutory: StatutoryValues | undefined, slip: SalarySlip, frozen: Beneficiary | null) => void,
): Promise<void> {
  const { db } = ctx.database;
  const slips = (await approvedSlips(db, month)).sort((a, b) => a.employeeId.length - b.employeeId.length || a.employeeId.localeCompare(b.employeeId));
  for (let i = 0; i < slips.length; i += BATCH) {
    const batch = slips.slice(i, i + BATCH);
    const ids = batch.map((s) => s.userId);
    const [employees, statutory] = await Promise.all([selectEmployees(db).where('users.id', 'in', ids).execute(), loadStatutoryByUser(db, ids)]);
    const byId = new Map(employees.map((row) => [Number(row.user_id), toSlipEmployee(row)]));
    for (const s of batch) {
      // A record removed since: the slip still names the employee and the days paid.
      const employee = byId.get(s.userId) ?? { userId: s.userId, employeeId: s.employeeId, name: s.employeeId, email: '', position: '', salaryPaise: s.slip.monthlyGrossPaise, joinedOn: s.slip.payableFrom };
      visit(employee, statutory.get(s.userId), s.slip, s.beneficiary);
    }
  }
}

/**
 * The month's register: for an approved month the slips as approved (or as the latest re-run stored
 * them), so what the admin sees is what was paid; otherwise a preview computed from today's data.
 */
/** `ruleArrearsListed`: how many PF differences of approved months to list (the screen's cap; the xlsx lists all). */
export async function payrollRegister(ctx: AppContext, policy: PayrollPolicy, month: string, ruleArrearsListed?: number): Promise<PayrollRegister> {
  const rows: RegisterRow[] = [];
  const warnings: RegisterWarning[] = [];
  let incomeTaxEstimated = false;
  const approved = await findApprovedMonth(ctx.database.db, month);
  const overrides = approved ? await approvalOverrides(ctx, month) : [];
  let pfSlip: SalarySlip | undefined;
  let contributing = false;
  // One slip per distinct set of versions is enough to list them (a state's PT table differs by state).
  const versionSlips = new Map<string, SalarySlip>();
  const add = (employee: SlipEmployee, statutory: StatutoryValues | undefined, slip: SalarySlip, frozen?: Beneficiary | null) => {
    incomeTaxEstimated ||= slip.statutory.incomeTaxFromAnotherYear;
    pfSlip ??= slip.statutory.ruleVersions ? slip : undefined;
    const versionsId = (slip.statutory.ruleVersions ?? []).map((v) => `${v.key} ${v.effectiveFrom}`).join('|');
    if (!versionSlips.has(versionsId)) versionSlips.set(versionsId, slip);
    contributing ||= slip.deductions.providentFundPaise > 0;
    rows.push(registerRow(employee, slip));
    // An approved month's files go to the details frozen at approval: its warnings read those, and say what changed since.
    warnings.push(...registerWarnings(employee, frozen ? frozenStatutory(frozen, statutory) : statutory, slip, overrides));
    if (frozen) {
      const changed = beneficiaryChanges(frozen, beneficiaryOf(employee.name, statutory));
      if (changed.length) {
        warnings.push({
          employeeId: employee.employeeId,
          name: employee.name,
          kind: 'changed-since-approval',
          text: `${employee.name}: ${changed.join(', ')} changed since approval; the files keep the approved details until a re-run`,
          blocking: false,
          overridden: null,
        });
      }
    }
  };
  let liveDiffers: PayrollRegister['liveDiffers'] = null;
  if (approved) {
    await forEachApprovedSlip(ctx, month, add);
    liveDiffers = await liveDifferences(ctx, policy, month);
  } else await forEachRegisterSlip(ctx, policy, month, (employee, own, slip) => add(employee, own.statutory, slip));
  const ruleArrears = approved ? null : await ruleArrearsFor(ctx, month, ruleArrearsListed);
  // Blocking kinds first, then the others, each group in register order.
  const rank = (w: RegisterWarning) => REGISTER_WARNING_KINDS.indexOf(w.kind);
  warnings.sort((a, b) => rank(a) - rank(b));
  return {
    month,
    monthLabel: monthLabel(month),
    source: approved ? 'approved' : 'preview',
    rows,
    totals: {
      employees: rows.length,
      earnedGross: sumOf(rows, (r) => r.earnedGross),
      deductions: {
        pf: sumOf(rows, (r) => r.deductions.pf),
        esi: sumOf(rows, (r) => r.deductions.esi),
        professionalTax: sumOf(rows, (r) => r.deductions.professionalTax),
        tds: sumOf(rows, (r) => r.deductions.tds),
        total: sumOf(rows, (r) => r.deductions.total),
      },
      employer: {
        epf: sumOf(rows, (r) => r.employer.epf),
        eps: sumOf(rows, (r) => r.employer.eps),
        edli: sumOf(rows, (r) => r.employer.edli),
        pfAdmin: sumOf(rows, (r) => r.employer.pfAdmin),
        esi: sumOf(rows, (r) => r.employer.esi),
        total: sumOf(rows, (r) => r.employer.total),
      },
      net: sumOf(rows, (r) => r.net),
    },
    warnings,
    incomeTaxEstimated,
    liveDiffers,
    ruleArrears,
    ...(pfSlip ? { pf: pfSummary(pfSlip, sumOf(rows, (r) => r.employer.pfAdmin), contributing), ruleVersions: ruleVersionsOf(versionSlips.values()) } : {}),
  };
}

/**
 * The month's PF ceiling and rule versions (the same for every slip of a computation), and the
 * administration charges with the establishment's monthly minimum (S.O. 2011(E) of 21 May 2018):
 * ₹500 when anyone contributes.
 */
function pfSummary(slip: SalarySlip, adminSum: number, contributing: boolean): NonNullable<PayrollRegister['pf']> {
  const minimum = rupees(slip.statutory.pfAdminMinimumPaise ?? 0);
  const adminCharges = contributing ? Math.max(adminSum, minimum) : 0;
  return {
    ceiling: rupees(slip.statutory.pfCeilingPaise ?? 0),
    ceilingNote: slip.statutory.pfCeilingNote ?? null,
    versions: (slip.statutory.ruleVersions ?? []).filter((v) => v.key.startsWith('pf.')),
    adminCharges,
    adminMinimumTopUp: Math.round((adminCharges - (contributing ? adminSum : 0)) * 100) / 100,
  };
}

/** The overrides stored with an approved month. */
export async function approvalOverrides(ctx: AppContext, month: string): Promise<WarningOverride[]> {
  const row = await ctx.database.db.selectFrom('payroll_approvals').select('overrides_json').where('month', '=', month).executeTakeFirst();
  return row?.overrides_json ? (JSON.parse(row.overrides_json) as WarningOverride[]) : [];
}

/** Up to this many names are listed; the count covers everyone. */
const LIVE_DIFFERS_LISTED = 50;

/**
 * An approved month against today's data: whose slip would come out differently now (a leave
 * approved late, a correction, a revision), so the register can say so and offer a re-run or
 * arrears next month. Each person's inputs are loaded and digested (slip-inputs.ts); only those
 * whose digest differs from the one stored with their slip are computed again, as the same inputs
 * give the same slip. A slip stored without a digest is computed again too.
 */
export async function liveDifferences(ctx: AppContext, policy: PayrollPolicy, month: string): Promise<PayrollRegister['liveDiffers']> {
  const rows = await ctx.database.db
    .selectFrom('payroll_approved_slips')
    .select(['user_id', 'employee_id', 'fingerprint', 'net_paise', 'beneficiary_json', 'input_digest', 'slip_json'])
    .where('month', '=', month)
    .execute();
  const stored = new Map(
    rows.map((r) => [
      Number(r.user_id),
      {
        employeeId: r.employee_id,
        fingerprint: r.fingerprint,
        netPaise: Number(r.net_paise),
        beneficiaryJson: r.beneficiary_json,
        inputDigest: r.input_digest,
        // Read only for a fingerprint stored in an older form (sameMoney recomputes it from the slip).
        get slip() {
          return JSON.parse(r.slip_json) as SalarySlip;
        },
      },
    ]),
  );
  const people: NonNullable<PayrollRegister['liveDiffers']>['people'] = [];
  let count = 0;
  const note = (p: (typeof people)[number]) => {
    count += 1;
    if (people.length < LIVE_DIFFERS_LISTED) people.push(p);
  };
  const seen = new Set<number>();
  const today = companyToday(ctx);
  const digest = slipInputDigester(policy, month);
  await forEachRegisterInput(ctx, month, (employee, days) => {
    seen.add(employee.userId);
    const before = stored.get(employee.userId);
    if (before?.inputDigest && before.inputDigest === digest(employee, days)) return;
    const slip = computeSlip(policy, employee, days, month, today);
    if (before && sameMoney(before, slipFingerprint(employee.employeeId, slip))) return;
    note({ employeeId: employee.employeeId, name: employee.name, netApproved: before ? before.netPaise / 100 : null, netLive: slip.netPaise / 100 });
  });
  for (const [userId, s] of stored) {
    if (!seen.has(userId)) note({ employeeId: s.employeeId, name: parseBeneficiary(s.beneficiaryJson)?.name ?? s.employeeId, netApproved: s.netPaise / 100, netLive: null });
  }
  return count ? { count, people } : null;
}
