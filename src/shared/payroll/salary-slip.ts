/**
 * The salary slip of one employee for one month, computed from plain values: no I/O, no clock,
 * no time zone, so the server (download, email, bulk run) and the browser (a preview) get the
 * same figures. All money is integer paise; the rules that vary by company are in payroll-policy.ts.
 *
 * Days
 * - Working days: the days of the month that are not weekly offs (policy.weeklyOffDays).
 * - Payable window: from the joining date (or the 1st) to the month's end. Working days before
 *   joining are unpaid.
 * - Loss of pay (LOP): a working day in the window, before `today`, with neither presence
 *   (attendance P or H) nor approved leave. Today and later days of the current month are not
 *   over yet, so they are not LOP: the slip of the current month is a forecast.
 * - Pay basis (the company's go-live setting): under 'attendance' (the default) the rule above holds;
 *   under 'leave', for companies that do not punch, a working day gone by with no record is paid too
 *   (`days.unmarked` counts them), so only leave without pay and days marked absent (attendance A, by
 *   an admin or an import) are LOP. month-days.ts classifies both ways, for the attendance register too.
 * - Half days: attendance H (the register's HD) is paid as half a day, so it adds ½ to the LOP
 *   days, unless the company's setting (halfDays.pay 'full') pays it as a whole day. The slip's
 *   notes say which.
 * - Late marks: with the company's late-mark rule on, the month's late marks cost whole or half days
 *   (work-hours.ts), never more than the time actually lost (Code on Wages s.20), added to the LOP
 *   days; so paid days can be a fraction.
 * - Paid days = working days − working days before joining − LOP days.
 *   Weekly offs are neither working nor paid days here: they are paid through the ratio below.
 *   Presence on a weekly off earns nothing extra (no comp-off). With the company's work calendar
 *   (input.calendar) its weekly offs replace policy.weeklyOffDays and a mandatory holiday is a paid
 *   working day, never LOP. The days are classified by month-days.ts, which the attendance register
 *   shares, so the register's loss-of-pay days are the slip's.
 *
 * Salary history (salary-history.ts): with `salaryRevisions`, each day is paid at the monthly gross in
 *   force that day. A month with a change is split into periods, each computed as below with its own
 *   paid days over the month's working days, and added up; the slip lists the periods
 *   (`salaryPeriods`). Late-mark LOP comes off the last periods. `monthlyGrossPaise` on the slip is
 *   the rate at the month's end, which ESI coverage and the TDS projection use.
 * - Salary structures (salary-structure.ts) follow the same days: a structure assigned from a day
 *   inside the month starts a period, and each period is split by the structure in force over it
 *   (`salaryPeriods[].structureName`); the month's end structure (`structureName`) splits the full-month
 *   rate that ESI, PT and the TDS projection read. Worked example in salary-history.test.ts.
 *
 * Overtime (overtime-pay.ts; the rules in src/shared/day-rules/README.md): the month's overtime hours
 *   (days beyond the normal day, weeks beyond the normal week) are on the slip; when the company pays
 *   overtime they are paid as an "Overtime" line at `rate` times the ordinary hourly rate (the
 *   monthly wages ÷ (days × the normal day's hours)). The line is in the gross for ESI, professional
 *   tax, TDS and the 50% limit, and never in PF wages as basic: it is one of the Code on Wages s.2(y)
 *   exclusions (before the Code, outside EPF "basic wages"), so it counts only through the Code's
 *   50% add-back (wages.ts).
 *
 * Arrears (arrear-lines.ts): lines for earlier months paid (or recovered) in this month are added to
 *   the earnings as their own lines, so they count in this month's gross for ESI, PT and TDS and in
 *   net pay; PF is on the wages each line adds, held to the ceiling of the month it is for.
 *
 * Money (rounding: each component half-up to the whole rupee)
 * - Earned gross   G = round(monthly gross × paid ÷ working)
 * - Basic          B = round(monthly gross × basic% × paid ÷ working)
 * - HRA            H = round(monthly gross × basic% × HRA% × paid ÷ working)
 * - Special        S = max(0, G − B − H): the remainder, so the three add up to G (only when
 *   rounding lifts B + H above a tiny G is S zero and the total a rupee above G)
 * - Earnings total = B + H + S.
 *
 * Statutory lines (statutory/statutory-deductions.ts, with the rules in force in the month)
 * - Employee PF, ESI, professional tax (by the employee's state of work, gender and month) and TDS
 *   (by the employee's tax regime, projected over the financial year), each at most what is left,
 *   so net pay is never negative; and the employer's EPF, EPS, EDLI, PF admin charges and ESI.
 * - PF wages: B, plus whatever of H + S is above half the earnings from the Code on Wages on.
 * - ESI and the TDS projection use the month's full rate (no LOP) where the rules say so.
 * - TDS needs the financial year so far. An earlier month of the year that was approved (locked)
 *   counts with what it actually paid (statutory.paidMonths: taxable salary, TDS, employee PF, PT).
 *   A month not approved is taken as paid in full at the current rate (from joining, if later than
 *   April), the joining month pro-rated, with the TDS this same rule gives it: a steady salary then
 *   has the same TDS every month, and a joiner is taxed only on months employed.
 * - ESI coverage is decided at the contribution period's start (statutory.esiPeriodStartGrossPaise,
 *   the rate then, from the approved slips), and the ₹176-a-day exemption divides the month's wages
 *   by the calendar days paid for (days.calendarPaid).
 * - Professional tax in half-yearly states (Tamil Nadu) is on the half-year's salary: the approved
 *   months' pay, the others assumed at the current rate from joining, and this month's.
 * - Deductions total = PF + ESI + PT + recovered + TDS, at most 50% of the earned gross (Code on
 *   Wages s.18; statutory/statutory-deductions.ts); what does not fit is carried to the next month
 *   (deductions.carriedForwardPaise) and recovered there (statutory.carriedInPaise).
 *   Net = earnings − deductions. Every figure is whole rupees, so net pay has no paise.
 * - Notes: one line per choice or rule a reader needs to check the figures (the half-day setting,
 *   ESI coverage and why, the 50% limit, a PT exemption, the late-mark limit).
 */
