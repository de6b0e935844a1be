/**
 * The Employee List's row actions (spec sections 2, 5 and 8), one at a time:
 *  - Delete: confirm('Are you sure you want to delete this employee?'), delete, then alert
 *    'Employee deleted successfully' or 'Error deleting employee: ' + msg;
 *  - Email Salary Slip: prompt for a month and a year (typed freely, not validated), send, then
 *    alert the server's msg or 'Error emailing salary slip: ' + msg.
 * confirm() and prompt() answer, so they are injected as promise actors; alert() is an action. The
 * list itself refreshes through tag invalidation, never from here.
 */
import { assign, fromPromise, setup } from 'xstate';
import { FALLBACK, MSG, PREFIX } from '../../../shared/messages';
import type { SalaryEmail } from '../../../shared/schemas/salary';
import { errorMessage } from '../../api/error-message';

export interface SlipPeriod {
  month: string;
  year: string;
}

export type EmployeeActionsEvent =
  | { type: 'DELETE'; id: string }
  | { type: 'EMAIL_SLIP'; employeeId: string };

export interface EmployeeActionsContext {
  /** The record (`_id`) or business id (`employeeId`) being acted on, for the view's busy state. */
  target: string | null;
  period: SlipPeriod | null;
}

const targetOf = (event: EmployeeActionsEvent) => (event.type === 'DELETE' ? event.id : event.employeeId);

/** The list's action machine; provide the four actors and `alert`. */
export const employeeActionsMachine = setup({
  types: { context: {} as EmployeeActionsContext, events: {} as EmployeeActionsEvent },
  actors: {
    confirmDelete: fromPromise<boolean, void>(async () => false),
    /** null when the admin cancels either prompt. */
    askSlipPeriod: fromPromise<SlipPeriod | null, void>(async () => null),
    deleteEmployee: fromPromise<unknown, string>(async () => {
      throw new Error('deleteEmployee actor not provided');
    }),
    emailSalarySlip: fromPromise<{ msg?: string }, SalaryEmail>(async () => {
      throw new Error('emailSalarySlip actor not provided');
    }),
  },
  actions: {
    alert: (_, _params: { message: string }) => {},
    clear: assign({ target: null, period: null }),
  },
}).createMachine({
  id: 'employeeActions',
  context: { target: null, period: null },
  initial: 'idle',
  states: {
    idle: {
      entry: 'clear',
      on: {
        DELETE: { target: 'confirmingDelete', actions: assign({ target: ({ event }) => targetOf(event) }) },
        EMAIL_SLIP: { target: 'askingPeriod', actions: assign({ target: ({ event }) => targetOf(event) }) },
      },
    },
    confirmingDelete: {
      invoke: {
        src: 'confirmDelete',
        onDone: [{ guard: ({ event }) => event.output === true, target: 'deleting' }, { target: 'idle' }],
        onError: 'idle',
      },
    },
    deleting: {
      invoke: {
        src: 'deleteEmployee',
        input: ({ context }) => context.target!,
        onDone: { target: 'idle', actions: { type: 'alert', params: { message: MSG.employeeDeleted } } },
        onError: {
          target: 'idle',
          actions: {
            type: 'alert',
            params: ({ event }) => ({ message: PREFIX.deleteEmployee + errorMessage(event.error, FALLBACK.server) }),
          },
        },
      },
    },
    askingPeriod: {
      invoke: {
        src: 'askSlipPeriod',
        onDone: [
          { guard: ({ event }) => event.output === null, target: 'idle' },
          { target: 'emailing', actions: assign({ period: ({ event }) => event.output }) },
        ],
        onError: 'idle',
      },
    },
    emailing: {
      invoke: {
        src: 'emailSalarySlip',
        input: ({ context }) => ({ employeeId: context.target!, month: context.period!.month, year: context.period!.year }),
        onDone: { target: 'idle', actions: { type: 'alert', params: ({ event }) => ({ message: event.output?.msg ?? '' }) } },
        onError: {
          target: 'idle',
          actions: {
            type: 'alert',
            params: ({ event }) => ({ message: PREFIX.emailSalarySlip + errorMessage(event.error, FALLBACK.server) }),
          },
        },
      },
    },
  },
});
