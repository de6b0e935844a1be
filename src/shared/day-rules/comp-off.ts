/**
 * Compensatory off, pure: what a day worked on a holiday or weekly off earns, until when, and the
 * balance of credits on a date. Credits are spent first-to-expire first: each day of comp-off leave
 * (approved or pending, in date order) takes from the credits that were earned by then and have not
 * expired, the one expiring soonest first. What no leave took and whose last day has passed is
 * expired; what is left is available.
 */

const DAY_MS = 86_400_000;

/** The day `days` after a YYYY-MM-DD date. */
export const addDays = (date: string, days: number): string => new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

/** What a day worked earns: a full day 1, a half day (H) 0.5; an absent day (A) nothing. */
export function compOffDays(status: string): number {
  if (status === 'H') return 0.5;
  if (status === 'A') return 0;
  return 1;
}

/** The last day a credit approved for the day worked `workDate` may be taken. */
export const compOffExpiry = (workDate: string, expiryDays: number): string => addDays(workDate, expiryDays);

export interface CompOffCredit {
  /** The day worked. */
  earnedOn: string;
  /** The last day it may be taken. */
  expiresOn: string;
  days: number;
}

export interface CompOffUse {
  /** The leave's first day. */
  date: string;
  days: number;
  pending: boolean;
}

export interface CompOffBalance {
  /** Credits earned on or before the date. */
  earned: number;
  /** Of them, left untaken past their last day. */
  expired: number;
  taken: number;
  pending: number;
  /** earned − expired − taken − pending. */
  available: number;
}

export function compOffBalance(credits: readonly CompOffCredit[], uses: readonly CompOffUse[], asOf: string): CompOffBalance {
  const left = [...credits].sort((a, b) => a.expiresOn.localeCompare(b.expiresOn) || a.earnedOn.localeCompare(b.earnedOn)).map((c) => ({ ...c, left: c.days }));
  let taken = 0;
  let pending = 0;
  for (const use of [...uses].sort((a, b) => a.date.localeCompare(b.date))) {
    if (use.pending) pending += use.days;
    else taken += use.days;
    let owed = use.days;
    for (const c of left) {
      if (owed <= 0) break;
      if (c.left <= 0 || c.earnedOn > use.date || c.expiresOn < use.date) continue;
      const spent = Math.min(c.left, owed);
      c.left -= spent;
      owed -= spent;
    }
  }
  const held = left.filter((c) => c.earnedOn <= asOf);
  const earned = held.reduce((n, c) => n + c.days, 0);
  const expired = held.filter((c) => c.expiresOn < asOf).reduce((n, c) => n + c.left, 0);
  return { earned, expired, taken, pending, available: earned - expired - taken - pending };
}
