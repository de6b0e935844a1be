/**
 * ESI and professional tax of a month already approved, computed again with a rule version added
 * since (a back-dated ESI rate or limit, a state's back-dated PT table): the same path as PF's
 * (pf-corrections.ts), on the slip's frozen facts, so only the rules move the difference.
 *
 * ESI facts: the month's ESI wages as approved, the monthly rate and the rate at the contribution
 * period's start (coverage), whether the higher limit for a person with disability applied, and the
 * calendar days paid (the ₹176-a-day exemption). Under the Code's wages (setting esiWages 'code')
 * the rates are not stored in that measure, so coverage stays as approved and only rates and the
 * exemption move. PT facts: the state, the month's gross paid, and the gender, half-year salary and
 * leaving month the slip stored (`professionalTaxBasis`); an employee exempt at approval stays exempt.
 *
 * "As approved" uses the versions the slip names; a slip that names none of a scheme's (stored before
 * versions were recorded), or whose figures its own versions do not give back, is not recomputed
 * (`null`): a difference is only ever the rules' own.
 *
 * Who pays a difference due. ESI: the employee's contribution may be recovered only from the wages
 * of the period it is payable for (ESI Act 1948 s.40(4) proviso), so the employer pays both shares.
 * Professional tax: the employer is liable for the tax it did not deduct (e.g. Maharashtra State Tax
 * on Professions Act 1975 s.4 and s.5), and no state Act lets the shortfall be taken from later pay
 * without the employee's say, so it is the employer's cost too. A difference that lowers either is
 * counted, not paid back by payroll: the excess is claimed from ESIC or the state's tax office.
 */
import { esiContribution, esiRulesFor, type EsiContribution, type EsiRules } from './esi';
import { professionalTax, type Gender } from './professional-tax';
import { ptKey } from './professional-tax-tables';
import { makeRuleBook, type RuleBook, type RuleVersion } from './rule-versions';

export type OtherScheme = 'esi' | 'pt';

/** The figures of an approved slip that ESI and PT are computed from; a structural subset of SalarySlip. */
export interface ApprovedEsiPtSlip {
  month: string;
  monthlyGrossPaise: number;
  days: { calendarPaid?: number };
  earnings: { totalPaise: number };
  deductions: { professionalTaxPaise: number; carriedForwardPaise?: number };
  employer: { esiPaise: number };
  statutory: {
    stateOfWork: string;
    esiCovered: boolean;
    esi?: { limitPaise: number; periodStartGrossPaise: number; wages: 'gross' | 'code'; wagesPaise: number };
    professionalTaxExemption?: string;
    professionalTaxBasis?: ProfessionalTaxBasis;
    ruleVersions?: readonly { key: string; effectiveFrom: string }[];
  };
}

/** What the slip stores of PT's inputs beyond its state and gross. */
export interface ProfessionalTaxBasis {
  gender?: Gender;
  halfYearGrossPaise?: number;
  leavingMonth?: boolean;
  /** The tax the table gave, before the 50% limit. */
  amountPaise?: number;
}

/** One approved month of one person under one scheme: shares as approved and now, in paise. */
export interface OtherDifference {
  scheme: OtherScheme;
  /** ESI wages (0 for PT); the wages now minus as approved (a person newly covered adds them all). */
  wagesPaise: number;
  employeePaise: number;
  employerPaise: number;
  /** As approved and now, for the register: the employee's share (PT: the tax) and the employer's. */
  approved: { employeePaise: number; employerPaise: number };
  now: { employeePaise: number; employerPaise: number };
}

/** The version of `key` the slip names, from the book; undefined where the slip names none. */
export function namedVersion<V>(named: readonly { key: string; effectiveFrom: string }[] | undefined, book: RuleBook, key: string): RuleVersion<V> | undefined {
  const v = named?.find((n) => n.key === key);
  return v && ((book.get(key) ?? []).find((x) => x.effectiveFrom === v.effectiveFrom) as RuleVersion<V> | undefined);
}

const ESI_KEYS = { employeeBp: 'esi.employeeRate', employerBp: 'esi.employerRate', wageCeilingPaise: 'esi.wageCeiling', disabilityWageCeilingPaise: 'esi.disabilityWageCeiling' } as const;

/** The month's ESI rules as the slip was computed; null for a slip that names no ESI version. */
export function esiRulesAsApproved(slip: ApprovedEsiPtSlip, book: RuleBook): EsiRules | null {
  const named = slip.statutory.ruleVersions;
  if (!named?.some((v) => v.key.startsWith('esi.'))) return null;
  const today = esiRulesFor(book, slip.month);
  const rules = { ...today };
  for (const [field, key] of Object.entries(ESI_KEYS)) rules[field as keyof typeof ESI_KEYS] = namedVersion<number>(named, book, key)?.value ?? today[field as keyof typeof ESI_KEYS];
  // No exemption named: none was in force when the month was approved.
  const exempt = namedVersion<number>(named, book, 'esi.exemptDailyWage');
  rules.exemptDailyWagePaise = exempt && exempt.value > 0 ? exempt.value : null;
  return rules;
}

const ESI_FIELDS = ['employeeBp', 'employerBp', 'wageCeilingPaise', 'disabilityWageCeilingPaise', 'exemptDailyWagePaise'] as const;

/** The cheap test before reading a month's slips: its ESI rules today against those one slip stored. */
export function esiRulesMoved(slip: ApprovedEsiPtSlip, book: RuleBook): boolean {
  const before = esiRulesAsApproved(slip, book);
  if (!before) return false;
  const after = esiRulesFor(book, slip.month);
  return ESI_FIELDS.some((f) => before[f] !== after[f]);
}

