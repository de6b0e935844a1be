/**
 * Adding and removing the departments and locations the employee master points at (read through
 * employees/places.ts). Each change is audited in the same transaction; a name taken, or a
 * department someone is in, is refused.
 */
import type { Department, DepartmentBody, Location, LocationBody } from '../../../shared/schemas/company';
import { recordAudit } from '../../audit';
import type { AppContext } from '../../context';
import { badRequest, conflict, fieldConflict, notFound } from '../../errors';
import { isUniqueViolation } from '../../db/unique-violation';

/** A second place of the same name: 409 on the name field. */
const nameTaken = (kind: 'department' | 'location', name: string) => (err: unknown) => {
  if (isUniqueViolation(err, 'name')) throw fieldConflict('name', `A ${kind} named ${name} already exists`);
  throw err;
};

export async function addDepartment(ctx: AppContext, actorId: number, { name, headId }: DepartmentBody): Promise<Department> {
  const now = ctx.now();
  return ctx.database.db
    .transaction()
    .execute(async (trx) => {
      if (headId && !(await trx.selectFrom('employees').select('user_id').where('user_id', '=', Number(headId)).executeTakeFirst())) throw badRequest('headId names no employee');
      const row = await trx.insertInto('departments').values({ name, head_user_id: headId ? Number(headId) : null, created_at: now.toISOString() }).returning('id').executeTakeFirstOrThrow();
      await recordAudit(trx, { actorId, action: 'department.create', entity: 'department', entityId: String(row.id), after: { name, headId: headId ?? null } }, now);
      return { _id: String(row.id), name, headId: headId ?? null };
    })
    .catch(nameTaken('department', name));
}

export async function removeDepartment(ctx: AppContext, actorId: number, id: number): Promise<void> {
  await ctx.database.db.transaction().execute(async (trx) => {
    const inUse = await trx.selectFrom('employees').select('user_id').where('department_id', '=', id).executeTakeFirst();
    if (inUse) throw conflict('People are in this department: move them first');
    const gone = await trx.deleteFrom('departments').where('id', '=', id).executeTakeFirst();
    if (!Number(gone.numDeletedRows)) throw notFound('Department not found');
    await recordAudit(trx, { actorId, action: 'department.delete', entity: 'department', entityId: String(id) }, ctx.now());
  });
}

export async function addLocation(ctx: AppContext, actorId: number, body: LocationBody): Promise<Location> {
  const now = ctx.now();
  const values = { name: body.name, state: body.state ?? null, city: body.city ?? null, pt_registration: body.ptRegistration ?? null };
  return ctx.database.db
    .transaction()
    .execute(async (trx) => {
      const row = await trx.insertInto('locations').values({ ...values, created_at: now.toISOString() }).returning('id').executeTakeFirstOrThrow();
      await recordAudit(trx, { actorId, action: 'location.create', entity: 'location', entityId: String(row.id), after: values }, now);
      return { _id: String(row.id), name: values.name, state: values.state, city: values.city, ptRegistration: values.pt_registration };
    })
    .catch(nameTaken('location', body.name));
}
