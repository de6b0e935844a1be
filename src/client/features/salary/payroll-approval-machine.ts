/**
 * Approving a payroll register and re-running a locked month, on the Payroll Register screen:
 *   idle -> confirming -> approving -> idle            (Approve and send slips, after the in-app confirm)
 *   idle -> rerunDialog -> rerunning -> idle           (Re-run with reason; a refusal stays in the dialog)
 * The calls (`approve`, `rerun`) and the question (`confirm`) are injected, so this runs headless;
 * what is told (`notify`) becomes a toast in the view. The approval state itself is RTK Query's:
 * both calls invalidate it, so the screen shows the new state once the server has it.
 */
import { assign, fromPromise, setup, type DoneActorEvent, type ErrorActorEvent } from 'xstate';
import { countOf } from '../../../shared/format';
import { RERUN_REASON_MAX, RERUN_REASON_MIN, type PayrollApprovalAnswer } from '../../../shared/schemas/payroll-approval';
import { errorMessage } from '../../api/error-message';
import type { ConfirmQuestion, FlowResult } from '../../flows/row-action-machine';
import type { ApprovalOverride } from './payroll-register-api';

export const APPROVAL_UI = {
  confirmTitle: (label: string) => `Approve ${label}?`,
  confirmMessage: (label: string, employees: number, hold: boolean, overridden: number) =>
    (hold
      ? `This stores the register as approved and locks ${label}. The ${countOf(employees, 'salary slip')} wait until you have paid the bank file and release them. `
      : `This stores the register as approved, locks ${label} and emails ${countOf(employees, 'salary slip')}. `) +
    (overridden ? `${countOf(overridden, 'blocking warning')} ${overridden === 1 ? 'is' : 'are'} approved anyway with your reason (kept in the audit log). ` : '') +
    'After this, slips change only by a re-run with a reason.',
  confirmLabel: 'Approve and send',
  confirmHoldLabel: 'Approve',
  approveFailed: 'Error approving the payroll register: ',
  rerunFailed: 'Error re-running the month: ',
  fallback: 'The server did not answer',
  reasonProblem: `Give a reason of ${RERUN_REASON_MIN} to ${RERUN_REASON_MAX} characters`,
} as const;

export type PayrollApprovalEvent =
  /** Approve `month` (its label, how many slips, whether they wait for release, for the question), overriding `overrides`. */
  | { type: 'APPROVE'; month: string; label: string; employees: number; hold?: boolean; overrides?: ApprovalOverride[]; overridden?: number }
  | { type: 'OPEN_RERUN'; month: string }
  | { type: 'REASON'; value: string }
  /** `previewHash`: the list of changes the dialog showed; the server refuses the re-run if it moved. */
  | { type: 'SUBMIT_RERUN'; previewHash?: string }
  | { type: 'CANCEL' };

export interface PayrollApprovalContext {
  month: string;
  label: string;
  employees: number;
  hold: boolean;
  overrides: ApprovalOverride[];
  overridden: number;
  previewHash: string | undefined;
  /** The re-run dialog's reason, as typed. */
  reason: string;
  /** What is wrong in the re-run dialog (the typed reason, or the server's refusal). */
  error: string | null;
  /** The last success's msg, shown beside the state until the next action. */
}

const reasonProblem = (reason: string) => {
  const length = reason.trim().length;
  return length < RERUN_REASON_MIN || length > RERUN_REASON_MAX ? APPROVAL_UI.reasonProblem : null;
};

const failureOf = (prefix: string, error: unknown) => prefix + errorMessage(error, APPROVAL_UI.fallback);

