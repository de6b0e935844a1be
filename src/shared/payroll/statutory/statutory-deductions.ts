/**
 * Every statutory line of one employee's month, from the rules in force that month: employee PF,
 * ESI, professional tax and TDS (deducted from pay), and the employer's EPF, EPS, EDLI, PF admin
 * charges and ESI (costs on top of pay). The one call a payroll run makes per employee.
 *
 * Deductions are taken in the order PF, ESI, professional tax, TDS, each at most what is left of
 * the month's earnings, so net pay is never negative (TDS not taken is re-spread by later months).
 */
import { esiContribution, type EsiContribution } from './esi';
import { financialYearOf, lastMonthOfFinancialYear, monthsAfter } from './financial-year';
import { ageBandFor, oldRegimeForAge, type AgeBand, type TaxRegime } from './income-tax';
import { cappedDeductions, hraExemptionForMonth, type CappedDeductions, type OldRegimeDeclarations } from './tax-declarations';
import { addPf, arrearsPfContribution, pfContribution, type PfContribution } from './pf';
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
  /**
   * Arrears of earlier months paid this month: their gross (ESI, PT and TDS count it in this month)
   * and the PF wages they add, each already held to its own month's ceiling (PF is on them as given).
   */
  arrears?: { grossPaise: number; epfWagesPaise: number; epsWagesPaise: number };
  /** Old regime: declarations for the year. */
  declared?: { section80CPaise?: number; otherDeductionsPaise?: number };
  /** HRA paid this month and at the full rate (the HRA exemption's first limb); none when missing. */
  earnedHraPaise?: number;
  rateHraPaise?: number;
  /** 'YYYY-MM-DD': the old regime's senior (60+) and very senior (80+) exemption limits. */
  dateOfBirth?: string | null;
  /** Old regime: what the employee declared for the year (rent, 80C, NPS, 80D, home-loan interest), the amounts that count now. */
  declarations?: OldRegimeDeclarations | null;
  /** The HRA exemption of the months of the year before this one (with this employer). */
  hraExemptYearToDatePaise?: number;
}

/** What the year's income-tax estimate took off the projected salary under the old regime (zeros under the new). */
export interface IncomeTaxBasis {
  ageBand: AgeBand;
  /** HRA exemption of this month, and of the whole year as projected. */
  hraExemptThisMonthPaise: number;
  hraExemptYearPaise: number;
  /** s.80C investments declared beyond PF (the ₹1.5 L cap with PF is applied by tds.ts). */
  section80CDeclaredPaise: number;
  capped: CappedDeductions;
}

export interface StatutoryDeductions {
  rules: RulesInForce;
  pfWagesPaise: number;
  pf: PfContribution;
  esi: EsiContribution;
  professionalTax: PtResult;
  tds: TdsResult;
  incomeTaxBasis: IncomeTaxBasis;
  /** Deducted from the employee's pay, whole rupees. */
  employee: { pfPaise: number; esiPaise: number; professionalTaxPaise: number; tdsPaise: number; totalPaise: number };
  /** Paid by the employer on top of pay, whole rupees. */
  employer: { epfPaise: number; epsPaise: number; edliPaise: number; pfAdminPaise: number; esiPaise: number; totalPaise: number };
}

/** The statutory lines of one employee for one month, in paise (whole rupees). */
export function statutoryDeductions(input: StatutoryInput): StatutoryDeductions {
  const { month, earned } = input;
  const rate = input.rate ?? earned;
  const rules = rulesInForce(month);
  const onFullWages = input.pfOnFullWages ?? false;

  const arrears = input.arrears ?? { grossPaise: 0, epfWagesPaise: 0, epsWagesPaise: 0 };
  // What the month pays: its own earnings and the arrears (a net recovery cannot make it negative).
  const paidGross = Math.max(0, earned.grossPaise + arrears.grossPaise);
  const ownPfWages = wagesFor(earned, rules.wages);
  const ownPf = pfContribution(ownPfWages, rules.pf, onFullWages);
  const hasArrearsPf = arrears.epfWagesPaise !== 0 || arrears.epsWagesPaise !== 0;
  const pf = hasArrearsPf ? addPf(ownPf, arrearsPfContribution(arrears.epfWagesPaise, arrears.epsWagesPaise, rules.pf)) : ownPf;
  const pfWages = ownPfWages + arrears.epfWagesPaise;
  const esi = esiContribution(
    { earnedWagesPaise: paidGross, monthlyWagesPaise: rate.grossPaise, periodStartWagesPaise: input.esiPeriodStartGrossPaise },
    rules.esi,
  );
  const pt = professionalTax({ state: input.state, month, earnedGrossPaise: paidGross, gender: input.gender, halfYearGrossPaise: input.ptHalfYearGrossPaise });

  let left = paidGross;
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
  const ratePf = pfContribution(wagesFor(rate, rules.wages), rules.pf, onFullWages).employeePaise;
  const laterPt = later.reduce(
    (sum, m) => sum + professionalTax({ state: input.state, month: m, earnedGrossPaise: rate.grossPaise, gender: input.gender }).amountPaise,
    0,
  );
  const regime = input.taxRegime ?? 'new';
  const ageBand = ageBandFor(input.dateOfBirth, financialYearOf(month));
  const basis = incomeTaxBasis(input, later, ageBand, regime === 'old');
  const declared = regime === 'old' && input.declarations
    ? { section80CPaise: basis.section80CDeclaredPaise, otherDeductionsPaise: basis.hraExemptYearPaise + basis.capped.totalPaise }
    : input.declared;
  const tds = monthlyTds({
    rules: oldRegimeForAge(rules.incomeTax[regime], ageBand),
    yearToDate: input.yearToDate ?? NOTHING_YET,
    thisMonth: { salaryPaise: paidGross, employeePfPaise: employeePf, professionalTaxPaise: ptPaise },
    laterMonths: { count: later.length, salaryPaise: rate.grossPaise * later.length, employeePfPaise: ratePf * later.length, professionalTaxPaise: laterPt },
    declared,
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
    esi,
    professionalTax: pt,
    tds,
    incomeTaxBasis: basis,
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

const NO_CAPPED: CappedDeductions = { npsPaise: 0, healthSelfPaise: 0, healthParentsPaise: 0, homeLoanInterestPaise: 0, totalPaise: 0 };

/** The old regime's declarations against this year: the HRA exemption month by month, the capped deductions. */
function incomeTaxBasis(input: StatutoryInput, later: readonly string[], ageBand: AgeBand, oldRegime: boolean): IncomeTaxBasis {
  const d = input.declarations;
  if (!oldRegime || !d) return { ageBand, hraExemptThisMonthPaise: 0, hraExemptYearPaise: 0, section80CDeclaredPaise: 0, capped: NO_CAPPED };
  const rate = input.rate ?? input.earned;
  const thisMonth = hraExemptionForMonth(input.month, { basicPaise: input.earned.basicPaise, hraPaise: input.earnedHraPaise ?? 0 }, d.rent);
  const laterMonths = later.reduce((sum, m) => sum + hraExemptionForMonth(m, { basicPaise: rate.basicPaise, hraPaise: input.rateHraPaise ?? 0 }, d.rent), 0);
  return {
    ageBand,
    hraExemptThisMonthPaise: thisMonth,
    hraExemptYearPaise: (input.hraExemptYearToDatePaise ?? 0) + thisMonth + laterMonths,
    section80CDeclaredPaise: Math.max(0, d.section80CPaise ?? 0),
    capped: cappedDeductions(d, financialYearOf(input.month), ageBand),
  };
}
