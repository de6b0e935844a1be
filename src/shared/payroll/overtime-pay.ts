/**
 * Overtime pay of a month, pure: the overtime hours at `rate` times the ordinary hourly rate, where
 * the ordinary hourly rate is the monthly wages ÷ (days a month × the normal day's hours). Which
 * wages and which days are the company's choice (the day's rules `rateWages`, `rateDays`); the
 * sources are in src/shared/day-rules/README.md. Whole rupees, half up, as every slip line.
 */
import type { OvertimeRules } from '../schemas/day-rules';

export interface OvertimePayInput {
  minutes: number;
  /** The monthly wages the ordinary rate is on (the gross rate, or basic with DA), paise. */
  monthlyWagesPaise: number;
  /** Days a month the ordinary rate divides by (the month's working days, or 26 or 30). */
  days: number;
  normalDayMinutes: number;
  /** Times the ordinary rate (at least 2), to the hundredth. */
  rate: number;
}

/** The ordinary hourly rate in paise (rounded to the paisa, for display) and the month's overtime pay (whole rupees). */
export function overtimePay(input: OvertimePayInput): { hourlyRatePaise: number; amountPaise: number } {
  const { minutes, monthlyWagesPaise, days, normalDayMinutes } = input;
  if (minutes <= 0 || monthlyWagesPaise <= 0 || days <= 0 || normalDayMinutes <= 0) return { hourlyRatePaise: 0, amountPaise: 0 };
  const rateCents = BigInt(Math.round(input.rate * 100));
  // Exact: wages × minutes × rate ÷ (days × normal day minutes), then to the rupee once.
  const num = BigInt(monthlyWagesPaise) * BigInt(minutes) * rateCents;
  const den = BigInt(days) * BigInt(normalDayMinutes) * 100n * 100n;
  const rupees = (2n * num + den) / (2n * den);
  const hourly = (2n * BigInt(monthlyWagesPaise) * 60n + BigInt(days) * BigInt(normalDayMinutes)) / (2n * BigInt(days) * BigInt(normalDayMinutes));
  return { hourlyRatePaise: Number(hourly), amountPaise: Number(rupees) * 100 };
}

/** The days a month the ordinary rate divides by, under the company's choice; the month's working days (at least 1) by default. */
export function overtimeRateDays(choice: OvertimeRules['rateDays'], workingDays: number): number {
  if (choice === '26') return 26;
  if (choice === '30') return 30;
  return workingDays > 0 ? workingDays : 26;
}
