/**
 * The app-wide effects: everything a flow machine may ask of the world
 * outside it. createApp builds one object; pages and hooks hand its members to their machines with
 * .provide(), so machines stay pure and their tests run headless. alert, confirm, prompt and toast
 * go through the feedback actor (feedback-machine.ts), which the dialog host and toast region render.
 */
import type { DownloadedFile } from '../api/download';
import type {
  AlertRequest,
  ConfirmRequest,
  DialogAnswer,
  DialogRequest,
  FeedbackActor,
  PeriodRequest,
  SlipPeriod,
  ToastTone,
} from './feedback-machine';

export interface AppEffects {
  /** An in-app alert dialog; resolves once it is acknowledged. */
  alert(message: string, options?: Omit<AlertRequest, 'kind' | 'message'>): Promise<void>;
  /** An in-app confirmation; true for the confirming button, false for Cancel or Escape. */
  confirm(request: Omit<ConfirmRequest, 'kind'>, signal?: AbortSignal): Promise<boolean>;
  /** The salary slip's month and year; null when cancelled. */
  prompt(request: Omit<PeriodRequest, 'kind'>, signal?: AbortSignal): Promise<SlipPeriod | null>;
  /** A toast, replacing the one on screen: successes and notes leave by themselves, errors stay until dismissed or settled. */
  toast(tone: ToastTone, message: string): void;
  /** An action succeeded and said so in the page: an error toast about an earlier one goes. */
  settle(): void;
  /** Client-side navigation (the router's). */
  navigate(to: string, options?: { replace?: boolean }): void;
  /** Hands a downloaded file to the browser (api/download.ts). */
  saveFile(file: DownloadedFile): void;
}

/** The effects that show something: alert, confirm, prompt and toast through `feedback`. */
export function feedbackEffects(feedback: FeedbackActor): Pick<AppEffects, 'alert' | 'confirm' | 'prompt' | 'toast' | 'settle'> {
  let dialogs = 0;
  let toasts = 0;

  // Opens a dialog and resolves with its answer. An aborted signal (the flow that asked has
  // stopped, e.g. its page unmounted) closes the dialog with `cancelled`, so none is left orphaned.
  function ask<A extends DialogAnswer>(request: DialogRequest, cancelled: A, signal?: AbortSignal): Promise<A> {
    if (signal?.aborted) return Promise.resolve(cancelled);
    const id = `dialog-${++dialogs}`;
    return new Promise<A>((resolve) => {
      const onAbort = () => feedback.send({ type: 'ANSWER', id, answer: cancelled });
      const answered = feedback.on('answered', (event) => {
        if (event.id !== id) return;
        answered.unsubscribe();
        signal?.removeEventListener('abort', onAbort);
        resolve(event.answer as A);
      });
      signal?.addEventListener('abort', onAbort, { once: true });
      feedback.send({ type: 'OPEN', dialog: { ...request, id } });
    });
  }

  return {
    alert: async (message, options) => {
      await ask({ kind: 'alert', message, ...options }, true);
    },
    confirm: (request, signal) => ask<boolean>({ kind: 'confirm', ...request }, false, signal),
    prompt: (request, signal) => ask<SlipPeriod | null>({ kind: 'period', ...request }, null, signal),
    toast: (tone, message) => feedback.send({ type: 'TOAST', toast: { id: `toast-${++toasts}`, tone, message } }),
    settle: () => feedback.send({ type: 'SETTLE' }),
  };
}
