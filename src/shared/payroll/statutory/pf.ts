/**
 * Provident fund (EPF, EPS, EDLI and EPFO administration charges) for one month's PF wages.
 *
 * - Employee: 12% of the contributory wages (EPF Scheme 1952 para 29; EPF & MP Act s.6).
 * - Employer: 12% too, of which 8.33% of wages up to the ceiling goes to the pension fund
 *   (EPS 1995 para 3), at most 8.33% × ₹15,000 = ₹1,249.50 → ₹1,250; the rest goes to EPF.
 * - Wage ceiling ₹15,000 a month from 1 September 2014 (GSR 609(E), 22 August 2014); before it
 *   ₹6,500. Contributions on wages above the ceiling are voluntary (EPF Scheme para 26(6)): with
 *   `onFullWages` both shares are on full wages, the pension share stays capped.
 * - EDLI: 0.5% of wages up to the ceiling, employer only (EDLI Scheme 1976 para 8).
 * - Administration charges: 0.5% of the EPF wages, employer only (reduced from 0.65% from 1 June
 *   2018 by the Ministry of Labour's notification); the ₹500 monthly minimum is per establishment,
 *   so it belongs to the monthly return, not to a slip.
 * - Rounding: each contribution to the nearest rupee, as the EPFO's ECR does.
 */
import { rupeesNearest } from './rounding';
import type { Dated } from './rule-table';

export interface PfRules extends Dated {
  employeeBp: number;
  employerBp: number;
  pensionBp: number;
  wageCeilingPaise: number;
  edliBp: number;
  adminBp: number;
  source: string;
}

export const PF_RULES: readonly PfRules[] = [
  {
    effectiveFrom: '2018-06-01',
    employeeBp: 1_200,
    employerBp: 1_200,
    pensionBp: 833,
    wageCeilingPaise: 15_000_00,
    edliBp: 50,
    adminBp: 50,
    source: 'EPF Scheme 1952 para 29; EPS 1995 para 3; ceiling ₹15,000 from 1 Sep 2014 (GSR 609(E)); EDLI Scheme 1976 para 8; admin charges 0.5% from 1 Jun 2018',
  },
];

export interface PfContribution {
  /** Wages the EPF shares are computed on: capped at the ceiling unless on full wages. */
  epfWagesPaise: number;
  /** Wages the pension share and EDLI are computed on: always capped. */
  epsWagesPaise: number;
  employeePaise: number;
  /** Employer's share to EPF: 12% less the pension share. */
  employerEpfPaise: number;
  employerEpsPaise: number;
  edliPaise: number;
  adminPaise: number;
}

/** PF for one month's PF wages (see wages.ts), in paise rounded to rupees. */
export function pfContribution(pfWagesPaise: number, rules: PfRules, onFullWages = false): PfContribution {
  const capped = Math.min(pfWagesPaise, rules.wageCeilingPaise);
  const epfWages = onFullWages ? pfWagesPaise : capped;
  const employerTotal = rupeesNearest(epfWages, rules.employerBp);
  const eps = Math.min(rupeesNearest(capped, rules.pensionBp), employerTotal);
  return {
    epfWagesPaise: epfWages,
    epsWagesPaise: capped,
    employeePaise: rupeesNearest(epfWages, rules.employeeBp),
    employerEpfPaise: employerTotal - eps,
    employerEpsPaise: eps,
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
    employeePaise: a.employeePaise + b.employeePaise,
    employerEpfPaise: a.employerEpfPaise + b.employerEpfPaise,
    employerEpsPaise: a.employerEpsPaise + b.employerEpsPaise,
    edliPaise: a.edliPaise + b.edliPaise,
    adminPaise: a.adminPaise + b.adminPaise,
  };
}
