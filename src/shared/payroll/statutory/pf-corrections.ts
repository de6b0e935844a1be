/**
 * PF of a month already approved, computed again with a rule version added since (a back-dated
 * ceiling or rate), and what to do with the difference.
 *
 * The difference of one approved month is its PF under the company's book today less its PF as
 * approved, both computed by `pfContribution` on the slip's frozen facts (the month's own PF wages,
 * whether it was on full wages, the member's share of the month in EPS, the arrears' PF wages), so
 * nothing but the rules moves it: attendance, salary and person facts changed since do not slip in.
 * "As approved" uses the ceiling the slip stored and the rate versions it names.
 *
 * Recovering the employee's share (EPF Scheme 1952 para 32(1), as verified on comply4hr.com
 * "Section 32: Recovery of a member's share or contribution"):
 * - the member's contribution is recovered by deduction from wages, and "no such deduction may be
 *   made from any wage other than that which is paid in respect of the period … in respect of which
 *   the contribution is payable" (first proviso);
 * - the exceptions are a false declaration at joining that the employee was not already a member
 *   (second proviso; not a rule change), and "where no such deduction has been made on account of an
 *   accidental mistake or a clerical error, such deduction may, with the consent in writing of the
 *   Inspector, be made from the subsequent wages" (third proviso);
 * - the Supreme Court held the clerical-error proviso not attracted where contributions became due
 *   for a past period by a retrospective notification (1991 (2) SCR 477, as summarised on
 *   aironline.in).
 * So by default the employee's share of a back-dated difference is the employer's cost: it is still
 * remitted to the member's account (para 30: the employer pays both shares in the first instance),
 * and nothing is deducted from later wages. Only when the company records the Inspector's written
 * consent is it deducted from the paying month's wages, and then within that month's 50% limit on
 * deductions (Code on Wages s.18); what does not fit stays the employer's cost. The employer's own
 * shares (EPF, EPS, EDLI, administration) can never be recovered from the employee (para 31).
 */
import { addPf, arrearsPfContribution, FULL_EPS, NO_EPS, NO_PF, pfContribution, pfRulesFor, type EpsShare, type PfContribution, type PfRules } from './pf';
import type { RuleBook } from './rule-versions';
import type { StatutorySettings } from './statutory-settings';

/** The figures of an approved slip that PF is computed from; a structural subset of SalarySlip. */
export interface ApprovedPfSlip {
  month: string;
  arrears?: readonly { pfWagesPaise: number; epsWagesPaise: number }[];
  statutory: {
    pfWagesPaise: number;
    epfWagesPaise: number;
    epsWagesPaise: number;
    edliWagesPaise?: number;
    pfCeilingPaise?: number;
    pfMember?: boolean;
    ruleVersions?: readonly { key: string; effectiveFrom: string }[];
  };
}

/** The facts PF was computed on at approval. */
export interface FrozenPfFacts {
  member: boolean;
  ownWagesPaise: number;
  onFullWages: boolean;
  eps: EpsShare;
  arrearsEpfWagesPaise: number;
  /** The arrears' EPS wages as the month used them (nil for a member outside EPS). */
  arrearsEpsWagesPaise: number;
}

export function frozenPfFacts(slip: ApprovedPfSlip): FrozenPfFacts {
  const st = slip.statutory;
  const arrearsEpf = (slip.arrears ?? []).reduce((n, a) => n + a.pfWagesPaise, 0);
  const arrearsEpsRaw = (slip.arrears ?? []).reduce((n, a) => n + a.epsWagesPaise, 0);
  const edli = st.edliWagesPaise ?? st.epsWagesPaise;
  // Arrears carried EPS wages only when the member was in EPS that month (statutory-deductions.ts).
  const arrearsEps = arrearsEpsRaw > 0 && st.epsWagesPaise >= arrearsEpsRaw && st.epsWagesPaise > 0 ? arrearsEpsRaw : 0;
  const ownEps = st.epsWagesPaise - arrearsEps;
  const ownEdli = edli - arrearsEps;
  const ownEpf = st.epfWagesPaise - arrearsEpf;
  const eps: EpsShare = ownEps <= 0 ? NO_EPS : ownEps >= ownEdli ? FULL_EPS : { days: ownEps, of: ownEdli };
  return {
    member: st.pfMember ?? true,
    ownWagesPaise: st.pfWagesPaise - arrearsEpf,
    // On full wages the EPF wages are above the capped (EDLI) wages.
    onFullWages: ownEpf > ownEdli,
    eps,
    arrearsEpfWagesPaise: arrearsEpf,
    arrearsEpsWagesPaise: arrearsEps,
  };
}

const PF_RATE_KEYS = { employeeBp: 'pf.employeeRate', employerBp: 'pf.employerRate', pensionBp: 'pf.pensionRate', edliBp: 'pf.edliRate', adminBp: 'pf.adminRate' } as const;

