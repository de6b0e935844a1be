/**
 * The admin's assign form (product.md, Screens): Employee dropdown (name and employee id; placeholder
 * 'Select Employee'), Task Title, Description, all required, and 'Assign Task'. Rendered from its machine.
 */
import { FALLBACK, PREFIX } from '../../copy';
import { TASK_UI } from './task-copy';
import { errorMessage } from '../../api/base-api';
import { mutationCall } from '../../flows/from-mutation';
import { useAppDispatch } from '../../app/hooks';
import { Banner } from '../../components/banner';
import { SubmitButton } from '../../components/submit-button';
import { TextAreaField, TextField } from '../../components/text-field';
import { SubmitForm } from '../../components/submit-form';
import { useFormSubmit } from '../../flows/use-form-submit';
// The roster feature's list: one cache entry for GET /api/employee across the admin area.
import { useGetEmployeesQuery } from '../../api/employee-api';
import { taskAssignMachine } from './task-assign-machine';
import { tasksApi } from './tasks-api';

// The server's limits (shared/schemas/task.ts); the browser stops typing there instead of a 400 later.
const TITLE_MAX = 200;
const DESCRIPTION_MAX = 5000;

export function TaskAssignForm() {
  const dispatch = useAppDispatch();
  const employees = useGetEmployeesQuery();
  const form = useFormSubmit(taskAssignMachine, {
    submit: mutationCall(tasksApi.endpoints.assignTask, dispatch),
  });
  const { values, message, error, submitting, change } = form;

  return (
    <div className="tasks-page__assign">
      {employees.error && (
        <Banner tone="error">{PREFIX.fetchEmployees + errorMessage(employees.error, FALLBACK.fetchEmployees)}</Banner>
      )}
      {error && <Banner tone="error">{error}</Banner>}
      {message && <Banner tone="success">{message}</Banner>}
      <SubmitForm form={form}>
        <div className="field">
          <label htmlFor="task-employeeId">{TASK_UI.employee}</label>
          <select
            id="task-employeeId"
            required
            value={values.employeeId}
            onChange={change('employeeId')}
            aria-describedby={employees.isLoading ? 'task-employees-loading' : undefined}
          >
            <option value="">{TASK_UI.selectEmployee}</option>
            {employees.data?.map(({ employeeId, name }) => (
              <option key={employeeId} value={employeeId}>
                {TASK_UI.employeeOption(name, employeeId)}
              </option>
            ))}
          </select>
          {employees.isLoading && (
            <p id="task-employees-loading" role="status" className="field__hint">
              {TASK_UI.loadingEmployees}
            </p>
          )}
        </div>
        <TextField id="task-title" label={TASK_UI.taskTitle} required maxLength={TITLE_MAX} value={values.title} onChange={change('title')} />
        <TextAreaField id="task-description" label={TASK_UI.description} required rows={3} maxLength={DESCRIPTION_MAX} value={values.description} onChange={change('description')} />
        <SubmitButton busy={submitting} block={false}>{TASK_UI.assign}</SubmitButton>
      </SubmitForm>
    </div>
  );
}
