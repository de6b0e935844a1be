/**
 * Feeds the inactivity timer (product.md, Constants): mouse move, key, click and scroll anywhere count as
 * activity. Forwarded at most once per INACTIVITY_CHECK_MS, the spec's own check granularity, so a
 * moving mouse does not restart a timer sixty times a second.
 */
import { useEffect } from 'react';
import { INACTIVITY_CHECK_MS } from '../../../shared/constants';
import type { SessionActor } from './session-context';

const ACTIVITY_EVENTS = ['mousemove', 'keydown', 'click', 'scroll'] as const;

export function useActivityForwarding(session: SessionActor, target: Window = window): void {
  useEffect(() => {
    let last = Number.NEGATIVE_INFINITY;
    const onActivity = () => {
      const now = Date.now();
      if (now - last < INACTIVITY_CHECK_MS) return;
      last = now;
      session.send({ type: 'ACTIVITY' });
    };
    // Capture phase: scroll does not bubble, and inner scrollers count as activity too.
    const options = { capture: true, passive: true } as const;
    ACTIVITY_EVENTS.forEach((type) => target.addEventListener(type, onActivity, options));
    return () => ACTIVITY_EVENTS.forEach((type) => target.removeEventListener(type, onActivity, options));
  }, [session, target]);
}