import { basisPoints, DEFAULT_PAYROLL_POLICY, policyWithStructure, type PayrollPolicy } from './payroll-policy';
import { splitEarnings } from './salary-structure';
import { datesOfMonth, daysInMonth, isPayMonth, monthLabel } from './pay-month';
import type { WorkCalendar } from '../leave-policy/work-calendar';
import { classifyMonthDays, weeklyOffCalendar, type PayBasis } from './month-days';
import { isWeeklyOff } from '../leave-policy/work-calendar';
import { rupeesInWords } from './rupees-in-words';
import { INDIAN_STATES } from '../schemas/employee-statutory';
import { financialYearOf, firstMonthOfFinancialYear, halfYearStart, lastMonthOfFinancialYear, monthsAfter } from './statutory/financial-year';
import type { AgeBand, TaxRegime } from './statutory/income-tax';
import { hraExemptionForMonth, type OldRegimeDeclarations, type PreviousEmployment } from './statutory/tax-declarations';
import type { Gender } from './statutory/professional-tax';
import { statutoryDeductions, type EsiWagesBasis, type StatutoryDeductions } from './statutory/statutory-deductions';
import { esiPeriodStart, type EsiCoverageReason } from './statutory/esi';
import { NOTHING_YET, type YearToDate } from './statutory/tds';
import { lateMarkLop, type MonthLateMarks } from '../work-hours/work-hours';
import { slipNotes } from './slip-notes';
import type { SlipPfCorrection } from './statutory/pf-corrections';
import type { ProfessionalTaxBasis, StatutoryCorrection } from './statutory/esi-pt-corrections';
import { ratePeriods, structureOn, type SalaryRevisionFact } from './salary-history';
import type { SlipArrear } from './arrear-lines';
import type { RuleBook } from './statutory/rule-versions';
import type { StatutorySettings } from './statutory/statutory-settings';
import type { OvertimeRules } from '../schemas/day-rules';
import { overtimePay, overtimeRateDays } from './overtime-pay';

/** What the statutory lines need to know of the employee; every field may be missing. */
export interface SlipStatutoryInput {
  /** ISO 3166-2:IN code; the policy's defaultStateOfWork when missing. */
  stateOfWork?: string | null;
  gender?: Gender | null;
  /** The new regime when missing. */
  taxRegime?: TaxRegime | null;
  /** PF on full wages rather than on the ₹15,000 ceiling. */
  pfOnFullWages?: boolean;
  /** True when the employee has given no PAN: TDS is then at least 20% (s.206AA, statutory/tds.ts). */
  panMissing?: boolean;
  /** Earlier months of this financial year that were approved, by 'YYYY-MM', with what each paid; the others are assumed (see above). */
  paidMonths?: ReadonlyMap<string, PaidMonth>;
  /** 'YYYY-MM-DD': the old regime's senior and very senior exemption limits; professional tax's age exemptions. */
  dateOfBirth?: string | null;
  /** Old regime: the declarations that count this month (rent, 80C, NPS, 80D, home-loan interest). */
  declarations?: OldRegimeDeclarations | null;
  /** What an earlier employer paid this financial year, as the employee furnished it. */
  previousEmployment?: PreviousEmployment | null;
  /** A person with disability: ESI's ₹25,000 limit and the PT exemptions. */
  disabled?: boolean;
  /** The company's ESI wages reading (statutory/esi.ts); the gross when missing. */
  esiWages?: EsiWagesBasis;
  /** The monthly gross rate at the start of the ESI contribution period (or at joining): the rate now when missing. */
  esiPeriodStartGrossPaise?: number;
  /** Deductions an earlier month's 50% limit carried here, and the month they come from. */
  carriedIn?: { paise: number; fromMonth: string };
  /** PF membership, EPS eligibility and date of birth (a member in EPS when missing). */
  pfPerson?: { member: boolean; epsEligible: boolean; dateOfBirth: string | null };
  /** The company's statutory rule versions and settings; the shipped ones and defaults when missing. */
  rules?: { book: RuleBook; settings: StatutorySettings };
}

/** What an approved month paid; basic and HRA (for the HRA exemption) when they were stored. */
export interface PaidMonth extends YearToDate {
  basicPaise?: number | null;
  hraPaise?: number | null;
}

/** How a half day (attendance H) is paid: the company's setting, half a day by default. */
export type HalfDayPay = 'half' | 'full';

export interface SlipInput {
  /** Monthly gross (the employee's `salary`) in paise: in force every day unless `salaryRevisions` say otherwise. */
  monthlyGrossPaise: number;
  /** The employee's salary history; days are paid at the rate in force on each (salary-history.ts). */
  salaryRevisions?: readonly SalaryRevisionFact[];
  /** Arrears and recoveries paid in this month for earlier months. */
  arrears?: readonly SlipArrear[];
  /** 'YYYY-MM'. */
  month: string;
  /** 'YYYY-MM-DD'. */
  joinedOn: string;
  /** The last day employed ('YYYY-MM-DD'), for a leaver: no slip after its month, and its month paid up to it. */
  leftOn?: string | null;
  /** Dates ('YYYY-MM-DD') with attendance P or H; other dates are ignored. */
  presentDates: ReadonlySet<string>;
  /** Dates covered by approved leave. */
  approvedLeaveDates: ReadonlySet<string>;
  /** Of those, the dates of approved leave of unpaid types (Leave Without Pay): loss of pay. */
  unpaidLeaveDates?: ReadonlySet<string>;
  /** The company's pay basis ('attendance' when missing) and, for 'leave', the dates marked absent (attendance A). */
  payBasis?: PayBasis;
  absentDates?: ReadonlySet<string>;
  /** The company's today ('YYYY-MM-DD'); days from today on are not counted as LOP. */
  today: string;
  policy?: PayrollPolicy;
  /** The company's weekly offs and holidays; without it, policy.weeklyOffDays and no holidays. */
  calendar?: WorkCalendar;
  statutory?: SlipStatutoryInput;
  /** The month's late marks and the company's late-mark rule: its loss of pay adds to the LOP days. */
  lateMarks?: MonthLateMarks;
  /** Dates with attendance H (a half day; also in presentDates) and how the company pays them (half when missing). */
  halfDays?: { dates: ReadonlySet<string>; pay: HalfDayPay };
  /** The month's overtime (shared/day-rules/overtime.ts) and the company's overtime rules; none when missing. */
  overtime?: SlipOvertimeInput;
}

/** The month's overtime minutes and how the company pays them. */
export interface SlipOvertimeInput {
  dailyMinutes: number;
  weeklyMinutes: number;
  rules: Pick<OvertimeRules, 'payable' | 'rate' | 'normalDayMinutes' | 'rateWages' | 'rateDays'>;
}

