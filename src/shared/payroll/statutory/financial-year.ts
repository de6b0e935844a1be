/** Indian financial years (April–March) over 'YYYY-MM' pay months. */
import { keptResults } from '../../kept-results';
import { payMonth, splitMonth } from '../pay-month';

/** '2025-26' for any month from April 2025 to March 2026. */
export function financialYearOf(month: string): string {
  const [y, m] = splitMonth(month);
  const start = m >= 4 ? y : y - 1;
  return `${start}-${String((start + 1) % 100).padStart(2, '0')}`;
}

/** April of the financial year `month` falls in. */
export function firstMonthOfFinancialYear(month: string): string {
  const [y, m] = splitMonth(month);
  return payMonth(m >= 4 ? y : y - 1, 4);
}

/** March of the financial year `month` falls in. */
export function lastMonthOfFinancialYear(month: string): string {
  const [y, m] = splitMonth(month);
  return payMonth(m >= 4 ? y + 1 : y, 3);
}

// Asked several times per slip for the same few spans of a year: kept, and copied when handed out.
const spans = keptResults((key): readonly string[] => {
  const [from, to] = key.split(' ');
  return listMonthsAfter(from!, to!);
}, 10_000);

/** The months after `from` up to and including `to` (both 'YYYY-MM'); empty when `to` is not later. */
export const monthsAfter = (from: string, to: string): string[] => spans(`${from} ${to}`).slice();

function listMonthsAfter(from: string, to: string): string[] {
  const months: string[] = [];
  let [y, m] = splitMonth(from);
  for (;;) {
    [y, m] = m === 12 ? [y + 1, 1] : [y, m + 1];
    const next = payMonth(y, m);
    if (next > to) return months;
    months.push(next);
  }
}

/** The first month ('YYYY-MM') of the half of the financial year `month` is in: April or October. */
export function halfYearStart(month: string): string {
  const year = Number(month.slice(0, 4));
  const m = Number(month.slice(5, 7));
  if (m >= 4 && m <= 9) return `${year}-04`;
  return m >= 10 ? `${year}-10` : `${year - 1}-10`;
}
