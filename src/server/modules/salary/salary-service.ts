/**
 * The rules behind the single-slip salary calls: who may see which slip, which months exist,
 * building the .xlsx or the PDF, and emailing it (the PDF, and the .xlsx too when the company's
 * 'payroll' setting has slipEmailAttachXlsx).
 */
import { SERVER_MSG } from '../../../shared/messages';
import { isPayMonth, lastCompleteMonth, MONTH_INPUT_HINT, monthLabel, parseMonthInput, parseYearInput, payMonth, YEAR_INPUT_HINT } from '../../../shared/payroll/pay-month';
import { DEFAULT_PAYROLL_POLICY, type PayrollPolicy } from '../../../shared/payroll/payroll-policy';
import { computeSalarySlip, SlipInputError, type SalarySlip } from '../../../shared/payroll/salary-slip';
import type { TaxRegime } from '../../../shared/payroll/statutory/income-tax';
import type { Gender } from '../../../shared/payroll/statutory/professional-tax';
import { epsEligibility } from '../../../shared/payroll/statutory/pf-membership';
import type { RuleBook } from '../../../shared/payroll/statutory/rule-versions';
import { wageAtJoiningPaise, type StatutoryValues } from '../employee-records';
import type { SalaryEmail } from '../../../shared/schemas/salary';
import { recordAudit } from '../../audit';
import type { Caller } from '../../auth/guard';
import type { AppContext } from '../../context';
import { badRequest, conflict, forbidden, HttpError, notFound } from '../../errors';
import type { MailAttachment, MailMessage } from '../../mail/mailer';
import type { AvailableSlips } from '../../../shared/schemas/payroll-payments';
import type { Beneficiary } from './beneficiary';
import { approvedSlips, findApprovedMonth } from './payroll-approvals';
import { availableSlips } from './slip-availability';
import { draftStamp, revisedStamp, slipExtras, slipExtrasOfMany, type SlipExtras } from './slip-extras';
import { createSalaryRepository, type MonthDays, type SlipEmployee } from './salary-repository';
import { PDF_CONTENT_TYPE, slipPdfFileName } from './slip-pdf';
import { renderSlipPdfPooled } from './slip-pdf-pool';
import { employerContributionLines } from './slip-sections';
import { renderSlipWorkbook, slipFileName, XLSX_CONTENT_TYPE } from './slip-workbook';
import { payrollSettings } from './payroll-settings';
import { withPfCorrections, withStatutoryCorrections } from '../../../shared/payroll/slip-pf-corrections';
import { slipCompany, type SlipCompany } from '../company';
import { companyToday } from '../../company-today';
import { mailErrorReason } from '../../mail/mail-error';

export type SlipFormat = 'xlsx' | 'pdf';

/** One slip document to download. */
export interface SlipFile {
  filename: string;
  content: Buffer;
  contentType: string;
  slip: SalarySlip;
  employee: SlipEmployee;
}

/** A computed slip with the documents its email carries. */
export interface SlipMail {
  slip: SalarySlip;
  employee: SlipEmployee;
  attachments: MailAttachment[];
}

/** PF membership, EPS eligibility (the override, else derived) and date of birth, as the slip takes them. */
function pfPersonOf(st: StatutoryValues, book: RuleBook) {
  const eps = epsEligibility({ epsEligible: st.epsEligible, firstJoinedOn: st.pfFirstJoinedOn, wageAtJoiningPaise: wageAtJoiningPaise(st) }, book);
  return { member: st.pfMember, epsEligible: eps.eligible, dateOfBirth: st.dateOfBirth };
}

/**
 * Computes one slip from loaded data, with the employee's statutory details (state of work, gender,
 * tax regime, PF on full wages, a missing PAN, the leaving date) and what the approved earlier months
 * of the financial year paid (the TDS year to date); a month the slip cannot cover
 * (before joining, after leaving, not started) is a 400.
 */