/** The slip's overtime: the hours always, the pay when the company pays overtime. */
export interface SlipOvertime {
  minutes: number;
  /** Of which beyond the normal day, and beyond the normal week (not counted on any day). */
  dailyMinutes: number;
  weeklyMinutes: number;
  /** False: recorded and reported, not paid (the company's setting). */
  paid: boolean;
  /** Times the ordinary rate. */
  rate: number;
  /** The ordinary hourly rate (paise, rounded for display) and its basis: which monthly wages, over how many days of how many minutes. */
  hourlyRatePaise: number;
  wages: OvertimeRules['rateWages'];
  monthlyWagesPaise: number;
  rateDays: number;
  normalDayMinutes: number;
  /** The Overtime earning (also in earnings.overtimePaise); 0 when not paid. */
  amountPaise: number;
}

export interface SalarySlip {
  month: string;
  /** 'October 2026'. */
  monthLabel: string;
  /** First and last date paid for: joining date or the 1st, and the month's last day. */
  payableFrom: string;
  payableTo: string;
  days: {
    calendar: number;
    weeklyOff: number;
    working: number;
    /** Working days before the joining date (unpaid). */
    beforeJoining: number;
    /** A leaver's working days after the last day employed (unpaid). */
    afterLeaving: number;
    lop: number;
    paid: number;
    /** Half days (attendance H) on working days; each adds ½ to `lop` unless paid in full. */
    halfDays: number;
    /** Under the pay basis 'leave' only: working days gone by with no record, paid (absent otherwise). */
    unmarked?: number;
    /**
     * Calendar days paid for, as the ESI return counts them: the payable window's days less the
     * whole LOP days, or none when no working day was paid (weekly offs of an unpaid month are unpaid).
     */
    calendarPaid: number;
  };
  lopDates: string[];
  /** Late marks in the month, and the LOP days the late-mark rule made of them (in days.lop too), limited to the time lost. */
  lateMarks: { count: number; lopDays: number; minutes?: number; limitedToTimeLost?: boolean };
  /** The monthly gross in force at the month's end. */
  monthlyGrossPaise: number;
  /** When the salary changed within the month: each rate, its days and its paid days. Absent otherwise (and on slips stored before). */
  salaryPeriods?: { from: string; to: string; monthlyGrossPaise: number; paidDays: number; structureName?: string }[];
  /** Arrears and recoveries paid this month (absent on slips stored before they existed). */
  arrears?: SlipArrear[];
  /** The month's overtime, paid or only reported; absent when there was none. */
  overtime?: SlipOvertime;
  /** PF differences of earlier approved months paid with this month's (a back-dated rule version); absent when none. */
  pfCorrections?: SlipPfCorrection[];
  /** ESI and PT differences of earlier approved months paid with this month's (the employer pays them); absent when none. */
  statutoryCorrections?: StatutoryCorrection[];
  /** totalPaise includes arrearsPaise (the sum of the arrears lines, negative for a net recovery). */
  earnings: {
    basicPaise: number;
    hraPaise: number;
    /** The salary structure's fixed allowances (conveyance, medical…) for the paid days; absent under the default split. */
    allowances?: { name: string; paise: number }[];
    specialPaise: number;
    /** Overtime paid this month (see `overtime`); absent when none was paid. */
    overtimePaise?: number;
    arrearsPaise?: number;
    totalPaise: number;
  };
  /** The salary structure in force at the month's end (each of `salaryPeriods` names its own); absent for the company default. */
  structureName?: string;
  deductions: {
    providentFundPaise: number;
    esiPaise: number;
    professionalTaxPaise: number;
    tdsPaise: number;
    /** Of deductions an earlier month's 50% limit carried here (absent on slips made before the limit). */
    recoveredPaise?: number;
    /** Deductions the 50% limit left for the next month. */
    carriedForwardPaise?: number;
    /** The employee's PF share of earlier months recovered with the Inspector's consent (pfCorrections). */
    pfArrearsPaise?: number;
    totalPaise: number;
  };
  /** Paid by the employer on top of pay (not deducted). */
  employer: StatutoryDeductions['employer'];
  /** Where the statutory lines come from. */
  statutory: {
    stateOfWork: string;
    /** The state's name; null for a code not known here. */
    stateName: string | null;
    /** 'levied' (a table applied, maybe nil), 'none' (no PT in that state), 'no-table' (not known here: nothing deducted). */
    professionalTaxStatus: 'levied' | 'none' | 'no-table';
    taxRegime: TaxRegime;
    pfWagesPaise: number;
    /** What the PF return (ECR) reports: EPF wages (capped unless on full wages), EPS and EDLI wages (capped). */
    epfWagesPaise: number;
    epsWagesPaise: number;
    /** EDLI wages (capped); missing on slips stored before it was recorded (then equal to EPS wages). */
    edliWagesPaise?: number;
    /** The PF wage ceiling the month was computed on (day-weighted in a month it changed in), and how. */
    pfCeilingPaise?: number;
    pfCeilingNote?: string | null;
    /** The establishment's monthly minimum of PF administration charges in force (the register applies it). */
    pfAdminMinimumPaise?: number;
    /** False for an excluded employee: no PF, not in the ECR. */
    pfMember?: boolean;
    /** Why the pension share is nil or part of the month (58 or more, not eligible); null when paid in full. */
    epsNote?: string | null;
    /** The statutory rule versions used (PF, ESI, the state's professional-tax table): key, first day in force, source. */
    ruleVersions?: { key: string; effectiveFrom: string; source: string }[];
    esiCovered: boolean;
    /** Why ESI covers the employee or not, the limit and the period's start (absent on older slips). */
    esi?: {
      reason: EsiCoverageReason;
      limitPaise: number;
      /** 'YYYY-MM': the contribution period's first month. */
      periodStart: string;
      periodStartGrossPaise: number;
      employeeExempt: boolean;
      wages: EsiWagesBasis;
      /** The month's ESI wages (earned), what the ESI return reports. */
      wagesPaise: number;
    };
    /** The PT exemption applied, with its source; absent when none. */
    professionalTaxExemption?: string;
    /** PT's inputs beyond the state and the gross, so a back-dated table can recompute it (absent on older slips). */
    professionalTaxBasis?: ProfessionalTaxBasis;
    /** The 50% limit of the month (Code on Wages s.18) and the TDS above it the later months take over. */
    deductionLimitPaise?: number;
    tdsRespreadPaise?: number;
    /** Where the carried deductions came from. */
    carriedFrom?: string | null;
    /** How half days were paid. */
    halfDayPay?: HalfDayPay;
    /** The professional tax slab applied, for the state-wise PT return; null when none was. */
    professionalTaxSlab: { fromPaise: number; untilPaise: number | null } | null;
    /** The month's financial year ('2025-26'). */
    financialYear: string;
    /** The financial year whose income-tax rates were used: another one when incomeTaxFromAnotherYear. */
    incomeTaxRatesYear: string;
    /** The year's projected income tax (cess included). */
    projectedAnnualTaxPaise: number;
    /** True when the month's financial year has no income-tax table yet and the nearest is used. */
    incomeTaxFromAnotherYear: boolean;
    /** True when this month's TDS is the s.206AA minimum for an employee without a PAN (20% of the month's taxable salary). */
    tdsAtNoPanRate: boolean;
    /** The income-tax estimate's basis (optional: slips approved before it was recorded lack it). */
    incomeTax?: {
      ageBand: AgeBand;
      /** This month's HRA exemption (old regime, rent declared), and the year's as projected. */
      hraExemptPaise: number;
      hraExemptYearPaise: number;
      /** All deductions the year's estimate took off the projected salary, and the taxable income it taxed. */
      deductionsPaise: number;
      taxableIncomePaise: number;
      projectedSalaryPaise: number;
      /** Earlier employer's figures counted this year (salary less exemptions, and TDS). */
      previousSalaryPaise: number;
      previousTaxPaise: number;
    };
  };
  netPaise: number;
  netInWords: string;
  /** Lines that explain the figures (slip-notes.ts); absent on older slips. */
  notes?: string[];
}

