/**
 * One employee's line of an approved month as the filing files need it: the register's figures
 * (from the slip as approved) beside the identifiers the other portals key on (UAN, ESI IP number,
 * bank account and IFSC). Money in whole rupees, as every slip figure is.
 */
import type { SalarySlip } from '../../../../shared/payroll/salary-slip';
import { pfContribution } from '../../../../shared/payroll/statutory/pf';
import { rulesInForce } from '../../../../shared/payroll/statutory/rules-in-force';
import { isEsiPeriodStart } from '../../../../shared/payroll/statutory/esi';
import type { StatutoryValues } from '../../employee-records';

export interface FilingRow {
  employeeId: string;
  name: string;
  uan: string | null;
  esiNumber: string | null;
  bankAccount: string | null;
  ifsc: string | null;
  stateOfWork: string;
  stateName: string | null;
  professionalTaxStatus: SalarySlip['statutory']['professionalTaxStatus'];
  /** The PT slab applied, in rupees (`until` is where the next slab starts; null at the top); null when none was. */
  professionalTaxSlab: { from: number; until: number | null } | null;
  lopDays: number;
  /**
   * Calendar days paid for: from joining (or the 1st) to the month's end (or the leaving day), less
   * the whole LOP days (weekly offs are paid); 0 when no working day was paid, as the weekly offs of
   * a month without pay are unpaid too.
   */
  daysPaid: number;
  /** The ECR's non-contributory days: the payable window's days not paid for (daysPaid's complement). */
  ncpDays: number;
  /** A leaver's last day employed, when it falls in this month: the ESI file reports them as left service. */
  leftOn: string | null;
  /** The ESI reason code of a leaver's recorded exit (2 left service when none is recorded). */
  esiReasonCode?: number;
  earnedGross: number;
  /** False for an excluded employee: no PF and no ECR line. */
  pfMember: boolean;
  pf: { epfWages: number; epsWages: number; edliWages: number; employee: number; eps: number; employerEpf: number };
  /**
   * ESI: covered, the employee's share, the month's ESI wages; `newPeriod` for April and October
   * (out-of-coverage is reported then); `coveredLastMonth` from the previous month's approved slip
   * (null when that month is not approved here).
   */
  esi: { covered: boolean; employee: number; wages: number; newPeriod: boolean; coveredLastMonth: boolean | null };
  professionalTax: number;
  net: number;
}

/** What a file leaves someone out for, so the admin can fix it and download again. */
export interface LeftOut {
  employeeId: string;
  name: string;
  reason: string;
}

/** A built file: its text or cells, and who is not in it and why. */
export interface BuiltFile<T> {
  content: T;
  leftOut: LeftOut[];
}

const rupees = (paise: number) => paise / 100;

/**
 * A name as the government portals take it: ASCII letters and spaces (and dots where `dots`),
 * accents dropped (Zoë → Zoe), anything else a space, single-spaced and trimmed.
 */
export function portalName(name: string, dots: boolean): string {
  return name
    .normalize('NFKD')
    .replace(dots ? /[^A-Za-z. ]+/g : /[^A-Za-z ]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * The filing line of an approved slip. Slips approved before the slip recorded its PF wage split
 * and PT slab get the split from the month's PF rules (on the ceiling) and no slab.
 */
export function filingRow(employee: { employeeId: string; name: string }, details: StatutoryValues | undefined, slip: SalarySlip, coveredLastMonth: boolean | null = null): FilingRow {
  const st = slip.statutory;
  // Stored JSON of an earlier slip may lack the newer fields.
  const recorded: Partial<Pick<SalarySlip['statutory'], 'epfWagesPaise' | 'epsWagesPaise' | 'professionalTaxSlab' | 'edliWagesPaise' | 'pfMember'>> = st;
  const split = recorded.epfWagesPaise === undefined ? pfContribution(st.pfWagesPaise, rulesInForce(slip.month).pf) : null;
  const epfWages = recorded.epfWagesPaise ?? split!.epfWagesPaise;
  const epsWages = recorded.epsWagesPaise ?? split!.epsWagesPaise;
  // EDLI wages are the capped wages even when the pension share is nil (58 or more, not eligible).
  const edliWages = recorded.edliWagesPaise ?? epsWages;
  const slab = recorded.professionalTaxSlab ?? null;
  const dayOf = (date: string) => Number(date.slice(8, 10));
  const windowDays = dayOf(slip.payableTo) - dayOf(slip.payableFrom) + 1;
  // Slips approved before calendarPaid was recorded: the same rule from their days.
  const recordedDays: { calendarPaid?: number } = slip.days;
  const daysPaid = recordedDays.calendarPaid ?? (slip.days.paid > 0 ? windowDays - slip.lopDates.length : 0);
  const esiRecorded: { esi?: { wagesPaise?: number } } = st;
  return {
    employeeId: employee.employeeId,
    name: employee.name,
    uan: details?.uan ?? null,
    esiNumber: details?.esiNumber ?? null,
    bankAccount: details?.bankAccount ?? null,
    ifsc: details?.ifsc ?? null,
    stateOfWork: st.stateOfWork,
    stateName: st.stateName,
    professionalTaxStatus: st.professionalTaxStatus,
    professionalTaxSlab: slab && { from: rupees(slab.fromPaise), until: slab.untilPaise === null ? null : rupees(slab.untilPaise) },
    lopDays: slip.days.lop,
    daysPaid,
    ncpDays: windowDays - daysPaid,
    leftOn: details?.leftOn?.startsWith(slip.month) ? details.leftOn : null,
    earnedGross: rupees(slip.earnings.totalPaise),
    pfMember: recorded.pfMember ?? true,
    pf: {
      epfWages: rupees(epfWages),
      epsWages: rupees(epsWages),
      // EDLI is on the capped wages (EDLI Scheme para 8).
      edliWages: rupees(edliWages),
      employee: rupees(slip.deductions.providentFundPaise),
      eps: rupees(slip.employer.epsPaise),
      employerEpf: rupees(slip.employer.epfPaise),
    },
    esi: {
      covered: st.esiCovered,
      employee: rupees(slip.deductions.esiPaise),
      wages: rupees(esiRecorded.esi?.wagesPaise ?? slip.earnings.totalPaise),
      newPeriod: st.esi ? st.esi.periodStart === slip.month : isEsiPeriodStart(slip.month),
      coveredLastMonth,
    },
    professionalTax: rupees(slip.deductions.professionalTaxPaise),
    net: rupees(slip.netPaise),
  };
}