export function computeSlip(policy: PayrollPolicy, employee: SlipEmployee, days: MonthDays, month: string, today: string): SalarySlip {
  try {
    const slip = computeSalarySlip({
      monthlyGrossPaise: employee.salaryPaise,
      salaryRevisions: days.salaryRevisions,
      arrears: days.arrears,
      month,
      joinedOn: employee.joinedOn,
      leftOn: days.statutory?.leftOn,
      presentDates: days.present,
      approvedLeaveDates: days.leave,
      unpaidLeaveDates: days.unpaidLeave,
      payBasis: days.payBasis,
      absentDates: days.absent,
      lateMarks: days.lateMarks,
      halfDays: { dates: days.halfDays ?? new Set(), pay: days.payRules?.halfDayPay ?? 'half' },
      overtime: days.overtime,
      calendar: days.calendar,
      today,
      policy,
      statutory: {
        stateOfWork: days.statutory?.stateOfWork,
        gender: days.statutory?.gender as Gender | null | undefined,
        // The year's own choice first; the employee record's regime for years nobody chose.
        taxRegime: days.tax?.regime ?? (days.statutory?.taxRegime as TaxRegime | null | undefined),
        pfOnFullWages: days.statutory?.pfOnFullWages ?? false,
        panMissing: !days.statutory?.pan,
        paidMonths: days.paidMonths,
        declarations: days.tax?.declarations,
        previousEmployment: days.tax?.previousEmployment,
        dateOfBirth: days.statutory?.dateOfBirth ?? null,
        disabled: days.statutory?.personWithDisability ?? false,
        esiWages: days.payRules?.esiWages ?? 'gross',
        esiPeriodStartGrossPaise: days.approved?.esiPeriodStartGrossPaise,
        carriedIn: days.approved?.carriedIn,
        pfPerson: days.statutory && days.rules ? pfPersonOf(days.statutory, days.rules.book) : undefined,
        rules: days.rules,
      },
    });
    return withStatutoryCorrections(withPfCorrections(slip, days.pfCorrections), days.statutoryCorrections);
  } catch (err) {
    if (err instanceof SlipInputError) throw badRequest(err.message);
    throw err;
  }
}

/**
 * What every slip of one bulk batch shares, read once for the batch: the company's address and logo
 * (its bytes held once, in shared memory, so the PDF threads read them without a copy per slip) and
 * the formats the email carries. One batch's slips therefore all print the same logo.
 */
export interface SlipBatch {
  company: SlipCompany;
  formats: SlipFormat[];
}

export async function slipBatch(ctx: AppContext): Promise<SlipBatch> {
  const [company, settings] = await Promise.all([slipCompany(ctx), payrollSettings(ctx)]);
  return { company, formats: settings.slipEmailAttachXlsx ? ['pdf', 'xlsx'] : ['pdf'] };
}

/**
 * One computed slip as a document: the .xlsx (the spec's) or the PDF, with the same figures and, when
 * given, the slip's extras; `company` is the batch's, else read for this slip.
 */
export async function renderSlip(ctx: AppContext, employee: SlipEmployee, slip: SalarySlip, format: SlipFormat, extras?: SlipExtras, company?: SlipCompany): Promise<SlipFile> {
  const doc = { companyName: ctx.config.companyName, employee, slip, generatedAt: ctx.now(), extras, company: company ?? (await slipCompany(ctx)) };
  if (format === 'pdf') {
    const content = await renderSlipPdfPooled({ ...doc, employerContributions: employerContributionLines(slip.employer) });
    return { filename: slipPdfFileName(employee.employeeId, slip.month), content, contentType: PDF_CONTENT_TYPE, slip, employee };
  }
  return { filename: slipFileName(employee.employeeId, slip.month), content: await renderSlipWorkbook(doc), contentType: XLSX_CONTENT_TYPE, slip, employee };
}

/** Computes one slip and renders what its email carries: the PDF, and the .xlsx when the company asks for it. */
export async function buildSlipFile(ctx: AppContext, policy: PayrollPolicy, employee: SlipEmployee, days: MonthDays, month: string, today: string, batch?: SlipBatch): Promise<SlipMail> {
  return slipMail(ctx, employee, computeSlip(policy, employee, days, month, today), undefined, undefined, batch);
}