export type SlipInputProblem = 'invalid' | 'future-month' | 'before-joining' | 'after-leaving';

/** A month the slip cannot be made for; `problem` says why, `message` says it to a person. */
export class SlipInputError extends Error {
  constructor(
    readonly problem: SlipInputProblem,
    message: string,
  ) {
    super(message);
  }
}

const DATE_RE = /^\d{4}-\d{2}-\d{2}$/;

/** Throws SlipInputError unless a slip can be made for `month`: not in the future, not before joining. */
export function checkSlipMonth(month: string, joinedOn: string, today: string, leftOn?: string | null): void {
  if (!isPayMonth(month)) throw new SlipInputError('invalid', 'month must be a month written YYYY-MM');
  if (!DATE_RE.test(joinedOn)) throw new SlipInputError('invalid', 'joining date must be written YYYY-MM-DD');
  if (!DATE_RE.test(today)) throw new SlipInputError('invalid', 'today must be written YYYY-MM-DD');
  checkMonthStarted(month, today);
  if (month < joinedOn.slice(0, 7)) {
    throw new SlipInputError('before-joining', `There is no salary slip for ${monthLabel(month)}: the employee joined on ${joinedOn}`);
  }
  if (leftOn && month > leftOn.slice(0, 7)) {
    throw new SlipInputError('after-leaving', `There is no salary slip for ${monthLabel(month)}: the employee left on ${leftOn}`);
  }
}

/** Throws SlipInputError('future-month') when `month` is after the month of `today`. */
export function checkMonthStarted(month: string, today: string): void {
  if (month > today.slice(0, 7)) {
    throw new SlipInputError('future-month', `${monthLabel(month)} has not started yet; salary slips can be made up to the current month`);
  }
}


/** The policy with the salary structure in force on `month`'s last day (for that month's computation), or `base` without one. */
export function policyAtMonthEnd(base: PayrollPolicy, revisions: readonly SalaryRevisionFact[] | undefined, month: string): PayrollPolicy {
  if (!revisions?.length || !isPayMonth(month)) return base;
  const st = structureOn(`${month}-${String(daysInMonth(month)).padStart(2, '0')}`, revisions, month);
  return st ? policyWithStructure(base, st) : base;
}

