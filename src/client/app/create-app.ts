/**
 * Wires the long-lived objects together: the router, the Redux store, the session actor, the
 * feedback actor (in-app dialogs and toasts) and the one app-wide effects object built on them.
 * The session machine's effects are implemented here and nowhere else:
 *   storeToken/removeToken -> tokenStorage (localStorage['token'], only where the session is kept
 *                             between loads; removal only while it still holds this tab's token)
 *   revokeToken            -> POST /api/auth/logout with the dropped token (best effort)
 *   otherTabs (actor)      -> tokenStorage.subscribe: other tabs' token changes (`storage` event)
 *   navigate               -> router.navigate(to, { replace: true })
 *   alert                  -> the login page's notice (every session alert comes with a redirect
 *                             there, so it is shown where the person lands, until dismissed)
 *   resetApi               -> api.util.resetApiState()
 * and the API reaches the session through the store's extra argument: getToken (every request's
 * token comes from the session, never from storage) and onUnauthorized -> UNAUTHORIZED.
 * The effects (alert, confirm, prompt, toast, navigate, saveFile) reach pages through React context.
 */
import { assign, createActor, fromCallback } from 'xstate';
import { api } from '../api/base-api';
import { saveFile } from '../api/download';
import { revokeToken } from '../api/revoke-token';
import { tokenStorage, type TokenStorage } from '../api/token-storage';
import { readRuntimeConfig } from '../config/runtime-config';
import type { SessionActor } from '../features/session/session-context';
import { sessionMachine } from '../features/session/session-machine';
import { feedbackEffects, type AppEffects } from '../feedback/effects';
import { feedbackMachine, type FeedbackActor } from '../feedback/feedback-machine';
import type { AppRouter } from './router';
import { makeStore } from './store';

export interface AppOptions {
  router: AppRouter;
  storage?: TokenStorage;
  /** Replaces some effects (tests: a saveFile that records instead of clicking a link). */
  effects?: Partial<AppEffects>;
}

/** Builds and starts one app instance (the page has one; each component test builds its own). */
export function createApp({ router, storage = tokenStorage, effects: overrides = {} }: AppOptions) {
  const feedback: FeedbackActor = createActor(feedbackMachine);
  feedback.start();
  const effects: AppEffects = {
    ...feedbackEffects(feedback),
    navigate: (to, options) => void router.navigate(to, options),
    saveFile: (file) => saveFile(file),
    ...overrides,
  };
  // The store needs the session (token, 401s) and the session needs the store (reset). The closures
  // read `session` only when a request is made, which cannot happen before this function returns.
  const store = makeStore({
    getToken: () => session.getSnapshot().context.token,
    onUnauthorized: (message, token) => session.send({ type: 'UNAUTHORIZED', message, token }),
  });
  const { apiHost } = readRuntimeConfig();
  const session: SessionActor = createActor(
    sessionMachine.provide({
      actions: {
        storeToken: (_, { token }) => storage.write(token),
        removeToken: (_, { token }) => {
          if (token !== null && storage.read() === token) storage.remove();
        },
        revokeToken: (_, { token }) => {
          if (token) void revokeToken(apiHost, token);
        },
        alert: assign({ notice: (_, { message }: { message: string }) => message }),
        // Replace, so Back never returns to a screen the session just left.
        navigate: (_, { to }) => void router.navigate(to, { replace: true }),
        resetApi: () => store.dispatch(api.util.resetApiState()),
      },
      actors: {
        otherTabs: fromCallback(({ sendBack }) =>
          storage.subscribe((token) => sendBack({ type: 'TOKEN_CHANGED_ELSEWHERE', token })),
        ),
      },
    }),
    { input: { token: storage.read() } },
  );
  session.start();
  return { router, store, session, feedback, effects };
}

export type App = ReturnType<typeof createApp>;
