/**
 * Who decides a request (a leave request or an attendance correction), as pure functions of the facts
 * read when the request arrives: the type's route, the stage a pending request is at, the requester's
 * manager today, the stand-ins that manager named, and the company's escalation setting. Nothing here
 * is stored on a request except its stage; access follows the reporting line at the moment of asking.
 */

/** A leave type's route. Corrections always take `manager`. */
export const APPROVAL_ROUTES = ['manager', 'manager-then-hr', 'hr'] as const;
export type ApprovalRoute = (typeof APPROVAL_ROUTES)[number];

/** Where a pending request waits: with the manager (or their stand-in), or with HR (the admins). */
export type ApprovalStage = 'manager' | 'hr';

/** In what capacity someone decided: recorded on every decision. */
export type DecidedAs = 'admin' | 'manager' | 'stand-in';

/** A stand-in named by a manager for the days from..to (inclusive, YYYY-MM-DD). */
export interface StandIn {
  managerId: number;
  standInId: number;
  from: string;
  to: string;
}

export interface RoutingFacts {
  requesterId: number;
  /** The requester's manager now (an active employee), or null. */
  managerId: number | null;
  stage: ApprovalStage;
  /** The manager's stand-ins (any dates; only those covering `today` count). */
  standIns: readonly StandIn[];
  today: string;
  /** Manager powers are off (the email-only sign-in): everything is HR's. */
  managerPowers: boolean;
}

export interface Decider {
  userId: number;
  role: 'admin' | 'employee';
}

/** The stage a new request starts at: HR when the type says so, when nobody manages the requester, or when manager powers are off. */
export function firstStage(route: ApprovalRoute, managerId: number | null, managerPowers: boolean): ApprovalStage {
  return route !== 'hr' && managerId !== null && managerPowers ? 'manager' : 'hr';
}

/** The stand-ins whose range covers `today`, for the given manager. */
export const standInsOn = (standIns: readonly StandIn[], managerId: number, today: string): number[] =>
  standIns.filter((s) => s.managerId === managerId && s.from <= today && today <= s.to).map((s) => s.standInId);

/**
 * In what capacity `who` may decide the request now, or null when they may not. Nobody decides
 * their own request. Admins always may. At the manager stage, the requester's manager and the
 * manager's stand-ins for today may; at the HR stage, only admins.
 */
export function decidingAs(facts: RoutingFacts, who: Decider): DecidedAs | null {
  if (who.userId === facts.requesterId) return null;
  if (who.role === 'admin') return 'admin';
  if (!facts.managerPowers || facts.stage !== 'manager' || facts.managerId === null) return null;
  if (who.userId === facts.managerId) return 'manager';
  if (standInsOn(facts.standIns, facts.managerId, facts.today).includes(who.userId)) return 'stand-in';
  return null;
}

/** Who is told of a request waiting at the manager stage: the manager and today's stand-ins (never the requester). */
export function approversToTell(facts: RoutingFacts): number[] {
  if (facts.stage !== 'manager' || facts.managerId === null || !facts.managerPowers) return [];
  return [facts.managerId, ...standInsOn(facts.standIns, facts.managerId, facts.today)].filter((id, i, all) => id !== facts.requesterId && all.indexOf(id) === i);
}

export type Outcome = { status: 'approved' | 'rejected' } | { status: 'pending'; stage: 'hr' };

/**
 * What a decision does. A rejection ends the request. An approval ends it too, except a manager's (or
 * stand-in's) approval of a manager-then-HR type, which moves it on to HR.
 */
export function outcomeOf(route: ApprovalRoute, decision: 'approved' | 'rejected', as: DecidedAs): Outcome {
  if (decision === 'rejected') return { status: 'rejected' };
  if (route === 'manager-then-hr' && as !== 'admin') return { status: 'pending', stage: 'hr' };
  return { status: 'approved' };
}

/** Whole days from `from` to `to` (YYYY-MM-DD), counted in UTC so no zone shift changes it. */
const daysBetween = (from: string, to: string) => Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);

/**
 * A request still waiting for its manager more than `afterDays` days after it was filed goes to HR
 * as well (HR can always decide; escalation is about telling them). null: escalation is off.
 */
export function isEscalated(stage: ApprovalStage, filedOn: string, today: string, afterDays: number | null): boolean {
  return stage === 'manager' && afterDays !== null && daysBetween(filedOn, today) > afterDays;
}
