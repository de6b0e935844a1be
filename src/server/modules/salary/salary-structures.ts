/**
 * Salary structures (table salary_structures, migration 091): list, add, edit and assign. The split
 * itself is shared/payroll/salary-structure.ts; the slip uses the structure of a person's latest
 * assigning revision up to the month's last day (shared/payroll/salary-history.ts, structureOn).
 *
 * - Assigning records, per person, a salary revision at the person's gross in force on the day, with
 *   the structure's rule as it is now (structure_json): editing a structure later changes nobody's
 *   months until it is assigned again. The day is from the first day of the earliest month not yet
 *   approved (months already approved keep their slips; no arrears come from a structure), and not
 *   before a person's joining day (their joining day is used then).
 * - A person's override of one component (structure-overrides.ts) carries onto a structure assigned
 *   to them later when that structure has the component.
 * - Every change is audited: salary.structure-create, salary.structure-update, salary.structure-assign.
 */
import type { Kysely, Transaction } from 'kysely';
import { salaryOn, structureOn } from '../../../shared/payroll/salary-history';
import { carryOverride, type PersonStructure } from '../../../shared/payroll/structure-override';
import { allowancesShort, fixedBasicProblem, ruleOf, structureComponents, type SalaryStructureValue } from '../../../shared/payroll/salary-structure';
import type { AssignStructureBody, AssignStructureResponse, SalaryStructure, SalaryStructureList } from '../../../shared/schemas/salary-structure';
import { recordAudit } from '../../audit';
import type { AppContext } from '../../context';
import type { DB } from '../../db/schema';
import { fieldError, notFound } from '../../errors';
import { openPayMonth } from './arrears';
import { revisionsByUser } from '../salary-history';
import { companyToday } from '../../company-today';

type Db = Kysely<DB> | Transaction<DB>;
type Row = DB['salary_structures'] extends infer T ? { [K in keyof T]: T[K] extends { __select__: infer S } ? S : T[K] } : never;

const rupees = (paise: number) => paise / 100;
const rupeesText = (paise: number) => `₹${rupees(paise).toLocaleString('en-IN')}`;

function toApi(row: Pick<Row, 'id' | 'name' | 'basic_bp' | 'basic_monthly_paise' | 'hra_bp' | 'allowances_json' | 'updated_at'>, people: number): SalaryStructure {
  const allowances = JSON.parse(row.allowances_json) as { name: string; monthlyPaise: number }[];
  const fixed = row.basic_monthly_paise !== null && row.basic_monthly_paise !== undefined;
  return {
    id: String(row.id),
    name: row.name,
    basicPercentOfGross: fixed ? null : Number(row.basic_bp) / 100,
    basicMonthly: fixed ? rupees(Number(row.basic_monthly_paise)) : null,
    hraPercentOfBasic: Number(row.hra_bp) / 100,
    fixedAllowances: allowances.map((a) => ({ name: a.name, monthly: rupees(a.monthlyPaise) })),
    people,
    updatedAt: row.updated_at,
  };
}


/** People on each structure today: each person's latest assigning revision up to today. */
async function peopleByStructure(db: Db, today: string): Promise<Map<number, number>> {
  const rows = await db
    .selectFrom('salary_revisions')
    .select(['user_id', 'structure_id', 'effective_from', 'id'])
    .where('structure_id', 'is not', null)
    .where('effective_from', '<=', today)
    .orderBy('effective_from')
    .orderBy('id')
    .execute();
  const latest = new Map<number, number>();
  for (const r of rows) latest.set(Number(r.user_id), Number(r.structure_id));
  const counts = new Map<number, number>();
  for (const s of latest.values()) counts.set(s, (counts.get(s) ?? 0) + 1);
  return counts;
}

const nameKey = (name: string) => name.trim().toLowerCase();

