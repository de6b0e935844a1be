/**
 * Shapes of an exit (how and when a person leaves, with the notice served) and of the
 * full-and-final settlement that follows it.
 */
import { z } from 'zod';
import { EXIT_KINDS } from '../payroll/exit-codes';
import { dateSchema, lineRule } from './common';

const day = (field: string) => z.string({ error: `${field} is required` }).trim().min(1, `${field} is required`).pipe(dateSchema);

/** POST /api/employees/{id}/exit: record (or correct) a resignation, termination, retirement… */
export const exitBody = z
  .object({
    kind: z.enum(EXIT_KINDS, { error: `kind must be one of ${EXIT_KINDS.join(', ')}` }),
    /** The day notice was given (a resignation handed in, a termination letter dated). */
    noticeGivenOn: day('noticeGivenOn'),
    noticePeriodDays: z
      .number({ error: 'noticePeriodDays must be a number of days' })
      .int('noticePeriodDays must be a whole number of days')
      .min(0, 'noticePeriodDays cannot be negative')
      .max(365, 'noticePeriodDays must be at most 365'),
    /** The last day employed: the leaving date every register and file uses. */
    lastWorkingDay: day('lastWorkingDay'),
    reason: z
      .string({ error: 'reason is required' })
      .superRefine(lineRule('reason', false))
      .trim()
      .min(3, 'reason must be 3 to 300 characters')
      .max(300, 'reason must be 3 to 300 characters'),
    /** The company waives a notice shortfall: nothing is recovered for it. */
    noticeWaived: z.boolean({ error: 'noticeWaived must be true or false' }).default(false),
    /** The company relieved the person before the notice ended: the shortfall is paid to them. */
    relievedEarly: z.boolean({ error: 'relievedEarly must be true or false' }).default(false),
  })
  .superRefine((b, ctx) => {
    if (b.lastWorkingDay < b.noticeGivenOn) ctx.addIssue({ code: 'custom', path: ['lastWorkingDay'], message: 'lastWorkingDay must not be before noticeGivenOn' });
    if (b.noticeWaived && b.relievedEarly) ctx.addIssue({ code: 'custom', path: ['relievedEarly'], message: 'noticeWaived and relievedEarly cannot both be true' });
  });
export type ExitBody = z.infer<typeof exitBody>;

export const exitSchema = z.object({
  employeeId: z.string(),
  name: z.string(),
  kind: z.enum(EXIT_KINDS),
  kindLabel: z.string(),
  noticeGivenOn: z.string(),
  noticePeriodDays: z.number(),
  /** noticeGivenOn + the notice period: the last day the notice asks for. */
  noticeEndsOn: z.string(),
  lastWorkingDay: z.string(),
  /** Days of notice served (noticeGivenOn to lastWorkingDay) and short of the period. */
  servedDays: z.number(),
  shortfallDays: z.number(),
  reason: z.string(),
  noticeWaived: z.boolean(),
  relievedEarly: z.boolean(),
  /** 'on-notice' until the last working day has passed, then 'left'. */
  status: z.enum(['on-notice', 'left']),
  esi: z.object({ code: z.number(), label: z.string() }),
  epfo: z.object({ code: z.string(), label: z.string() }),
  recordedAt: z.string(),
  recordedBy: z.string().nullable(),
});
export type EmployeeExit = z.infer<typeof exitSchema>;

export const SETTLEMENT_STATES = ['draft', 'approved', 'paid'] as const;

const line = z.object({ label: z.string(), amount: z.number() });

