/**
 * The full-and-final settlement of a leaver, from plain values (pure, like the slip):
 *
 * - Last month's pay to the leaving date: the month's slip with `leftOn` (salary-slip.ts), given here
 *   as its figures.
 * - Leave encashment per leave type: the balance left, up to the type's cap, × a day's pay on the
 *   type's basis (basic ÷ 26, basic ÷ 30, gross ÷ 26 or gross ÷ 30 of the last drawn monthly rate).
 *   Income-tax: exempt up to ₹25,00,000 over a working life (s.10(10AA)(ii), limit raised from
 *   ₹3,00,000 by Notification 31/2023 from 1 April 2023); the rest is salary.
 * - Notice: the days required less the days served; a shortfall is recovered at a day's gross
 *   (monthly gross ÷ 30) unless waived; where the employer relieved the person early, the shortfall
 *   is paid instead. A recovery is a deduction from the settlement, not from taxable salary.
 * - Gratuity (statutory/gratuity.ts): exempt up to ₹20,00,000 (s.10(10)(ii)).
 * - Arrears and recoveries owed (arrear lines), and other recoveries (an advance, an asset).
 * - The Code on Wages s.18 caps a wage period's deductions at half its wages; a settlement's notice
 *   recovery is recovered from the settlement as a whole (it is not a deduction from the last month's
 *   wages), and the settlement is never below zero: what is left is owed by the employee and shown as such.
 *
 * Due: within two working days of the leaving date (Code on Wages s.17(2)).
 */
import { countOf } from '../format';
import { isWeeklyOff, type WorkCalendar } from '../leave-policy/work-calendar';
import type { Gratuity } from './statutory/gratuity';
import { annualIncomeTax, type TaxRegimeRules } from './statutory/income-tax';

export const ENCASHMENT_BASES = ['basic-26', 'basic-30', 'gross-26', 'gross-30'] as const;
export type EncashmentBasis = (typeof ENCASHMENT_BASES)[number];

export const LEAVE_ENCASHMENT_EXEMPT_PAISE = 25_00_000_00;
export const GRATUITY_EXEMPT_PAISE = 20_00_000_00;

export interface EncashableLeave {
  leaveType: string;
  encashable: boolean;
  balanceDays: number;
  /** At most this many days are paid; null: no cap. */
  capDays: number | null;
  basis: EncashmentBasis;
}

export interface LastDrawn {
  grossPaise: number;
  basicPaise: number;
}

const roundRupee = (paise: number) => Math.round(paise / 100) * 100;

/** A day's pay on a basis, in paise (not rounded). */
export function dayRate(basis: EncashmentBasis, last: LastDrawn): number {
  const [part, days] = basis.split('-') as ['basic' | 'gross', string];
  return (part === 'basic' ? last.basicPaise : last.grossPaise) / Number(days);
}

export interface EncashmentLine {
  leaveType: string;
  days: number;
  amountPaise: number;
  basis: EncashmentBasis;
}

/** The encashment lines: only encashable types with a balance, capped, each rounded to the rupee. */
export function leaveEncashment(leaves: readonly EncashableLeave[], last: LastDrawn): EncashmentLine[] {
  return leaves
    .filter((l) => l.encashable && l.balanceDays > 0)
    .map((l) => {
      const days = l.capDays === null ? l.balanceDays : Math.min(l.balanceDays, l.capDays);
      return { leaveType: l.leaveType, days, amountPaise: roundRupee(days * dayRate(l.basis, last)), basis: l.basis };
    });
}

export interface NoticeInput {
  requiredDays: number;
  servedDays: number;
  /** The company waived the shortfall: nothing recovered. */
  waived: boolean;
  /** The company relieved the person before the notice ended: the shortfall is paid. */
  relievedByEmployer: boolean;
}

/** Positive: notice pay paid; negative: recovered; zero: none. At a day's gross (monthly gross ÷ 30). */
export function noticePay(notice: NoticeInput, last: LastDrawn): { shortfallDays: number; amountPaise: number } {
  const shortfallDays = Math.max(0, notice.requiredDays - notice.servedDays);
  if (!shortfallDays || notice.waived) return { shortfallDays, amountPaise: 0 };
  const amount = roundRupee((shortfallDays * last.grossPaise) / 30);
  return { shortfallDays, amountPaise: notice.relievedByEmployer ? amount : -amount };
}

