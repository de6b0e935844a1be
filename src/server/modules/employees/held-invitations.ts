/**
 * "Import now, invite later": people imported with their invitation held (users.invite_held) get it
 * when an admin presses Invite. Releasing turns the hold into an owed invitation (invite_pending),
 * so the invitation queue sends it, and resumes it after a restart, like any other.
 */
import { dateInZone } from '../../../shared/format';
import { recordAudit } from '../../audit';
import type { Caller } from '../../auth/guard';
import type { AppContext } from '../../context';
import type { Invitee } from './invitations';
import { EMPLOYEE_ENTITY } from './employee-service';

export async function releaseHeldInvitations(ctx: AppContext, actor: Caller): Promise<Invitee[]> {
  const now = ctx.now();
  return ctx.database.db.transaction().execute(async (trx) => {
    const held = await trx
      .selectFrom('users')
      .innerJoin('employees', 'employees.user_id', 'users.id')
      .select(['users.id', 'users.name', 'users.email', 'employees.employee_id'])
      .where('users.invite_held', '=', 1)
      .where('users.active', '=', 1)
      // Someone who has left by today is not invited into the company they left.
      .where(({ not, exists, selectFrom }) =>
        not(exists(selectFrom('employee_statutory as s').select('s.user_id').whereRef('s.user_id', '=', 'users.id').where('s.left_on', '<', dateInZone(now, ctx.config.timeZone)))),
      )
      .execute();
    if (!held.length) return [];
    const ids = held.map((h) => Number(h.id));
    for (let i = 0; i < ids.length; i += 1000) {
      await trx.updateTable('users').set({ invite_held: 0, invite_pending: 1 }).where('id', 'in', ids.slice(i, i + 1000)).execute();
    }
    await recordAudit(trx, { actorId: actor.userId, action: 'employee.invite', entity: EMPLOYEE_ENTITY, entityId: null, after: { count: held.length } }, now);
    return held.map((h) => ({ userId: Number(h.id), name: h.name, email: h.email, employeeId: h.employee_id }));
  });
}

/** How many invitations are held, for the Invite button. */
export async function countHeldInvitations(ctx: AppContext): Promise<number> {
  const row = await ctx.database.db.selectFrom('users').select((eb) => eb.fn.countAll().as('n')).where('invite_held', '=', 1).where('active', '=', 1).executeTakeFirstOrThrow();
  return Number(row.n);
}
