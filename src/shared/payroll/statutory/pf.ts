/**
 * Provident fund (EPF, EPS, EDLI and EPFO administration charges) for one month's PF wages.
 *
 * - Employee: 12% of the contributory wages (EPF Scheme 1952 para 29; EPF & MP Act s.6).
 * - Employer: 12% too, of which 8.33% of wages up to the ceiling goes to the pension fund
 *   (EPS 1995 para 3(2)) for a member of it; the rest goes to EPF. A member aged 58 or more, or not
 *   eligible for EPS (pf-membership.ts), has no pension share: the whole 12% goes to EPF and the
 *   ECR's EPS wages are 0 (EPFO's ECR field notes: "In case of the member over 58 years age, the
 *   wages should be '0' even in case there are PF wages").
 * - Wage ceiling: a dated rule (rule-catalogue.ts): ₹15,000 from 1 Sep 2014 (GSR 609(E)), ₹25,000
 *   from 17 Sep 2026 (S.O. 5109(E)). Contributions on wages above it are voluntary (para 26(6)):
 *   with `onFullWages` both shares are on full wages, the pension share and EDLI stay capped.
 * - A ceiling that changes inside a month (September 2026) is applied as the company's setting says
 *   (PF_CEILING_READINGS below): by default day-weighted, as EPFO's wage-ceiling FAQ Q7 does.
 * - EDLI: 0.5% of wages up to the ceiling, employer only (EDLI Scheme 1976 para 8).
 * - Administration charges: 0.5% of the EPF wages, employer only (S.O. 2011(E), from 1 Jun 2018);
 *   the ₹500 monthly minimum is per establishment, so the register adds it (payroll-register.ts).
 * - Rounding: each contribution to the nearest rupee, as the EPFO's ECR does.
 */
import { rupeesNearest } from './rounding';
import { monthBounds, requireVersionOn, versionSpans, type RuleBook, type RuleVersion } from './rule-versions';

/** How a month the PF ceiling changes in is computed. */
export const PF_CEILING_READINGS = ['day-weighted', 'old-for-month', 'new-for-month'] as const;
export type PfCeilingReading = (typeof PF_CEILING_READINGS)[number];

export interface PfRules {
  employeeBp: number;
  employerBp: number;
  pensionBp: number;
  /** The ceiling the month is computed on: day-weighted in a month it changes in, by default. */
  wageCeilingPaise: number;
  edliBp: number;
  adminBp: number;
  adminMinimumPaise: number;
  /** Every version the month used, ceiling first. */
  versions: RuleVersion<number>[];
  /** How a month with two ceilings was computed; null in a month with one. */
  ceilingNote: string | null;
}

const rupeeText = (paise: number) => `₹${(paise / 100).toLocaleString('en-IN', { maximumFractionDigits: 2 })}`;

/** The PF rules of `month` from the company's book, the ceiling read as `reading` says when it changes inside the month. */
export function pfRulesFor(book: RuleBook, month: string, reading: PfCeilingReading = 'day-weighted'): PfRules {
  const { from, to } = monthBounds(month);
  const at = (key: string) => requireVersionOn<number>(book, key, from);
  const spans = versionSpans<number>(book, 'pf.wageCeiling', from, to);
  let ceiling = spans[0]!.version.value;
  let ceilingNote: string | null = null;
  const distinct = new Set(spans.map((s) => s.version.value));
  if (distinct.size > 1) {
    const total = spans.reduce((n, s) => n + s.days, 0);
    if (reading === 'day-weighted') {
      // Σ ceiling × days ÷ days of the month, to the paisa (half up).
      const weighted = spans.reduce((n, s) => n + BigInt(s.version.value) * BigInt(s.days), 0n);
      ceiling = Number((2n * weighted + BigInt(total)) / (2n * BigInt(total)));
      ceilingNote = `${spans.map((s) => `${rupeeText(s.version.value)} for ${s.days} days`).join(' and ')}: ${rupeeText(ceiling)} (day-weighted, EPFO wage-ceiling FAQ Q7)`;
    } else if (reading === 'new-for-month') {
      ceiling = spans.at(-1)!.version.value;
      ceilingNote = `${rupeeText(ceiling)} for the whole month (the ceiling in force on its last day)`;
    } else {
      ceilingNote = `${rupeeText(ceiling)} for the whole month (the ceiling in force on its first day)`;
    }
  }
  const rates = ['pf.employeeRate', 'pf.employerRate', 'pf.pensionRate', 'pf.edliRate', 'pf.adminRate', 'pf.adminMinimum'].map(at);
  const [employee, employer, pension, edli, admin, adminMinimum] = rates as [RuleVersion<number>, RuleVersion<number>, RuleVersion<number>, RuleVersion<number>, RuleVersion<number>, RuleVersion<number>];
  return {
    employeeBp: employee.value,
    employerBp: employer.value,
    pensionBp: pension.value,
    wageCeilingPaise: ceiling,
    edliBp: edli.value,
    adminBp: admin.value,
    adminMinimumPaise: adminMinimum.value,
    versions: [...spans.map((s) => s.version), ...rates],
    ceilingNote,
  };
}

