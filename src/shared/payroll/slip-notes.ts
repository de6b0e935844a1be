/**
 * The notes of a salary slip: one sentence per company choice or statutory rule a reader needs to
 * check the slip's figures by hand. The slip's documents (PDF, .xlsx) print them under the figures.
 *
 * - Half days: how the company pays attendance H (always said, as it is a company setting).
 * - ESI: covered or not, and why: the wage against the limit (₹21,000, or ₹25,000 for a person with
 *   disability), coverage kept to the period's end, the ₹176-a-day exemption, the wages reading.
 * - The 50% limit on deductions (Code on Wages s.18): what was carried in, carried on or re-spread.
 * - A professional tax exemption (age, disability) with its section.
 * - Late marks limited to the time actually lost (Code on Wages s.20).
 * - PF: the EPF, EPS and EDLI wages, the ceiling used and the notification it comes from; a split
 *   month's ceiling; why the pension share is nil or part of the month; an excluded employee.
 */
import { formatRupees } from '../format';
import { monthLabel } from './pay-month';
import type { SalarySlip } from './salary-slip';

const rupees = (paise: number) => formatRupees(paise / 100);

/** Last day of an ESI contribution period starting `start` ('YYYY-04' or 'YYYY-10'). */
function periodEnd(start: string): string {
  const year = Number(start.slice(0, 4));
  return start.endsWith('-04') ? `30 Sep ${year}` : `31 Mar ${year + 1}`;
}

function esiNote(slip: SalarySlip): string | null {
  const esi = slip.statutory.esi;
  if (!esi) return null;
  const limit = `the ${rupees(esi.limitPaise)} limit${esi.limitPaise > 21_000_00 ? ' for a person with disability' : ''} (ESI (Central) Rules r.50)`;
  const wages = esi.wages === 'code' ? 'wages under the Code on Social Security s.2(88) (company setting)' : 'gross wages';
  switch (esi.reason) {
    case 'above-limit':
      return `ESI: not covered: ${wages} of ${rupees(slip.monthlyGrossPaise)} a month are above ${limit}.`;
    case 'period-start':
      return `ESI: covered to ${periodEnd(esi.periodStart)}: the rate of ${rupees(esi.periodStartGrossPaise)} at the start of the contribution period (${monthLabel(esi.periodStart)}) was within ${limit}.`;
    case 'within-limit': {
      const exempt = esi.employeeExempt ? ` The employee's share is nil: the average daily wage is ₹176 or less (r.52); the employer still pays.` : '';
      return `ESI: covered: ${wages} of ${rupees(slip.monthlyGrossPaise)} a month are within ${limit}.${exempt}`;
    }
  }
}

function limitNote(slip: SalarySlip): string[] {
  const notes: string[] = [];
  const d = slip.deductions;
  const st = slip.statutory;
  const limit = st.deductionLimitPaise === undefined ? '' : ` (${rupees(st.deductionLimitPaise)})`;
  if (d.recoveredPaise) notes.push(`Recovered ${rupees(d.recoveredPaise)} of deductions carried from ${st.carriedFrom ? monthLabel(st.carriedFrom) : 'the previous month'} by the 50% limit.`);
  if (d.carriedForwardPaise) notes.push(`Deductions are limited to 50% of the month's wages${limit} (Code on Wages s.18): ${rupees(d.carriedForwardPaise)} is carried to the next month.`);
  if (st.tdsRespreadPaise) notes.push(`Deductions are limited to 50% of the month's wages${limit} (Code on Wages s.18): ${rupees(st.tdsRespreadPaise)} of income tax is spread over the remaining months of the year.`);
  return notes;
}

function pfNote(slip: SalarySlip): string[] {
  const st = slip.statutory;
  if (st.pfMember === false) return ['PF: not a PF member (an excluded employee): no PF is deducted or paid.'];
  if (st.pfCeilingPaise === undefined) return [];
  const ceiling = [...(st.ruleVersions ?? [])].reverse().find((v) => v.key === 'pf.wageCeiling');
  const notes = [
    `PF: EPF wages ${rupees(st.epfWagesPaise)}, EPS wages ${rupees(st.epsWagesPaise)}, EDLI wages ${rupees(st.edliWagesPaise ?? st.epsWagesPaise)}, on the PF wage ceiling of ${rupees(st.pfCeilingPaise)}${ceiling ? ` (${ceiling.source})` : ''}.`,
  ];
  if (st.pfCeilingNote) notes.push(`PF ceiling this month: ${st.pfCeilingNote}.`);
  if (st.epsNote) notes.push(`Pension (EPS): ${st.epsNote}.`);
  return notes;
}

/** The slip's notes, in the order above. */
export function slipNotes(slip: SalarySlip): string[] {
  const notes: string[] = [];
  const halfDays = slip.days.halfDays ?? 0;
  const count = halfDays ? ` (${halfDays} this month)` : '';
  notes.push(slip.statutory.halfDayPay === 'full' ? `Half days (HD) are paid as a full day${count}: the company's setting.` : `Half days (HD) are paid as half a day${count}: the company's setting.`);
  const esi = esiNote(slip);
  if (esi) notes.push(esi);
  notes.push(...limitNote(slip));
  if (slip.statutory.professionalTaxExemption) notes.push(`Professional tax: exempt, ${slip.statutory.professionalTaxExemption}.`);
  if (slip.lateMarks.limitedToTimeLost) {
    notes.push(`Late marks: loss of pay limited to the ${slip.lateMarks.minutes} minutes actually lost (Code on Wages s.20).`);
  }
  notes.push(...pfNote(slip));
  return notes;
}
