/**
 * Employee inactivity timeout (product.md, Constants): ten minutes without a mouse move, key, click or
 * scroll ends the session. The spec shows it only for employees, so the session machine runs it only
 * while an employee is signed in; admins have none.
 *
 * The spec's implementation polls every second and compares timestamps. One named delay that every
 * ACTIVITY restarts (`reenter: true`) expires at the same instant without polling; the one-second
 * check interval survives as the throttle on forwarded activity (see use-activity-forwarding.ts).
 */
import { setup } from 'xstate';
import { INACTIVITY_TIMEOUT_MS } from '../../../shared/constants';

export type InactivityEvent = { type: 'ACTIVITY' };

/** Counts down from the last activity; reaching `expired` (a final state) is the only output. */
export const inactivityMachine = setup({
  types: { events: {} as InactivityEvent },
  delays: { inactivityLimit: INACTIVITY_TIMEOUT_MS },
}).createMachine({
  id: 'inactivity',
  initial: 'watching',
  states: {
    watching: {
      after: { inactivityLimit: 'expired' },
      on: { ACTIVITY: { target: 'watching', reenter: true } },
    },
    expired: { type: 'final' },
  },
});
