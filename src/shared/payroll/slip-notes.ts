/**
 * The notes of a salary slip: one sentence per company choice or statutory rule a reader needs to
 * check the slip's figures by hand. The slip's documents (PDF, .xlsx) print them under the figures.
 *
 * - Half days: how the company pays attendance H (always said, as it is a company setting).
 * - The pay basis 'leave' (a company setting): how many unrecorded working days it paid.
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
import { RULE_DEFINITIONS } from './statutory/rule-catalogue';

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
  if (slip.days.unmarked !== undefined) {
    notes.push(`Pay basis on leave: the company's setting. Working days without an attendance record are paid (${slip.days.unmarked} this month); only days marked absent and leave without pay are loss of pay.`);
  }
  const esi = esiNote(slip);
  if (esi) notes.push(esi);
  notes.push(...limitNote(slip));
  if (slip.statutory.professionalTaxExemption) notes.push(`Professional tax: exempt, ${slip.statutory.professionalTaxExemption}.`);
  if (slip.lateMarks.limitedToTimeLost) {
    notes.push(`Late marks: loss of pay limited to the ${slip.lateMarks.minutes} minutes actually lost (Code on Wages s.20).`);
  }
  notes.push(...pfNote(slip));
  const ot = overtimeNote(slip);
  if (ot) notes.push(ot);
  return notes;
}

/** '1:40': hours and minutes. */
const hm = (minutes: number) => `${Math.floor(minutes / 60)}:${String(minutes % 60).padStart(2, '0')}`;

/**
 * Overtime: the hours (with the week's share), and either the pay's basis (rate × the ordinary
 * hourly rate, the monthly wages over days × the normal day) or that it was not paid.
 */
function overtimeNote(slip: SalarySlip): string | null {
  const ot = slip.overtime;
  if (!ot) return null;
  const week = ot.weeklyMinutes ? ` (${hm(ot.weeklyMinutes)} beyond the normal week)` : '';
  const hours = `Overtime: ${hm(ot.minutes)} h${week}`;
  if (!ot.paid) return `${hours}: recorded, not paid (the company's setting).`;
  const wages = ot.wages === 'basic' ? 'basic' : 'gross';
  const esi = slip.statutory.esi?.wages === 'code' ? '' : 'ESI, ';
  return `${hours} at ${ot.rate}× ${rupees(ot.hourlyRatePaise)} an hour (${wages} ${rupees(ot.monthlyWagesPaise)} ÷ (${ot.rateDays} days × ${hm(ot.normalDayMinutes)} h); Code on Wages s.14); not basic pay for PF, in the gross for ${esi}PT and TDS.`;
}

const RULE_LABELS = new Map(RULE_DEFINITIONS.map((d) => [d.key, d.label]));
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const dayText = (day: string) => `${Number(day.slice(8, 10))} ${MONTHS[Number(day.slice(5, 7)) - 1]} ${day.slice(0, 4)}`;

/**
 * The statutory rule versions a slip used, one line per first day and source (rules sharing both are
 * named together): "PF wage ceiling, from 17 Sep 2026: S.O. 5109(E) of 17 Sep 2026 …". Empty on slips
 * stored before they recorded their versions.
 */
export function ruleVersionLines(slip: Pick<SalarySlip, 'statutory'>): string[] {
  return versionGroups(slip).map((g) => `${g.labels.join(', ')}, from ${dayText(g.effectiveFrom)}: ${g.source}`);
}

const SHORT_LABELS: Record<string, string> = {
  'pf.wageCeiling': 'PF ceiling',
  'pf.employeeRate': 'PF rates',
  'pf.employerRate': 'PF rates',
  'pf.pensionRate': 'EPS rate',
  'pf.edliRate': 'EDLI rate',
  'pf.adminRate': 'PF admin charges',
  'pf.adminMinimum': 'their minimum',
  'esi.employeeRate': 'ESI rates',
  'esi.employerRate': 'ESI rates',
  'esi.wageCeiling': 'ESI limit',
  'esi.disabilityWageCeiling': 'disability limit',
  'esi.exemptDailyWage': 'ESI daily-wage exemption',
  'esi.contributionPeriods': 'ESI periods',
};
const shortLabel = (key: string) => SHORT_LABELS[key] ?? (key.startsWith('pt.') ? `PT ${(RULE_LABELS.get(key) ?? key).replace(/^Professional tax: /, '')}` : (RULE_LABELS.get(key) ?? key));

/**
 * The same in one short paragraph, the versions named by rule and first day only, for the slip's PDF,
 * which has the room of a line or two ("PF ceiling 17 Sep 2026; PF rates, EPS rate … 1 Jun 2018; …");
 * the .xlsx slip carries every source. Null when none were recorded.
 */
export function ruleVersionSummary(slip: Pick<SalarySlip, 'statutory'>): string | null {
  const byDay = new Map<string, string[]>();
  for (const v of slip.statutory.ruleVersions ?? []) {
    const labels = byDay.get(v.effectiveFrom) ?? [];
    if (!labels.includes(shortLabel(v.key))) labels.push(shortLabel(v.key));
    byDay.set(v.effectiveFrom, labels);
  }
  return byDay.size ? `${[...byDay].map(([day, labels]) => `${labels.join(', ')} ${dayText(day)}`).join('; ')} (sources in the .xlsx slip).` : null;
}

function versionGroups(slip: Pick<SalarySlip, 'statutory'>): { labels: string[]; effectiveFrom: string; source: string }[] {
  const groups = new Map<string, { labels: string[]; effectiveFrom: string; source: string }>();
  for (const v of slip.statutory.ruleVersions ?? []) {
    const id = `${v.effectiveFrom} ${v.source}`;
    const group = groups.get(id) ?? { labels: [], effectiveFrom: v.effectiveFrom, source: v.source };
    group.labels.push(RULE_LABELS.get(v.key) ?? v.key);
    groups.set(id, group);
  }
  return [...groups.values()];
}
