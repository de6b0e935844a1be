/**
 * The rules behind the single-slip salary calls: who may see which slip, which months exist,
 * building the .xlsx or the PDF, and emailing it (the PDF, and the .xlsx too when the company's
 * 'payroll' setting has slipEmailAttachXlsx).
 */
import { SERVER_MSG } from '../../../shared/messages';
import { isPayMonth, lastCompleteMonth, MONTH_INPUT_HINT, monthLabel, parseMonthInput, parseYearInput, payMonth, YEAR_INPUT_HINT } from '../../../shared/payroll/pay-month';
import { DEFAULT_PAYROLL_POLICY, type PayrollPolicy } from '../../../shared/payroll/payroll-policy';
import { computeSalarySlip, SlipInputError, type SalarySlip } from '../../../shared/payroll/salary-slip';
import { dateInZone } from '../../../shared/format';
import type { TaxRegime } from '../../../shared/payroll/statutory/income-tax';
import type { Gender } from '../../../shared/payroll/statutory/professional-tax';
import { epsEligibility } from '../../../shared/payroll/statutory/pf-membership';
import type { RuleBook } from '../../../shared/payroll/statutory/rule-versions';
import { wageAtJoiningPaise, type StatutoryValues } from '../employees/employee-statutory';
import type { SalaryEmail } from '../../../shared/schemas/salary';
import { recordAudit } from '../../audit';
import type { Caller } from '../../auth/guard';
import type { AppContext } from '../../context';
import { badRequest, forbidden, HttpError, notFound } from '../../errors';
import type { MailAttachment, MailMessage } from '../../mail/mailer';
import { approvedSlipsByUser } from './payroll-approvals';
import { createSalaryRepository, type MonthDays, type SlipEmployee } from './salary-repository';
import { PDF_CONTENT_TYPE, slipPdfFileName } from './slip-pdf';
import { renderSlipPdfPooled } from './slip-pdf-pool';
import { employerContributionLines } from './slip-sections';
import { renderSlipWorkbook, slipFileName, XLSX_CONTENT_TYPE } from './slip-workbook';
import { payrollSettings } from './payroll-settings';

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

/** The company's today, 'YYYY-MM-DD' in APP_TIMEZONE. */
export const companyToday = (ctx: AppContext) => dateInZone(ctx.now(), ctx.config.timeZone);

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
    return computeSalarySlip({
      monthlyGrossPaise: employee.salaryPaise,
      salaryRevisions: days.salaryRevisions,
      arrears: days.arrears,
      month,
      joinedOn: employee.joinedOn,
      leftOn: days.statutory?.leftOn,
      presentDates: days.present,
      approvedLeaveDates: days.leave,
      unpaidLeaveDates: days.unpaidLeave,
      lateMarks: days.lateMarks,
      halfDays: { dates: days.halfDays ?? new Set(), pay: days.payRules?.halfDayPay ?? 'half' },
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
  } catch (err) {
    if (err instanceof SlipInputError) throw badRequest(err.message);
    throw err;
  }
}


/** One computed slip as a document: the .xlsx (the spec's) or the PDF, with the same figures. */
export async function renderSlip(ctx: AppContext, employee: SlipEmployee, slip: SalarySlip, format: SlipFormat): Promise<SlipFile> {
  const doc = { companyName: ctx.config.companyName, employee, slip, generatedAt: ctx.now() };
  if (format === 'pdf') {
    const content = await renderSlipPdfPooled({ ...doc, employerContributions: employerContributionLines(slip.employer) });
    return { filename: slipPdfFileName(employee.employeeId, slip.month), content, contentType: PDF_CONTENT_TYPE, slip, employee };
  }
  return { filename: slipFileName(employee.employeeId, slip.month), content: await renderSlipWorkbook(doc), contentType: XLSX_CONTENT_TYPE, slip, employee };
}

/** Computes one slip and renders what its email carries: the PDF, and the .xlsx when the company asks for it. */
export async function buildSlipFile(ctx: AppContext, policy: PayrollPolicy, employee: SlipEmployee, days: MonthDays, month: string, today: string): Promise<SlipMail> {
  return slipMail(ctx, employee, computeSlip(policy, employee, days, month, today));
}

/** What the email of a slip already computed carries (an approved month's run sends the slips as approved). */
export async function slipMail(ctx: AppContext, employee: SlipEmployee, slip: SalarySlip): Promise<SlipMail> {
  const formats: SlipFormat[] = (await payrollSettings(ctx)).slipEmailAttachXlsx ? ['pdf', 'xlsx'] : ['pdf'];
  const files = await Promise.all(formats.map((format) => renderSlip(ctx, employee, slip, format)));
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

/** A one-line, bounded reason from a mail error, for a msg or a run's error column. */
export const mailErrorReason = (err: unknown) => String((err as Error)?.message ?? err).split('\n')[0]!.slice(0, 300);

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
   * The employee's slip for `month`: in an approved (locked) month the slip as approved, so a
   * download or a single email says what the register and the run's email said, whatever has
   * changed since (a re-run updates it); otherwise computed from today's records.
   */
  async function slipFor(employee: SlipEmployee, month: string): Promise<SalarySlip> {
    const approved = (await approvedSlipsByUser(ctx.database.db, month, [employee.userId])).get(employee.userId);
    if (approved) return approved;
    const days = await repo.loadMonthDays([employee.userId], month);
    return computeSlip(policy, employee, days.get(employee.userId)!, month, companyToday(ctx));
  }

  const slipOf = async (employee: SlipEmployee, month: string, format: SlipFormat = 'xlsx'): Promise<SlipFile> => renderSlip(ctx, employee, await slipFor(employee, month), format);

  const mailOf = async (employee: SlipEmployee, month: string): Promise<SlipMail> => slipMail(ctx, employee, await slipFor(employee, month));

  return {
    /** GET /slip/:employeeId/:month: admins any slip, employees their own; the .xlsx unless `format` is 'pdf'. */
    async slip(caller: Caller, ref: string, month: string, format: SlipFormat = 'xlsx'): Promise<SlipFile> {
      return slipOf(await findEmployee(caller, ref), month, format);
    },

    /** GET /generate: the caller's slip for `month`, by default the last complete month. */
    async ownSlip(caller: Caller, month?: string): Promise<SlipFile> {
      if (month !== undefined && !isPayMonth(month)) throw badRequest('month must be a month written YYYY-MM');
      const employee = await repo.findEmployee({ userId: caller.userId });
      if (!employee) throw notFound('No employee record for this account');
      return slipOf(employee, month ?? lastCompleteMonth(companyToday(ctx)));
    },

    /** POST /email: emails an employee the slip; a mail transport failure is a 502. */
    async emailSlip(actorId: number, body: SalaryEmail): Promise<{ msg: string }> {
      const month = payMonthFromInput(body.month, body.year);
      const file = await mailOf(await findEmployee(ADMIN_CALLER, body.employeeId), month);
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
