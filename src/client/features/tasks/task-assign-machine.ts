/**
 * The admin's assign form (product.md, Screens, 5 and 8), the shared form flow: editing -> submitting
 * -> success (the form is cleared and the server's msg shown) or error (the spec's 'Error assigning
 * task: ' alert). Employee, title and description are required. The call (`submit`) and the alert
 * are injected.
 */
import { FALLBACK, MSG, PREFIX } from '../../copy';
import type { TaskAssign } from '../../../shared/schemas/task';
import { errorMessage } from '../../api/error-message';
import { anyBlank, createFormSubmitMachine } from '../../flows/form-submit-machine';

export type TaskField = keyof TaskAssign;

/** The assign form's machine; provide `submit` (the assignment) and `alert`. */
export const taskAssignMachine = createFormSubmitMachine<TaskAssign, TaskAssign>({
  id: 'taskAssign',
  blank: { employeeId: '', title: '', description: '' },
  validate: (values) => (anyBlank(values) ? MSG.allFieldsRequired : null),
  toInput: ({ employeeId, title, description }) => ({ employeeId, title: title.trim(), description: description.trim() }),
  // product.md, Messages: the alert reads the prefix, then the server's msg (or the generic fallback).
  failure: (error) => PREFIX.assignTask + errorMessage(error, FALLBACK.server),
  alertOnFailure: true,
  afterSuccess: 'keepEditing',
});
