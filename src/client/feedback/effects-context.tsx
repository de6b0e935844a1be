/**
 * React access to the app's effects (effects.ts). The app builds them once (createApp); pages and
 * hooks read them here and pass them into their machines with .provide().
 */
import { createContext, useContext, type ReactNode } from 'react';
import type { AppEffects } from './effects';

const EffectsContext = createContext<AppEffects | null>(null);

export function EffectsProvider({ effects, children }: { effects: AppEffects; children: ReactNode }) {
  return <EffectsContext.Provider value={effects}>{children}</EffectsContext.Provider>;
}

/** The app's effects; stable for the app's lifetime, so machines may keep the first render's. */
export function useEffects(): AppEffects {
  const effects = useContext(EffectsContext);
  if (!effects) throw new Error('useEffects must be used inside <EffectsProvider>');
  return effects;
}
