/**
 * React access to the one session actor. The app creates the actor (it needs the store and the
 * router for its effects) and hands it down here; screens send events and select from it.
 */
import { createContext, useContext, type ReactNode } from 'react';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { sessionMachine } from './session-machine';

export type SessionActor = ActorRefFrom<typeof sessionMachine>;
export type SessionSnapshot = SnapshotFrom<typeof sessionMachine>;

const SessionContext = createContext<SessionActor | null>(null);

export function SessionProvider({ actor, children }: { actor: SessionActor; children: ReactNode }) {
  return <SessionContext.Provider value={actor}>{children}</SessionContext.Provider>;
}

/** The session actor, for sending events (LOGOUT, ENTER_AREA, ...). */
export function useSession(): SessionActor {
  const actor = useContext(SessionContext);
  if (!actor) throw new Error('useSession must be used inside <SessionProvider>');
  return actor;
}

/** Re-renders only when the selected slice of the session changes. */
export function useSessionSelector<T>(selector: (snapshot: SessionSnapshot) => T): T {
  return useSelector(useSession(), selector);
}
