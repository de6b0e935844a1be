/**
 * Every statutory line of one employee's month, from the rules in force that month: employee PF,
 * ESI, professional tax and TDS (deducted from pay), and the employer's EPF, EPS, EDLI, PF admin
 * charges and ESI (costs on top of pay). The one call a payroll run makes per employee.
 *
 * Deductions are taken in the order PF, ESI, professional tax, TDS, each at most what is left of
 * the month's earnings, so net pay is never negative (TDS not taken is re-spread by later months).
 */
import { esiContribution, type EsiContribution } from './esi';
import { lastMonthOfFinancialYear, monthsAfter } from './financial-year';
import type { TaxRegime } from './income-tax';
import { NO_PF, pfContribution, type PfContribution } from './pf';
import type { RuleBook } from './rule-versions';
import { DEFAULT_STATUTORY_SETTINGS, epsMonth, type EpsMonth, type StatutorySettings } from './statutory-settings';
import { professionalTax, type Gender, type PtResult } from './professional-tax';
import { rulesInForce, type RulesInForce } from './rules-in-force';
import { monthlyTds, NOTHING_YET, type TdsResult, type YearToDate } from './tds';
import { wagesFor, type WageParts } from './wages';

export interface StatutoryInput {
  /** 'YYYY-MM'. */
  month: string;
  /** This month's earnings after LOP: gross, and basic with DA (see wages.ts). */
  earned: WageParts;
  /** The full month's rate (no LOP): ESI coverage and the TDS projection use it. Defaults to `earned`. */
  rate?: WageParts;
  /** ISO 3166-2:IN code of the state of work. */
  state: string;
  gender?: Gender;
  /** Defaults to the new regime (s.115BAC(1A)). */
  taxRegime?: TaxRegime;
  /** PF on full wages rather than on the ₹15,000 ceiling (EPF Scheme para 26(6)). */
  pfOnFullWages?: boolean;
  /** No PAN given: TDS at least 20% (s.206AA; tds.ts). */
  panMissing?: boolean;
  /** ESI: the monthly gross rate at the start of the contribution period (or at joining). */
  esiPeriodStartGrossPaise?: number;
  /** Professional tax in half-yearly states: the half-year's salary. */
  ptHalfYearGrossPaise?: number;
  /** This financial year before this month (this employer, plus a previous one's declared figures). */
  yearToDate?: YearToDate;
  /** The last month the employee will be paid in this financial year, if before March (a leaver). */
  lastMonth?: string;
  /** Old regime: declarations for the year. */
  declared?: { section80CPaise?: number; otherDeductionsPaise?: number };
  /** The company's rule versions and its readings of contested rules; the shipped ones and defaults when missing. */
  book?: RuleBook;
  settings?: StatutorySettings;
  /** PF membership: a non-member has no PF; EPS by eligibility and age. A member in EPS with no date of birth when missing. */
  pfPerson?: { member: boolean; epsEligible: boolean; dateOfBirth: string | null };
}

export interface StatutoryDeductions {
  rules: RulesInForce;
  pfWagesPaise: number;
  pf: PfContribution;
  pfMember: boolean;
  /** The member's share of the month in the pension scheme, and why not all of it. */
  eps: EpsMonth;
  esi: EsiContribution;
  professionalTax: PtResult;
  tds: TdsResult;
  /** Deducted from the employee's pay, whole rupees. */
  employee: { pfPaise: number; esiPaise: number; professionalTaxPaise: number; tdsPaise: number; totalPaise: number };
  /** Paid by the employer on top of pay, whole rupees. */
  employer: { epfPaise: number; epsPaise: number; edliPaise: number; pfAdminPaise: number; esiPaise: number; totalPaise: number };
}

/** The statutory lines of one employee for one month, in paise (whole rupees). */
export function statutoryDeductions(input: StatutoryInput): StatutoryDeductions {
  const { month, earned } = input;
  const rate = input.rate ?? earned;
  const rules = rulesInForce(month, input.book, input.settings);
  const onFullWages = input.pfOnFullWages ?? false;
  const person = input.pfPerson ?? { member: true, epsEligible: true, dateOfBirth: null };
  const eps = person.member ? epsMonth(person, month, input.settings ?? DEFAULT_STATUTORY_SETTINGS) : { share: { days: 0, of: 1 }, reason: null };

  const pfWages = wagesFor(earned, rules.wages);
  const pf = person.member ? pfContribution(pfWages, rules.pf, onFullWages, eps.share) : NO_PF;
  const esi = esiContribution(
    { earnedWagesPaise: earned.grossPaise, monthlyWagesPaise: rate.grossPaise, periodStartWagesPaise: input.esiPeriodStartGrossPaise },
    rules.esi,
  );
  const pt = professionalTax({ state: input.state, month, earnedGrossPaise: earned.grossPaise, gender: input.gender, halfYearGrossPaise: input.ptHalfYearGrossPaise });

  let left = earned.grossPaise;
  const take = (amount: number) => {
    const taken = Math.min(amount, left);
    left -= taken;
    return taken;
  };
  const employeePf = take(pf.employeePaise);
  const employeeEsi = take(esi.employeePaise);
  const ptPaise = take(pt.amountPaise);

  // Later months at the full rate: PF on the rate's wages, PT month by month (February differs).
  const later = monthsAfter(month, input.lastMonth ?? lastMonthOfFinancialYear(month));
  const ratePf = person.member ? pfContribution(wagesFor(rate, rules.wages), rules.pf, onFullWages).employeePaise : 0;
  const laterPt = later.reduce(
    (sum, m) => sum + professionalTax({ state: input.state, month: m, earnedGrossPaise: rate.grossPaise, gender: input.gender }).amountPaise,
    0,
  );
  const tds = monthlyTds({
    rules: rules.incomeTax[input.taxRegime ?? 'new'],
    yearToDate: input.yearToDate ?? NOTHING_YET,
    thisMonth: { salaryPaise: earned.grossPaise, employeePfPaise: employeePf, professionalTaxPaise: ptPaise },
    laterMonths: { count: later.length, salaryPaise: rate.grossPaise * later.length, employeePfPaise: ratePf * later.length, professionalTaxPaise: laterPt },
    declared: input.declared,
    panMissing: input.panMissing,
  });
  const tdsPaise = take(tds.monthPaise);

  const employer = {
    epfPaise: pf.employerEpfPaise,
    epsPaise: pf.employerEpsPaise,
    edliPaise: pf.edliPaise,
    pfAdminPaise: pf.adminPaise,
    esiPaise: esi.employerPaise,
  };
  return {
    rules,
    pfWagesPaise: pfWages,
    pf,
    pfMember: person.member,
    eps,
    esi,
    professionalTax: pt,
    tds,
    employee: {
      pfPaise: employeePf,
      esiPaise: employeeEsi,
      professionalTaxPaise: ptPaise,
      tdsPaise,
      totalPaise: employeePf + employeeEsi + ptPaise + tdsPaise,
    },
    employer: { ...employer, totalPaise: Object.values(employer).reduce((a, b) => a + b, 0) },
  };
}