const TOO_HIGH = Number.MAX_SAFE_INTEGER;

/** ESI of the slip's frozen facts under both rule sets; null when the slip cannot be recomputed. */
export function esiDifference(slip: ApprovedEsiPtSlip, book: RuleBook): OtherDifference | null {
  const st = slip.statutory;
  const before = esiRulesAsApproved(slip, book);
  if (!st.esi || !before) return null;
  const gross = st.esi.wages === 'gross';
  // Coverage as approved where the rates are not stored in the Code's measure.
  const held = st.esiCovered ? 0 : TOO_HIGH;
  const input = {
    earnedWagesPaise: st.esi.wagesPaise,
    monthlyWagesPaise: gross ? slip.monthlyGrossPaise : held,
    periodStartWagesPaise: gross ? st.esi.periodStartGrossPaise : held,
    disabled: st.esi.limitPaise === before.disabilityWageCeilingPaise && st.esi.limitPaise !== before.wageCeilingPaise,
    daysPaid: slip.days.calendarPaid,
  };
  const approved = esiContribution(input, before);
  // The employer's share is never held back by the 50% limit: it must come out as the slip paid it.
  if (approved.covered !== st.esiCovered || approved.employerPaise !== slip.employer.esiPaise) return null;
  const now = esiContribution(input, esiRulesFor(book, slip.month));
  const wagesOf = (c: EsiContribution) => (c.covered ? input.earnedWagesPaise : 0);
  return {
    scheme: 'esi',
    wagesPaise: wagesOf(now) - wagesOf(approved),
    employeePaise: now.employeePaise - approved.employeePaise,
    employerPaise: now.employerPaise - approved.employerPaise,
    approved: { employeePaise: approved.employeePaise, employerPaise: approved.employerPaise },
    now: { employeePaise: now.employeePaise, employerPaise: now.employerPaise },
  };
}

/** The state's PT table the slip used (none in force then: null), and today's for the month. */
function ptVersions(slip: ApprovedEsiPtSlip, book: RuleBook) {
  const key = ptKey(slip.statutory.stateOfWork);
  return { key, approved: namedVersion(slip.statutory.ruleVersions, book, key) ?? null };
}

/** The cheap test for PT: the slip's state's table today against the one it used. */
export function ptRulesMoved(slip: ApprovedEsiPtSlip, book: RuleBook): boolean {
  if (!slip.statutory.ruleVersions) return false;
  const { approved } = ptVersions(slip, book);
  const now = ptNow(slip, book);
  return (approved?.effectiveFrom ?? null) !== (now.version?.effectiveFrom ?? null) || approved?.value !== now.version?.value;
}

const ptInput = (slip: ApprovedEsiPtSlip) => {
  const basis = slip.statutory.professionalTaxBasis ?? {};
  return {
    state: slip.statutory.stateOfWork,
    month: slip.month,
    earnedGrossPaise: Math.max(0, slip.earnings.totalPaise),
    gender: basis.gender,
    halfYearGrossPaise: basis.halfYearGrossPaise,
    leavingMonth: basis.leavingMonth,
  };
};
const ptNow = (slip: ApprovedEsiPtSlip, book: RuleBook) => professionalTax({ ...ptInput(slip), book });

/** Professional tax of the slip's frozen facts under both tables; null when the slip cannot be recomputed. */
export function ptDifference(slip: ApprovedEsiPtSlip, book: RuleBook): OtherDifference | null {
  const st = slip.statutory;
  // Before versions were recorded, the table used is unknown; an exemption is the person's, not the table's.
  if (!st.ruleVersions || st.professionalTaxExemption) return null;
  const { approved: version } = ptVersions(slip, book);
  const approved = professionalTax({ ...ptInput(slip), book: makeRuleBook(version ? [version] : []) });
  // What was deducted must come back (unless the 50% limit carried part of it to the next month).
  if (approved.amountPaise !== st.professionalTaxBasis?.amountPaise && approved.amountPaise !== slip.deductions.professionalTaxPaise && !slip.deductions.carriedForwardPaise) return null;
  const now = ptNow(slip, book);
  return {
    scheme: 'pt',
    wagesPaise: 0,
    employeePaise: now.amountPaise - approved.amountPaise,
    employerPaise: 0,
    approved: { employeePaise: approved.amountPaise, employerPaise: 0 },
    now: { employeePaise: now.amountPaise, employerPaise: 0 },
  };
}

/** The difference of one approved slip under `scheme`. */
export const otherDifference = (scheme: OtherScheme, slip: ApprovedEsiPtSlip, book: RuleBook) => (scheme === 'esi' ? esiDifference(slip, book) : ptDifference(slip, book));
export const otherRulesMoved = (scheme: OtherScheme, slip: ApprovedEsiPtSlip, book: RuleBook) => (scheme === 'esi' ? esiRulesMoved(slip, book) : ptRulesMoved(slip, book));

/** An ESI or PT difference of an earlier month paid with a later month; the employer pays it all. */
export interface StatutoryCorrection {
  scheme: OtherScheme;
  forMonth: string;
  reason: string;
  wagesPaise: number;
  employeePaise: number;
  employerPaise: number;
}

/** What the employer pays for a correction: both shares (the employee's cannot be taken from later wages). */
export const statutoryCorrectionCost = (c: Pick<StatutoryCorrection, 'employeePaise' | 'employerPaise'>) => c.employeePaise + c.employerPaise;
