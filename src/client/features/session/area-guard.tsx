/**
 * Dashboard entry check (product.md, Input rules): asks the session machine whether this role may be here,
 * and shows 'Loading Dashboard...' until it says yes. Refusals (alert, token removal, redirect) are
 * the machine's job, so this component only waits.
 */
import { useEffect, type ReactNode } from 'react';
import { LOADING } from '../../copy';
import { LoadingScreen } from '../../components/loading-screen';
import type { AreaRole } from './session-machine';
import { useSession, useSessionSelector } from './session-context';

export function AreaGuard({ role, children }: { role: AreaRole; children: ReactNode }) {
  const session = useSession();
  const admitted = useSessionSelector(
    (s) => s.context.admittedArea === role && s.matches({ signedIn: role }),
  );

  useEffect(() => {
    session.send({ type: 'ENTER_AREA', role });
    return () => session.send({ type: 'LEAVE_AREA' });
  }, [session, role]);

  return admitted ? children : <LoadingScreen text={LOADING.dashboard} />;
}
