/** The rules behind /api/task: admins assign to active employees; only the assignee moves a task's status. */
import type { TaskStatus } from '../../../shared/constants';
import { SERVER_MSG } from '../../../shared/messages';
import { TASK_MSG } from './task-messages';
import type { TaskAssign, TaskListQuery } from '../../../shared/schemas/task';
import { recordAudit } from '../../audit';
import { rowsOwnedBy, type Caller } from '../../auth/guard';
import type { AppContext } from '../../context';
import { badRequest, forbidden, notFound } from '../../errors';
import { sendInBackground } from '../../mail/mailer';
import { findActiveEmployee, listTasks } from './task-repository';

export function createTaskService(ctx: AppContext) {
  const { db, dialect } = ctx.database;

  return {
    /** Creates an 'assigned' task for an active employee and emails them. */
    async assign(caller: Caller, body: TaskAssign) {
      if (caller.role !== 'admin') throw forbidden(SERVER_MSG.forbidden);
      const employeeId = body.employeeId.toUpperCase();
      const at = ctx.now().toISOString();

      const { id, employee } = await db.transaction().execute(async (trx) => {
        // PostgreSQL: share-lock the assignee's row so a concurrent deactivation cannot slip in
        // between this check and the insert. SQLite runs one transaction at a time already.
        const employee = await findActiveEmployee(trx, employeeId, { lock: dialect === 'postgres' });
        if (!employee) throw badRequest(TASK_MSG.noActiveEmployee(employeeId));
        const row = await trx
          .insertInto('tasks')
          .values({
            user_id: employee.id,
            title: body.title,
            description: body.description,
            status: 'assigned',
            assigned_by: caller.userId,
            created_at: at,
            updated_at: at,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        await recordAudit(
          trx,
          { actorId: caller.userId, action: 'task.assign', entity: 'task', entityId: String(row.id), after: { ...body, employeeId, status: 'assigned' } },
          ctx.now(),
        );
        return { id: row.id, employee };
      });

      // After the commit and never failing the request: the task stands whatever the mail does.
      sendInBackground(
        ctx,
        {
          to: employee.email,
          subject: `${ctx.config.companyName}: new task "${body.title}"`,
          text:
            `Hello ${employee.name},\n\n` +
            `${caller.name} assigned you a task.\n\n` +
            `Title: ${body.title}\n\n${body.description}\n\n` +
            `See your tasks at ${ctx.config.publicUrl}/employee/tasks`,
        },
        'task assignment',
      );
      return { msg: TASK_MSG.assigned, _id: String(id) };
    },

    /** Admins see every task; employees only their own. Newest first, capped at `limit`. */
    list(caller: Caller, query: TaskListQuery) {
      return listTasks(db, { userId: rowsOwnedBy(caller), status: query.status, limit: query.limit });
    },

    /**
     * Sets a task's status. Only its assignee may (product.md, Flows: "the assigned employee may choose
     * any of the three"), so another employee and an admin both get 403; an unknown id is 404.
     */
    async setStatus(caller: Caller, id: number, status: TaskStatus) {
      await db.transaction().execute(async (trx) => {
        const task = await trx.selectFrom('tasks').select(['user_id', 'status']).where('id', '=', id).executeTakeFirst();
        if (!task) throw notFound(TASK_MSG.notFound);
        if (task.user_id !== caller.userId) throw forbidden(TASK_MSG.notAssignee);
        await trx
          .updateTable('tasks')
          .set({ status, updated_at: ctx.now().toISOString() })
          .where('id', '=', id)
          .where('user_id', '=', caller.userId)
          .execute();
        await recordAudit(
          trx,
          { actorId: caller.userId, action: 'task.status', entity: 'task', entityId: String(id), before: { status: task.status }, after: { status } },
          ctx.now(),
        );
      });
      return { msg: TASK_MSG.statusUpdated };
    },
  };
}
