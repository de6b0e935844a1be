/**
 * Arrears and recoveries as the slip shows them: lines paid in a month for an earlier month
 * (`forMonth`), on top of the month's own pay, or taken back when negative. The slip adds them to the
 * month's earnings, so they are in its gross, PF, ESI, PT and TDS, its net pay and its files; where a
 * line comes from and how another module adds one is in the salary module's arrears.ts.
 */

export const ARREAR_COMPONENTS = ['basic', 'hra', 'special', 'other'] as const;
export type ArrearComponent = (typeof ARREAR_COMPONENTS)[number];

export const ARREAR_COMPONENT_LABELS: Record<ArrearComponent, string> = {
  basic: 'Basic',
  hra: 'House Rent Allowance',
  special: 'Special Allowance',
  other: 'Other',
};

/** One line on a slip; money in paise. */
export interface SlipArrear {
  /** 'YYYY-MM': the month it is for. */
  forMonth: string;
  component: ArrearComponent;
  /** Positive: paid; negative: recovered. */
  amountPaise: number;
  /**
   * The EPF wages the line adds, already held to the ceiling of the month it is for (unless on full
   * wages), and the EPS/EDLI wages (always held to it). PF on them is paid with the month's own.
   * A salary revision's arrears carry the difference its month's PF wages make; a line of allowances
   * outside PF wages carries 0.
   */
  pfWagesPaise: number;
  epsWagesPaise: number;
  reason: string;
}

/** 'Arrears: Basic (August 2026)', or 'Recovery: …' for a negative line. */
export function arrearLabel(line: Pick<SlipArrear, 'forMonth' | 'component' | 'amountPaise'>, monthLabel: (m: string) => string): string {
  return `${line.amountPaise < 0 ? 'Recovery' : 'Arrears'}: ${ARREAR_COMPONENT_LABELS[line.component]} (${monthLabel(line.forMonth)})`;
}

/** The figures of a month's slip a revision's arrears are the difference of. */
export interface ArrearBasis {
  earnings: { basicPaise: number; hraPaise: number; specialPaise: number; allowances?: readonly { paise: number }[] };
  statutory: { epfWagesPaise: number; epsWagesPaise: number };
}

const allowancesOf = (b: ArrearBasis) => (b.earnings.allowances ?? []).reduce((sum, a) => sum + a.paise, 0);

/**
 * The arrears of one month from a revision: the month computed with the revision (`revised`) less the
 * month computed without it (`approved`, the same data otherwise), per component. The PF wages the
 * difference makes (held to that month's ceiling) ride on the Basic line, or on the first line there
 * is when Basic did not move (the Code on Wages' 50% rule). No line for a component that did not move.
 */
export function revisionArrearLines(forMonth: string, approved: ArrearBasis, revised: ArrearBasis, reason: string): SlipArrear[] {
  const diffs: [ArrearComponent, number][] = [
    ['basic', revised.earnings.basicPaise - approved.earnings.basicPaise],
    ['hra', revised.earnings.hraPaise - approved.earnings.hraPaise],
    ['special', revised.earnings.specialPaise - approved.earnings.specialPaise],
    // A salary structure's fixed allowances move only when the gross no longer covers them.
    ['other', allowancesOf(revised) - allowancesOf(approved)],
  ];
  const lines: SlipArrear[] = diffs
    .filter(([, amount]) => amount !== 0)
    .map(([component, amountPaise]) => ({ forMonth, component, amountPaise, pfWagesPaise: 0, epsWagesPaise: 0, reason }));
  const pfWages = revised.statutory.epfWagesPaise - approved.statutory.epfWagesPaise;
  const epsWages = revised.statutory.epsWagesPaise - approved.statutory.epsWagesPaise;
  const carrier = lines.find((l) => l.component === 'basic') ?? lines[0];
  if (carrier) {
    carrier.pfWagesPaise = pfWages;
    carrier.epsWagesPaise = epsWages;
  }
  return lines;
}
