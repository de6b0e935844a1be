/**
 * What a route tells the frame around it (react-router's `handle`): kept in its own tiny module so
 * the router (main chunk) and the lazily loaded dashboard frames share the type without pulling
 * each other's code in.
 */
import { useMatches } from 'react-router-dom';

export interface RouteHandle {
  /**
   * false: the admin frame shows no Attendance Overview strip on this screen — the dashboard home,
   * which shows the overview in full, and the not-found panel, which has nothing to do with it.
   */
  attendanceStrip?: false;
}

/** The handle of the deepest matched route (the screen on show), or an empty one. */
export function useScreenHandle(): RouteHandle {
  const matches = useMatches();
  return (matches.at(-1)?.handle as RouteHandle | undefined) ?? {};
}
