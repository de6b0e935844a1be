/**
 * A task's fields, for the assign form and the edit dialog: the spec's Employee (a searchable list of
 * current employees, 'Name (EMP0001)'), Task Title and Description, then the optional due date and
 * priority. Each field found wrong is marked (aria-invalid) with its message beside it.
 */
import { TASK_PRIORITIES } from '../../../shared/constants';
import { EmployeeCombobox, type ComboboxEmployee } from '../../components/employee-combobox';
import { FieldError, fieldErrorId, invalidProps } from '../../components/field-error';
import type { FieldErrors } from '../../flows/form-submit-machine';
import type { TaskField, TaskFormValues } from './task-assign-machine';
import { TASK_LIST_UI, TASK_UI } from './task-copy';

// The server's limits (shared/schemas/task.ts); the browser stops typing there instead of a 400 later.
const TITLE_MAX = 200;
const DESCRIPTION_MAX = 5000;

interface TaskFieldsProps {
  /** Prefix of the controls' ids ('task' for the assign form). */
  idPrefix: string;
  values: TaskFormValues;
  fieldErrors: FieldErrors<TaskFormValues>;
  setValue: (field: TaskField, value: string) => void;
  employees: readonly ComboboxEmployee[];
  /** Described by the employee control while the list loads. */
  employeesHint?: string;
}

export function TaskFields({ idPrefix, values, fieldErrors, setValue, employees, employeesHint }: TaskFieldsProps) {
  const id = (field: TaskField) => `${idPrefix}-${field}`;
  const text = (field: TaskField) => ({
    id: id(field),
    value: values[field],
    onChange: (e: { target: { value: string } }) => setValue(field, e.target.value),
    ...invalidProps(id(field), fieldErrors[field]),
  });
  const employeeError = fieldErrors.employeeId;
  return (
    <>
      <div className="field">
        <label htmlFor={id('employeeId')}>{TASK_UI.employee}</label>
        <EmployeeCombobox
          id={id('employeeId')}
          label={TASK_UI.employee}
          value={values.employeeId}
          onChange={(employeeId) => setValue('employeeId', employeeId)}
          employees={employees}
          optionText={TASK_UI.employeeOption}
          placeholder={TASK_UI.selectEmployee}
          noMatch={TASK_LIST_UI.noMatch}
          more={TASK_LIST_UI.moreMatches}
          required
          inputProps={invalidProps(id('employeeId'), employeeError, employeesHint ? `${id('employeeId')}-hint` : undefined)}
        />
        {employeesHint && (
          <p id={`${id('employeeId')}-hint`} role="status" className="field__hint">
            {employeesHint}
          </p>
        )}
        <FieldError id={id('employeeId')} error={employeeError} />
      </div>
      <div className="field">
        <label htmlFor={id('title')}>{TASK_UI.taskTitle}</label>
        <input type="text" required maxLength={TITLE_MAX} {...text('title')} />
        <FieldError id={id('title')} error={fieldErrors.title} />
      </div>
      <div className="field">
        <label htmlFor={id('description')}>{TASK_UI.description}</label>
        <textarea required rows={3} maxLength={DESCRIPTION_MAX} {...text('description')} />
        <FieldError id={id('description')} error={fieldErrors.description} />
      </div>
      <div className="form__row task-fields__row">
        <div className="field">
          <label htmlFor={id('dueDate')}>{TASK_LIST_UI.dueDate}</label>
          <input type="date" {...text('dueDate')} aria-describedby={[fieldErrors.dueDate ? fieldErrorId(id('dueDate')) : '', `${id('dueDate')}-hint`].filter(Boolean).join(' ')} />
          <p id={`${id('dueDate')}-hint`} className="field__hint">
            {TASK_LIST_UI.dueHint}
          </p>
          <FieldError id={id('dueDate')} error={fieldErrors.dueDate} />
        </div>
        <div className="field">
          <label htmlFor={id('priority')}>{TASK_LIST_UI.priorityLabel}</label>
          <select {...text('priority')}>
            {TASK_PRIORITIES.map((p) => (
              <option key={p} value={p}>
                {TASK_LIST_UI.priority[p]}
              </option>
            ))}
          </select>
          <FieldError id={id('priority')} error={fieldErrors.priority} />
        </div>
      </div>
    </>
  );
}
