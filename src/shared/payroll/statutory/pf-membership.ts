/**
 * Who is in PF and in the pension scheme, from the facts an admin keeps about a person.
 *
 * - EPS eligibility: since 1 Sep 2014 a person who first becomes a PF member with wages above the
 *   ceiling then in force cannot join the pension scheme (Employees' Pension (Amendment) Scheme 2014,
 *   GSR 609(E) of 22 Aug 2014; EPFO wage-ceiling FAQ Q13 (2026): "only such employees whose wages …
 *   do not exceed the wage ceiling (₹25,000 per month w.e.f. 17.09.2026)"). It is judged on the wage at
 *   FIRST membership, never this month's wage. Where the admin has not given that wage the person is
 *   treated as eligible (as before these facts existed); an admin's yes/no overrides the derivation.
 * - Not a member: only an "excluded employee" may stay out of PF (EPF Scheme 1952 para 2(f)(ii)):
 *   one whose wage on joining is above the ceiling and who has never been a member. A UAN or an
 *   earlier membership date means they have been one, and a member stays one (para 26(2)).
 */
import { requireVersionOn, type RuleBook } from './rule-versions';
import { formatRupees } from '../../format';

const rupees = (paise: number) => formatRupees(paise / 100);

export const EPS_ELIGIBILITY_START = '2014-09-01';

export interface EpsEligibility {
  eligible: boolean;
  /** One line: why, for the profile and the register. */
  reason: string;
}

/** The ceiling in force on a day, in paise. */
export const ceilingOn = (book: RuleBook, day: string): number => requireVersionOn<number>(book, 'pf.wageCeiling', day).value;

/** Eligibility derived from the first membership date and the wage then (both optional). */
export function derivedEpsEligibility(facts: { firstJoinedOn: string | null; wageAtJoiningPaise: number | null }, book: RuleBook): EpsEligibility {
  const { firstJoinedOn, wageAtJoiningPaise } = facts;
  if (firstJoinedOn !== null && firstJoinedOn < EPS_ELIGIBILITY_START) {
    return { eligible: true, reason: `A PF member since before 1 Sep 2014 (${firstJoinedOn}).` };
  }
  if (firstJoinedOn === null || wageAtJoiningPaise === null) {
    return { eligible: true, reason: 'Treated as eligible: the first membership date or the wage then is not given.' };
  }
  const ceiling = ceilingOn(book, firstJoinedOn);
  return wageAtJoiningPaise > ceiling
    ? { eligible: false, reason: `First joined PF on ${firstJoinedOn} at ${rupees(wageAtJoiningPaise)}, above the ${rupees(ceiling)} ceiling then.` }
    : { eligible: true, reason: `First joined PF on ${firstJoinedOn} at ${rupees(wageAtJoiningPaise)}, within the ${rupees(ceiling)} ceiling then.` };
}

/** The eligibility payroll uses: the admin's override, else the derivation. */
export function epsEligibility(
  facts: { epsEligible: boolean | null; firstJoinedOn: string | null; wageAtJoiningPaise: number | null },
  book: RuleBook,
): EpsEligibility {
  if (facts.epsEligible !== null) {
    return { eligible: facts.epsEligible, reason: facts.epsEligible ? 'Eligible: set by an administrator.' : 'Not eligible: set by an administrator.' };
  }
  return derivedEpsEligibility(facts, book);
}

/**
 * Why a person may not be marked "not a PF member", or null when they may: they have a UAN or an
 * earlier membership, or their wage on joining (required) was within the ceiling in force that day.
 */
export function nonMemberProblem(
  facts: { uan: string | null; firstJoinedOn: string | null; wageAtJoiningPaise: number | null; joinedOn: string },
  book: RuleBook,
): string | null {
  if (facts.uan !== null) return 'A person with a UAN has been a PF member and stays one: clear the UAN first if it is wrong';
  if (facts.firstJoinedOn !== null) return 'A person with a first PF membership date stays a member: clear that date first if it is wrong';
  if (facts.wageAtJoiningPaise === null) return 'Give the PF wages at joining: only someone who joined above the PF wage ceiling may be outside PF';
  const ceiling = ceilingOn(book, facts.joinedOn);
  if (facts.wageAtJoiningPaise <= ceiling) {
    return `Only someone who joined above the PF wage ceiling may be outside PF: ${rupees(facts.wageAtJoiningPaise)} at joining on ${facts.joinedOn} is within the ${rupees(ceiling)} ceiling`;
  }
  return null;
}

/** Completed years of age on `day` (both 'YYYY-MM-DD'); a 29 February birthday falls on 1 March in other years. */
export function ageOn(dateOfBirth: string, day: string): number {
  const [by, bm, bd] = dateOfBirth.split('-').map(Number) as [number, number, number];
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return y - by - (m < bm || (m === bm && d < bd) ? 1 : 0);
}

/** The day a person reaches `years` of age ('YYYY-MM-DD'); 29 February births reach it on 1 March. */
export function birthdayAt(dateOfBirth: string, years: number): string {
  const [by, bm, bd] = dateOfBirth.split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(by + years, bm - 1, bd));
  return date.toISOString().slice(0, 10);
}
