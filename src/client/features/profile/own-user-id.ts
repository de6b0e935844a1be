/** The signed-in user's record id (`_id`) as the session token carries it in user.id. */
import { jwtDecode } from 'jwt-decode';

/** user.id of the token as a string, or null when the token is missing, undecodable or lacks it. */
export function ownUserId(token: string | null | undefined): string | null {
  if (!token) return null;
  try {
    const id = jwtDecode<{ user?: { id?: unknown } }>(token).user?.id;
    return typeof id === 'string' || typeof id === 'number' ? String(id) : null;
  } catch {
    return null;
  }
}
