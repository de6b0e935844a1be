/**
 * The task list (spec section 2): 'All Tasks' with an Employee ID column for admins; 'My Tasks'
 * for employees, filtered by their own employeeId, with an Actions column holding a labelled status
 * dropdown. Status changes run through the status machine; lists refresh by cache invalidation.
 */
import { useMemo } from 'react';
import { TASK_STATUSES, type TaskStatus } from '../../../shared/constants';
import { FALLBACK, PREFIX, TASK_UI } from '../../../shared/messages';
import type { Task } from '../../../shared/schemas/task';
import { errorMessage } from '../../api/base-api';
import { cancellable } from '../../api/cancellable';
import { useAppDispatch } from '../../app/hooks';
import { Banner } from '../../components/banner';
import { Spinner } from '../../components/spinner';
import { useRowAction } from '../../flows/use-row-action';
import { useSessionSelector } from '../session/session-context';
import type { AreaRole } from '../session/session-machine';
import { checkToken } from '../session/token';
import { ownTasks } from './own-tasks';
import { taskStatusMachine } from './task-status-machine';
import { tasksApi, useGetTasksQuery } from './tasks-api';

const isTaskStatus = (value: string): value is TaskStatus => (TASK_STATUSES as readonly string[]).includes(value);

export function TaskList({ role }: { role: AreaRole }) {
  const isAdmin = role === 'admin';
  const dispatch = useAppDispatch();
  const employeeId = useSessionSelector((s) => {
    const check = checkToken(s.context.token);
    return check.kind === 'valid' ? check.employeeId : null;
  });
  // Fresh on every visit and when the tab regains focus: the other side may have changed a task
  // from another browser since this cache was filled.
  const { data, error, isLoading } = useGetTasksQuery(undefined, { refetchOnMountOrArgChange: true, refetchOnFocus: true });
  const statusChange = useRowAction(taskStatusMachine, {
    run: (input, signal) => cancellable(dispatch(tasksApi.endpoints.updateTaskStatus.initiate(input, { track: false })), signal),
    alert: (message) => window.alert(message),
  });
  const { pending, message } = statusChange;

  const tasks = useMemo(() => {
    const all = data?.tasks ?? [];
    return isAdmin ? all : ownTasks(all, employeeId);
  }, [data, isAdmin, employeeId]);
  const title = isAdmin ? TASK_UI.allTitle : TASK_UI.myTitle;

  return (
    <section className="card card--wide" aria-labelledby="task-list-title">
      <h3 id="task-list-title">{title}</h3>
      {error && <Banner tone="error">{PREFIX.fetchTasks + errorMessage(error, FALLBACK.server)}</Banner>}
      {message && <Banner tone="success">{message}</Banner>}
      {isLoading ? (
        <p role="status" className="muted loading-line">
          <Spinner /> {TASK_UI.loading}
        </p>
      ) : data && tasks.length === 0 ? (
        <p>{TASK_UI.empty}</p>
      ) : (
        data && (
          <div className="table-scroll">
            <table className="table" aria-labelledby="task-list-title">
              <thead>
                <tr>
                  {isAdmin && <th scope="col">{TASK_UI.employeeId}</th>}
                  <th scope="col">{TASK_UI.titleColumn}</th>
                  <th scope="col">{TASK_UI.description}</th>
                  <th scope="col">{TASK_UI.status}</th>
                  {!isAdmin && <th scope="col">{TASK_UI.actions}</th>}
                </tr>
              </thead>
              <tbody>
                {tasks.map((task) => (
                  <TaskRow
                    key={task._id}
                    task={task}
                    isAdmin={isAdmin}
                    busy={pending !== null}
                    updating={pending?.id === task._id}
                    onStatus={(status) => statusChange.run({ id: task._id, status })}
                  />
                ))}
              </tbody>
            </table>
          </div>
        )
      )}
      {data?.hasMore && <p className="muted">{TASK_UI.truncated(data.tasks.length)}</p>}
    </section>
  );
}

interface TaskRowProps {
  task: Task;
  isAdmin: boolean;
  /** A status change is in flight (on any row): one at a time. */
  busy: boolean;
  /** The change in flight is this row's. */
  updating: boolean;
  onStatus: (status: TaskStatus) => void;
}

function TaskRow({ task, isAdmin, busy, updating, onStatus }: TaskRowProps) {
  const selectId = `task-status-${task._id}`;
  return (
    <tr aria-busy={updating || undefined}>
      {isAdmin && <td>{task.employeeId}</td>}
      <td>{task.title}</td>
      <td>{task.description}</td>
      <td>{task.status}</td>
      {!isAdmin && (
        <td>
          <label htmlFor={selectId} className="visually-hidden">
            {TASK_UI.statusOf(task.title)}
          </label>
          <select
            id={selectId}
            value={task.status}
            disabled={busy}
            onChange={(e) => {
              if (isTaskStatus(e.target.value)) onStatus(e.target.value);
            }}
          >
            {TASK_STATUSES.map((status) => (
              <option key={status} value={status}>
                {status}
              </option>
            ))}
          </select>
        </td>
      )}
    </tr>
  );
}
