/**
 * Every statutory line of one employee's month, from the rules in force that month: employee PF,
 * ESI, professional tax and TDS (deducted from pay), and the employer's EPF, EPS, EDLI, PF admin
 * charges and ESI (costs on top of pay). The one call a payroll run makes per employee.
 *
 * The Code on Wages 2019 s.18(2) (in force 21 Nov 2025; before it, the Payment of Wages Act 1936
 * s.7(3) said the same): the total of the deductions in a wage period never exceeds 50% of the
 * wages. Here every deduction the portal makes counts (employee PF, employee ESI, professional tax,
 * TDS and an earlier month's carried excess), and "wages" is the month's earned gross (all
 * remuneration; the narrower s.2(y) wages would only lower the limit further, so a stricter company
 * can lower its pay but not this rule). Deductions are taken in the order PF, ESI, professional
 * tax, the carried excess, TDS, each at most what is left of the limit:
 * - PF and ESI (at most 12.75% of wages) always fit;
 * - what does not fit of professional tax and the carried excess is carried to the next month,
 *   and recovered there first (under that month's limit);
 * - TDS that does not fit is re-spread by the next months' projection (tds.ts deducts the year's
 *   tax less what was deducted); in the financial year's last month (or a leaver's) there is no
 *   later month of the year, so it is carried like the others.
 */
import { esiContribution, type EsiContribution } from './esi';
import { financialYearOf, lastMonthOfFinancialYear, monthsAfter } from './financial-year';
import { ageBandFor, oldRegimeForAge, type AgeBand, type TaxRegime } from './income-tax';
import { cappedDeductions, hraExemptionForMonth, type CappedDeductions, type OldRegimeDeclarations } from './tax-declarations';
import { addPf, arrearsPfContribution, NO_PF, pfContribution, type PfContribution } from './pf';
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
  /** ESI: the monthly rate at the start of the contribution period (or at joining); defaults to `rate`. */
  esiPeriodStart?: WageParts;
  /** ESI wages: the gross (ESI Act s.2(22), the default) or the Code's wages (SS Code s.2(88)); see esi.ts. */
  esiWages?: EsiWagesBasis;
  /** Calendar days the month's wages were paid for (ESI's average daily wage). */
  daysPaid?: number;
  /** A person with disability: the ESI limit of ₹25,000 and the PT exemptions where a state grants them. */
  disabled?: boolean;
  /** Professional tax in half-yearly states: the half-year's salary up to and including this month. */
  ptHalfYearGrossPaise?: number;
  /** Deductions of earlier months that the 50% limit carried to this one (recovered first). */
  carriedInPaise?: number;
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
  /** The company's rule versions and its readings of contested rules; the shipped ones and defaults when missing. */
  book?: RuleBook;
  settings?: StatutorySettings;
  /** PF membership: a non-member has no PF; EPS by eligibility and age. A member in EPS with no date of birth when missing. */
  pfPerson?: { member: boolean; epsEligible: boolean; dateOfBirth: string | null };
  /** HRA paid this month and at the full rate (the HRA exemption's first limb); none when missing. */
  earnedHraPaise?: number;
  rateHraPaise?: number;
  /** 'YYYY-MM-DD': the old regime's senior (60+) and very senior (80+) exemption limits, and PT's age exemptions. */
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

export type EsiWagesBasis = 'gross' | 'code';

export interface StatutoryDeductions {
  rules: RulesInForce;
  pfWagesPaise: number;
  /** The month's ESI wages (earned): the gross, or the Code's wages by the company's setting. */
  esiWagesPaise: number;
  pf: PfContribution;
  pfMember: boolean;
  /** The member's share of the month in the pension scheme, and why not all of it. */
  eps: EpsMonth;
  esi: EsiContribution;
  professionalTax: PtResult;
  tds: TdsResult;
  incomeTaxBasis: IncomeTaxBasis;
  /** Deducted from the employee's pay, whole rupees; `recoveredPaise`: of the carried excess. */
  employee: { pfPaise: number; esiPaise: number; professionalTaxPaise: number; recoveredPaise: number; tdsPaise: number; totalPaise: number };
  /** The Code on Wages s.18 limit: 50% of the month's wages, what it left undeducted and where that went. */
  deductionLimit: {
    limitPaise: number;
    /** Carried to the next month (recovered there first). */
    carriedForwardPaise: number;
    /** TDS above the limit that later months of the year take over through their projection. */
    tdsRespreadPaise: number;
  };
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

  const arrears = input.arrears ?? { grossPaise: 0, epfWagesPaise: 0, epsWagesPaise: 0 };
  // What the month pays: its own earnings and the arrears (a net recovery cannot make it negative).
  const paidGross = Math.max(0, earned.grossPaise + arrears.grossPaise);
  const ownPfWages = wagesFor(earned, rules.wages);
  const ownPf = person.member ? pfContribution(ownPfWages, rules.pf, onFullWages, eps.share) : NO_PF;
  const hasArrearsPf = person.member && (arrears.epfWagesPaise !== 0 || arrears.epsWagesPaise !== 0);
  // Arrears carry no pension share for a member outside EPS this month (58 or more, not eligible).
  const arrearsEps = eps.share.days > 0 ? arrears.epsWagesPaise : 0;
  const pf = hasArrearsPf ? addPf(ownPf, arrearsPfContribution(arrears.epfWagesPaise, arrearsEps, rules.pf)) : ownPf;
  const pfWages = ownPfWages + arrears.epfWagesPaise;
  // ESI wages: the gross (with arrears), or by the company's setting the Code's wages; before the
  // Codes (December 2025 pay month) the ESI Act's whatever the setting.
  const codeWages = input.esiWages === 'code' && rules.wages.kind === 'code';
  const esiWagesOf = (parts: WageParts) => (codeWages ? wagesFor(parts, rules.wages) : parts.grossPaise);
  const esiEarned = codeWages ? Math.max(0, ownPfWages + arrears.epfWagesPaise) : paidGross;
  const esi = esiContribution(
    {
      earnedWagesPaise: esiEarned,
      monthlyWagesPaise: esiWagesOf(rate),
      periodStartWagesPaise: input.esiPeriodStart && esiWagesOf(input.esiPeriodStart),
      disabled: input.disabled,
      daysPaid: input.daysPaid,
    },
    rules.esi,
  );
  const leavingMonth = input.lastMonth === month;
  const pt = professionalTax({
    state: input.state,
    month,
    earnedGrossPaise: paidGross,
    gender: input.gender,
    halfYearGrossPaise: input.ptHalfYearGrossPaise,
    leavingMonth,
    dateOfBirth: input.dateOfBirth,
    disabled: input.disabled,
    book: input.book,
  });

