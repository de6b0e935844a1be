/**
 * An admin's changes to a task: the edit form (the shared form flow, in a dialog; closes on success)
 * and the delete (the shared row action, asked first in the in-app dialog, which names the task and
 * its assignee). The calls are injected.
 */
import { FALLBACK } from '../../copy';
import type { TaskEdit } from '../../../shared/schemas/task';
import { errorMessage } from '../../api/error-message';
import { anyBlank, createFormSubmitMachine } from '../../flows/form-submit-machine';
import { createRowActionMachine } from '../../flows/row-action-machine';
import { MSG } from '../../copy';
import { BLANK_TASK, taskFieldProblems, type TaskFormValues } from './task-assign-machine';
import { TASK_LIST_UI } from './task-copy';

/** PUT /api/task/edit/{id}'s input: the task's id and the whole task as it should be. */
export interface TaskEditInput {
  id: string;
  body: TaskEdit;
}

/** Edit a task; the form starts from the task (input `values`, `target` its id). */
export const taskEditMachine = createFormSubmitMachine<TaskFormValues, TaskEditInput>({
  id: 'taskEdit',
  blank: BLANK_TASK,
  validate: ({ employeeId, title, description }) => (anyBlank({ employeeId, title, description }) ? MSG.allFieldsRequired : null),
  fieldProblems: taskFieldProblems,
  toInput: ({ employeeId, title, description, dueDate, priority }, target) => ({
    id: target!,
    // The whole task: no due date is sent as null, so clearing it clears it.
    body: { employeeId, title: title.trim(), description: description.trim(), dueDate: dueDate || null, priority: priority as TaskEdit['priority'] },
  }),
  failure: (error) => TASK_LIST_UI.editFailed + errorMessage(error, FALLBACK.server),
  announce: 'alert',
  afterSuccess: 'redirect',
});

export interface TaskRemoveInput {
  id: string;
  title: string;
  name: string;
  employeeId: string;
}

/** Delete a task, after the in-app dialog's yes. */
export const taskRemoveMachine = createRowActionMachine<TaskRemoveInput>({
  id: 'taskRemove',
  failure: (error) => TASK_LIST_UI.removeFailed + errorMessage(error, FALLBACK.server),
  confirmation: ({ title, name, employeeId }) => ({
    title: TASK_LIST_UI.removeTitle,
    message: TASK_LIST_UI.removeQuestion(title, name, employeeId),
    confirmLabel: TASK_LIST_UI.remove,
    danger: true,
  }),
});