export function createSalaryStructures(ctx: AppContext) {
  const { db } = ctx.database;

  async function one(dbx: Db, id: number): Promise<SalaryStructure> {
    const row = await dbx.selectFrom('salary_structures').selectAll().where('id', '=', id).executeTakeFirst();
    if (!row) throw notFound('Salary structure not found');
    const people = (await peopleByStructure(dbx, companyToday(ctx))).get(id) ?? 0;
    return toApi(row, people);
  }

  async function nameTaken(dbx: Db, name: string, except?: number) {
    let q = dbx.selectFrom('salary_structures').select('id').where('name_key', '=', nameKey(name));
    if (except !== undefined) q = q.where('id', '!=', except);
    return Boolean(await q.executeTakeFirst());
  }

  const columns = (v: SalaryStructureValue) => ({
    name: v.name,
    name_key: nameKey(v.name),
    basic_bp: v.basicMonthly != null ? 0 : Math.round((v.basicPercentOfGross ?? 0) * 100),
    basic_monthly_paise: v.basicMonthly != null ? Math.round(v.basicMonthly * 100) : null,
    hra_bp: Math.round(v.hraPercentOfBasic * 100),
    allowances_json: JSON.stringify(ruleOf(v).fixedAllowances),
  });

  return {
    async list(): Promise<SalaryStructureList> {
      const rows = await db.selectFrom('salary_structures').selectAll().orderBy('name_key').execute();
      const people = await peopleByStructure(db, companyToday(ctx));
      return { structures: rows.map((r) => toApi(r, people.get(Number(r.id)) ?? 0)) };
    },

    async create(actorId: number, v: SalaryStructureValue): Promise<SalaryStructure> {
      const at = ctx.now().toISOString();
      const id = await db.transaction().execute(async (trx) => {
        if (await nameTaken(trx, v.name)) throw fieldError('name', 'A salary structure with this name exists');
        const { id } = await trx
          .insertInto('salary_structures')
          .values({ ...columns(v), created_by: actorId, created_at: at, updated_at: at })
          .returning('id')
          .executeTakeFirstOrThrow();
        await recordAudit(trx, { actorId, action: 'salary.structure-create', entity: 'salary_structure', entityId: String(id), after: v }, ctx.now());
        return Number(id);
      });
      return one(db, id);
    },

    async update(actorId: number, id: number, v: SalaryStructureValue): Promise<SalaryStructure> {
      await db.transaction().execute(async (trx) => {
        const before = await one(trx, id);
        if (await nameTaken(trx, v.name, id)) throw fieldError('name', 'A salary structure with this name exists');
        await trx
          .updateTable('salary_structures')
          .set({ ...columns(v), updated_at: ctx.now().toISOString() })
          .where('id', '=', id)
          .execute();
        const { people: _people, updatedAt: _updatedAt, id: _id, ...was } = before;
        await recordAudit(trx, { actorId, action: 'salary.structure-update', entity: 'salary_structure', entityId: String(id), before: was, after: v }, ctx.now());
      });
      return one(db, id);
    },

    /** Assigns (or, with `preview`, shows) the structure for each person from the day. */
    async assign(actorId: number, id: number, body: AssignStructureBody): Promise<AssignStructureResponse> {
      const today = companyToday(ctx);
      const run = async (trx: Transaction<DB>) => {
        const structure = await one(trx, id);
        const rule = ruleOf(structure);
        const open = await openPayMonth(trx, today);
        if (body.effectiveFrom < `${open}-01`) {
          throw fieldError('effectiveFrom', `Pick a day from ${open}-01 on: the months before it are approved and keep their slips`);
        }
        const ids = [...new Set(body.employeeIds.map(Number))];
        const people = await trx
          .selectFrom('employees as e')
          .innerJoin('users as u', 'u.id', 'e.user_id')
          .select(['e.user_id', 'e.employee_id', 'e.salary_paise', 'e.joined_on', 'u.name'])
          .where('e.user_id', 'in', ids)
          .orderBy('e.employee_id')
          .execute();
        if (people.length !== ids.length) throw fieldError('employeeIds', 'Some of these people are not employees');
        const left = await trx
          .selectFrom('employee_statutory')
          .select('user_id')
          .where('user_id', 'in', ids)
          .where('left_on', '<', body.effectiveFrom)
          .execute();
        if (left.length) throw fieldError('employeeIds', `${left.length === 1 ? 'One person has' : `${left.length} people have`} left before ${body.effectiveFrom}`);
        const history = await revisionsByUser(trx, ids);
        const assigned: PersonStructure = { name: structure.name, ...rule };
        // Each person's copy: an override of theirs carries onto the new structure when it has that component.
        const mineOf = (p: (typeof people)[number]) => {
          const from = body.effectiveFrom < p.joined_on ? p.joined_on : body.effectiveFrom;
          return carryOverride(assigned, structureOn(from, history.get(Number(p.user_id)) ?? []));
        };
        // A fixed Basic above someone's gross would not be paid: name them (at most five) and refuse.
        const under = people.filter((p) => {
          const from = body.effectiveFrom < p.joined_on ? p.joined_on : body.effectiveFrom;
          return fixedBasicProblem(salaryOn(from, history.get(Number(p.user_id)) ?? [], Number(p.salary_paise)), mineOf(p)) !== null;
        });
        if (under.length) {
          const named = under.slice(0, 5).map((p) => `${p.name} (${p.employee_id})`).join(', ');
          const more = under.length > 5 ? ` and ${under.length - 5} more` : '';
          throw fieldError('employeeIds', `The fixed Basic of ${rupeesText(mineOf(under[0]!).basicMonthlyPaise!)} is more than the monthly gross of ${named}${more}: change their salary first or pick another structure`);
        }
        const at = ctx.now().toISOString();
        const reason = body.reason?.trim() || `Salary structure: ${structure.name}`;
        const rows = [];
        for (const p of people) {
          const userId = Number(p.user_id);
          const from = body.effectiveFrom < p.joined_on ? p.joined_on : body.effectiveFrom;
          const existing = history.get(userId) ?? [];
          const gross = salaryOn(from, existing, Number(p.salary_paise));
          const mine = mineOf(p);
          const c = structureComponents(gross, mine);
          rows.push({
            _id: String(userId),
            employeeId: p.employee_id,
            name: p.name,
            effectiveFrom: from,
            monthlyGross: rupees(gross),
            basic: rupees(c.basicPaise),
            hra: rupees(c.hraPaise),
            allowances: c.allowances.map((a) => ({ name: a.name, amount: rupees(a.paise) })),
            special: rupees(c.specialPaise),
            allowancesShort: allowancesShort(gross, mine),
          });
          if (body.preview) continue;
          if (!existing.length) {
            // The salary they had, from joining: the history every later revision reads against.
            await trx
              .insertInto('salary_revisions')
              .values({ user_id: userId, effective_from: p.joined_on, salary_paise: Number(p.salary_paise), reason: 'Salary before the first recorded revision', applies_from: null, created_by: null, created_at: at })
              .execute();
          }
          await trx
            .insertInto('salary_revisions')
            .values({ user_id: userId, effective_from: from, salary_paise: gross, reason, applies_from: null, created_by: actorId, created_at: at, structure_id: id, structure_json: JSON.stringify(mine) })
            .execute();
        }
        if (!body.preview) {
          await recordAudit(
            trx,
            { actorId, action: 'salary.structure-assign', entity: 'salary_structure', entityId: String(id), after: { structure: structure.name, effectiveFrom: body.effectiveFrom, reason, employees: rows.map((r) => r.employeeId) } },
            ctx.now(),
          );
        }
        return rows;
      };
      const people = await db.transaction().execute(run);
      const n = people.length;
      const who = n === 1 ? '1 person' : `${n} people`;
      return {
        msg: body.preview ? `Preview: ${who} from ${body.effectiveFrom}` : `Salary structure assigned to ${who} from ${body.effectiveFrom}`,
        preview: Boolean(body.preview),
        effectiveFrom: body.effectiveFrom,
        people,
      };
    },
  };
}