/** The approval machine; provide `approve`, `rerun`, `confirm` and `notify`. */
export const payrollApprovalMachine = setup({
  types: { context: {} as PayrollApprovalContext, events: {} as PayrollApprovalEvent },
  actors: {
    approve: fromPromise<PayrollApprovalAnswer, { month: string; overrides: ApprovalOverride[] }>(async () => {
      throw new Error('approve actor not provided');
    }),
    rerun: fromPromise<PayrollApprovalAnswer, { month: string; reason: string; previewHash?: string }>(async () => {
      throw new Error('rerun actor not provided');
    }),
    // Unprovided, the question waits for ever (tests answer it by providing their own).
    confirm: fromPromise<boolean, ConfirmQuestion>(() => new Promise<boolean>(() => {})),
  },
  actions: {
    /** A toast. */
    notify: (_, _result: FlowResult) => {},
  },
  guards: {
    reasonInvalid: ({ context }) => reasonProblem(context.reason) !== null,
    confirmed: (_, output: boolean) => output,
  },
}).createMachine({
  id: 'payrollApproval',
  context: { month: '', label: '', employees: 0, hold: false, overrides: [], overridden: 0, previewHash: undefined, reason: '', error: null },
  initial: 'idle',
  states: {
    idle: {
      on: {
        APPROVE: {
          target: 'confirming',
          actions: assign(({ event }) => ({
            month: event.month,
            label: event.label,
            employees: event.employees,
            hold: event.hold ?? false,
            overrides: event.overrides ?? [],
            overridden: event.overridden ?? 0,
          })),
        },
        OPEN_RERUN: { target: 'rerunDialog', actions: assign(({ event }) => ({ month: event.month, reason: '', error: null })) },
      },
    },
    confirming: {
      invoke: {
        src: 'confirm',
        input: ({ context }) => ({
          title: APPROVAL_UI.confirmTitle(context.label),
          message: APPROVAL_UI.confirmMessage(context.label, context.employees, context.hold, context.overridden),
          confirmLabel: context.hold ? APPROVAL_UI.confirmHoldLabel : APPROVAL_UI.confirmLabel,
        }),
        onDone: [{ guard: { type: 'confirmed', params: ({ event }) => event.output }, target: 'approving' }, { target: 'idle' }],
        onError: 'idle',
      },
    },
    approving: {
      invoke: {
        src: 'approve',
        input: ({ context }) => ({ month: context.month, overrides: context.overrides }),
        onDone: {
          target: 'idle',
          actions: [
            { type: 'notify', params: ({ event }: { event: DoneActorEvent<PayrollApprovalAnswer> }) => ({ tone: 'success' as const, message: event.output.msg }) },
          ],
        },
        onError: {
          target: 'idle',
          actions: { type: 'notify', params: ({ event }: { event: ErrorActorEvent }) => ({ tone: 'error' as const, message: failureOf(APPROVAL_UI.approveFailed, event.error) }) },
        },
      },
    },
    rerunDialog: {
      on: {
        REASON: { actions: assign({ reason: ({ event }) => event.value, error: null }) },
        SUBMIT_RERUN: [
          { guard: 'reasonInvalid', actions: assign({ error: ({ context }) => reasonProblem(context.reason) }) },
          { target: 'rerunning', actions: assign({ previewHash: ({ event }) => event.previewHash }) },
        ],
        CANCEL: 'idle',
      },
    },
    rerunning: {
      invoke: {
        src: 'rerun',
        input: ({ context }) => ({ month: context.month, reason: context.reason.trim(), previewHash: context.previewHash }),
        onDone: {
          target: 'idle',
          actions: [
            assign({ reason: '' }),
            // Slips kept because their difference was paid as arrears: the warning goes with the result.
            {
              type: 'notify',
              params: ({ event }: { event: DoneActorEvent<PayrollApprovalAnswer> }) =>
                event.output.warning ? { tone: 'success' as const, message: `${event.output.msg}. ${event.output.warning}` } : { tone: 'success' as const, message: event.output.msg },
            },
          ],
        },
        // The dialog stays open with the server's refusal, so the reason typed is not lost.
        onError: { target: 'rerunDialog', actions: assign({ error: ({ event }) => failureOf(APPROVAL_UI.rerunFailed, event.error) }) },
      },
    },
  },
});
