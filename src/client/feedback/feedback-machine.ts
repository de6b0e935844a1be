/**
 * The app's in-app feedback: the queue of open dialogs and the stack of toasts, held
 * in one actor that the dialog host and the toast region render. Nothing here touches the DOM.
 *  - Dialogs open in order and show one at a time; an ANSWER closes one and is emitted as
 *    'answered', which is how the promise-returning effects (effects.ts) learn the reply.
 *  - Toasts, one at a time: a newer toast replaces the one on screen, so an old error never sits
 *    beside (or over) a later success. Successes and notes leave by themselves after
 *    `toastLifetime` (held while the pointer or focus is on them, so nobody loses a message they
 *    are reading); an error stays until it is dismissed, replaced, or the next action on the
 *    screen succeeds (SETTLE, for a success that says so in the page rather than in a toast).
 *    Errors that belong to a field are never toasted: the form marks the field (form-submit-machine).
 */
import { assign, enqueueActions, setup, type ActorRefFrom } from 'xstate';

/** How a toast reads: success and info are polite (role="status"), errors assertive (role="alert"). */
export type ToastTone = 'success' | 'info' | 'error';

export interface Toast {
  id: string;
  tone: ToastTone;
  message: string;
}

/** A month and a year as the admin gives them: text, parsed by the server (spec: no validation). */
export interface SlipPeriod {
  month: string;
  year: string;
}

export interface AlertRequest {
  kind: 'alert';
  message: string;
  title?: string;
}

export interface ConfirmRequest {
  kind: 'confirm';
  message: string;
  title?: string;
  /** A second line under the question: whom it is about and what happens. */
  detail?: string;
  /** The confirming button's text (e.g. 'Delete'); the other is always Cancel. */
  confirmLabel: string;
  /** A destructive action: the confirming button is styled as a danger and Cancel gets the focus. */
  danger?: boolean;
}

export interface PeriodRequest {
  kind: 'period';
  title: string;
  message: string;
  submitLabel: string;
  /** The month offered first (the last complete month). */
  initial: SlipPeriod;
}

export type DialogRequest = AlertRequest | ConfirmRequest | PeriodRequest;
export type OpenDialog = DialogRequest & { id: string };

/** What a dialog answers: alert -> true; confirm -> true/false; period -> the period or null. */
export type DialogAnswer = boolean | SlipPeriod | null;

export type FeedbackEvent =
  | { type: 'OPEN'; dialog: OpenDialog }
  | { type: 'ANSWER'; id: string; answer: DialogAnswer }
  | { type: 'TOAST'; toast: Toast }
  | { type: 'DISMISS'; id: string }
  | { type: 'EXPIRE'; id: string }
  /** An action succeeded without a toast of its own: an error toast about an earlier one goes. */
  | { type: 'SETTLE' }
  /** The pointer or keyboard focus is on the toasts: auto-dismissal waits. */
  | { type: 'HOLD' }
  | { type: 'RELEASE' };

export type FeedbackEmitted = { type: 'answered'; id: string; answer: DialogAnswer };

export interface FeedbackContext {
  dialogs: OpenDialog[];
  toasts: Toast[];
  held: boolean;
}

/** How long a success or info toast stays (WCAG 2.2.1: held while hovered or focused). */
export const TOAST_LIFETIME_MS = 6000;
/** One toast at a time: a stack of old and new outcomes helps nobody, and covers the page. */
export const MAX_TOASTS = 1;

const expires = (toast: Toast) => toast.tone !== 'error';
const timerOf = (id: string) => `expire-${id}`;

/** The feedback actor's logic; the app starts one (createApp) and every effect goes through it. */
export const feedbackMachine = setup({
  types: {
    context: {} as FeedbackContext,
    events: {} as FeedbackEvent,
    emitted: {} as FeedbackEmitted,
  },
  delays: { toastLifetime: TOAST_LIFETIME_MS },
  actions: {
    openDialog: assign({
      dialogs: ({ context, event }) => (event.type === 'OPEN' ? [...context.dialogs, event.dialog] : context.dialogs),
    }),
    answer: enqueueActions(({ context, event, enqueue }) => {
      if (event.type !== 'ANSWER' || !context.dialogs.some((d) => d.id === event.id)) return;
      enqueue.assign({ dialogs: context.dialogs.filter((d) => d.id !== event.id) });
      enqueue.emit({ type: 'answered', id: event.id, answer: event.answer });
    }),
    showToast: enqueueActions(({ context, event, enqueue }) => {
      if (event.type !== 'TOAST') return;
      const { toast } = event;
      const kept = context.toasts.filter((t) => !(t.tone === toast.tone && t.message === toast.message));
      const next = [...kept, toast];
      const shown = next.slice(-MAX_TOASTS);
      // Timers of the toasts leaving now (the replaced twin, the oldest beyond the limit).
      for (const gone of context.toasts.filter((t) => !shown.includes(t))) enqueue.cancel(timerOf(gone.id));
      enqueue.assign({ toasts: shown });
      if (expires(toast) && !context.held) {
        enqueue.raise({ type: 'EXPIRE', id: toast.id }, { id: timerOf(toast.id), delay: 'toastLifetime' });
      }
    }),
    settle: enqueueActions(({ context, enqueue }) => {
      const errors = context.toasts.filter((t) => t.tone === 'error');
      if (!errors.length) return;
      for (const gone of errors) enqueue.cancel(timerOf(gone.id));
      enqueue.assign({ toasts: context.toasts.filter((t) => t.tone !== 'error') });
    }),
    removeToast: enqueueActions(({ context, event, enqueue }) => {
      if (event.type !== 'DISMISS' && event.type !== 'EXPIRE') return;
      enqueue.cancel(timerOf(event.id));
      enqueue.assign({ toasts: context.toasts.filter((t) => t.id !== event.id) });
    }),
    hold: enqueueActions(({ context, enqueue }) => {
      if (context.held) return;
      for (const toast of context.toasts) enqueue.cancel(timerOf(toast.id));
      enqueue.assign({ held: true });
    }),
    // Each toast gets its whole time again: someone who looked away mid-read sees it for a while.
    release: enqueueActions(({ context, enqueue }) => {
      if (!context.held) return;
      enqueue.assign({ held: false });
      for (const toast of context.toasts.filter(expires)) {
        enqueue.raise({ type: 'EXPIRE', id: toast.id }, { id: timerOf(toast.id), delay: 'toastLifetime' });
      }
    }),
  },
}).createMachine({
  id: 'feedback',
  context: { dialogs: [], toasts: [], held: false },
  on: {
    OPEN: { actions: 'openDialog' },
    ANSWER: { actions: 'answer' },
    TOAST: { actions: 'showToast' },
    SETTLE: { actions: 'settle' },
    DISMISS: { actions: 'removeToast' },
    EXPIRE: { actions: 'removeToast' },
    HOLD: { actions: 'hold' },
    RELEASE: { actions: 'release' },
  },
});

export type FeedbackActor = ActorRefFrom<typeof feedbackMachine>;