/** The share of the month a member is in the pension scheme: all of it, none, or some days (`days` of `of`). */
export type EpsShare = { days: number; of: number };
export const FULL_EPS: EpsShare = { days: 1, of: 1 };
export const NO_EPS: EpsShare = { days: 0, of: 1 };

export interface PfContribution {
  /** Wages the EPF shares are computed on: capped at the ceiling unless on full wages. */
  epfWagesPaise: number;
  /** Wages the pension share is computed on: capped; 0 for a member outside EPS (58+, not eligible). */
  epsWagesPaise: number;
  /** Wages EDLI is computed on: capped. */
  edliWagesPaise: number;
  employeePaise: number;
  /** Employer's share to EPF: 12% less the pension share. */
  employerEpfPaise: number;
  employerEpsPaise: number;
  edliPaise: number;
  adminPaise: number;
}

export const NO_PF: PfContribution = { epfWagesPaise: 0, epsWagesPaise: 0, edliWagesPaise: 0, employeePaise: 0, employerEpfPaise: 0, employerEpsPaise: 0, edliPaise: 0, adminPaise: 0 };

/** PF for one month's PF wages (see wages.ts), in paise rounded to rupees; `eps` the share of the month in the pension scheme. */
export function pfContribution(pfWagesPaise: number, rules: Pick<PfRules, 'employeeBp' | 'employerBp' | 'pensionBp' | 'wageCeilingPaise' | 'edliBp' | 'adminBp'>, onFullWages = false, eps: EpsShare = FULL_EPS): PfContribution {
  const capped = Math.min(pfWagesPaise, rules.wageCeilingPaise);
  const epfWages = onFullWages ? pfWagesPaise : capped;
  const employerTotal = rupeesNearest(epfWages, rules.employerBp);
  // EPS wages are whole rupees in the ECR; a part month is the capped wages × days ÷ days, to the rupee.
  const epsWages = eps.days >= eps.of ? capped : eps.days <= 0 ? 0 : rupeesNearest(Math.round((capped * eps.days) / eps.of), 10_000);
  const pension = Math.min(rupeesNearest(epsWages, rules.pensionBp), employerTotal);
  return {
    epfWagesPaise: epfWages,
    epsWagesPaise: epsWages,
    edliWagesPaise: capped,
    employeePaise: rupeesNearest(epfWages, rules.employeeBp),
    employerEpfPaise: employerTotal - pension,
    employerEpsPaise: pension,
    edliPaise: rupeesNearest(capped, rules.edliBp),
    adminPaise: rupeesNearest(epfWages, rules.adminBp),
  };
}

/**
 * PF on arrears of earlier months paid now: the wages each line adds were already held to the ceiling
 * of the month it is for (so three months' arrears are not squeezed under one month's ceiling), so
 * the shares are on them as given. Same rates and rounding as a month's contribution.
 */
export function arrearsPfContribution(epfWagesPaise: number, epsWagesPaise: number, rules: PfRules): PfContribution {
  const employerTotal = rupeesNearest(epfWagesPaise, rules.employerBp);
  const eps = Math.min(rupeesNearest(epsWagesPaise, rules.pensionBp), employerTotal);
  return {
    epfWagesPaise,
    epsWagesPaise,
    edliWagesPaise: epsWagesPaise,
    employeePaise: rupeesNearest(epfWagesPaise, rules.employeeBp),
    employerEpfPaise: employerTotal - eps,
    employerEpsPaise: eps,
    edliPaise: rupeesNearest(epsWagesPaise, rules.edliBp),
    adminPaise: rupeesNearest(epfWagesPaise, rules.adminBp),
  };
}

/** Two contributions added field by field (a month's own and its arrears'). */
export function addPf(a: PfContribution, b: PfContribution): PfContribution {
  return {
    epfWagesPaise: a.epfWagesPaise + b.epfWagesPaise,
    epsWagesPaise: a.epsWagesPaise + b.epsWagesPaise,
    edliWagesPaise: a.edliWagesPaise + b.edliWagesPaise,
    employeePaise: a.employeePaise + b.employeePaise,
    employerEpfPaise: a.employerEpfPaise + b.employerEpfPaise,
    employerEpsPaise: a.employerEpsPaise + b.employerEpsPaise,
    edliPaise: a.edliPaise + b.edliPaise,
    adminPaise: a.adminPaise + b.adminPaise,
  };
}
