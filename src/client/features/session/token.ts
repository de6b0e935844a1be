/**
 * Reads a session token the way product.md, Input rules asks: decodable, unexpired, and carrying a role.
 * The one place the client decodes a token (jwt-decode).
 */
import { jwtDecode } from 'jwt-decode';

interface Claims {
  role?: unknown;
  employeeId?: unknown;
  user?: { role?: unknown; id?: unknown };
  exp?: unknown;
}

export type TokenCheck =
  | { kind: 'missing' }
  /** Undecodable or expired: 'Invalid session. Please login again.' */
  | { kind: 'invalid' }
  /** Decodes; `role` may still be one no area accepts (then: 'Unauthorized access'). */
  | { kind: 'valid'; role: string | null; employeeId: string | null };

/** The token's claims, or null when it is missing or undecodable. */
const claimsOf = (token: string | null | undefined): Claims | null => {
  if (!token) return null;
  try {
    const claims = jwtDecode<Claims>(token);
    return typeof claims === 'object' && claims !== null ? claims : null;
  } catch {
    return null;
  }
};

/** Classifies a stored token; `nowMs` is injectable so tests can pin the clock. */
export function checkToken(token: string | null | undefined, nowMs: number = Date.now()): TokenCheck {
  if (!token) return { kind: 'missing' };
  const claims = claimsOf(token);
  if (!claims) return { kind: 'invalid' };
  // Without the signature key the client cannot verify; the server does. Expiry is still worth
  // catching here so a stale tab goes to login instead of into a screen full of 401s.
  if (typeof claims.exp === 'number' && claims.exp * 1000 <= nowMs) return { kind: 'invalid' };
  // Some screens of the spec read payload.role, others payload.user.role: accept either.
  const role =
    typeof claims.role === 'string' ? claims.role : typeof claims.user?.role === 'string' ? claims.user.role : null;
  const employeeId = typeof claims.employeeId === 'string' ? claims.employeeId : null;
  return { kind: 'valid', role, employeeId };
}

/** The role a token opens, or null when it is missing, invalid or carries no known role. */
export function tokenRole(token: string | null | undefined, nowMs?: number): 'admin' | 'employee' | null {
  const check = checkToken(token, nowMs);
  return check.kind === 'valid' && (check.role === 'admin' || check.role === 'employee') ? check.role : null;
}

/**
 * Whose session a token is: role plus account (user.id, else employeeId), e.g. 'employee:42'; null
 * when the token names no one. Two tokens with the same account are the same person's session (a
 * renewal, or the same person signing in again), whatever their expiry. Expiry is not checked here.
 */
export function tokenAccount(token: string | null | undefined): string | null {
  const claims = claimsOf(token);
  if (!claims) return null;
  const role = typeof claims.role === 'string' ? claims.role : claims.user?.role;
  const id = claims.user?.id ?? claims.employeeId;
  if (typeof role !== 'string' || (typeof id !== 'string' && typeof id !== 'number')) return null;
  return `${role}:${String(id)}`;
}

/** The signed-in user's record id (`_id`) from the token's user.id, or null when it has none. */
export function ownUserId(token: string | null | undefined): string | null {
  const id = claimsOf(token)?.user?.id;
  return typeof id === 'string' || typeof id === 'number' ? String(id) : null;
}

/** When the token stops being accepted (its `exp`, in epoch milliseconds), or null if it has none. */
export function tokenExpiresAt(token: string | null | undefined): number | null {
  const exp = claimsOf(token)?.exp;
  return typeof exp === 'number' && Number.isFinite(exp) ? exp * 1000 : null;
}
