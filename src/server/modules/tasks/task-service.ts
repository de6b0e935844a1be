/**
 * The rules behind /api/task: admins assign to current employees, and edit and delete tasks; only
 * the assignee moves a task's status.
 */
import type { TaskStatus } from '../../../shared/constants';
import { dateInZone } from '../../../shared/format';
import { SERVER_MSG } from '../../../shared/messages';
import { TASK_MSG } from './task-messages';
import type { TaskAssign, TaskEdit, TaskListQuery } from '../../../shared/schemas/task';
import { recordAudit } from '../../audit';
import { rowsOwnedBy, type Caller } from '../../auth/guard';
import type { AppContext } from '../../context';
import { fieldError, forbidden, notFound } from '../../errors';
import { sendInBackground } from '../../mail/mailer';
import { findActiveEmployee, listTasks } from './task-repository';

export function createTaskService(ctx: AppContext) {
  const { db, dialect } = ctx.database;
  const today = () => dateInZone(ctx.now(), ctx.config.timeZone);

  return {
    /** Creates an 'assigned' task for an active employee and emails them. */
    async assign(caller: Caller, body: TaskAssign) {
      if (caller.role !== 'admin') throw forbidden(SERVER_MSG.forbidden);
      const employeeId = body.employeeId.toUpperCase();
      const at = ctx.now().toISOString();

      const { id, employee } = await db.transaction().execute(async (trx) => {
        // PostgreSQL: share-lock the assignee's row so a concurrent deactivation cannot slip in
        // between this check and the insert. SQLite runs one transaction at a time already.
        const employee = await findActiveEmployee(trx, employeeId, today(), { lock: dialect === 'postgres' });
        if (!employee) throw fieldError('employeeId', TASK_MSG.noActiveEmployee(employeeId));
        const row = await trx
          .insertInto('tasks')
          .values({
            user_id: employee.id,
            title: body.title,
            description: body.description,
            status: 'assigned',
            due_date: body.dueDate ?? null,
            priority: body.priority ?? 'normal',
            assigned_by: caller.userId,
            created_at: at,
            updated_at: at,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        await recordAudit(
          trx,
          {
            actorId: caller.userId,
            action: 'task.assign',
            entity: 'task',
            entityId: String(row.id),
            after: { ...body, employeeId, dueDate: body.dueDate ?? null, priority: body.priority ?? 'normal', status: 'assigned' },
          },
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
            `Title: ${body.title}\n` +
            (body.dueDate ? `Due: ${body.dueDate}\n` : '') +
            `Priority: ${body.priority ?? 'normal'}\n\n${body.description}\n\n` +
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

    /**
     * An admin rewrites a task: title, description, due date, priority, and its assignee, who must be
     * a current employee (a new assignee is emailed). The status stays the assignee's.
     */
    async edit(caller: Caller, id: number, body: TaskEdit) {
      if (caller.role !== 'admin') throw forbidden(SERVER_MSG.forbidden);
      const employeeId = body.employeeId.toUpperCase();
      const at = ctx.now().toISOString();
      const moved = await db.transaction().execute(async (trx) => {
        const before = await trx
          .selectFrom('tasks')
          .innerJoin('employees', 'employees.user_id', 'tasks.user_id')
          .select(['tasks.user_id', 'employees.employee_id', 'tasks.title', 'tasks.description', 'tasks.due_date', 'tasks.priority'])
          .where('tasks.id', '=', id)
          .$if(dialect === 'postgres', (q) => q.forUpdate('tasks'))
          .executeTakeFirst();
        if (!before) throw notFound(TASK_MSG.notFound);
        // The assignee a task already has may stay on it after leaving; a new one must be current.
        const employee =
          employeeId === before.employee_id ? null : await findActiveEmployee(trx, employeeId, today(), { lock: dialect === 'postgres' });
        if (employeeId !== before.employee_id && !employee) throw fieldError('employeeId', TASK_MSG.noActiveEmployee(employeeId));
        const after = { title: body.title, description: body.description, due_date: body.dueDate === undefined ? before.due_date : body.dueDate, priority: body.priority ?? before.priority };
        await trx
          .updateTable('tasks')
          .set({ ...after, ...(employee ? { user_id: employee.id } : {}), updated_at: at })
          .where('id', '=', id)
          .execute();
        await recordAudit(
          trx,
          {
            actorId: caller.userId,
            action: 'task.edit',
            entity: 'task',
            entityId: String(id),
            before: { employeeId: before.employee_id, title: before.title, description: before.description, dueDate: before.due_date, priority: before.priority },
            after: { employeeId, title: after.title, description: after.description, dueDate: after.due_date, priority: after.priority },
          },
          ctx.now(),
        );
        return employee;
      });
      if (moved) {
        sendInBackground(
          ctx,
          {
            to: moved.email,
            subject: `${ctx.config.companyName}: new task "${body.title}"`,
            text: `Hello ${moved.name},\n\n${caller.name} assigned you a task.\n\nTitle: ${body.title}\n\n${body.description}\n\nSee your tasks at ${ctx.config.publicUrl}/employee/tasks`,
          },
          'task assignment',
        );
      }
      return { msg: TASK_MSG.updated };
    },

    /** An admin deletes a task; the audit log keeps what it was. */
    async remove(caller: Caller, id: number) {
      if (caller.role !== 'admin') throw forbidden(SERVER_MSG.forbidden);
      await db.transaction().execute(async (trx) => {
        const gone = await trx.deleteFrom('tasks').where('id', '=', id).returningAll().executeTakeFirst();
        if (!gone) throw notFound(TASK_MSG.notFound);
        await recordAudit(trx, { actorId: caller.userId, action: 'task.delete', entity: 'task', entityId: String(id), before: gone }, ctx.now());
      });
      return { msg: TASK_MSG.deleted };
    },
  };
}