/** Computes the slip; throws SlipInputError for a future month, a month before joining or bad input. */
export function computeSalarySlip(input: SlipInput): SalarySlip {
  const { month, joinedOn, today, monthlyGrossPaise } = input;
  // A person's salary structure (the one in force on the month's last day) replaces the default split.
  const monthEnd = isPayMonth(month) ? `${month}-${String(daysInMonth(month)).padStart(2, '0')}` : `${month}-31`;
  const basePolicy = input.policy ?? DEFAULT_PAYROLL_POLICY;
  // The policy of another month's end (an approved month's Basic and HRA when they were not stored).
  const policyAt = (m: string): PayrollPolicy => policyAtMonthEnd(basePolicy, input.salaryRevisions, m);
  const structure = input.salaryRevisions?.length ? structureOn(monthEnd, input.salaryRevisions, month) : null;
  const policy = structure ? policyWithStructure(basePolicy, structure) : basePolicy;
  if (!Number.isSafeInteger(monthlyGrossPaise) || monthlyGrossPaise < 0) {
    throw new SlipInputError('invalid', 'monthly gross must be a whole, non-negative number of paise');
  }
  const leftOn = input.leftOn ?? null;
  checkSlipMonth(month, joinedOn, today, leftOn);

  const calendar = input.calendar ?? weeklyOffCalendar(policy.weeklyOffDays);
  const basis = { payBasis: input.payBasis ?? 'attendance', absent: input.absentDates } as const;
  const counted = paidUpTo(countDays(month, joinedOn, today, input.presentDates, input.approvedLeaveDates, policy, input.calendar, input.unpaidLeaveDates, basis), month, leftOn, calendar);
  const dates = datesOfMonth(month);
  const payableFrom = joinedOn > dates[0]! ? joinedOn : dates[0]!;
  const payableTo = leftOn && leftOn < dates[dates.length - 1]! ? leftOn : dates[dates.length - 1]!;
  // Half days on working days in the payable window (H on a weekly off or holiday earns nothing extra).
  const halfDayPay: HalfDayPay = input.halfDays?.pay ?? 'half';
  const halfDays = [...(input.halfDays?.dates ?? [])].filter(
    (d) => d.startsWith(month) && d >= payableFrom && d <= payableTo && input.presentDates.has(d) && !isWeeklyOff(d, calendar.weeklyOff) && !calendar.holidays.has(d),
  ).length;
  const halfDayLop = halfDayPay === 'half' ? halfDays / 2 : 0;
  // Late marks cost whole or half days, never more than the time lost nor the days left to pay.
  const late = lateMarkLop(input.lateMarks, counted.paid - halfDayLop);
  // Paid days in units of 1/den of a day: half days and minutes of late marks are exact.
  const den = late.den;
  const paidNum = (counted.paid - halfDayLop) * den - late.num;
  const days = { ...counted, paid: paidNum / den };
  // Periods of one rate and one structure: a revision or a structure from a day inside the month splits it.
  const periods = ratePeriods(input.salaryRevisions ?? [], month, dates[0]!, dates[dates.length - 1]!, monthlyGrossPaise, { structures: true });
  const periodPolicy = (p: (typeof periods)[number]) => (p.structure ? policyWithStructure(basePolicy, p.structure) : basePolicy);
  const endRate = periods[periods.length - 1]!.monthlyGrossPaise;
  if (!Number.isSafeInteger(endRate) || periods.some((p) => p.monthlyGrossPaise < 0)) throw new SlipInputError('invalid', 'monthly gross must be a whole, non-negative number of paise');
  // With a rate change in the month, the half days' and late marks' loss comes off the last periods first.
  const periodDays = periods.length > 1 ? paidDaysByPeriod(periods, counted, halfDayLop + late.days, joinedOn, leftOn, calendar) : [days.paid];
  const base = periods.map((p, i) => earningsFor(p.monthlyGrossPaise, Math.round(periodDays[i]! * den), days.working * den, periodPolicy(p)));
  const pay = base.reduce((a, b) => ({ basic: a.basic + b.basic, hra: a.hra + b.hra, allowances: addAllowances(a.allowances, b.allowances), special: a.special + b.special, total: a.total + b.total }));
  const rate = earningsFor(endRate, days.working, days.working, policy);
  const arrears = (input.arrears ?? []).map((a) => ({ ...a }));
  const arrearsPaise = arrears.reduce((sum, a) => sum + a.amountPaise, 0);
  const arrearsPf = { grossPaise: arrearsPaise, epfWagesPaise: arrears.reduce((sum, a) => sum + a.pfWagesPaise, 0), epsWagesPaise: arrears.reduce((sum, a) => sum + a.epsWagesPaise, 0) };
  const overtime = slipOvertime(input.overtime, endRate, rate.basic, days.working);
  const overtimePaise = overtime?.amountPaise ?? 0;
  const earnedTotal = pay.total + overtimePaise + arrearsPaise;
  const st = input.statutory ?? {};
  const wholeLop = days.lopDates.length;
  const windowDays = dayOf(payableTo) - dayOf(payableFrom) + 1;
  const calendarPaid = days.paid > 0 ? Math.max(0, windowDays - wholeLop) : 0;
  // The rate the ESI period started with: an approved month's, else the salary history's on the
  // period's first day (or at joining), else the rate now.
  const esiPeriod = esiPeriodStart(month, st.rules?.book);
  const periodFirst = `${esiPeriod}-01` > joinedOn ? `${esiPeriod}-01` : joinedOn;
  const esiStart = st.esiPeriodStartGrossPaise ?? ratePeriods(input.salaryRevisions ?? [], periodFirst.slice(0, 7), periodFirst, periodFirst, endRate)[0]!.monthlyGrossPaise;
  const esiStartParts = earningsFor(esiStart, 1, 1, policy);
  const taxRegime: TaxRegime = st.taxRegime ?? 'new';
  const stateOfWork = (st.stateOfWork ?? policy.defaultStateOfWork).toUpperCase();
  // A leaver's TDS is projected to the leaving month only, when that is before the year's last month.
  const leftMonth = leftOn?.slice(0, 7);
  const lastMonth = leftMonth && leftMonth < lastMonthOfFinancialYear(month) ? leftMonth : undefined;
  const common: TaxCommon = {
    state: stateOfWork,
    gender: st.gender ?? undefined,
    taxRegime,
    pfOnFullWages: st.pfOnFullWages ?? false,
    panMissing: st.panMissing ?? false,
    lastMonth,
    dateOfBirth: st.dateOfBirth ?? null,
    disabled: st.disabled ?? false,
    declarations: taxRegime === 'old' ? (st.declarations ?? null) : null,
    book: st.rules?.book,
    settings: st.rules?.settings,
    pfPerson: st.pfPerson,
  };
  // A leaver in March is in the year's last month anyway; a half-yearly PT state deducts in the leaving month.
  const leavingThisMonth = leftMonth === month;
  const ptHalfYear = halfYearGrossOf(month, joinedOn, endRate, policy, st.paidMonths) + earnedTotal;
  let statutory: StatutoryDeductions;
  try {
    const { ytd: yearToDate, hraExempt } = yearToDateOf(month, joinedOn, endRate, policy, common, st.paidMonths, st.previousEmployment, policyAt);
    statutory = statutoryDeductions({
      ...common,
      lastMonth: leavingThisMonth ? month : lastMonth,
      month,
      // Overtime is remuneration but not basic: in the gross, outside PF's basic wages.
      earned: { grossPaise: pay.total + overtimePaise, basicPaise: pay.basic },
      arrears: arrearsPf,
      rate: { grossPaise: rate.total, basicPaise: rate.basic },
      earnedHraPaise: pay.hra,
      rateHraPaise: rate.hra,
      hraExemptYearToDatePaise: hraExempt,
      yearToDate,
      esiPeriodStart: { grossPaise: esiStartParts.total, basicPaise: esiStartParts.basic },
      esiWages: st.esiWages ?? 'gross',
      daysPaid: calendarPaid,
      ptHalfYearGrossPaise: ptHalfYear,
      carriedInPaise: st.carriedIn?.paise ?? 0,
    });
  } catch (err) {
    // A month before the first version of a rule table (PF's starts in June 2018).
    if (err instanceof RangeError) throw new SlipInputError('invalid', `There is no salary slip for ${monthLabel(month)}: ${err.message}`);
    throw err;
  }
  const d = statutory.employee;
  const net = earnedTotal - d.totalPaise;
  const esi = statutory.esi;
  const round2 = (n: number) => Math.round(n * 100) / 100;

  const slip: SalarySlip = {
    month,
    monthLabel: monthLabel(month),
    payableFrom,
    payableTo,
    days: {
      calendar: daysInMonth(month),
      weeklyOff: days.weeklyOff,
      working: days.working,
      beforeJoining: days.beforeJoining,
      afterLeaving: days.afterLeaving ?? 0,
      lop: round2(wholeLop + halfDayLop + late.days),
      paid: round2(days.paid),
      halfDays,
      calendarPaid,
      ...(days.unmarkedDates && { unmarked: days.unmarkedDates.length }),
    },
    lopDates: days.lopDates,
    lateMarks: { count: input.lateMarks?.count ?? 0, lopDays: round2(late.days), minutes: input.lateMarks?.minutes, limitedToTimeLost: late.limitedToTimeLost },
    monthlyGrossPaise: endRate,
    ...(periods.length > 1 && {
      salaryPeriods: periods.map(({ from, to, monthlyGrossPaise: gross, structure: st }, i) => ({ from, to, monthlyGrossPaise: gross, paidDays: round2(periodDays[i]!), ...(st && { structureName: st.name }) })),
    }),
    ...(arrears.length > 0 && { arrears }),
    ...(overtime && { overtime }),
    earnings: {
      basicPaise: pay.basic,
      hraPaise: pay.hra,
      ...(pay.allowances.length > 0 && { allowances: pay.allowances }),
      specialPaise: pay.special,
      ...(overtimePaise > 0 && { overtimePaise }),
      ...(arrears.length > 0 && { arrearsPaise }),
      totalPaise: earnedTotal,
    },
    ...(policy.structureName !== undefined && { structureName: policy.structureName }),
    deductions: {
      providentFundPaise: d.pfPaise,
      esiPaise: d.esiPaise,
      professionalTaxPaise: d.professionalTaxPaise,
      tdsPaise: d.tdsPaise,
      recoveredPaise: d.recoveredPaise,
      carriedForwardPaise: statutory.deductionLimit.carriedForwardPaise,
      totalPaise: d.totalPaise,
    },
    employer: statutory.employer,
    statutory: {
      stateOfWork,
      stateName: (INDIAN_STATES as Record<string, string>)[stateOfWork] ?? statutory.professionalTax.stateName ?? null,
      professionalTaxStatus: statutory.professionalTax.status,
      taxRegime,
      pfWagesPaise: statutory.pfWagesPaise,
      epfWagesPaise: statutory.pf.epfWagesPaise,
      epsWagesPaise: statutory.pf.epsWagesPaise,
      edliWagesPaise: statutory.pf.edliWagesPaise,
      pfCeilingPaise: statutory.rules.pf.wageCeilingPaise,
      pfCeilingNote: statutory.rules.pf.ceilingNote,
      pfAdminMinimumPaise: statutory.rules.pf.adminMinimumPaise,
      pfMember: statutory.pfMember,
      epsNote: statutory.eps.reason,
      // PF's (ceiling first), ESI's, and the state's professional-tax table when one applied.
      ruleVersions: [...statutory.rules.pf.versions, ...statutory.rules.esi.versions, ...(statutory.professionalTax.version ? [statutory.professionalTax.version] : [])].map((v) => ({
        key: v.key,
        effectiveFrom: v.effectiveFrom,
        source: v.source,
      })),
      esiCovered: esi.covered,
      esi: {
        reason: esi.reason,
        limitPaise: esi.limitPaise,
        periodStart: esiPeriod,
        periodStartGrossPaise: esiStart,
        employeeExempt: esi.employeeExempt,
        wages: st.esiWages ?? 'gross',
        wagesPaise: statutory.esiWagesPaise,
      },
      ...(statutory.professionalTax.exemption ? { professionalTaxExemption: statutory.professionalTax.exemption } : {}),
      professionalTaxBasis: { gender: common.gender, halfYearGrossPaise: ptHalfYear, leavingMonth: leavingThisMonth, amountPaise: statutory.professionalTax.amountPaise },
      deductionLimitPaise: statutory.deductionLimit.limitPaise,
      tdsRespreadPaise: statutory.deductionLimit.tdsRespreadPaise,
      carriedFrom: st.carriedIn?.fromMonth ?? null,
      halfDayPay,
      professionalTaxSlab: statutory.professionalTax.slab ?? null,
      financialYear: financialYearOf(month),
      incomeTaxRatesYear: statutory.tds.financialYear,
      projectedAnnualTaxPaise: statutory.tds.annualTax.totalPaise,
      incomeTaxFromAnotherYear: statutory.rules.incomeTaxFromAnotherYear,
      tdsAtNoPanRate: statutory.tds.noPanRate,
      incomeTax: {
        ageBand: statutory.incomeTaxBasis.ageBand,
        hraExemptPaise: statutory.incomeTaxBasis.hraExemptThisMonthPaise,
        hraExemptYearPaise: statutory.incomeTaxBasis.hraExemptYearPaise,
        deductionsPaise: statutory.tds.deductionsPaise,
        taxableIncomePaise: statutory.tds.annualTax.taxableIncomePaise,
        projectedSalaryPaise: statutory.tds.projectedSalaryPaise,
        previousSalaryPaise: previousTaxable(st.previousEmployment),
        previousTaxPaise: st.previousEmployment?.taxPaise ?? 0,
      },
    },
    netPaise: net,
    netInWords: rupeesInWords(net),
  };
  slip.notes = slipNotes(slip);
  return slip;
}

