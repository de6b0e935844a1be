/**
 * The task list (product.md, Screens): 'All Tasks' with an Employee ID column for admins; 'My Tasks'
 * for employees, filtered by their own employeeId, with an Actions column holding a labelled status
 * dropdown. Status changes run through the status machine; lists refresh by cache invalidation.
 */
import { useMemo, useState } from 'react';
import { TASK_STATUSES } from '../../../shared/constants';
import { LoadingLine } from '../../components/loading-line';
import { FALLBACK, PREFIX } from '../../copy';
import { TASK_LIST_UI, TASK_UI } from './task-copy';
import { errorMessage } from '../../api/base-api';
import { mutationCall } from '../../flows/from-mutation';
import { useAppDispatch } from '../../app/hooks';
import { Banner } from '../../components/banner';
import { LIST_UI } from '../../components/list-copy';
import { StatusSearchTools, useStatusSearch } from '../../components/status-search-tools';
import { useRowAction } from '../../flows/use-row-action';
import { useSessionSelector } from '../session/session-context';
import type { AreaRole } from '../session/session-machine';
import { checkToken } from '../session/token';
import { ownTasks } from './own-tasks';
import { taskStatusMachine } from './task-status-machine';
import { TaskEditDialog } from './task-edit-dialog';
import { taskRemoveMachine } from './task-edit-machines';
import { useToday } from '../../components/use-today';
import type { Task } from '../../../shared/schemas/task';
import { TaskTable } from './task-table';
import { selectOwnTasks, selectTasksByEmployee } from './task-view';
import { tasksApi, useGetTasksQuery } from './tasks-api';

const STATUS_OPTIONS = TASK_STATUSES.map((status) => ({ value: status, label: TASK_LIST_UI.status[status] }));

export function TaskList({ role }: { role: AreaRole }) {
  const isAdmin = role === 'admin';
  const dispatch = useAppDispatch();
  const employeeId = useSessionSelector((s) => {
    const check = checkToken(s.context.token);
    return check.kind === 'valid' ? check.employeeId : null;
  });
  // Fresh on every visit and when the tab regains focus: the other side may have changed a task
  // from another browser since this cache was filled.
  // The status filter goes to the server (?status=), so older tasks of that status beyond the
  // newest LIST_DEFAULT_LIMIT still show; the search runs over the rows in hand (?q= in the address).
  const filter = useStatusSearch(TASK_STATUSES);
  const { status } = filter;
  const { data, currentData, error, isLoading, isFetching } = useGetTasksQuery(status ? { status } : undefined, {
    refetchOnMountOrArgChange: true,
    refetchOnFocus: true,
  });
  const statusChange = useRowAction(taskStatusMachine, {
    run: mutationCall(tasksApi.endpoints.updateTaskStatus, dispatch),
  });
  const removal = useRowAction(taskRemoveMachine, {
    run: mutationCall(tasksApi.endpoints.deleteTask, dispatch),
  });
  const [editing, setEditing] = useState<Task | null>(null);
  const today = useToday();
  const pending = statusChange.pending ?? removal.pending;

  const tasks = useMemo(() => {
    const all = data?.tasks ?? [];
    return isAdmin ? all : ownTasks(all, employeeId);
  }, [data, isAdmin, employeeId]);
  // Filtered again here: a status change shows at once (optimistic), before the refetch drops the row.
  const shown = (isAdmin ? selectTasksByEmployee : selectOwnTasks)(tasks, status, filter.searched);
  // A new status is being fetched: the rows in hand are another status's, so wait for them.
  const loading = isLoading || (isFetching && !currentData);
  const title = isAdmin ? TASK_UI.allTitle : TASK_UI.myTitle;

  return (
    <section className="tasks-page__list" aria-labelledby="task-list-title">
      <h3 id="task-list-title">{title}</h3>
      {error && <Banner tone="error">{PREFIX.fetchTasks + errorMessage(error, FALLBACK.server)}</Banner>}
      <StatusSearchTools
        idPrefix="task"
        label={TASK_LIST_UI.tools}
        searchLabel={isAdmin ? LIST_UI.searchByEmployee : TASK_LIST_UI.searchTasks}
        searchHint={isAdmin ? LIST_UI.employeeHint : TASK_LIST_UI.taskHint}
        options={STATUS_OPTIONS}
        filter={filter}
        shown={shown.length}
        total={tasks.length}
        loading={loading}
      />
      {loading ? (
        <LoadingLine>{TASK_UI.loading}</LoadingLine>
      ) : data && shown.length === 0 ? (
        <p>{TASK_UI.empty}</p>
      ) : (
        data && (
          <TaskTable
            tasks={shown}
            isAdmin={isAdmin}
            today={today}
            onEdit={isAdmin ? setEditing : undefined}
            onRemove={isAdmin ? (t) => removal.run({ id: t._id, title: t.title, name: t.name, employeeId: t.employeeId }) : undefined}
            labelledBy="task-list-title"
            regionLabel={LIST_UI.tableRegion(title)}
            pendingId={pending?.id ?? null}
            onStatus={(id, status) => statusChange.run({ id, status })}
          />
        )
      )}
      {data?.hasMore && <p className="muted">{TASK_UI.truncated(data.tasks.length)}</p>}
      {editing && <TaskEditDialog key={editing._id} task={editing} onClose={() => setEditing(null)} />}
    </section>
  );
}
