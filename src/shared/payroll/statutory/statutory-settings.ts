/**
 * The company's choices where the law can be read more than one way, each with the default the
 * product takes and why (README.md beside this file names the sources):
 *
 * - pfCeilingReading: a month in which the PF wage ceiling changes (September 2026). Default
 *   'day-weighted', EPFO's wage-ceiling FAQ Q7: days before 17 Sep at ₹15,000, days from it at ₹25,000
 *   (₹19,666.67 for September 2026). A second reading (a table in the same FAQ, Q9, as third parties
 *   quote it) applies one ceiling to the whole month: 'new-for-month' or 'old-for-month'.
 * - eps58Month: the month of the 58th birthday. A member ceases to be a member of the pension scheme
 *   on attaining 58 (EPFO office order to field offices, as reported by The Hindu BusinessLine; the
 *   ECR's EPS wages are 0 "in case of the member over 58 years age", EPFO ECR field notes), so by
 *   default the pension share is paid on the days before the birthday ('proportionate', the practice
 *   described on citehr.com thread 645320). No EPFO circular found prescribes how the birthday month
 *   is split: 'whole-month' pays it for the whole month, 'none' for none of it.
 * - epsUntil60: a member who defers the pension past 58 may, at their option, keep contributing to
 *   EPS until 60 (EPS 1995 para 12(7B)(b)(ii), inserted by the Employees' Pension (Second Amendment)
 *   Scheme 2016, in force from its publication in May 2016). Off by default: the member must ask.
 */
import { z } from 'zod';
import { ageOn, birthdayAt } from './pf-membership';
import { FULL_EPS, NO_EPS, PF_CEILING_READINGS, type EpsShare } from './pf';
import { monthBounds } from './rule-versions';

export const EPS_58_MONTH = ['proportionate', 'whole-month', 'none'] as const;

export const statutorySettingsSchema = z.strictObject(
  {
    pfCeilingReading: z.enum(PF_CEILING_READINGS, { error: `pfCeilingReading must be one of ${PF_CEILING_READINGS.join(', ')}` }),
    eps58Month: z.enum(EPS_58_MONTH, { error: `eps58Month must be one of ${EPS_58_MONTH.join(', ')}` }),
    epsUntil60: z.boolean({ error: 'epsUntil60 must be true or false' }),
  },
  { error: (iss) => (iss.code === 'unrecognized_keys' ? `unknown settings: ${iss.keys.join(', ')}` : 'settings must be an object') },
);
export type StatutorySettings = z.infer<typeof statutorySettingsSchema>;

export const DEFAULT_STATUTORY_SETTINGS: StatutorySettings = { pfCeilingReading: 'day-weighted', eps58Month: 'proportionate', epsUntil60: false };

/** Why a member has no (or part of the) pension share this month; null when they have all of it. */
export interface EpsMonth {
  share: EpsShare;
  reason: string | null;
}

/** The share of `month` a PF member is in the pension scheme, from their eligibility and date of birth. */
export function epsMonth(person: { epsEligible: boolean; dateOfBirth: string | null }, month: string, settings: StatutorySettings): EpsMonth {
  if (!person.epsEligible) return { share: NO_EPS, reason: 'Not eligible for the pension scheme: the whole employer share goes to EPF' };
  if (!person.dateOfBirth) return { share: FULL_EPS, reason: null };
  const limit = settings.epsUntil60 ? 60 : 58;
  const { from, to } = monthBounds(month);
  const birthday = birthdayAt(person.dateOfBirth, limit);
  if (birthday > to) return { share: FULL_EPS, reason: null };
  if (birthday <= from) return { share: NO_EPS, reason: `Aged ${ageOn(person.dateOfBirth, from)}: no pension share from ${limit} on; the whole employer share goes to EPF` };
  const days = Number(to.slice(8));
  const before = Number(birthday.slice(8)) - 1;
  if (settings.eps58Month === 'whole-month') return { share: FULL_EPS, reason: `Reaches ${limit} on ${birthday}: pension share for the whole month (company setting)` };
  if (settings.eps58Month === 'none') return { share: NO_EPS, reason: `Reaches ${limit} on ${birthday}: no pension share this month (company setting)` };
  return { share: { days: before, of: days }, reason: `Reaches ${limit} on ${birthday}: pension share on ${before} of ${days} days` };
}