/** The day the settlement is due: two working days after the leaving date (weekly offs and holidays skipped). */
export function settlementDueOn(leftOn: string, calendar: WorkCalendar): string {
  let date = leftOn;
  let working = 0;
  while (working < 2) {
    date = new Date(Date.parse(`${date}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
    if (!isWeeklyOff(date, calendar.weeklyOff) && !calendar.holidays.has(date)) working += 1;
  }
  return date;
}

export interface SettlementInput {
  /** The last month's slip: its net pay (after its own PF, ESI, PT and TDS). */
  lastMonthNetPaise: number;
  encashment: readonly EncashmentLine[];
  notice: { shortfallDays: number; amountPaise: number };
  gratuity: Pick<Gratuity, 'amountPaise'>;
  /** Arrears owed (positive) or recovered (negative), not already on the last slip. */
  arrearsPaise: number;
  /** Other recoveries (advances, assets), positive amounts. */
  otherRecoveriesPaise: number;
  /** Encashment exempt already used with earlier employers (s.10(10AA) is a lifetime limit). */
  encashmentExemptUsedPaise?: number;
  /** TDS on the settlement's taxable part, computed on actual income with no projection (the caller's tax engine). */
  tdsPaise: number;
}

export interface Settlement {
  lines: { label: string; amountPaise: number }[];
  encashmentPaise: number;
  encashmentExemptPaise: number;
  gratuityExemptPaise: number;
  /** What of the settlement is taxable salary: encashment above its exemption, notice pay paid, arrears. */
  taxablePaise: number;
  totalPaise: number;
  /** What is paid (zero when recoveries exceed it). */
  payablePaise: number;
  /** What the leaver owes when recoveries exceed the settlement. */
  owedByEmployeePaise: number;
}

/** Adds the settlement up (see the top of this file). */
export function settlement(input: SettlementInput): Settlement {
  const encashmentPaise = input.encashment.reduce((s, l) => s + l.amountPaise, 0);
  const exemptRoom = Math.max(0, LEAVE_ENCASHMENT_EXEMPT_PAISE - (input.encashmentExemptUsedPaise ?? 0));
  const encashmentExemptPaise = Math.min(encashmentPaise, exemptRoom);
  const gratuityExemptPaise = Math.min(input.gratuity.amountPaise, GRATUITY_EXEMPT_PAISE);
  const taxablePaise = encashmentPaise - encashmentExemptPaise + Math.max(0, input.notice.amountPaise) + Math.max(0, input.arrearsPaise) + (input.gratuity.amountPaise - gratuityExemptPaise);
  const lines = [
    { label: 'Last month\u2019s net pay', amountPaise: input.lastMonthNetPaise },
    ...input.encashment.map((l) => ({ label: `Leave encashment: ${l.leaveType} (${countOf(l.days, 'day')})`, amountPaise: l.amountPaise })),
    ...(input.notice.amountPaise ? [{ label: input.notice.amountPaise > 0 ? `Notice pay (${countOf(input.notice.shortfallDays, 'day')})` : `Notice shortfall recovered (${countOf(input.notice.shortfallDays, 'day')})`, amountPaise: input.notice.amountPaise }] : []),
    ...(input.gratuity.amountPaise ? [{ label: 'Gratuity', amountPaise: input.gratuity.amountPaise }] : []),
    ...(input.arrearsPaise ? [{ label: input.arrearsPaise > 0 ? 'Arrears' : 'Recoveries', amountPaise: input.arrearsPaise }] : []),
    ...(input.otherRecoveriesPaise ? [{ label: 'Other recoveries', amountPaise: -input.otherRecoveriesPaise }] : []),
    ...(input.tdsPaise ? [{ label: 'Income tax (TDS) on the settlement', amountPaise: -input.tdsPaise }] : []),
  ];
  const totalPaise = lines.reduce((s, l) => s + l.amountPaise, 0);
  return {
    lines,
    encashmentPaise,
    encashmentExemptPaise,
    gratuityExemptPaise,
    taxablePaise,
    totalPaise,
    payablePaise: Math.max(0, totalPaise),
    owedByEmployeePaise: Math.max(0, -totalPaise),
  };
}

/**
 * TDS on the settlement's taxable part in the exit month (Income-tax Act s.192): the tax on the
 * year's actual income with it, less the tax on that income without it. The income is the last
 * slip's taxable income for the year, which for a leaver is projected to the leaving month only
 * (tds.ts), so nothing is taxed for months after leaving.
 */
export function settlementTds(yearTaxableIncomePaise: number, settlementTaxablePaise: number, rules: TaxRegimeRules): number {
  if (settlementTaxablePaise <= 0) return 0;
  const without = annualIncomeTax(yearTaxableIncomePaise, rules).totalPaise;
  const withIt = annualIncomeTax(yearTaxableIncomePaise + settlementTaxablePaise, rules).totalPaise;
  return roundRupee(Math.max(0, withIt - without));
}
