/**
 * The tasks table (spec: Employee ID (admin), Title, Description, Status, Actions (employee: a
 * labelled status dropdown)) on the shared DataTable: columns sized from every row's text, statuses
 * as badges like leave requests', a long title or description cut at two lines (whole on hover, on
 * focus and for assistive tech), and the admin sees the name beside the ID.
 */
import { TASK_STATUSES, type TaskStatus } from '../../../shared/constants';
import { TASK_LIST_UI, TASK_UI } from './task-copy';
import type { Task } from '../../../shared/schemas/task';
import { DataTable, type DataColumn } from '../../components/data-table';
import { EmployeeRef } from '../../components/employee-ref';
import { TaskStatusBadge } from './task-status-badge';
import './tasks-page.css';

/** Beyond this many rows only those in view are rendered (the server sends up to 2,000). */
const VIRTUALIZE_ABOVE = 200;

const isTaskStatus = (value: string): value is TaskStatus => (TASK_STATUSES as readonly string[]).includes(value);

interface TaskTableProps {
  tasks: readonly Task[];
  isAdmin: boolean;
  labelledBy: string;
  regionLabel: string;
  /** The task whose status change is in flight, if any: one at a time. */
  pendingId: string | null;
  onStatus: (id: string, status: TaskStatus) => void;
}

export function TaskTable({ tasks, isAdmin, labelledBy, regionLabel, pendingId, onStatus }: TaskTableProps) {
  const busy = pendingId !== null;
  const columns: DataColumn<Task>[] = [
    ...(isAdmin
      ? [
          {
            id: 'employee',
            header: TASK_UI.employeeId,
            clamp: true,
            text: (t: Task) => `${t.employeeId} ${t.name}`,
            cell: (t: Task) => <EmployeeRef employeeId={t.employeeId} name={t.name} />,
          },
        ]
      : []),
    { id: 'title', header: TASK_UI.titleColumn, clamp: true, text: (t) => t.title, cell: (t) => t.title },
    {
      id: 'description',
      header: TASK_UI.description,
      clamp: true,
      clampOnCards: true,
      text: (t) => t.description,
      cell: (t) => t.description,
    },
    // A badge: the word plus its padding and border.
    { id: 'status', header: TASK_UI.status, widthEm: { min: 7 }, cell: (t) => <TaskStatusBadge status={t.status} /> },
    ...(!isAdmin
      ? [
          {
            id: 'actions',
            header: TASK_UI.actions,
            widthEm: { min: 8.5 },
            cell: (t: Task) => {
              const selectId = `task-status-${t._id}`;
              return (
                <>
                  <label htmlFor={selectId} className="visually-hidden">
                    {TASK_UI.statusOf(t.title)}
                  </label>
                  <select
                    id={selectId}
                    className="task-status-select"
                    value={t.status}
                    disabled={busy}
                    onChange={(e) => {
                      if (isTaskStatus(e.target.value)) onStatus(t._id, e.target.value);
                    }}
                  >
                    {TASK_STATUSES.map((status) => (
                      <option key={status} value={status}>
                        {TASK_LIST_UI.status[status]}
                      </option>
                    ))}
                  </select>
                </>
              );
            },
          },
        ]
      : []),
  ];

  return (
    <DataTable
      rows={tasks}
      columns={columns}
      rowKey={(t) => t._id}
      labelledBy={labelledBy}
      regionLabel={regionLabel}
      virtualizeAbove={VIRTUALIZE_ABOVE}
      busy={busy}
      rowBusy={(t) => t._id === pendingId}
    />
  );
}
