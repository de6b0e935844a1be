/**
 * The admin's assign form (product.md, Screens, 5 and 8), the shared form flow: editing -> submitting
 * -> success (the form is cleared and the server's msg shown) or error (the spec's 'Error assigning
 * task: ' alert). Employee, title and description are required; a due date and a priority are
 * optional additions. Every blank required field is marked at once. The call (`submit`) and the
 * alert are injected.
 */
import { FALLBACK, MSG, PREFIX } from '../../copy';
import { TASK_PRIORITIES, type TaskPriority } from '../../../shared/constants';
import type { TaskAssign } from '../../../shared/schemas/task';
import { errorMessage } from '../../api/error-message';
import { anyBlank, createFormSubmitMachine, type FieldErrors } from '../../flows/form-submit-machine';

/** What the form's inputs hold: text; '' for no due date. */
export interface TaskFormValues extends Record<string, string> {
  employeeId: string;
  title: string;
  description: string;
  dueDate: string;
  priority: string;
}
export type TaskField = keyof TaskFormValues & string;

export const BLANK_TASK: TaskFormValues = { employeeId: '', title: '', description: '', dueDate: '', priority: 'normal' };

const required = ({ employeeId, title, description }: TaskFormValues) => ({ employeeId, title, description });

/** The spec's rule: the three fields are required ('All fields are required'), each marked. */
export const taskFieldProblems = (values: TaskFormValues): FieldErrors<TaskFormValues> =>
  Object.fromEntries(Object.entries(required(values)).filter(([, v]) => v.trim() === '').map(([k]) => [k, MSG.allFieldsRequired]));

const priorityOf = (value: string): TaskPriority => ((TASK_PRIORITIES as readonly string[]).includes(value) ? (value as TaskPriority) : 'normal');

/** The call's body: trimmed; no due date and the default priority are left out, as the spec's call is. */
export const toTaskBody = ({ employeeId, title, description, dueDate, priority }: TaskFormValues): TaskAssign => ({
  employeeId,
  title: title.trim(),
  description: description.trim(),
  ...(dueDate ? { dueDate } : {}),
  ...(priority && priority !== 'normal' ? { priority: priorityOf(priority) } : {}),
});

/** The assign form's machine; provide `submit` (the assignment) and `alert`. */
export const taskAssignMachine = createFormSubmitMachine<TaskFormValues, TaskAssign>({
  id: 'taskAssign',
  blank: BLANK_TASK,
  validate: (values) => (anyBlank(required(values)) ? MSG.allFieldsRequired : null),
  fieldProblems: taskFieldProblems,
  toInput: toTaskBody,
  // product.md, Messages: the alert reads the prefix, then the server's msg (or the generic fallback).
  failure: (error) => PREFIX.assignTask + errorMessage(error, FALLBACK.server),
  alertOnFailure: true,
  afterSuccess: 'keepEditing',
});