const dayOf = (date: string) => Number(date.slice(8, 10));

/**
 * The month's overtime on the slip: none without minutes; the pay at the company's rate on the
 * ordinary hourly rate (the month-end gross or basic, over the month's working days or a fixed 26 or
 * 30, of the normal day's hours) when the company pays overtime, nothing otherwise.
 */
function slipOvertime(input: SlipOvertimeInput | undefined, grossRatePaise: number, basicRatePaise: number, workingDays: number): SlipOvertime | undefined {
  if (!input) return undefined;
  const minutes = input.dailyMinutes + input.weeklyMinutes;
  if (minutes <= 0) return undefined;
  const r = input.rules;
  const monthlyWagesPaise = r.rateWages === 'basic' ? basicRatePaise : grossRatePaise;
  const rateDays = overtimeRateDays(r.rateDays, workingDays);
  const pay = overtimePay({ minutes, monthlyWagesPaise, days: rateDays, normalDayMinutes: r.normalDayMinutes, rate: r.rate });
  return {
    minutes,
    dailyMinutes: input.dailyMinutes,
    weeklyMinutes: input.weeklyMinutes,
    paid: r.payable,
    rate: r.rate,
    hourlyRatePaise: pay.hourlyRatePaise,
    wages: r.rateWages,
    monthlyWagesPaise,
    rateDays,
    normalDayMinutes: r.normalDayMinutes,
    amountPaise: r.payable ? pay.amountPaise : 0,
  };
}

interface MonthDaysCount {
  weeklyOff: number;
  working: number;
  beforeJoining: number;
  afterLeaving?: number;
  lopDates: string[];
  paid: number;
  /** Under the pay basis 'leave': the unrecorded working days paid (up to the leaving day). */
  unmarkedDates?: string[];
}

/** Working, unpaid and paid days of a month (see the top of this file; the classification is month-days.ts). */
function countDays(
  month: string,
  joinedOn: string,
  today: string,
  present: ReadonlySet<string>,
  leave: ReadonlySet<string>,
  policy: PayrollPolicy,
  calendar: WorkCalendar | undefined,
  unpaidLeave: ReadonlySet<string> | undefined,
  basis: { payBasis: PayBasis; absent?: ReadonlySet<string> },
): MonthDaysCount {
  const { dates, kinds, weeklyOff, working, beforeJoining, lopDates } = classifyMonthDays({ month, joinedOn, today, present, leave, unpaidLeave, calendar: calendar ?? weeklyOffCalendar(policy.weeklyOffDays), ...basis });
  const unmarkedDates = basis.payBasis === 'leave' ? dates.filter((_, i) => kinds[i] === 'unmarked') : undefined;
  return { weeklyOff, working, beforeJoining, lopDates, paid: working - beforeJoining - lopDates.length, ...(unmarkedDates && { unmarkedDates }) };
}

