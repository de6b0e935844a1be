/**
 * The admin's Edit task dialog: the task's fields as the assign form has them, started from the task;
 * a save closes it, and the lists refresh through cache invalidation (the success is a toast).
 */
import { useRef } from 'react';
import type { Task } from '../../../shared/schemas/task';
import { useGetEmployeesQuery } from '../../api/employee-api';
import { useAppDispatch } from '../../app/hooks';
import { Dialog } from '../../components/dialog';
import { mutationCall } from '../../flows/from-mutation';
import { useFocusFirstInvalid } from '../../flows/use-focus-first-invalid';
import { useFormSubmit } from '../../flows/use-form-submit';
import { TASK_LIST_UI } from './task-copy';
import { taskEditMachine } from './task-edit-machines';
import { TaskFields } from './task-fields';
import { tasksApi } from './tasks-api';

export function TaskEditDialog({ task, onClose }: { task: Task; onClose: () => void }) {
  const dispatch = useAppDispatch();
  const employees = useGetEmployeesQuery();
  const formRef = useRef<HTMLFormElement>(null);
  const form = useFormSubmit(
    taskEditMachine,
    { submit: mutationCall(tasksApi.endpoints.editTask, dispatch), redirect: onClose },
    {
      target: task._id,
      values: { employeeId: task.employeeId, title: task.title, description: task.description, dueDate: task.dueDate ?? '', priority: task.priority },
    },
  );
  useFocusFirstInvalid(formRef, form.fieldErrors);
  // The current assignee stays pickable even after leaving, so the dialog can save other changes.
  const list = employees.data ?? [];
  const choices = list.some((e) => e.employeeId === task.employeeId) ? list : [{ employeeId: task.employeeId, name: task.name }, ...list];
  return (
    <Dialog title={TASK_LIST_UI.editTitle(task.title)} message={TASK_LIST_UI.editMessage} onCancel={onClose}>
      <form ref={formRef} className="form task-edit-form" onSubmit={form.onSubmit} aria-busy={form.submitting} noValidate>
        <fieldset className="form__fields" disabled={!form.editable}>
          <TaskFields idPrefix="task-edit" values={form.values} fieldErrors={form.fieldErrors} setValue={form.setValue} employees={choices} />
          {form.error && (
            <p className="form-error" role="alert">
              {form.error}
            </p>
          )}
        </fieldset>
        <div className="dialog__actions">
          <button type="button" className="button button--secondary" onClick={onClose}>
            {TASK_LIST_UI.cancel}
          </button>
          <button type="submit" className="button" disabled={form.submitting}>
            {TASK_LIST_UI.save}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
