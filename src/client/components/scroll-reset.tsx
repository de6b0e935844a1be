/**
 * A new screen starts at the top. A single-page app keeps the document's scroll offset
 * across route changes, so without this, opening Tasks from the bottom of the Employee List left
 * the user halfway down an empty-looking page.
 *
 * Keyed on the pathname only, so a list that keeps its search or sort in the query string (?q=)
 * does not jump to the top on every keystroke. Back and forward (POP) are left to the browser's own
 * scroll restoration, which puts the user back where they were.
 */
import { useLayoutEffect } from 'react';
import { useLocation, useNavigationType } from 'react-router-dom';

export function ScrollReset() {
  const { pathname } = useLocation();
  const navigationType = useNavigationType();

  useLayoutEffect(() => {
    if (navigationType === 'POP') return;
    // Only when there is something to undo (also spares jsdom, which has no scrollTo).
    if (window.scrollX !== 0 || window.scrollY !== 0) window.scrollTo(0, 0);
    // navigationType is read for the pathname change that triggered this, not a trigger itself.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [pathname]);

  return null;
}
