/**
 * The Employee List's row actions (product.md, Screens, 5 and 8), one at a time:
 *  - Delete: confirmingDelete ('Are you sure you want to delete this employee?') -> deleting ->
 *    'Employee deleted successfully' or 'Error deleting employee: ' + msg;
 *  - Email Salary Slip: askingPeriod (a month and a year, typed freely, not validated) -> emailing
 *    -> the server's msg or 'Error emailing salary slip: ' + msg.
 * The questions are states: the invoked `confirmDelete` / `askSlipPeriod` actors are the app's
 * in-app dialogs, and CONFIRM / CANCEL / CHOOSE_PERIOD events answer them too (headless tests drive
 * them so). `succeeded` and `failed` are the shown result: the outcome is in `result` and was
 * handed to `notify` (a toast). The list itself refreshes through tag invalidation, never from here.
 */
import { assign, fromPromise, setup } from 'xstate';
import { FALLBACK, MSG, PREFIX } from '../../copy';
import type { SalaryEmail } from '../../../shared/schemas/salary';
import { errorMessage } from '../../api/error-message';
import type { SlipPeriod } from '../../feedback/feedback-machine';
import { FEEDBACK_UI } from '../../feedback/feedback-copy';
import type { ConfirmQuestion, FlowResult } from '../../flows/row-action-machine';

export type { SlipPeriod };

export type EmployeeActionsEvent =
  /** `name` and `employeeId`, when the list knows them, name the employee in the question. */
  | { type: 'DELETE'; id: string; name?: string; employeeId?: string }
  /** `name`, when the list knows it, names the employee in the dialog. */
  | { type: 'EMAIL_SLIP'; employeeId: string; name?: string }
  /** Answers confirmingDelete. */
  | { type: 'CONFIRM' }
  /** Answers either question: nothing is done. */
  | { type: 'CANCEL' }
  /** Answers askingPeriod. */
  | { type: 'CHOOSE_PERIOD'; period: SlipPeriod }
  /** The result has been seen: back to idle. */
  | { type: 'DISMISS' };

export interface EmployeeActionsContext {
  /** The record (`_id`) or business id (`employeeId`) being acted on, for the view's busy state. */
  target: string | null;
  /** The employee's name, for the period question. */
  name: string | null;
  period: SlipPeriod | null;
  /** The last action's outcome, while it is shown (succeeded / failed). */
  result: FlowResult | null;
}

/** The delete question: the spec's confirmation text, in a dialog that starts on Cancel. */
/** What the period question is about. */
export interface SlipPeriodQuestion {
  employeeId: string;
  name: string | null;
}

export const DELETE_QUESTION: ConfirmQuestion = {
  title: FEEDBACK_UI.deleteTitle,
  message: MSG.confirmDelete,
  confirmLabel: FEEDBACK_UI.deleteConfirm,
  danger: true,
};

/** The spec's question, with a line naming the person when the list knows who it is. */
const deleteQuestion = (who: string | null): ConfirmQuestion =>
  who ? { ...DELETE_QUESTION, detail: FEEDBACK_UI.deleteWhat(who) } : DELETE_QUESTION;

const targetOf = (event: EmployeeActionsEvent) =>
  event.type === 'DELETE' ? event.id : event.type === 'EMAIL_SLIP' ? event.employeeId : null;

const failedWith = (prefix: string) => ({ event }: { event: { error: unknown } }): FlowResult => ({
  tone: 'error',
  message: prefix + errorMessage(event.error, FALLBACK.server),
});

