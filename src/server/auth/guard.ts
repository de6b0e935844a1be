/**
 * The one place authentication and roles are enforced. Every /api route declares
 * `config.roles` ('public' or a list of roles); a route that forgets is refused at start-up, so no
 * route is ever open by accident.
 */
import fp from 'fastify-plugin';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { Role } from '../../shared/constants';
import { dateInZone } from '../../shared/format';
import { LEAVER_MSG, SERVER_MSG } from '../../shared/messages';
import { HttpError, forbidden, unauthorized } from '../errors';
import type { AppContext } from '../context';
import { prepareQuery } from '../db/prepared-query';
import { leaverState, readLeaverAccess } from './leaver-access';

export type RouteRoles = 'public' | readonly Role[];

/** Who is calling, resolved from a verified token and a live account. */
export interface Caller {
  userId: number;
  role: Role;
  email: string;
  name: string;
  /** The business id (EMP0001) for employees; null for admins. */
  employeeId: string | null;
  /** Set from the day after the leaving date: the caller is a former employee, read-only until `until`. */
  formerEmployee: { leftOn: string; until: string } | null;
}

/**
 * Whose rows a list shows (the route table's `own-rows`): everyone's to an admin (undefined), only
 * their own to an employee.
 */
export const rowsOwnedBy = (caller: Caller): number | undefined => (caller.role === 'admin' ? undefined : caller.userId);

declare module 'fastify' {
  interface FastifyContextConfig {
    roles?: RouteRoles;
    /** A leaver may still call this route (read-only former-employee scope; see leaver-access.ts). */
    formerEmployee?: true;
    /**
     * Costly work (a PDF, a register, an export, an import): each call spends the caller's share of a
     * per-user budget kept in the database, so every instance counts the same (auth-throttle.ts).
     */
    heavy?: true;
  }
  interface FastifyRequest {
    caller: Caller | null;
    /** The presented token's id and expiry (seconds), for POST /api/auth/logout. */
    session: { jti: string; exp: number } | null;
  }
}

/** Routes added by documentation plugins; they describe the API and hold no data. */
const DOC_ROUTES = /^\/api\/docs(\/|$)|^\/api\/openapi\.json$/;

export function tokenFrom(request: FastifyRequest): string | undefined {
  const header = request.headers['x-auth-token'];
  if (typeof header === 'string' && header) return header;
  const auth = request.headers.authorization;
  if (auth?.startsWith('Bearer ')) return auth.slice(7).trim() || undefined;
  return undefined;
}

/** The caller of an authenticated route; a route declaring roles always has one. */
export function callerOf(request: FastifyRequest): Caller {
  if (!request.caller) throw unauthorized(SERVER_MSG.missingToken);
  return request.caller;
}

const guard: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  // Compiled once: this lookup runs on every authenticated call. The LEFT JOIN on the primary key
  // of revoked_tokens answers "was this token logged out?" in the same round trip (migration 005
  // says why a jti denylist rather than a row per session).
  const accountById = prepareQuery(ctx.database.db, (userId: number, jti: string) =>
    ctx.database.db
      .selectFrom('users')
      .leftJoin('employees', 'employees.user_id', 'users.id')
      .leftJoin('employee_statutory', 'employee_statutory.user_id', 'users.id')
      .leftJoin('revoked_tokens', (join) => join.on('revoked_tokens.jti', '=', jti))
      .select([
        'users.id',
        'users.role',
        'users.email',
        'users.name',
        'users.active',
        'users.token_version',
        'employees.employee_id',
        'employee_statutory.left_on',
        'revoked_tokens.jti as revoked',
      ])
      .where('users.id', '=', userId),
  );
  app.decorateRequest('caller', null);
  app.decorateRequest('session', null);

  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api') || DOC_ROUTES.test(route.url)) return;
    if (!route.config?.roles) throw new Error(`Route ${route.method} ${route.url} declares no roles`);
  });

  app.addHook('onRequest', async (request, reply) => {
    const roles = request.routeOptions.config?.roles;
    if (!roles || roles === 'public') return;
    // Whatever an authenticated call answers (people's data, a 401) is for this caller only: no cache,
    // shared or private, may keep it. A route that revalidates (the attendance poll) sets its own.
    reply.header('cache-control', 'no-store');

    const token = tokenFrom(request);
    if (!token) throw unauthorized(SERVER_MSG.missingToken);
    const payload = await ctx.tokens.verify(token).catch(() => {
      throw unauthorized(SERVER_MSG.invalidToken);
    });

    const userId = Number(payload.user?.id);
    // Tokens from before logout existed carry no jti and could never be ended; they cost one sign-in.
    if (!Number.isSafeInteger(userId) || typeof payload.jti !== 'string' || !payload.jti) throw unauthorized(SERVER_MSG.invalidToken);
    const [user] = await accountById(userId, payload.jti);
    // A deactivated account, a token from before a password change, or a logged-out token no longer opens anything.
    if (!user || !user.active || user.token_version !== payload.tv || user.role !== payload.role || user.revoked !== null) {
      throw unauthorized(SERVER_MSG.invalidToken);
    }
    // From the day after the leaving date every token, whenever issued, opens only the former-employee
    // routes; after the company's access date, nothing (401 before any role check, like a deactivated
    // account). The setting is read only for leavers.
    const leftOn = user.role === 'employee' ? (user.left_on ?? null) : null;
    const today = leftOn === null ? '' : dateInZone(ctx.now(), ctx.config.timeZone);
    const leaver = leftOn !== null && today > leftOn ? leaverState(leftOn, today, await readLeaverAccess(ctx.database.db)) : null;
    if (leaver?.kind === 'ended') throw unauthorized(LEAVER_MSG.ended(leaver.until));
    if (!roles.includes(user.role)) throw forbidden(SERVER_MSG.forbidden);
    let formerEmployee: Caller['formerEmployee'] = null;
    if (leaver?.kind === 'former-employee') {
      if (!request.routeOptions.config?.formerEmployee) throw forbidden(LEAVER_MSG.readOnly(leaver.leftOn, leaver.until));
      formerEmployee = { leftOn: leaver.leftOn, until: leaver.until };
    }
    request.caller = {
      userId: user.id,
      role: user.role,
      email: user.email,
      name: user.name,
      employeeId: user.employee_id ?? null,
      formerEmployee,
    };
    request.session = { jti: payload.jti, exp: payload.exp ?? 0 };
    if (request.routeOptions.config?.heavy) {
      const wait = await ctx.throttle.spendHeavy(String(user.id));
      if (wait > 0) throw new HttpError(429, SERVER_MSG.tooManyHeavy(wait), { 'retry-after': String(wait) });
    }
  });
};

export const authGuard = fp(guard, { name: 'auth-guard' });
