/**
 * The rules behind the single-slip salary calls: who may see which slip, which months exist,
 * building the .xlsx, and emailing it.
 */
import { SERVER_MSG } from '../../../shared/messages';
import { isPayMonth, lastCompleteMonth, MONTH_INPUT_HINT, monthLabel, parseMonthInput, parseYearInput, payMonth, YEAR_INPUT_HINT } from '../../../shared/payroll/pay-month';
import { DEFAULT_PAYROLL_POLICY, type PayrollPolicy } from '../../../shared/payroll/payroll-policy';
import { computeSalarySlip, SlipInputError, type SalarySlip } from '../../../shared/payroll/salary-slip';
import { dateInZone } from '../../../shared/format';
import type { SalaryEmail } from '../../../shared/schemas/salary';
import { recordAudit } from '../../audit';
import type { Caller } from '../../auth/guard';
import type { AppContext } from '../../context';
import { badRequest, forbidden, HttpError, notFound } from '../../errors';
import type { MailMessage } from '../../mail/mailer';
import { createSalaryRepository, type MonthDays, type SlipEmployee } from './salary-repository';
import { renderSlipWorkbook, slipFileName, XLSX_CONTENT_TYPE } from './slip-workbook';

export interface SlipFile {
  filename: string;
  content: Buffer;
  slip: SalarySlip;
  employee: SlipEmployee;
}

/** The company's today, 'YYYY-MM-DD' in APP_TIMEZONE. */
export const companyToday = (ctx: AppContext) => dateInZone(ctx.now(), ctx.config.timeZone);

/** Computes and renders one slip from loaded data; a month the slip cannot cover is a 400. */
export async function buildSlipFile(ctx: AppContext, policy: PayrollPolicy, employee: SlipEmployee, days: MonthDays, month: string, today: string): Promise<SlipFile> {
  let slip: SalarySlip;
  try {
    slip = computeSalarySlip({
      monthlyGrossPaise: employee.salaryPaise,
      month,
      joinedOn: employee.joinedOn,
      presentDates: days.present,
      approvedLeaveDates: days.leave,
      today,
      policy,
    });
  } catch (err) {
    if (err instanceof SlipInputError) throw badRequest(err.message);
    throw err;
  }
  const content = await renderSlipWorkbook({ companyName: ctx.config.companyName, employee, slip, generatedAt: ctx.now() });
  return { filename: slipFileName(employee.employeeId, month), content, slip, employee };
}

/** The email that carries a slip. */
export function slipMessage(ctx: AppContext, file: SlipFile): MailMessage {
  const { employee, slip } = file;
  return {
    to: employee.email,
    subject: `${ctx.config.companyName}: salary slip for ${slip.monthLabel}`,
    text: `Dear ${employee.name},\n\nYour salary slip for ${slip.monthLabel} is attached (${file.filename}).\n\nRegards,\n${ctx.config.companyName}`,
    attachments: [{ filename: file.filename, content: file.content, contentType: XLSX_CONTENT_TYPE }],
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

export function createSalaryService(ctx: AppContext, policy: PayrollPolicy = DEFAULT_PAYROLL_POLICY) {
  const repo = createSalaryRepository(ctx.database.db, ctx.database.dialect);

  /** Business id ('EMP0001', any case) or record id ('12') -> the employee; 404 when unknown. */
  async function findEmployee(ref: string): Promise<SlipEmployee> {
    const trimmed = ref.trim();
    const employee = /^[1-9]\d{0,15}$/.test(trimmed)
      ? await repo.findEmployee({ userId: Number(trimmed) })
      : await repo.findEmployee({ employeeId: trimmed.toUpperCase() });
    if (!employee) throw notFound(`No employee with ID ${trimmed}`);
    return employee;
  }

  /** An employee may name only themselves; checked before any lookup, so ids of others are not probed. */
  function assertOwn(caller: Caller, ref: string) {
    if (caller.role === 'admin') return;
    const trimmed = ref.trim();
    const own = trimmed.toUpperCase() === caller.employeeId?.toUpperCase() || trimmed === String(caller.userId);
    if (!own) throw forbidden(SERVER_MSG.forbidden);
  }

  async function slipOf(employee: SlipEmployee, month: string): Promise<SlipFile> {
    const days = await repo.loadMonthDays([employee.userId], month);
    return buildSlipFile(ctx, policy, employee, days.get(employee.userId)!, month, companyToday(ctx));
  }

  return {
    /** GET /slip/:employeeId/:month: admins any slip, employees their own. */
    async slip(caller: Caller, ref: string, month: string): Promise<SlipFile> {
      assertOwn(caller, ref);
      return slipOf(await findEmployee(ref), month);
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
      const file = await slipOf(await findEmployee(body.employeeId), month);
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
