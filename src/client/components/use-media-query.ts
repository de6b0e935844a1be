/**
 * Whether a CSS media query matches now, following it as the window changes. For the few places where
 * a phone gets different markup rather than different styles; false where the browser (or jsdom)
 * has no matchMedia.
 */
import { useCallback, useSyncExternalStore } from 'react';

/** The width under which the app lays itself out for a phone (the stylesheets' 40rem breakpoint). */
export const PHONE_QUERY = '(max-width: 40rem)';

export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      if (typeof window.matchMedia !== 'function') return () => {};
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    [query],
  );
  return useSyncExternalStore(subscribe, () => typeof window.matchMedia === 'function' && window.matchMedia(query).matches);
}