interface StoredSlip {
  slip: SalarySlip;
  stamp: string | null;
  beneficiary: Beneficiary | null;
}

/**
 * The stored slip of an employee in an approved month, with its status mark: the latest version, or
 * `version` (1, 2, … in the order stored) when asked; undefined when the month has no slip of theirs.
 */
export async function storedSlip(ctx: AppContext, userId: number, month: string, version?: number): Promise<StoredSlip | undefined> {
  const { db } = ctx.database;
  const [current] = await approvedSlips(db, month, [userId]);
  if (!current) return undefined;
  const versions = await db.selectFrom('payroll_slip_versions').select(['version', 'stored_at', 'reason', 'slip_json']).where('month', '=', month).where('user_id', '=', userId).orderBy('version').execute();
  if (version !== undefined) {
    const v = versions[version - 1];
    if (!v) throw notFound(`There is no version ${version} of this salary slip for ${monthLabel(month)}`);
    const stamp =
      version > 1
        ? revisedStamp(version, v.stored_at, v.reason, ctx.config.timeZone)
        : versions.length > 1
          ? `Superseded: version 1 of ${versions.length}; the latest version is the one that counts`
          : null;
    return { slip: JSON.parse(v.slip_json) as SalarySlip, stamp, beneficiary: current.beneficiary };
  }
  const ordinal = versions.length || 1;
  const stamp = ordinal > 1 && current.changedAt ? revisedStamp(ordinal, current.changedAt, current.changeReason, ctx.config.timeZone) : null;
  return { slip: current.slip, stamp, beneficiary: current.beneficiary };
}

/**
 * The stored slips of a batch of employees in `month` with their marks and extras, for a bulk run:
 * a few queries for the whole batch. Employees without a stored slip are missing from the map.
 */
export async function storedSlipsOf(ctx: AppContext, month: string, employees: readonly SlipEmployee[]): Promise<Map<number, { slip: SalarySlip; extras: SlipExtras }>> {
  const { db } = ctx.database;
  const ids = employees.map((e) => e.userId);
  const stored = await approvedSlips(db, month, ids);
  if (!stored.length) return new Map();
  const counts = await db
    .selectFrom('payroll_slip_versions')
    .select(['user_id', (eb) => eb.fn.countAll<number>().as('n')])
    .where('month', '=', month)
    .where('user_id', 'in', ids)
    .groupBy('user_id')
    .execute();
  const versions = new Map(counts.map((c) => [Number(c.user_id), Number(c.n)]));
  const byId = new Map(employees.map((e) => [e.userId, e]));
  const list = stored.map((s) => {
    const ordinal = versions.get(s.userId) ?? 1;
    const stamp = ordinal > 1 && s.changedAt ? revisedStamp(ordinal, s.changedAt, s.changeReason, ctx.config.timeZone) : null;
    return { employee: byId.get(s.userId)!, slip: s.slip, stamp, beneficiary: s.beneficiary };
  });
  const extras = await slipExtrasOfMany(ctx, month, list);
  return new Map(list.map((l) => [l.employee.userId, { slip: l.slip, extras: extras.get(l.employee.userId)! }]));
}

/**
 * What the email of a slip carries, with its status mark and extras (an approved month's run sends
 * the slips as approved, and hands in the extras and the `SlipBatch` it loaded for its whole batch).
 */
export async function slipMail(ctx: AppContext, employee: SlipEmployee, slip: SalarySlip, stored?: StoredSlip, ready?: SlipExtras, batch?: SlipBatch): Promise<SlipMail> {
  const { formats, company } = batch ?? (await slipBatch(ctx));
  let extras = ready;
  if (!extras) {
    const found = stored ?? (await storedSlip(ctx, employee.userId, slip.month));
    extras = await slipExtras(ctx, employee, slip, { stamp: found?.stamp ?? null, beneficiary: found?.beneficiary ?? null });
  }
  const files = await Promise.all(formats.map((format) => renderSlip(ctx, employee, slip, format, extras, company)));
  return { slip, employee, attachments: files.map(({ filename, content, contentType }) => ({ filename, content, contentType })) };
}