/** A full-and-final statement: computed live while a draft, as stored once approved. */
export const settlementSchema = z.object({
  employeeId: z.string(),
  name: z.string(),
  state: z.enum(SETTLEMENT_STATES),
  joinedOn: z.string(),
  leftOn: z.string(),
  exitKind: z.string(),
  employmentType: z.string(),
  /** Two working days after the leaving date (Code on Wages s.17(2)). */
  dueOn: z.string(),
  /** Not paid and the due day has passed. */
  overdue: z.boolean(),
  lastMonth: z.object({
    month: z.string(),
    monthLabel: z.string(),
    paidDays: z.number(),
    gross: z.number(),
    net: z.number(),
    /** True when the month's payroll is approved: its net is paid through the payroll bank file, not here. */
    paidThroughPayroll: z.boolean(),
  }),
  encashment: z.array(z.object({ leaveType: z.string(), days: z.number(), amount: z.number(), basis: z.string() })),
  notice: z.object({ requiredDays: z.number(), servedDays: z.number(), shortfallDays: z.number(), amount: z.number(), waived: z.boolean(), relievedEarly: z.boolean() }),
  gratuity: z.object({
    eligible: z.boolean(),
    notEligibleBecause: z.string().nullable(),
    service: z.object({ years: z.number(), months: z.number(), days: z.number() }),
    countedYears: z.number(),
    wage: z.number(),
    amount: z.number(),
    capped: z.boolean(),
    rule: z.string(),
  }),
  arrears: z.number(),
  otherRecoveries: z.number(),
  recoveriesNote: z.string(),
  tax: z.object({ taxable: z.number(), gratuityExempt: z.number(), encashmentExempt: z.number(), tds: z.number() }),
  lines: z.array(line),
  total: z.number(),
  payable: z.number(),
  owedByEmployee: z.number(),
  computedAt: z.string(),
  approvedAt: z.string().nullable(),
  approvedBy: z.string().nullable(),
  batch: z.object({ _id: z.string(), state: z.enum(['created', 'paid']), paidOn: z.string().nullable(), bankReference: z.string().nullable() }).nullable(),
});
export type FinalSettlement = z.infer<typeof settlementSchema>;

/** PUT /api/employees/{id}/final-settlement: the draft's inputs an admin sets. */
export const settlementDraftBody = z.object({
  otherRecoveries: z
    .number({ error: 'otherRecoveries must be an amount in rupees' })
    .min(0, 'otherRecoveries cannot be negative')
    .max(1_00_00_000, 'otherRecoveries must be at most 1,00,00,000')
    .refine((v) => Number.isInteger(Math.round(v * 100)) && Math.abs(v * 100 - Math.round(v * 100)) < 1e-6, 'otherRecoveries can have at most 2 decimals'),
  recoveriesNote: z.string({ error: 'recoveriesNote must be text' }).superRefine(lineRule('recoveriesNote', false)).trim().max(200, 'recoveriesNote must be at most 200 characters').default(''),
});

/** One row of the settlements list (the F&F screen and the dashboard's overdue list). */
export const settlementListItemSchema = z.object({
  _id: z.string(),
  employeeId: z.string(),
  name: z.string(),
  leftOn: z.string(),
  dueOn: z.string(),
  /** `before-go-live`: left before the company's go-live date with nothing started here, so settled in the old system. */
  state: z.enum(['not-started', 'before-go-live', ...SETTLEMENT_STATES]),
  overdue: z.boolean(),
  payable: z.number().nullable(),
});
export type SettlementListItem = z.infer<typeof settlementListItemSchema>;

/**
 * GET /api/final-settlements/mine: the leaver's own settlement as they may know it before opening
 * it. `none` when no leaving date is recorded; `preparing` until HR approves it (no amount yet, as a
 * draft changes with every read); the net amount once approved, and the day it was paid once it is.
 * `before-go-live` when they left before the company's go-live date and nothing was started here:
 * the old system settled them, so there is nothing to prepare or download here.
 */
export const ownSettlementSchema = z.object({
  state: z.enum(['none', 'before-go-live', 'preparing', 'approved', 'paid']),
  leftOn: z.string().nullable(),
  /** Two working days after the leaving date. */
  dueOn: z.string().nullable(),
  /** The company's day of the approval. */
  approvedOn: z.string().nullable(),
  paidOn: z.string().nullable(),
  payable: z.number().nullable(),
  owedByEmployee: z.number().nullable(),
});
export type OwnSettlement = z.infer<typeof ownSettlementSchema>;
