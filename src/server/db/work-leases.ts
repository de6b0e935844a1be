/**
 * Leases on background work shared by every server instance on one database (migration 007).
 *
 * An instance claims a piece of work by writing its worker id and a lease end into the row, in one
 * statement that only takes rows nobody holds or whose lease has passed; while it works it renews
 * the lease; it records an outcome only if the claim is still its own. An instance that dies simply
 * stops renewing, and once its leases have passed another instance's sweep takes the work over.
 *
 * The lease is short (20 s) so a dead instance's work moves on quickly, and renewed every 5 s so a
 * live one never loses it to an ordinary pause. Each instance sweeps for work every 5 s, so work left
 * by a dead instance is taken up within 25 s.
 */
import os from 'node:os';
import { randomUUID } from 'node:crypto';

export interface LeaseTiming {
  /** How long a claim holds without renewal. */
  leaseMs: number;
  /** How often a worker renews the leases it holds. */
  renewMs: number;
  /** How often a listening instance looks for work nobody holds. */
  sweepMs: number;
}

export const DEFAULT_LEASE_TIMING: LeaseTiming = { leaseMs: 20_000, renewMs: 5_000, sweepMs: 5_000 };

/** A worker id for claims: readable in the database (host and pid), unique per app. */
export const newWorkerId = () => `${os.hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;

/**
 * A lease this worker holds, as this process sees it: valid until one renewal period before the
 * lease would run out (measured on the monotonic clock from when the claim or renewal was sent), so
 * work stops starting new pieces well before another instance may take them.
 */
export function localLease(timing: LeaseTiming) {
  let validUntil = performance.now() + timing.leaseMs - timing.renewMs;
  return {
    /** Call with the monotonic time a renewal was sent, once it has succeeded. */
    renewed(sentAt: number) {
      validUntil = Math.max(validUntil, sentAt + timing.leaseMs - timing.renewMs);
    },
    get lost() {
      return performance.now() > validUntil;
    },
  };
}

/** The lease end written with a claim or renewal: `now` plus the lease time, as an ISO string. */
export const leaseEnd = (now: Date, timing: LeaseTiming) => new Date(now.getTime() + timing.leaseMs).toISOString();