/** The email that carries a slip. */
export function slipMessage(ctx: AppContext, mail: SlipMail): MailMessage {
  const { employee, slip } = mail;
  const names = mail.attachments.map((a) => a.filename).join(', ');
  return {
    to: employee.email,
    subject: `${ctx.config.companyName}: salary slip for ${slip.monthLabel}`,
    text: `Dear ${employee.name},\n\nYour salary slip for ${slip.monthLabel} is attached (${names}).\n\nRegards,\n${ctx.config.companyName}`,
    attachments: mail.attachments,
  };
}

/** 'YYYY-MM' from a month typed by a person and a year; a 400 naming what is accepted otherwise. */
export function payMonthFromInput(month: string | number, year: string | number): string {
  const m = parseMonthInput(month);
  if (m === null) throw badRequest(`${MONTH_INPUT_HINT}; got "${String(month)}"`);
  const y = parseYearInput(year);
  if (y === null) throw badRequest(`${YEAR_INPUT_HINT}; got "${String(year)}"`);
  return payMonth(y, m);
}

/** The email call is admins' only (the route says so): it resolves codes as an admin does. */
const ADMIN_CALLER = { role: 'admin' } as Caller;

export function createSalaryService(ctx: AppContext, policy: PayrollPolicy = DEFAULT_PAYROLL_POLICY) {
  const repo = createSalaryRepository(ctx.database.db, ctx.database.dialect, ctx.config.timeZone);

  /**
   * The employee by their business code ('ACM0001', '5'; any case) only, never by record id: codes may
   * be all digits, and the employee coded 5 must not reach record 5. Admins: 404 when unknown. An
   * employee: the resolved record must be their own, and an unknown code is refused the same way, so
   * codes of others cannot be probed.
   */
  async function findEmployee(caller: Caller, ref: string): Promise<SlipEmployee> {
    const trimmed = ref.trim();
    const employee = await repo.findEmployee({ employeeId: trimmed });
    if (caller.role !== 'admin' && employee?.userId !== caller.userId) throw forbidden(SERVER_MSG.forbidden);
    if (!employee) throw notFound(`No employee with ID ${trimmed}`);
    return employee;
  }

  /**
   * Whether `month`'s slips are out: approved, and released too where the company releases slips
   * after paying. An employee gets only such a month (409 otherwise, saying which); an admin may
   * preview any month, an unapproved one computed from today's records and marked Draft.
   */
  async function availability(month: string): Promise<'draft' | 'held' | 'out'> {
    const approval = await findApprovedMonth(ctx.database.db, month);
    if (!approval) return 'draft';
    if (approval.releasedAt) return 'out';
    return (await payrollSettings(ctx)).slipRelease === 'release' ? 'held' : 'out';
  }

  const notAvailable = (state: 'draft' | 'held', month: string) =>
    conflict(
      state === 'draft'
        ? `The salary slip for ${monthLabel(month)} is not available yet: the payroll of ${monthLabel(month)} is not approved`
        : `The salary slip for ${monthLabel(month)} is not available yet: it is approved and is released once the salary is paid`,
    );

  /** The slip of `employee` for `month` as `caller` may have it, with its status mark and the extras every document carries. */
  async function slipFor(caller: Caller | 'admin', employee: SlipEmployee, month: string, version?: number): Promise<{ slip: SalarySlip; extras: SlipExtras }> {
    const state = await availability(month);
    const isAdmin = caller === 'admin' || caller.role === 'admin';
    if (state !== 'draft' && (isAdmin || state === 'out')) {
      const stored = await storedSlip(ctx, employee.userId, month, version);
      if (stored) return { slip: stored.slip, extras: await slipExtras(ctx, employee, stored.slip, stored) };
    }
    // Computed first, so a month that can have no slip (before joining, not started) says so (400).
    const days = await repo.loadMonthDays([employee.userId], month);
    const slip = computeSlip(policy, employee, days.get(employee.userId)!, month, companyToday(ctx));
    if (!isAdmin) {
      if (state !== 'out') throw notAvailable(state, month);
      // Approved without a slip of theirs (not paid that month, or withdrawn by a re-run).
      throw conflict(`There is no approved salary slip of ${monthLabel(month)} for you`);
    }
    if (version !== undefined) throw notFound(`There is no version ${version} of this salary slip for ${monthLabel(month)}`);
    return { slip, extras: await slipExtras(ctx, employee, slip, { stamp: state === 'draft' ? draftStamp(slip) : `Draft: not in the approved payroll of ${slip.monthLabel}; computed from today's data`, beneficiary: null }) };
  }

  const slipOf = async (caller: Caller | 'admin', employee: SlipEmployee, month: string, format: SlipFormat = 'xlsx', version?: number): Promise<SlipFile> => {
    const { slip, extras } = await slipFor(caller, employee, month, version);
    return renderSlip(ctx, employee, slip, format, extras);
  };

  return {
    /** GET /slip/:employeeId/:month: admins any slip (a Draft preview before approval), employees their own once it is out; the .xlsx unless `format` is 'pdf'. */
    async slip(caller: Caller, ref: string, month: string, format: SlipFormat = 'xlsx', version?: number): Promise<SlipFile> {
      return slipOf(caller, await findEmployee(caller, ref), month, format, version);
    },

    /** GET /generate: the caller's slip for `month`, by default the last complete month; 409 while that month's slips are not out. */
    async ownSlip(caller: Caller, month?: string): Promise<SlipFile> {
      if (month !== undefined && !isPayMonth(month)) throw badRequest('month must be a month written YYYY-MM');
      const employee = await repo.findEmployee({ userId: caller.userId });
      if (!employee) throw notFound('No employee record for this account');
      return slipOf(caller, employee, month ?? lastCompleteMonth(companyToday(ctx)));
    },

    /** GET /slips/:employeeId: the months whose slips the employee can have, newest first, each with its versions. */
    async available(caller: Caller, ref: string): Promise<AvailableSlips> {
      const employee = await findEmployee(caller, ref);
      return { employeeId: employee.employeeId, slips: await availableSlips(ctx, employee.userId) };
    },

    /** POST /email: emails an employee the slip; a mail transport failure is a 502. */
    async emailSlip(actorId: number, body: SalaryEmail): Promise<{ msg: string }> {
      const month = payMonthFromInput(body.month, body.year);
      const employee = await findEmployee(ADMIN_CALLER, body.employeeId);
      // A month that can have no slip for them (before joining, not started) says so first (400).
      const days = await repo.loadMonthDays([employee.userId], month);
      computeSlip(policy, employee, days.get(employee.userId)!, month, companyToday(ctx));
      const state = await availability(month);
      if (state === 'draft') throw conflict(`${monthLabel(month)} is not approved yet, so its salary slip cannot be emailed: check and approve it on the Payroll Register first`);
      if (state === 'held') throw conflict(`The slips of ${monthLabel(month)} are not released yet: mark its bank file paid and release the slips on the Payroll Register first`);
      const stored = await storedSlip(ctx, employee.userId, month);
      if (!stored) throw conflict(`${employee.employeeId} has no approved salary slip of ${monthLabel(month)} (not paid that month); the Payroll Register lists who was`);
      const file = await slipMail(ctx, employee, stored.slip, stored);
      try {
        await ctx.mailer.send(slipMessage(ctx, file));
      } catch (err) {
        ctx.log.error({ err: mailErrorReason(err), employeeId: file.employee.employeeId }, 'salary slip email failed');
        throw new HttpError(502, `The salary slip could not be emailed: ${mailErrorReason(err)}`);
      }
      await recordAudit(
        ctx.database.db,
        { actorId, action: 'salary.email', entity: 'employee', entityId: String(file.employee.userId), after: { employeeId: file.employee.employeeId, month } },
        ctx.now(),
      );
      return { msg: `Salary slip for ${monthLabel(month)} emailed to ${file.employee.email}` };
    },
  };
}
