/** Task queries: the bounded list with each assignee's business id and name. */
import type { Kysely, Transaction } from 'kysely';
import type { TaskStatus } from '../../../shared/constants';
import type { Task } from '../../../shared/schemas/task';
import type { DB } from '../../db/schema';

type Db = Kysely<DB> | Transaction<DB>;

export interface TaskListFilter {
  /** Only this assignee's tasks (an employee's own list); all tasks when absent. */
  userId?: number;
  status?: TaskStatus;
  limit: number;
}

/** Newest first (by id, which follows insertion), at most `limit` rows; `hasMore` says rows were left off. */
export async function listTasks(db: Db, filter: TaskListFilter): Promise<{ tasks: Task[]; hasMore: boolean }> {
  const rows = await db
    .selectFrom('tasks')
    .innerJoin('users', 'users.id', 'tasks.user_id')
    .innerJoin('employees', 'employees.user_id', 'tasks.user_id')
    .select([
      'tasks.id',
      'employees.employee_id',
      'users.name',
      'tasks.title',
      'tasks.description',
      'tasks.status',
      'tasks.due_date',
      'tasks.priority',
      'tasks.created_at',
      'tasks.updated_at',
    ])
    .$if(filter.userId !== undefined, (q) => q.where('tasks.user_id', '=', filter.userId!))
    .$if(filter.status !== undefined, (q) => q.where('tasks.status', '=', filter.status!))
    .orderBy('tasks.id', 'desc')
    // One extra row tells whether the cap cut the list, without a second COUNT query.
    .limit(filter.limit + 1)
    .execute();

  const tasks = rows.slice(0, filter.limit).map(
    (r): Task => ({
      _id: String(r.id),
      employeeId: r.employee_id,
      name: r.name,
      title: r.title,
      description: r.description,
      status: r.status,
      dueDate: r.due_date,
      priority: r.priority,
      createdAt: r.created_at,
      updatedAt: r.updated_at,
    }),
  );
  return { tasks, hasMore: rows.length > filter.limit };
}

/**
 * The current employee with this business id (EMP0001), or undefined: tasks go to active employees
 * who have not left by `today` (someone on notice still takes tasks). `lock` (PostgreSQL only) holds
 * the employee's rows FOR SHARE until the transaction ends.
 */
export function findActiveEmployee(db: Db, employeeId: string, today: string, { lock = false } = {}) {
  return db
    .selectFrom('employees')
    .innerJoin('users', 'users.id', 'employees.user_id')
    .leftJoin('employee_statutory', 'employee_statutory.user_id', 'employees.user_id')
    .select(['users.id', 'users.email', 'users.name', 'employees.employee_id'])
    .where('employees.employee_id', '=', employeeId)
    .where('users.active', '=', 1)
    .where('users.role', '=', 'employee')
    .where((eb) => eb.or([eb('employee_statutory.left_on', 'is', null), eb('employee_statutory.left_on', '>=', today)]))
    .$if(lock, (q) => q.forShare(['employees', 'users']))
    .executeTakeFirst();
}