/**
 * A leaver's month: the working days after the last day employed are not paid (as those before
 * joining are not), and none of them is loss of pay.
 */
function paidUpTo(days: MonthDaysCount, month: string, leftOn: string | null, calendar: WorkCalendar): MonthDaysCount {
  if (!leftOn || leftOn.slice(0, 7) !== month) return days;
  const afterLeaving = datesOfMonth(month).filter((d) => d > leftOn && !isWeeklyOff(d, calendar.weeklyOff)).length;
  const lopDates = days.lopDates.filter((d) => d <= leftOn);
  const unmarkedDates = days.unmarkedDates?.filter((d) => d <= leftOn);
  return { ...days, afterLeaving, lopDates, paid: days.paid - afterLeaving + (days.lopDates.length - lopDates.length), ...(unmarkedDates && { unmarkedDates }) };
}

/**
 * The paid days of each rate period: its working days from joining to leaving, less its LOP dates;
 * the half days' and late marks' LOP (`lateLop`, days) comes off the last periods first.
 */
function paidDaysByPeriod(periods: readonly { from: string; to: string }[], days: MonthDaysCount, lateLop: number, joinedOn: string, leftOn: string | null, calendar: WorkCalendar): number[] {
  const lop = new Set(days.lopDates);
  const paid = periods.map(({ from, to }) => {
    let n = 0;
    for (const date of datesOfMonth(from.slice(0, 7))) {
      if (date < from || date > to || date < joinedOn || (leftOn && date > leftOn)) continue;
      if (!isWeeklyOff(date, calendar.weeklyOff) && !lop.has(date)) n += 1;
    }
    return n;
  });
  let late = lateLop;
  for (let i = paid.length - 1; i >= 0 && late > 0; i--) {
    const taken = Math.min(late, paid[i]!);
    paid[i] = paid[i]! - taken;
    late -= taken;
  }
  return paid;
}

/**
 * Basic, HRA, special allowance and their total for `paid` of `working` days, whole rupees each.
 * Both are integers in the same unit (days, or fractions of a day: half days and minutes of late marks).
 */
function earningsFor(monthlyGrossPaise: number, paid: number, working: number, policy: PayrollPolicy) {
  // A month with no working day at all (the company's weekly offs and holidays cover every day; the
  // leave settings refuse such weekly offs now, but a calendar stored before may hold them) docks
  // nothing: every day of it was a paid day off (splitEarnings pays it in full).
  const c = splitEarnings(monthlyGrossPaise, paid, working, policy);
  return { basic: c.basicPaise, hra: c.hraPaise, allowances: c.allowances, special: c.specialPaise, total: c.totalPaise };
}

/** Allowances of several rate periods added up by name, in their order. */
function addAllowances(a: readonly { name: string; paise: number }[], b: readonly { name: string; paise: number }[]) {
  const out = a.map((x) => ({ ...x }));
  for (const x of b) {
    const same = out.find((y) => y.name === x.name);
    if (same) same.paise += x.paise;
    else out.push({ ...x });
  }
  return out;
}

// Day counts of whole months, per policy: a bulk run asks for the same few months thousands of times.
const fullMonthCache = new WeakMap<PayrollPolicy, Map<string, MonthDaysCount>>();
const NO_DATES: ReadonlySet<string> = new Set();

/** A month's days with every working day paid from joining on (no LOP): cached, as only the joining date within the month changes them. */
function fullMonthDays(month: string, joinedOn: string, policy: PayrollPolicy): MonthDaysCount {
  let cache = fullMonthCache.get(policy);
  if (!cache) fullMonthCache.set(policy, (cache = new Map()));
  const key = joinedOn > `${month}-01` ? `${month}|${joinedOn}` : month;
  let days = cache.get(key);
  if (!days) {
    // A 'today' before every date: no day is LOP, only the days before joining are unpaid.
    days = countDays(month, joinedOn, '0000-01-01', NO_DATES, NO_DATES, policy, undefined, undefined, { payBasis: 'attendance' });
    if (cache.size < 10_000) cache.set(key, days);
  }
  return days;
}

interface TaxCommon {
  state: string;
  gender?: Gender;
  taxRegime: TaxRegime;
  pfOnFullWages: boolean;
  panMissing: boolean;
  lastMonth?: string;
  dateOfBirth: string | null;
  disabled: boolean;
  declarations: OldRegimeDeclarations | null;
  book?: RuleBook;
  settings?: StatutorySettings;
  pfPerson?: { member: boolean; epsEligible: boolean; dateOfBirth: string | null };
}

/** An earlier employer's salary as it counts here: less what was exempt there. */
const previousTaxable = (p: PreviousEmployment | null | undefined) => (p ? Math.max(0, p.salaryPaise - p.exemptionsPaise) : 0);

/**
 * Professional tax in half-yearly states: the salary of the half-year (April–September,
 * October–March) before `month`: each approved month's pay, each other month from joining on
 * assumed at the current rate with no LOP (the joining month pro-rated).
 */
function halfYearGrossOf(month: string, joinedOn: string, monthlyGrossPaise: number, policy: PayrollPolicy, paid: ReadonlyMap<string, PaidMonth> = new Map()): number {
  const start = halfYearStart(month);
  let total = 0;
  for (const from of [start, ...monthsAfter(start, month)]) {
    if (from >= month) break;
    const actual = paid.get(from);
    if (actual) total += actual.salaryPaise;
    else if (from >= joinedOn.slice(0, 7)) {
      const days = fullMonthDays(from, joinedOn, policy);
      total += earningsFor(monthlyGrossPaise, days.paid, days.working, policy).total;
    }
  }
  return total;
}

/**
 * The financial year before `month`: each month from April on that was approved adds what it paid
 * (`paid`, even before a joining date edited later: it was paid); each other month from joining on is
 * assumed at the current rate with no LOP, the joining month pro-rated, its TDS computed on the
 * months before it; a joiner's year starts with an earlier employer's figures. Also the HRA
 * exemption of those months. Up to eleven pure computations, no I/O.
 */
