/**
 * Counts failed sign-ins per IP and per account in a sliding window. Past the limit, sign-in answers
 * 429 until the oldest failure leaves the window, so a locked-out user gets back in by waiting.
 */
import { LOGIN_MAX_FAILURES, LOGIN_WINDOW_MS } from '../../shared/constants';

export class LoginThrottle {
  private failures = new Map<string, number[]>();

  constructor(
    private readonly max = LOGIN_MAX_FAILURES,
    private readonly windowMs = LOGIN_WINDOW_MS,
    private readonly now: () => number = Date.now,
  ) {}

  /** Seconds until the caller may try again, or 0 when allowed. */
  retryAfter(keys: string[]): number {
    const now = this.now();
    let wait = 0;
    for (const key of keys) {
      const recent = this.recent(key, now);
      if (recent.length >= this.max) wait = Math.max(wait, recent[recent.length - this.max]! + this.windowMs - now);
    }
    return Math.ceil(wait / 1000);
  }

  fail(keys: string[]): void {
    const now = this.now();
    for (const key of keys) this.failures.set(key, [...this.recent(key, now), now]);
    if (this.failures.size > 100_000) this.sweep(now);
  }

  succeed(key: string): void {
    this.failures.delete(key);
  }

  private recent(key: string, now: number): number[] {
    return (this.failures.get(key) ?? []).filter((t) => now - t < this.windowMs);
  }

  // Bounds memory under a spray of distinct keys.
  private sweep(now: number): void {
    for (const [key, times] of this.failures) if (!times.some((t) => now - t < this.windowMs)) this.failures.delete(key);
  }
}
