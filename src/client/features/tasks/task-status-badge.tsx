/** A task's status as a badge, like a leave request's: blue assigned, yellow in progress, green completed. */
import type { TaskStatus } from '../../../shared/constants';
import { StatusBadge, type BadgeTone } from '../../components/status-badge';
import { TASK_LIST_UI } from './task-copy';

const TONE: Record<TaskStatus, BadgeTone> = { assigned: 'info', 'in-progress': 'warning', completed: 'success' };

/** A status added later (unknown here) shows as its own word in a neutral badge. */
export function TaskStatusBadge({ status }: { status: string }) {
  const known = status in TONE ? (status as TaskStatus) : null;
  return <StatusBadge tone={known ? TONE[known] : 'neutral'}>{known ? TASK_LIST_UI.status[known] : status}</StatusBadge>;
}
