/**
 * A person's override of one component of their salary structure (the rule is
 * shared/payroll/structure-override.ts): recorded as a salary revision at their gross in force on the
 * day, keeping the structure they are on (`structure_id`) with their own copy of its rule
 * (`structure_json`), so the slip, the register and every later month follow it, and the people
 * count of the structure still holds them. Removing it is another such revision with the
 * structure's own rule. Audited as `salary.structure-override`.
 *
 * As with assigning a structure, the day is in a month not yet approved (no arrears come from a
 * structure), from the joining day and not after the leaving day.
 */
import { salaryOn, structureOn } from '../../../shared/payroll/salary-history';
import { fixedBasicProblem } from '../../../shared/payroll/salary-structure';
import { baseRuleOf, overrideProblem, overrideText, personStructure, type StructureOverride } from '../../../shared/payroll/structure-override';
import type { SalaryHistory } from '../../../shared/schemas/salary-history';
import type { StructureOverrideBody } from '../../../shared/schemas/salary-structure';
import { recordAudit } from '../../audit';
import type { AppContext } from '../../context';
import { fieldError, notFound } from '../../errors';
import { openPayMonth } from './arrears';
import { revisionsByUser } from '../salary-history';
import { salaryHistory } from './salary-revisions';
import { companyToday } from '../../company-today';

const rupeesToPaise = (r: number) => Math.round(r * 100);

function overrideOf(body: StructureOverrideBody): StructureOverride | null {
  if (body.component === 'basic') return { component: 'basic', basicPercentOfGross: body.basicMonthly != null ? null : (body.basicPercentOfGross ?? null), basicMonthlyPaise: body.basicMonthly != null ? rupeesToPaise(body.basicMonthly) : null };
  if (body.component === 'hra') return { component: 'hra', hraPercentOfBasic: body.hraPercentOfBasic! };
  if (body.component === 'allowance') return { component: 'allowance', name: body.allowanceName!, monthlyPaise: rupeesToPaise(body.monthly!) };
  return null;
}

/** PUT /api/salary/history/:id/structure-override: sets or removes the override; answers the history. */
export async function overrideStructureComponent(ctx: AppContext, actorId: number, userId: number, body: StructureOverrideBody): Promise<SalaryHistory> {
  const { db } = ctx.database;
  const today = companyToday(ctx);
  await db.transaction().execute(async (trx) => {
    const person = await trx
      .selectFrom('employees as e')
      .innerJoin('users as u', 'u.id', 'e.user_id')
      .leftJoin('employee_statutory as s', 's.user_id', 'e.user_id')
      .select(['e.employee_id', 'e.salary_paise', 'e.joined_on', 'u.name', 's.left_on'])
      .where('e.user_id', '=', userId)
      .executeTakeFirst();
    if (!person) throw notFound('No employee with that id');
    const open = await openPayMonth(trx, today);
    const firstOpen = `${open}-01`;
    const from = body.effectiveFrom ?? (firstOpen > person.joined_on ? firstOpen : person.joined_on);
    if (from < firstOpen) throw fieldError('effectiveFrom', `Pick a day from ${firstOpen} on: the months before it are approved and keep their slips`);
    if (from < person.joined_on) throw fieldError('effectiveFrom', `Pick a day from the joining date ${person.joined_on} on`);
    if (person.left_on && from > person.left_on) throw fieldError('effectiveFrom', `${person.name} left on ${person.left_on}: pick a day up to then`);

    const history = (await revisionsByUser(trx, [userId])).get(userId) ?? [];
    const inForce = structureOn(from, history);
    if (!inForce) throw fieldError('component', `${person.name} has no salary structure on ${from}: assign one on Salary structures first, then override one of its components`);
    const asked = overrideOf(body);
    // An allowance by the structure's own spelling of its name.
    const o = asked?.component === 'allowance' ? { ...asked, name: baseRuleOf(inForce).fixedAllowances?.find((a) => a.name.toLowerCase() === asked.name.toLowerCase())?.name ?? asked.name } : asked;
    if (!o && !inForce.override) throw fieldError('component', `${person.name} has no override on ${from} to remove`);
    if (o) {
      const problem = overrideProblem(baseRuleOf(inForce), o);
      if (problem) throw fieldError(problem.field, problem.msg);
    }
    const mine = personStructure(inForce, o);
    const gross = salaryOn(from, history, Number(person.salary_paise));
    const basicProblem = fixedBasicProblem(gross, mine);
    if (basicProblem) throw fieldError('basicMonthly', `Basic monthly amount: ${basicProblem}`);

    // The structure they are on: the latest assigning revision up to the day.
    const assigning = await trx
      .selectFrom('salary_revisions')
      .select('structure_id')
      .where('user_id', '=', userId)
      .where('structure_id', 'is not', null)
      .where('effective_from', '<=', from)
      .orderBy('effective_from', 'desc')
      .orderBy('id', 'desc')
      .executeTakeFirst();
    const what = o ? overrideText(o) : `${inForce.override ? overrideText(inForce.override) : 'override'} removed`;
    const reason = body.reason?.trim() || `${inForce.name}: ${what}`;
    const at = ctx.now();
    await trx
      .insertInto('salary_revisions')
      .values({
        user_id: userId,
        effective_from: from,
        salary_paise: gross,
        reason,
        applies_from: null,
        created_by: actorId,
        created_at: at.toISOString(),
        structure_id: assigning?.structure_id ?? null,
        structure_json: JSON.stringify(mine),
      })
      .execute();
    await recordAudit(
      trx,
      {
        actorId,
        action: 'salary.structure-override',
        entity: 'employee',
        entityId: String(userId),
        before: { employeeId: person.employee_id, structure: inForce.name, override: inForce.override ? overrideText(inForce.override) : null },
        after: { employeeId: person.employee_id, structure: inForce.name, override: o ? overrideText(o) : null, effectiveFrom: from, reason },
      },
      at,
    );
  });
  return salaryHistory(ctx, userId);
}
