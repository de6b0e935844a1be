/**
 * The month the Email Salary Slip dialog offers first: the last complete month of the company's
 * calendar (its time zone, not the viewer's), written the way the admin would type it.
 */
import { companyToday } from '../../../shared/format';
import { lastCompleteMonth, MONTH_NAMES, splitMonth } from '../../../shared/payroll/pay-month';
import type { SlipPeriod } from '../../feedback/feedback-machine';

/** { month: 'September', year: '2026' } on any day of October 2026 in `timeZone`. */
export function lastCompletePeriod(timeZone: string | undefined, now: Date = new Date()): SlipPeriod {
  const [year, month] = splitMonth(lastCompleteMonth(companyToday(timeZone, now)));
  return { month: MONTH_NAMES[month - 1]!, year: String(year) };
}
