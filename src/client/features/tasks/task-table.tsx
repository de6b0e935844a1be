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
  /** Today in the company's zone: an open task due before it reads 'Overdue'. */
  today: string;
  /** Admins: the row's Edit and Delete. */
  onEdit?: (task: Task) => void;
  onRemove?: (task: Task) => void;
  labelledBy: string;
  regionLabel: string;
  /** The task whose status change is in flight, if any: one at a time. */
  pendingId: string | null;
  onStatus: (id: string, status: TaskStatus) => void;
}

export function TaskTable({ tasks, isAdmin, today, onEdit, onRemove, labelledBy, regionLabel, pendingId, onStatus }: TaskTableProps) {
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
    {
      id: 'due',
      header: TASK_LIST_UI.due,
      nowrap: true,
      text: (t) => t.dueDate ?? TASK_LIST_UI.noDue,
      cell: (t) =>
        t.dueDate ? (
          <>
            <time dateTime={t.dueDate}>{t.dueDate}</time>
            {t.status !== 'completed' && t.dueDate < today && <span className="badge badge--danger task-overdue">{TASK_LIST_UI.overdue}</span>}
          </>
        ) : (
          <span className="muted">{TASK_LIST_UI.noDue}</span>
        ),
    },
    {
      id: 'priority',
      header: TASK_LIST_UI.priorityLabel,
      widthEm: { min: 6 },
      text: (t) => TASK_LIST_UI.priority[t.priority],
      cell: (t) => <span className={`task-priority task-priority--${t.priority}`}>{TASK_LIST_UI.priority[t.priority]}</span>,
    },
    ...(isAdmin && onEdit && onRemove
      ? [
          {
            id: 'admin-actions',
            header: TASK_UI.actions,
            widthEm: { min: 9.5, pref: 9.5 },
            stickyEnd: true,
            cell: (t: Task) => (
              <span className="task-actions">
                <button type="button" className="button button--small button--secondary" aria-label={TASK_LIST_UI.editLabel(t.title)} disabled={busy} onClick={() => onEdit(t)}>
                  {TASK_LIST_UI.edit}
                </button>
                <button type="button" className="button button--small button--danger" aria-label={TASK_LIST_UI.removeLabel(t.title)} disabled={busy} onClick={() => onRemove(t)}>
                  {TASK_LIST_UI.remove}
                </button>
              </span>
            ),
          },
        ]
      : []),
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
