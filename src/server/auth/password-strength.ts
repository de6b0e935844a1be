/**
 * Refuses well-known and easily guessed passwords with zxcvbn-ts and its common
 * dictionaries: leaked-password lists, keyboard patterns, dates, repeats and l33t variants. Used by
 * change-password and set-password, after the spec's own checks (length, confirmation match).
 *
 * Server-side only: the dictionaries are a few MB, too much for the SPA, which shows the server's
 * message instead. They are loaded on first use, not at start-up.
 */
import type { ZxcvbnResult } from '@zxcvbn-ts/core';

/**
 * zxcvbn's score 2 means about 10^8 guesses or more: out of reach of an online guesser behind our
 * sign-in throttle. Scores 0 and 1 ("password1", "qwerty123", "iloveyou2") are refused.
 */
export const MIN_PASSWORD_SCORE = 2;

let engine: ((password: string, userInputs: string[]) => ZxcvbnResult) | undefined;

function load() {
  // Required lazily: ~1 s and tens of MB to build the dictionaries, paid only when a password is set.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const core = require('@zxcvbn-ts/core') as typeof import('@zxcvbn-ts/core');
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const common = require('@zxcvbn-ts/language-common') as typeof import('@zxcvbn-ts/language-common');
  core.zxcvbnOptions.setOptions({ dictionary: { ...common.dictionary }, graphs: common.adjacencyGraphs });
  return (password: string, userInputs: string[]) => core.zxcvbn(password, userInputs);
}

/**
 * True when the password is too easy to guess. `userInputs` (the account's email and name, the
 * company) count as known words, so "asha.rao2024" is weak for Asha Rao. zxcvbn looks at the first
 * 100 characters only; anything longer is not weak.
 */
export function isWeakPassword(password: string, userInputs: readonly string[] = []): boolean {
  engine ??= load();
  // Each input whole, in its parts, and run together ("Meera Iyer" -> meera, iyer, meeraiyer; for an
  // email also the part before the @), so the person's own name glued to a number is still weak.
  const inputs = userInputs
    .flatMap((s) => {
      const lower = s.toLowerCase();
      const local = lower.split('@')[0]!;
      return [s, lower, local, local.replace(/[^a-z0-9]/g, ''), lower.replace(/[^a-z0-9]/g, ''), ...lower.split(/[^a-z0-9]+/)];
    })
    .filter((s) => s.length >= 3);
  return engine(password.slice(0, 100), inputs).score < MIN_PASSWORD_SCORE;
}
