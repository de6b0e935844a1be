/**
 * The admin's Edit task dialog: the task's fields as the assign form has them, started from the task;
 * a save closes it, and the lists refresh through cache invalidation (the success is a toast).
 */
import type { Task } from '../../../shared/schemas/task';
import { useGetEmployeesQuery } from '../../api/employee-api';
import { useAppDispatch } from '../../app/hooks';
import { FormDialog } from '../../components/form-dialog';
import { mutationCall } from '../../flows/from-mutation';
import { useFormSubmit } from '../../flows/use-form-submit';
import { TASK_LIST_UI } from './task-copy';
import { taskEditMachine } from './task-edit-machines';
import { TaskFields } from './task-fields';
import { tasksApi } from './tasks-api';

export function TaskEditDialog({ task, onClose }: { task: Task; onClose: () => void }) {
  const dispatch = useAppDispatch();
  const employees = useGetEmployeesQuery();
  const form = useFormSubmit(
    taskEditMachine,
    { submit: mutationCall(tasksApi.endpoints.editTask, dispatch), redirect: onClose },
    {
      target: task._id,
      values: { employeeId: task.employeeId, title: task.title, description: task.description, dueDate: task.dueDate ?? '', priority: task.priority },
    },
  );
  // The current assignee stays pickable even after leaving, so the dialog can save other changes.
  const list = employees.data ?? [];
  const choices = list.some((e) => e.employeeId === task.employeeId) ? list : [{ employeeId: task.employeeId, name: task.name }, ...list];
  return (
    <FormDialog title={TASK_LIST_UI.editTitle(task.title)} message={TASK_LIST_UI.editMessage} className="form task-edit-form" form={form} cancelLabel={TASK_LIST_UI.cancel} saveLabel={TASK_LIST_UI.save} onClose={onClose}>
      <TaskFields idPrefix="task-edit" values={form.values} fieldErrors={form.fieldErrors} setValue={form.setValue} employees={choices} />
    </FormDialog>
  );
}
