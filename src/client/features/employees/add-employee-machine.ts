/**
 * Add Employee flow (spec sections 4, 5 and 8), the shared form flow: editing -> submitting ->
 * success, where the server's msg shows and the fields clear; after REDIRECT_DELAY_MS the msg
 * clears and the app goes to the list. A failure shows the msg in red and the form stays open.
 * The call (`submit`) and the navigation (`redirect`) are injected.
 */
import { EMPLOYEE_UI, FALLBACK, MSG } from '../../../shared/messages';
import type { EmployeeCreate } from '../../../shared/schemas/employee';
import { errorMessage } from '../../api/error-message';
import { anyBlank, createFormSubmitMachine } from '../../flows/form-submit-machine';

export const EMPLOYEE_FIELDS = ['name', 'email', 'position', 'salary'] as const;
export type EmployeeField = (typeof EMPLOYEE_FIELDS)[number];

/** What the inputs hold: text, salary included, until it is sent. */
export type EmployeeFormValues = Record<EmployeeField, string>;

export const EMPTY_EMPLOYEE_FORM: EmployeeFormValues = { name: '', email: '', position: '', salary: '' };

/** Spec: salary is sent as a decimal number, not as the input's text. */
export const toEmployeeCreate = (values: EmployeeFormValues): EmployeeCreate => ({
  name: values.name,
  email: values.email,
  position: values.position,
  salary: Number(values.salary),
});

/** The Add Employee form's machine; provide `submit` (the create) and `redirect`. */
export const addEmployeeMachine = createFormSubmitMachine<EmployeeFormValues, EmployeeCreate>({
  id: 'addEmployee',
  blank: EMPTY_EMPLOYEE_FORM,
  validate: (values) => {
    // The inputs are `required`, so the browser stops a blank first; this keeps the rule in the flow.
    if (anyBlank(values)) return MSG.allFieldsRequired;
    // A number input yields '' for text it cannot read, so this only catches values the browser let through.
    if (!Number.isFinite(Number(values.salary))) return EMPLOYEE_UI.salaryNotNumber;
    return null;
  },
  toInput: toEmployeeCreate,
  failure: (error) => errorMessage(error, FALLBACK.addEmployee),
  alertOnFailure: false,
  afterSuccess: 'redirect',
});
