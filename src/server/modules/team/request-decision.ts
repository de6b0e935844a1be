/**
 * What the requests a manager or HR decides (leave, attendance corrections, comp-off) share in their
 * services: telling the approvers of a new request, the team a manager's list shows, whether the
 * caller may decide a listed request, and in what capacity they decide one.
 */
import type { Kysely, Transaction } from 'kysely';
import { approversToTell, decidingAs, type ApprovalStage, type DecidedAs } from '../../../shared/approvals/approval-route';
import type { Caller } from '../../auth/guard';
import type { AppContext } from '../../context';
import type { DB } from '../../db/schema';
import { forbidden, notFound } from '../../errors';
import { newRequestMail, type RequestFacts } from './approval-mail';
import { oweMail } from './notification-mail';
import { adminIds, callerTeam, managerPowersOn, managersCoveredBy, routingFacts } from './team-access';

type Db = Kysely<DB> | Transaction<DB>;

/** A manager's team view: their team's rows, and the pending ones waiting for a manager they stand in for. */
export interface TeamScope {
  userIds: number[];
  coveredManagers: number[];
}

/** Mails the approvers of a new pending request: HR (never the requester) at the HR stage, else the manager and today's stand-ins. */
export async function owePendingRequestMail(ctx: AppContext, trx: Db, requesterId: number, stage: ApprovalStage, f: RequestFacts): Promise<void> {
  const now = ctx.now();
  if (stage === 'hr') {
    await oweMail(trx, (await adminIds(trx)).filter((id) => id !== requesterId), newRequestMail(ctx, f, 'hr'), now);
    return;
  }
  const [manager, ...standIns] = approversToTell(await routingFacts(ctx, trx, requesterId, stage));
  if (manager !== undefined) await oweMail(trx, [manager], newRequestMail(ctx, f, 'manager'), now);
  if (standIns.length) await oweMail(trx, standIns, newRequestMail(ctx, f, 'stand-in'), now);
}

/** The team an employee's `scope=team` list shows; undefined for any other list. */
export async function teamScopeOf(ctx: AppContext, db: Db, caller: Caller, scope: string | undefined, today: string): Promise<TeamScope | undefined> {
  if (scope !== 'team' || caller.role !== 'employee') return undefined;
  return { userIds: await callerTeam(ctx, db, caller.userId), coveredManagers: managerPowersOn(ctx) ? await managersCoveredBy(db, caller.userId, today) : [] };
}

/**
 * Whether the caller may decide a listed request now: a pending one not their own, as an admin, or
 * at the manager stage as the requester's manager or a stand-in for them.
 */
export function mayDecide(caller: Caller, powers: boolean, team: TeamScope | undefined, r: { status: string; stage?: ApprovalStage | null; userId: number; managerId: number | null }): boolean {
  return (
    r.status === 'pending' &&
    r.userId !== caller.userId &&
    (caller.role === 'admin' || (powers && r.stage === 'manager' && r.managerId !== null && (r.managerId === caller.userId || (team?.coveredManagers.includes(r.managerId) ?? false))))
  );
}

/**
 * In what capacity the caller decides a request read for the decision (and the request, found): 404 for an admin naming none,
 * 403 for one of their own or one they may not decide (whether or not it exists, for anyone else).
 */
export async function decidingCapacity<R extends { user_id: number; stage: ApprovalStage }>(
  ctx: AppContext,
  trx: Db,
  caller: Caller,
  request: R | undefined,
  msg: { notFound: string; notYours: string; ownRequest: string },
): Promise<{ as: DecidedAs; request: R }> {
  if (!request) throw caller.role === 'admin' ? notFound(msg.notFound) : forbidden(msg.notYours);
  const requesterId = Number(request.user_id);
  if (requesterId === caller.userId) throw forbidden(msg.ownRequest);
  const as = decidingAs(await routingFacts(ctx, trx, requesterId, request.stage), { userId: caller.userId, role: caller.role });
  if (!as) throw forbidden(msg.notYours);
  return { as, request };
}