  // s.18: half of what the month pays, whole rupees, as every deduction is.
  const limit = Math.floor(paidGross / 200) * 100;
  let left = limit;
  const take = (amount: number) => {
    const taken = Math.min(amount, left);
    left -= taken;
    return taken;
  };
  const employeePf = take(pf.employeePaise);
  const employeeEsi = take(esi.employeePaise);
  const ptPaise = take(pt.amountPaise);
  const carriedIn = input.carriedInPaise ?? 0;
  const recovered = take(carriedIn);

  // Later months at the full rate: PF on the rate's wages, PT month by month (February differs).
  const later = monthsAfter(month, input.lastMonth ?? lastMonthOfFinancialYear(month));
  const ratePf = person.member ? pfContribution(wagesFor(rate, rules.wages), rules.pf, onFullWages).employeePaise : 0;
  const laterPt = later.reduce(
    (sum, m) => sum + professionalTax({ state: input.state, month: m, earnedGrossPaise: rate.grossPaise, gender: input.gender, dateOfBirth: input.dateOfBirth, disabled: input.disabled, book: input.book }).amountPaise,
    0,
  );
  const regime = input.taxRegime ?? 'new';
  const ageBand = ageBandFor(input.dateOfBirth, financialYearOf(month));
  const basis = incomeTaxBasis(input, later, ageBand, regime === 'old');
  const declared = regime === 'old' && input.declarations
    ? { section80CPaise: basis.section80CDeclaredPaise, otherDeductionsPaise: basis.hraExemptYearPaise + basis.capped.totalPaise }
    : input.declared;
  const tds = monthlyTds({
    rules: oldRegimeForAge(rules.incomeTax[regime], ageBand, input.book),
    yearToDate: input.yearToDate ?? NOTHING_YET,
    thisMonth: { salaryPaise: paidGross, employeePfPaise: employeePf, professionalTaxPaise: ptPaise },
    laterMonths: { count: later.length, salaryPaise: rate.grossPaise * later.length, employeePfPaise: ratePf * later.length, professionalTaxPaise: laterPt },
    declared,
    panMissing: input.panMissing,
  });
  const tdsPaise = take(tds.monthPaise);
  const tdsShort = tds.monthPaise - tdsPaise;
  const carriedForward = pf.employeePaise - employeePf + (esi.employeePaise - employeeEsi) + (pt.amountPaise - ptPaise) + (carriedIn - recovered) + (later.length ? 0 : tdsShort);

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
    esiWagesPaise: esiEarned,
    pf,
    pfMember: person.member,
    eps,
    esi,
    professionalTax: pt,
    tds,
    incomeTaxBasis: basis,
    employee: {
      pfPaise: employeePf,
      esiPaise: employeeEsi,
      professionalTaxPaise: ptPaise,
      recoveredPaise: recovered,
      tdsPaise,
      totalPaise: employeePf + employeeEsi + ptPaise + recovered + tdsPaise,
    },
    deductionLimit: { limitPaise: limit, carriedForwardPaise: carriedForward, tdsRespreadPaise: later.length ? tdsShort : 0 },
    employer: { ...employer, totalPaise: Object.values(employer).reduce((a, b) => a + b, 0) },
  };
}

const NO_CAPPED: CappedDeductions = { npsPaise: 0, healthSelfPaise: 0, healthParentsPaise: 0, homeLoanInterestPaise: 0, totalPaise: 0 };

/** The old regime's declarations against this year: the HRA exemption month by month, the capped deductions. */
function incomeTaxBasis(input: StatutoryInput, later: readonly string[], ageBand: AgeBand, oldRegime: boolean): IncomeTaxBasis {
  const d = input.declarations;
  if (!oldRegime || !d) return { ageBand, hraExemptThisMonthPaise: 0, hraExemptYearPaise: 0, section80CDeclaredPaise: 0, capped: NO_CAPPED };
  const rate = input.rate ?? input.earned;
  const thisMonth = hraExemptionForMonth(input.month, { basicPaise: input.earned.basicPaise, hraPaise: input.earnedHraPaise ?? 0 }, d.rent, input.book);
  const laterMonths = later.reduce((sum, m) => sum + hraExemptionForMonth(m, { basicPaise: rate.basicPaise, hraPaise: input.rateHraPaise ?? 0 }, d.rent, input.book), 0);
  return {
    ageBand,
    hraExemptThisMonthPaise: thisMonth,
    hraExemptYearPaise: (input.hraExemptYearToDatePaise ?? 0) + thisMonth + laterMonths,
    section80CDeclaredPaise: Math.max(0, d.section80CPaise ?? 0),
    capped: cappedDeductions(d, financialYearOf(input.month), ageBand, input.book),
  };
}
