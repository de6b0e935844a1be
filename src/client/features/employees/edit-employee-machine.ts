/**
 * Edit Employee flow (spec sections 2, 5 and 8), the shared form flow in its "alert, then redirect"
 * mode: editing -> submitting -> the server's msg as a success toast that outlives the page, and
 * the list; or 'Error updating employee: ' + msg as an error toast and the form again. The form
 * starts from the record, loaded by RTK Query before this machine starts (input: its values and
 * id); the checks are Add Employee's. The call, `notify` and `redirect` are injected.
 */
import { FALLBACK, PREFIX } from '../../copy';
import { errorMessage } from '../../api/error-message';
import { createFormSubmitMachine } from '../../flows/form-submit-machine';
import type { Employee } from '../../../shared/schemas/employee';
import type { UpdateEmployeeRequest } from './employees-api';
import { EMPTY_EMPLOYEE_FORM, employeeFormProblem, toEmployeeCreate, type EmployeeFormValues } from './add-employee-machine';

/** Where the edit starts: the loaded record's four fields, as the inputs hold them, and its id. */
export const editEmployeeInput = (employee: Employee) => ({
  values: { name: employee.name, email: employee.email, position: employee.position, salary: String(employee.salary) },
  target: employee._id,
});

/** The edit screen's machine; input from editEmployeeInput, provide `submit`, `notify` and `redirect`. */
export const editEmployeeMachine = createFormSubmitMachine<EmployeeFormValues, UpdateEmployeeRequest>({
  id: 'editEmployee',
  blank: EMPTY_EMPLOYEE_FORM,
  // The same checks as Add Employee: the spec's 'All fields are required', then the server's schema.
  validate: employeeFormProblem,
  toInput: (values, target) => ({ id: target!, ...toEmployeeCreate(values) }),
  failure: (error) => PREFIX.updateEmployee + errorMessage(error, FALLBACK.server),
  announce: 'alert',
  afterSuccess: 'redirect',
});
