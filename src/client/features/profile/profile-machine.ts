/**
 * Profile flow (spec sections 2, 5 and 8): without a token, 'Please login first' and leave for the
 * login page; otherwise editing -> saving -> 'Profile updated successfully', or 'Error updating
 * profile: ' + msg, and back to editing. The spec's alerts go to `notify` (toasts: a success
 * leaves by itself, the others stay until dismissed, so the first is still there on the login
 * page). The token check, the call, `notify` and the way out are injected.
 */
import { assign, fromPromise, not, setup } from 'xstate';
import { FALLBACK, MSG, PREFIX } from '../../copy';
import { errorMessage } from '../../api/error-message';
import type { UpdateProfileRequest } from './profile-api';

export type ProfileEvent = { type: 'SUBMIT'; id: string; name: string; email: string };

export interface ProfileContext {
  draft: UpdateProfileRequest | null;
  error: string | null;
  /** The new email the server is waiting to have confirmed from that address (issue 12), if any. */
  pendingEmail: string | null;
}

/** The pending address an update's answer names, if it names one. */
const pendingEmailOf = (output: unknown): string | null => {
  const pending = (output as { pendingEmail?: unknown } | null | undefined)?.pendingEmail;
  return typeof pending === 'string' && pending ? pending : null;
};

/** The Profile screen's machine; provide `hasToken`, `updateProfile`, `notify` and `leave`. */
export const profileMachine = setup({
  types: { context: {} as ProfileContext, events: {} as ProfileEvent },
  actors: {
    updateProfile: fromPromise<unknown, UpdateProfileRequest>(async () => {
      throw new Error('updateProfile actor not provided');
    }),
  },
  actions: {
    notify: (_, _params: { tone: 'success' | 'error'; message: string }) => {},
    /** Ends the session and goes to / (spec: "redirects to /"). */
    leave: () => {},
  },
  guards: {
    hasToken: () => false,
    fieldMissing: ({ event }) => event.name.trim() === '' || event.email.trim() === '',
  },
}).createMachine({
  id: 'profile',
  context: { draft: null, error: null, pendingEmail: null },
  initial: 'checking',
  states: {
    checking: {
      always: [{ guard: 'hasToken', target: 'editing' }, { target: 'signedOut' }],
    },
    editing: {
      on: {
        SUBMIT: [
          // The token may have gone since the screen opened (a logout in another tab).
          { guard: not('hasToken'), target: 'signedOut' },
          // The inputs are `required`; this keeps the rule when the browser does not enforce it.
          { guard: 'fieldMissing', actions: assign({ error: MSG.allFieldsRequired }) },
          {
            target: 'saving',
            actions: assign({ draft: ({ event }) => ({ id: event.id, name: event.name, email: event.email }), error: null }),
          },
        ],
      },
    },
    saving: {
      invoke: {
        src: 'updateProfile',
        input: ({ context }) => context.draft!,
        onDone: {
          target: 'editing',
          actions: [
            assign({ draft: null, pendingEmail: ({ event }) => pendingEmailOf(event.output) }),
            { type: 'notify', params: { tone: 'success', message: MSG.profileUpdated } },
          ],
        },
        onError: {
          target: 'editing',
          actions: [
            assign({ draft: null }),
            {
              type: 'notify',
              params: ({ event }) => ({ tone: 'error', message: PREFIX.updateProfile + errorMessage(event.error, FALLBACK.server) }),
            },
          ],
        },
      },
    },
    signedOut: {
      type: 'final',
      entry: [{ type: 'notify', params: { tone: 'error', message: MSG.pleaseLogin } }, 'leave'],
    },
  },
});
