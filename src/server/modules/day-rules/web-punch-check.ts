/**
 * Whether a web punch may be made, under the person's punch rule (their own, else their location's,
 * else the company's): web
 * punching on or off, a position inside one of the company's sites, a connection from an office
 * network. Refusals are 403 {msg} saying why (a missing or unusable position is 400). The position is
 * what the browser reports and can be faked, so a geofence is a deterrent; the office network and the
 * devices are the stronger checks (src/server/modules/day-rules/README.md).
 */
import { MAX_ACCURACY_METERS, nearestSite } from '../../../shared/day-rules/day-rules';
import type { PunchPolicy, PunchPosition, PunchRule } from '../../../shared/schemas/day-rules';
import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../db/schema';
import { badRequest, forbidden } from '../../errors';
import { addressAllowed } from '../../source-address';
import { DAY_RULES_MSG } from './day-rules-messages';
import { locationPunchRuleOf, ownPunchRule, readPunchPolicy } from './day-rules-repository';

type Db = Kysely<DB> | Transaction<DB>;

/** How the punch was made, for the day's record and the raw punch. */
export interface WebPunchProof {
  /** 'web', 'web-site:<name>', 'web-network' or both checks ('web-site:<name>+network'). */
  method: string;
  verified: boolean;
}

/** The rule that applies to a person: their own, else their location's, else the company's. */
export async function punchRuleOf(db: Db, userId: number, policy?: PunchPolicy): Promise<PunchRule> {
  return (await ownPunchRule(db, userId)) ?? (await locationPunchRuleOf(db, userId))?.rule ?? (policy ?? (await readPunchPolicy(db))).rule;
}

export async function checkWebPunch(db: Db, userId: number, address: string, position: PunchPosition | undefined): Promise<WebPunchProof> {
  const policy = await readPunchPolicy(db);
  const rule = await punchRuleOf(db, userId, policy);
  if (!rule.webAllowed) throw forbidden(DAY_RULES_MSG.webOff);
  const parts: string[] = [];
  if (rule.geofenceRequired) {
    if (!policy.sites.length) throw forbidden(DAY_RULES_MSG.noSites);
    if (!position) throw badRequest(DAY_RULES_MSG.positionNeeded);
    if (position.accuracy !== undefined && position.accuracy > MAX_ACCURACY_METERS) throw badRequest(DAY_RULES_MSG.imprecise(position.accuracy));
    const nearest = nearestSite(position, policy.sites)!;
    if (!nearest.inside) throw forbidden(DAY_RULES_MSG.outside(nearest.meters, nearest.site.name, nearest.site.radiusMeters));
    parts.push(`web-site:${nearest.site.name}`);
  }
  if (rule.networkRequired) {
    if (!policy.networks.length) throw forbidden(DAY_RULES_MSG.noNetworks);
    if (!addressAllowed(policy.networks.map((n) => n.cidr), address)) throw forbidden(DAY_RULES_MSG.offNetwork(address));
    parts.push(parts.length ? 'network' : 'web-network');
  }
  return parts.length ? { method: parts.join('+'), verified: true } : { method: 'web', verified: false };
}
