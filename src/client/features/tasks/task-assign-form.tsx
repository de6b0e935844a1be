/**
 * The admin's assign form (product.md, Screens): Employee (name and employee id; placeholder 'Select
 * Employee'; searchable, current employees only), Task Title, Description, all required, and 'Assign
 * Task', with an optional due date and priority. Rendered from its machine.
 */
import { useRef } from 'react';
import { FALLBACK, PREFIX } from '../../copy';
import { TASK_UI } from './task-copy';
import { errorMessage } from '../../api/base-api';
import { mutationCall } from '../../flows/from-mutation';
import { useAppDispatch } from '../../app/hooks';
import { Banner } from '../../components/banner';
import { SubmitButton } from '../../components/submit-button';
import { SubmitForm } from '../../components/submit-form';
import { useFocusFirstInvalid } from '../../flows/use-focus-first-invalid';
import { useFormSubmit } from '../../flows/use-form-submit';
// The roster feature's list of current employees (leavers and deactivated people are not in it):
// one cache entry for GET /api/employee across the admin area.
import { useGetEmployeesQuery } from '../../api/employee-api';
import { taskAssignMachine } from './task-assign-machine';
import { TaskFields } from './task-fields';
import { tasksApi } from './tasks-api';

export function TaskAssignForm() {
  const dispatch = useAppDispatch();
  const employees = useGetEmployeesQuery();
  const form = useFormSubmit(taskAssignMachine, {
    submit: mutationCall(tasksApi.endpoints.assignTask, dispatch),
  });
  const { values, message, error, submitting, fieldErrors, setValue } = form;
  const ref = useRef<HTMLDivElement>(null);
  useFocusFirstInvalid(ref, fieldErrors);

  return (
    <div className="tasks-page__assign" ref={ref}>
      {employees.error && (
        <Banner tone="error">{PREFIX.fetchEmployees + errorMessage(employees.error, FALLBACK.fetchEmployees)}</Banner>
      )}
      {error && <Banner tone="error">{error}</Banner>}
      {message && <Banner tone="success">{message}</Banner>}
      <SubmitForm form={form} noValidate>
        <TaskFields
          idPrefix="task"
          values={values}
          fieldErrors={fieldErrors}
          setValue={setValue}
          employees={employees.data ?? []}
          employeesHint={employees.isLoading ? TASK_UI.loadingEmployees : undefined}
        />
        <SubmitButton busy={submitting} block={false}>{TASK_UI.assign}</SubmitButton>
      </SubmitForm>
    </div>
  );
}
