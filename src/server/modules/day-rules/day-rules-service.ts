/** The day's rules and the web punch policy: admins change them, audited; employees read what their punch needs. */
import type { DayRules, EmployeePunchRule, EmployeePunchRuleBody, PunchPolicy } from '../../../shared/schemas/day-rules';
import { COMP_OFF_MSG } from '../../../shared/day-rules/comp-off-messages';
import { recordAudit } from '../../audit';
import { ensureCompOffType } from '../leave-policy';
import type { Caller } from '../../auth/guard';
import type { AppContext } from '../../context';
import { HttpError, notFound } from '../../errors';
import { addressRanges } from '../../source-address';
import { EMPLOYEE_MSG } from '../employee-records';
import { findActiveEmployeeByUserId } from '../employee-records';
import { DAY_RULES_MSG } from './day-rules-messages';
import {
  listLocationPunchRules,
  listOwnPunchRules,
  ownPunchRule,
  readDayRules,
  readPunchPolicy,
  saveLocationPunchRule,
  saveOwnPunchRule,
  writeDayRules,
  writePunchPolicy,
} from './day-rules-repository';
import { punchRuleOf } from './web-punch-check';

export function createDayRulesService(ctx: AppContext) {
  const { db } = ctx.database;
  const at = () => ctx.now().toISOString();

  async function employeeRule(userId: number): Promise<EmployeePunchRule> {
    const employee = await findActiveEmployeeByUserId(db, userId);
    if (!employee?.employee_id) throw notFound(EMPLOYEE_MSG.notFound);
    const [own, effective] = await Promise.all([ownPunchRule(db, userId), punchRuleOf(db, userId)]);
    return { employeeId: employee.employee_id, name: employee.name, own, effective };
  }

  return {
    rules: () => readDayRules(db),

    async saveRules(caller: Caller, rules: DayRules) {
      await db.transaction().execute(async (trx) => {
        const before = await readDayRules(trx);
        const after = { ...rules, compOff: rules.compOff ?? before.compOff };
        await writeDayRules(trx, after, at());
        if (after.compOff?.enabled) await ensureCompOffType(trx, COMP_OFF_MSG.leaveTypeName, at());
        await recordAudit(trx, { actorId: caller.userId, action: 'day-rules.update', entity: 'company_settings', entityId: 'day-rules', before, after }, ctx.now());
      });
      return { msg: DAY_RULES_MSG.rulesSaved };
    },

    policy: () => readPunchPolicy(db),

    async savePolicy(caller: Caller, policy: PunchPolicy) {
      // The schema checks the shape; Node's own parser decides whether each range is one.
      const fieldErrors: Record<string, string> = {};
      policy.networks.forEach((n, i) => {
        if ('bad' in addressRanges([n.cidr])) fieldErrors[`networks.${i}.cidr`] = DAY_RULES_MSG.badNetwork(n.cidr);
      });
      const first = Object.values(fieldErrors)[0];
      if (first) throw Object.assign(new HttpError(400, first), { fieldErrors });
      await db.transaction().execute(async (trx) => {
        const before = await readPunchPolicy(trx);
        await writePunchPolicy(trx, policy, at());
        await recordAudit(trx, { actorId: caller.userId, action: 'punch-policy.update', entity: 'company_settings', entityId: 'punch-policy', before, after: policy }, ctx.now());
      });
      return { msg: DAY_RULES_MSG.policySaved };
    },

    /** What the caller's own web punch needs, and whether a punch-in after a punch-out starts a new stretch. */
    async mine(caller: Caller) {
      const [rule, rules] = await Promise.all([punchRuleOf(db, caller.userId), readDayRules(db)]);
      return { ...rule, allowBreaks: rules.allowBreaks };
    },

    async ownRules() {
      const rows = await listOwnPunchRules(db);
      return rows.map((r) => ({
        userId: String(r.user_id),
        employeeId: r.employee_id ?? '',
        name: r.name,
        rule: { webAllowed: Number(r.web_allowed) === 1, geofenceRequired: Number(r.geofence_required) === 1, networkRequired: Number(r.network_required) === 1 },
      }));
    },

    employeeRule,

    locationRules: () => listLocationPunchRules(db),

    /** A location's own rule, or null to follow the company's; a person's own rule still beats it. */
    async saveLocationRule(caller: Caller, locationId: number, body: EmployeePunchRuleBody) {
      const location = await db.selectFrom('locations').select(['id', 'name']).where('id', '=', locationId).executeTakeFirst();
      if (!location) throw notFound(DAY_RULES_MSG.locationNotFound);
      await db.transaction().execute(async (trx) => {
        const before = (await listLocationPunchRules(trx)).find((l) => l.locationId === String(locationId))?.rule ?? null;
        await saveLocationPunchRule(trx, locationId, body.rule, at());
        await recordAudit(trx, { actorId: caller.userId, action: 'location.punch-rule-change', entity: 'location', entityId: String(locationId), before, after: body.rule }, ctx.now());
      });
      return { msg: body.rule ? DAY_RULES_MSG.ruleSaved(location.name) : DAY_RULES_MSG.ruleCleared(location.name) };
    },

    async saveEmployeeRule(caller: Caller, userId: number, body: EmployeePunchRuleBody) {
      const current = await employeeRule(userId);
      await db.transaction().execute(async (trx) => {
        const before = await ownPunchRule(trx, userId);
        await saveOwnPunchRule(trx, userId, body.rule, at());
        await recordAudit(trx, { actorId: caller.userId, action: 'employee.punch-rule-change', entity: 'employee', entityId: current.employeeId, before, after: body.rule }, ctx.now());
      });
      return { msg: body.rule ? DAY_RULES_MSG.ruleSaved(current.name) : DAY_RULES_MSG.ruleCleared(current.name) };
    },
  };
}
