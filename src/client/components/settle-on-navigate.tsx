/**
 * A new screen drops the error toasts of the one before: an error is about the screen it was
 * raised on, and a red "Leave type already exists" over the Employee List only misleads. Success
 * toasts stay, since a submit → success → redirect flow says its success on the screen it lands on.
 * Keyed on the pathname, like ScrollReset: a search typed into the query string is not a new screen.
 */
import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';
import { useEffects } from '../feedback/effects-context';

export function SettleOnNavigate() {
  const { pathname } = useLocation();
  const effects = useEffects();
  const first = useRef(pathname);

  useEffect(() => {
    if (pathname === first.current) return;
    first.current = pathname;
    effects.settle();
  }, [pathname, effects]);

  return null;
}