function yearToDateOf(
  month: string,
  joinedOn: string,
  monthlyGrossPaise: number,
  policy: PayrollPolicy,
  common: TaxCommon,
  paid: ReadonlyMap<string, PaidMonth> = new Map(),
  previous?: PreviousEmployment | null,
  policyAt: (month: string) => PayrollPolicy = () => policy,
): { ytd: YearToDate; hraExempt: number } {
  const fyStart = firstMonthOfFinancialYear(month);
  // With nothing approved, declared or brought from an earlier employer, the year so far follows
  // from the month, the rate and the person's tax facts alone: people alike share one computation.
  const assumedOnly = paid.size === 0 && !previous && !common.declarations;
  const key = assumedOnly ? assumedYearKey(month, fyStart, joinedOn, monthlyGrossPaise, common) : '';
  const kept = assumedOnly ? assumedYears(policy, common).get(key) : undefined;
  if (kept) return { ytd: { ...kept.ytd }, hraExempt: kept.hraExempt };
  const computed = computeYearToDate(month, fyStart, joinedOn, monthlyGrossPaise, policy, common, paid, previous, policyAt);
  if (assumedOnly) {
    const years = assumedYears(policy, common);
    if (years.size >= 50_000) years.clear();
    years.set(key, { ytd: { ...computed.ytd }, hraExempt: computed.hraExempt });
  }
  return computed;
}

// Years to date of people with nothing approved yet, per policy, rule book and settings (each never
// changed once made), then by assumedYearKey. A register computes one per person; most share one.
const NO_BOOK = {};
const assumedYearCache = new WeakMap<PayrollPolicy, WeakMap<object, WeakMap<object, Map<string, { ytd: YearToDate; hraExempt: number }>>>>();

function assumedYears(policy: PayrollPolicy, common: TaxCommon): Map<string, { ytd: YearToDate; hraExempt: number }> {
  let byBook = assumedYearCache.get(policy);
  if (!byBook) assumedYearCache.set(policy, (byBook = new WeakMap()));
  const book = common.book ?? NO_BOOK;
  let bySettings = byBook.get(book);
  if (!bySettings) byBook.set(book, (bySettings = new WeakMap()));
  const settings = common.settings ?? NO_BOOK;
  let years = bySettings.get(settings);
  if (!years) bySettings.set(settings, (years = new Map()));
  return years;
}

/**
 * Everything computeYearToDate reads besides the policy, book and settings, when nothing was
 * approved or declared: a joining date before the year counts the same as any other such date.
 */
function assumedYearKey(month: string, fyStart: string, joinedOn: string, monthlyGrossPaise: number, c: TaxCommon): string {
  const joined = joinedOn <= `${fyStart}-01` ? '' : joinedOn;
  const pf = c.pfPerson ? `${c.pfPerson.member}/${c.pfPerson.epsEligible}/${c.pfPerson.dateOfBirth}` : '-';
  return `${month}|${joined}|${monthlyGrossPaise}|${c.state}|${c.gender}|${c.taxRegime}|${c.pfOnFullWages}|${c.panMissing}|${c.lastMonth}|${c.dateOfBirth}|${c.disabled}|${pf}`;
}

function computeYearToDate(
  month: string,
  fyStart: string,
  joinedOn: string,
  monthlyGrossPaise: number,
  policy: PayrollPolicy,
  common: TaxCommon,
  paid: ReadonlyMap<string, PaidMonth>,
  previous: PreviousEmployment | null | undefined,
  policyAt: (month: string) => PayrollPolicy,
): { ytd: YearToDate; hraExempt: number } {
  const joinedMonth = joinedOn.slice(0, 7);
  // A joiner's year starts with what an earlier employer paid and deducted (Form 12B; Form 122 from Tax Year 2026-27).
  const ytd: YearToDate = previous
    ? { salaryPaise: previousTaxable(previous), taxPaise: previous.taxPaise, employeePfPaise: previous.employeePfPaise, professionalTaxPaise: previous.professionalTaxPaise }
    : { ...NOTHING_YET };
  let hraExempt = 0;
  const rent = common.declarations?.rent;
  for (const from of [fyStart, ...monthsAfter(fyStart, month)]) {
    if (from >= month) break;
    const actual = paid.get(from);
    if (actual) {
      ytd.salaryPaise += actual.salaryPaise;
      ytd.taxPaise += actual.taxPaise;
      ytd.employeePfPaise += actual.employeePfPaise;
      ytd.professionalTaxPaise += actual.professionalTaxPaise;
      if (rent) hraExempt += hraExemptionForMonth(from, paidBasicAndHra(actual, policyAt(from)), rent, common.book);
      continue;
    }
    if (from < joinedMonth) continue;
    const days = fullMonthDays(from, joinedOn, policy);
    const pay = earningsFor(monthlyGrossPaise, days.paid, days.working, policy);
    const rate = earningsFor(monthlyGrossPaise, days.working, days.working, policy);
    const s = statutoryDeductions({
      ...common,
      month: from,
      earned: { grossPaise: pay.total, basicPaise: pay.basic },
      rate: { grossPaise: rate.total, basicPaise: rate.basic },
      earnedHraPaise: pay.hra,
      rateHraPaise: rate.hra,
      hraExemptYearToDatePaise: hraExempt,
      yearToDate: { ...ytd },
    });
    ytd.salaryPaise += pay.total;
    ytd.taxPaise += s.employee.tdsPaise;
    ytd.employeePfPaise += s.employee.pfPaise;
    ytd.professionalTaxPaise += s.employee.professionalTaxPaise;
    hraExempt += s.incomeTaxBasis.hraExemptThisMonthPaise;
  }
  return { ytd, hraExempt };
}

/**
 * An approved month's basic and HRA: as stored, or (months approved before they were stored) split
 * from its gross by the structure in force at that month's end (a fixed Basic held to the gross), or
 * the company default without one.
 */
export function paidBasicAndHra(paid: Pick<PaidMonth, 'salaryPaise' | 'basicPaise' | 'hraPaise'>, policy: PayrollPolicy): { basicPaise: number; hraPaise: number } {
  if (paid.basicPaise != null && paid.hraPaise != null) return { basicPaise: paid.basicPaise, hraPaise: paid.hraPaise };
  if (policy.basicMonthlyPaise != null) {
    const c = splitEarnings(paid.salaryPaise, 1, 1, policy);
    return { basicPaise: c.basicPaise, hraPaise: c.hraPaise };
  }
  const basic = Math.round((paid.salaryPaise * basisPoints(policy.basicPercentOfGross)) / 10_000);
  return { basicPaise: basic, hraPaise: Math.round((basic * basisPoints(policy.hraPercentOfBasic)) / 10_000) };
}
