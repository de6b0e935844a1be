/**
 * A slip's fingerprint: its money and the inputs that decide the money, hashed. A re-run compares
 * fingerprints to tell which slips changed, and the register of an approved month to say whose
 * slip today's data would change ("live data differs").
 *
 * Only money counts, so a release that adds a display field to the slip (a note, a source, a
 * basis shown beside a figure) does not make every approved month look changed: the fingerprint
 * holds the days paid, the rates, every earning, deduction and employer line, the net, the lines
 * of other months paid in it (arrears, statutory differences) and the statutory wages and choices
 * that decide the deductions. Zero amounts are left out, so a money field a later release adds
 * with nothing in it moves nothing either. The employee's name and position are not money: a
 * changed name reaches the files through the frozen beneficiary details (beneficiary.ts).
 *
 * Fingerprints stored before this ("v1") hashed the whole slip with the name and position. They
 * are never compared as hashes: the stored slip's money is fingerprinted afresh from its JSON
 * (`sameMoney`), so no migration is needed and old approvals are judged by the same rule.
 */
import { createHash } from 'node:crypto';
import type { SalarySlip } from '../../../shared/payroll/salary-slip';

const PREFIX = 'm2:';

type Money = Record<string, number | string | boolean | null | undefined>;

/** An object's own numbers, without zeros (and without non-numbers): what a money block holds. */
function amounts(o: object | undefined): Money {
  const out: Money = {};
  for (const [k, v] of Object.entries(o ?? {}).sort(([a], [b]) => a.localeCompare(b))) if (typeof v === 'number' && v !== 0) out[k] = v;
  return out;
}

/** Lines of other months paid in this one: the month, what kind, and the money. */
const linesOf = (lines: readonly object[] | undefined, label: (l: Record<string, unknown>) => string) =>
  (lines ?? []).map((l) => ({ line: label(l as Record<string, unknown>), ...amounts(l) }));

/** The money of a slip and what decides it, in a fixed shape. */
export function slipMoney(employeeId: string, slip: SalarySlip): unknown {
  const st = slip.statutory;
  return {
    employeeId,
    month: slip.month,
    days: { paid: slip.days.paid, lop: slip.days.lop, calendarPaid: slip.days.calendarPaid ?? null },
    lopDates: slip.lopDates,
    monthlyGrossPaise: slip.monthlyGrossPaise,
    salaryPeriods: (slip.salaryPeriods ?? []).map((p) => [p.from, p.to, p.monthlyGrossPaise, p.paidDays]),
    earnings: amounts(slip.earnings),
    deductions: amounts(slip.deductions),
    employer: amounts(slip.employer),
    netPaise: slip.netPaise,
    arrears: linesOf(slip.arrears, (l) => `${String(l.forMonth)} ${String(l.component)}`),
    pfCorrections: linesOf(slip.pfCorrections, (l) => String(l.forMonth)),
    statutoryCorrections: linesOf(slip.statutoryCorrections, (l) => `${String(l.forMonth)} ${String(l.scheme)}`),
    statutory: {
      stateOfWork: st.stateOfWork,
      taxRegime: st.taxRegime,
      pfMember: st.pfMember ?? true,
      esiCovered: st.esiCovered,
      ...amounts({ pfWagesPaise: st.pfWagesPaise, epfWagesPaise: st.epfWagesPaise, epsWagesPaise: st.epsWagesPaise, edliWagesPaise: st.edliWagesPaise, esiWagesPaise: st.esi?.wagesPaise }),
    },
  };
}

/** The fingerprint stored with an approved slip. */
export function slipFingerprint(employeeId: string, slip: SalarySlip): string {
  return PREFIX + createHash('sha256').update(JSON.stringify(slipMoney(employeeId, slip))).digest('hex');
}

/**
 * True when `slip` carries the same money as the stored one. A stored fingerprint of this kind is
 * compared as it is; an older one (the whole slip hashed) is replaced by the stored slip's money.
 */
export function sameMoney(stored: { employeeId: string; fingerprint: string; slip: SalarySlip }, fingerprint: string): boolean {
  const before = stored.fingerprint.startsWith(PREFIX) ? stored.fingerprint : slipFingerprint(stored.employeeId, stored.slip);
  return before === fingerprint;
}
