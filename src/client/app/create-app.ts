/**
 * Wires the three long-lived objects together: the router, the Redux store and the session actor.
 * The session machine's effects are implemented here and nowhere else:
 *   storeToken/removeToken -> tokenStorage (localStorage['token'])
 *   navigate               -> router.navigate(to, { replace: true })
 *   alert                  -> window.alert
 *   resetApi               -> api.util.resetApiState()
 * and the API reaches the session through the store's extra argument (onUnauthorized -> UNAUTHORIZED).
 */
import { createActor } from 'xstate';
import { api } from '../api/base-api';
import { tokenStorage, type TokenStorage } from '../api/token-storage';
import type { SessionActor } from '../features/session/session-context';
import { sessionMachine } from '../features/session/session-machine';
import type { AppRouter } from './router';
import { makeStore } from './store';

export interface AppOptions {
  router: AppRouter;
  storage?: TokenStorage;
  alert?: (message: string) => void;
}

/** Builds and starts one app instance (the page has one; each component test builds its own). */
export function createApp({ router, storage = tokenStorage, alert = (m) => window.alert(m) }: AppOptions) {
  // The store needs the session (401s) and the session needs the store (reset). The closure reads
  // `session` only when a request fails, which cannot happen before this function returns.
  const store = makeStore({
    onUnauthorized: (message) => session.send({ type: 'UNAUTHORIZED', message }),
  });
  const session: SessionActor = createActor(
    sessionMachine.provide({
      actions: {
        storeToken: (_, { token }) => storage.write(token),
        removeToken: () => storage.remove(),
        alert: (_, { message }) => alert(message),
        // Replace, so Back never returns to a screen the session just left.
        navigate: (_, { to }) => void router.navigate(to, { replace: true }),
        resetApi: () => store.dispatch(api.util.resetApiState()),
      },
    }),
    { input: { token: storage.read() } },
  );
  session.start();
  return { router, store, session };
}

export type App = ReturnType<typeof createApp>;
