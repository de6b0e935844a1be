/**
 * Today's date (YYYY-MM-DD) in the company's zone (the server's APP_TIMEZONE, else the viewer's),
 * moving on when the day changes, so a dashboard left open overnight polls the new day. The
 * company's midnight need not be the viewer's, so the date is checked every RECHECK_MS (a delayed
 * transition) instead of computing when midnight falls; and at once when the tab becomes visible
 * again (a sleeping laptop delays timers), which the `visibility` actor reports.
 */
import { assign, fromCallback, setup } from 'xstate';
import { companyToday } from '../../shared/format';

export const RECHECK_MS = 60_000;

export interface TodayContext {
  timeZone: string | undefined;
  today: string;
}

/** The today machine; input: the company's zone. Its `today` is the date to use. */
export const todayMachine = setup({
  types: {
    context: {} as TodayContext,
    events: {} as { type: 'CHECK' },
    input: {} as { timeZone: string | undefined },
  },
  actors: {
    /** CHECK whenever the page's visibility changes. */
    visibility: fromCallback(({ sendBack }) => {
      const check = () => sendBack({ type: 'CHECK' });
      document.addEventListener('visibilitychange', check);
      return () => document.removeEventListener('visibilitychange', check);
    }),
  },
  actions: {
    // Assigned only when it differs, so an unchanged day re-renders nothing.
    check: assign(({ context }) => {
      const today = companyToday(context.timeZone);
      return today === context.today ? {} : { today };
    }),
  },
  delays: { recheck: RECHECK_MS },
}).createMachine({
  id: 'today',
  context: ({ input }) => ({ timeZone: input.timeZone, today: companyToday(input.timeZone) }),
  invoke: { src: 'visibility' },
  initial: 'waiting',
  states: {
    waiting: {
      // Re-entered on each check, which restarts the timer.
      after: { recheck: { target: 'waiting', reenter: true, actions: 'check' } },
      on: { CHECK: { target: 'waiting', reenter: true, actions: 'check' } },
    },
  },
});