/** The list's action machine; provide `deleteEmployee`, `emailSalarySlip`, `notify`, and the two questions. */
export const employeeActionsMachine = setup({
  types: { context: {} as EmployeeActionsContext, events: {} as EmployeeActionsEvent },
  actors: {
    // Unprovided, the questions wait for their answer events.
    confirmDelete: fromPromise<boolean, ConfirmQuestion>(() => new Promise<boolean>(() => {})),
    /** null when the admin cancels. */
    askSlipPeriod: fromPromise<SlipPeriod | null, SlipPeriodQuestion>(() => new Promise<SlipPeriod | null>(() => {})),
    deleteEmployee: fromPromise<unknown, string>(async () => {
      throw new Error('deleteEmployee actor not provided');
    }),
    emailSalarySlip: fromPromise<{ msg?: string }, SalaryEmail>(async () => {
      throw new Error('emailSalarySlip actor not provided');
    }),
  },
  actions: {
    /** Shows the result (a toast). */
    notify: (_, _params: FlowResult) => {},
    start: assign({
      target: ({ event }) => targetOf(event),
      name: ({ event }) => {
        if (event.type === 'EMAIL_SLIP') return event.name ?? null;
        if (event.type === 'DELETE' && event.name) return event.employeeId ? `${event.name} (${event.employeeId})` : event.name;
        return null;
      },
      period: null,
      result: null,
    }),
    clear: assign({ target: null, name: null, period: null }),
  },
}).createMachine({
  id: 'employeeActions',
  context: { target: null, name: null, period: null, result: null },
  initial: 'idle',
  // idle and the two result states take the next action.
  states: {
    idle: {
      entry: assign({ target: null, name: null, period: null, result: null }),
      on: {
        DELETE: { target: 'confirmingDelete', actions: 'start' },
        EMAIL_SLIP: { target: 'askingPeriod', actions: 'start' },
      },
    },
    confirmingDelete: {
      tags: 'busy',
      invoke: {
        src: 'confirmDelete',
        input: ({ context }) => deleteQuestion(context.name),
        onDone: [{ guard: ({ event }) => event.output === true, target: 'deleting' }, { target: 'idle' }],
        onError: 'idle',
      },
      on: { CONFIRM: 'deleting', CANCEL: 'idle' },
    },
    deleting: {
      tags: 'busy',
      invoke: {
        src: 'deleteEmployee',
        input: ({ context }) => context.target!,
        onDone: {
          target: 'succeeded',
          actions: [
            assign({ result: { tone: 'success', message: MSG.employeeDeleted } }),
            { type: 'notify', params: { tone: 'success', message: MSG.employeeDeleted } },
          ],
        },
        onError: {
          target: 'failed',
          actions: [
            assign({ result: failedWith(PREFIX.deleteEmployee) }),
            { type: 'notify', params: failedWith(PREFIX.deleteEmployee) },
          ],
        },
      },
    },
    askingPeriod: {
      tags: 'busy',
      invoke: {
        src: 'askSlipPeriod',
        input: ({ context }) => ({ employeeId: context.target!, name: context.name }),
        onDone: [
          { guard: ({ event }) => event.output === null, target: 'idle' },
          { target: 'emailing', actions: assign({ period: ({ event }) => event.output }) },
        ],
        onError: 'idle',
      },
      on: {
        CHOOSE_PERIOD: { target: 'emailing', actions: assign({ period: ({ event }) => event.period }) },
        CANCEL: 'idle',
      },
    },
    emailing: {
      tags: 'busy',
      invoke: {
        src: 'emailSalarySlip',
        input: ({ context }) => ({ employeeId: context.target!, month: context.period!.month, year: context.period!.year }),
        onDone: {
          target: 'succeeded',
          actions: [
            assign({ result: ({ event }) => ({ tone: 'success' as const, message: event.output?.msg ?? '' }) }),
            { type: 'notify', params: ({ event }) => ({ tone: 'success', message: event.output?.msg ?? '' }) },
          ],
        },
        onError: {
          target: 'failed',
          actions: [
            assign({ result: failedWith(PREFIX.emailSalarySlip) }),
            { type: 'notify', params: failedWith(PREFIX.emailSalarySlip) },
          ],
        },
      },
    },
    succeeded: {
      entry: 'clear',
      on: {
        DELETE: { target: 'confirmingDelete', actions: 'start' },
        EMAIL_SLIP: { target: 'askingPeriod', actions: 'start' },
        DISMISS: 'idle',
      },
    },
    failed: {
      entry: 'clear',
      on: {
        DELETE: { target: 'confirmingDelete', actions: 'start' },
        EMAIL_SLIP: { target: 'askingPeriod', actions: 'start' },
        DISMISS: 'idle',
      },
    },
  },
});