/** The month's PF rules as the slip was computed: its stored ceiling, and the rate versions it names. */
export function rulesAsApproved(slip: ApprovedPfSlip, book: RuleBook, settings: StatutorySettings): PfRules {
  const today = pfRulesFor(book, slip.month, settings.pfCeilingReading);
  const named = slip.statutory.ruleVersions ?? [];
  const valueOf = (key: string): number | undefined => {
    const v = named.find((n) => n.key === key);
    const found = v && (book.get(key) ?? []).find((x) => x.effectiveFrom === v.effectiveFrom);
    return found ? (found.value as number) : undefined;
  };
  const rates = Object.fromEntries(Object.entries(PF_RATE_KEYS).map(([field, key]) => [field, valueOf(key) ?? today[field as keyof typeof PF_RATE_KEYS]])) as Record<keyof typeof PF_RATE_KEYS, number>;
  return { ...today, ...rates, wageCeilingPaise: slip.statutory.pfCeilingPaise ?? today.wageCeilingPaise };
}

/** PF of the frozen facts under `rules`: the month's own contribution plus its arrears'. */
export function pfOfFacts(facts: FrozenPfFacts, rules: PfRules): PfContribution {
  if (!facts.member) return NO_PF;
  const own = pfContribution(facts.ownWagesPaise, rules, facts.onFullWages, facts.eps);
  if (!facts.arrearsEpfWagesPaise && !facts.arrearsEpsWagesPaise) return own;
  return addPf(own, arrearsPfContribution(facts.arrearsEpfWagesPaise, facts.arrearsEpsWagesPaise, rules));
}

const FIELDS = ['epfWagesPaise', 'epsWagesPaise', 'edliWagesPaise', 'employeePaise', 'employerEpfPaise', 'employerEpsPaise', 'edliPaise', 'adminPaise'] as const;

export const subtractPf = (a: PfContribution, b: PfContribution): PfContribution => Object.fromEntries(FIELDS.map((f) => [f, a[f] - b[f]])) as unknown as PfContribution;

export const isNilPf = (p: PfContribution) => FIELDS.every((f) => p[f] === 0);

/** One approved month of one person: PF as approved, under the book today, and the difference. */
export function pfDifference(slip: ApprovedPfSlip, book: RuleBook, settings: StatutorySettings): { approved: PfContribution; now: PfContribution; difference: PfContribution; ceilingApprovedPaise: number; ceilingNowPaise: number } {
  const facts = frozenPfFacts(slip);
  const before = rulesAsApproved(slip, book, settings);
  const after = pfRulesFor(book, slip.month, settings.pfCeilingReading);
  const approved = pfOfFacts(facts, before);
  const now = pfOfFacts(facts, after);
  return { approved, now, difference: subtractPf(now, approved), ceilingApprovedPaise: before.wageCeilingPaise, ceilingNowPaise: after.wageCeilingPaise };
}

/**
 * A cheap test before reading every slip of a month: the month's PF rules under the book today
 * against those one slip of it stored. Different ceilings or rate versions: the month may be affected.
 */
export function pfRulesMoved(slip: ApprovedPfSlip, book: RuleBook, settings: StatutorySettings): boolean {
  const before = rulesAsApproved(slip, book, settings);
  const after = pfRulesFor(book, slip.month, settings.pfCeilingReading);
  return (['wageCeilingPaise', ...Object.keys(PF_RATE_KEYS)] as const).some((k) => before[k as keyof PfRules] !== after[k as keyof PfRules]);
}

/** How the company settles the employee's share of a back-dated difference (para 32(1), above). */
export type EmployeeShareRecovery = { kind: 'employer' } | { kind: 'inspector-consent'; reference: string; consentedOn: string };

/** What of a positive employee-share difference may be deducted from later wages: nothing, unless the Inspector consented in writing. */
export function recoverableEmployeeShare(employeeDifferencePaise: number, recovery: EmployeeShareRecovery): number {
  return recovery.kind === 'inspector-consent' ? Math.max(0, employeeDifferencePaise) : 0;
}

/**
 * A PF difference of an earlier month paid with a later month's contributions; money in paise. Its
 * wages and shares are the difference's (the employee's share is what is due to the fund for that month).
 */
export interface PfCorrection extends PfContribution {
  /** 'YYYY-MM': the approved month it is for. */
  forMonth: string;
  reason: string;
  /** Of the employee's share, what may be deducted from this month's wages (0 without the Inspector's consent). */
  recoverablePaise: number;
}

/** A correction as the paying month's slip shows it: what its wages gave, and what the employer bears. */
export interface SlipPfCorrection extends PfCorrection {
  recoveredPaise: number;
  /** The employee's share the employer pays: not recoverable, or beyond the 50% limit. */
  employerBornePaise: number;
}

/** The corrections' employer cost: its own shares and the employee's share it bears. */
export const employerCostOf = (c: SlipPfCorrection) => c.employerEpfPaise + c.employerEpsPaise + c.edliPaise + c.adminPaise + c.employerBornePaise;

/**
 * The recoveries a month's wages can carry: each correction's recoverable share, in order, within
 * what the 50% limit leaves (`headroomPaise`); the rest is the employer's.
 */
export function settleCorrections(corrections: readonly PfCorrection[], headroomPaise: number): SlipPfCorrection[] {
  let left = Math.max(0, headroomPaise);
  return corrections.map((c) => {
    const recovered = Math.min(c.recoverablePaise, left);
    left -= recovered;
    return { ...c, recoveredPaise: recovered, employerBornePaise: c.employeePaise - recovered };
  });
}
