/**
 * Add Employee flow (product.md, Flows, 5 and 8), the shared form flow: editing -> submitting ->
 * success, where the server's msg shows and the fields clear; after REDIRECT_DELAY_MS the msg
 * clears and the app goes to the list. A failure shows the msg in red and the form stays open.
 * The call (`submit`) and the navigation (`redirect`) are injected.
 */
import { EMPLOYEE_UI, FALLBACK, MSG } from '../../copy';
import { employeeCreateBody, type EmployeeCreate } from '../../../shared/schemas/employee';
import { errorMessage } from '../../api/error-message';
import { createFormSubmitMachine } from '../../flows/form-submit-machine';
import { schemaFieldProblems, schemaProblem } from '../../flows/schema-problem';

export const EMPLOYEE_FIELDS = ['name', 'email', 'position', 'salary'] as const;
export type EmployeeField = (typeof EMPLOYEE_FIELDS)[number];

/** The spec's four fields as the inputs hold them, the picked manager's `_id` ('' for none) and the device PIN ('' for the default). */
type SpecFieldValues = Record<EmployeeField, string> & { managerId?: string; devicePin?: string };

/** What the inputs hold: text, salary included, until it is sent; the manager's `_id` or ''; the device PIN or ''. */
export type EmployeeFormValues = Record<EmployeeField | 'managerId' | 'devicePin', string>;

export const EMPTY_EMPLOYEE_FORM: EmployeeFormValues = { name: '', email: '', position: '', salary: '', managerId: '', devicePin: '' };

/**
 * Spec: salary is sent as a decimal number, not as the input's text. No manager picked: no managerId
 * sent. No device PIN typed: none sent, and the server gives the code's digits when they are free.
 */
export const toEmployeeCreate = (values: SpecFieldValues): EmployeeCreate => ({
  name: values.name,
  email: values.email,
  position: values.position,
  salary: Number(values.salary),
  ...(values.managerId && { managerId: values.managerId }),
  ...(values.devicePin?.trim() && { devicePin: values.devicePin.trim() }),
});

/**
 * What is wrong with the employee form, or null to send it: blanks in the spec's words, then the
 * server's own schema on exactly what would be sent (so 1.234 or 1e12 as a salary stop here, as the
 * server would refuse them), a salary that is not a number in the spec's words.
 */
export function employeeFormProblem(values: SpecFieldValues): string | null {
  // The inputs are `required`, so the browser stops a blank first; this keeps the rule in the flow.
  // The manager is optional, so only the spec's four count.
  if (EMPLOYEE_FIELDS.some((field) => values[field].trim() === '')) return MSG.allFieldsRequired;
  return schemaProblem(employeeCreateBody, toEmployeeCreate(values), (issue) =>
    issue.field === 'salary' && issue.code === 'invalid_type' ? EMPLOYEE_UI.salaryNotNumber : undefined,
  );
}

/** Every one of the spec's four fields that is wrong: blank ones as required, then the schema's problems. */
export function employeeFieldProblems(values: SpecFieldValues): Partial<Record<EmployeeField | 'devicePin', string>> {
  const blank = EMPLOYEE_FIELDS.filter((field) => values[field].trim() === '');
  if (blank.length) return Object.fromEntries(blank.map((field) => [field, MSG.fieldRequired]));
  return schemaFieldProblems(employeeCreateBody, toEmployeeCreate(values), (issue) =>
    issue.field === 'salary' && issue.code === 'invalid_type' ? EMPLOYEE_UI.salaryNotNumber : undefined,
  ) as Partial<Record<EmployeeField | 'devicePin', string>>;
}

/** The Add Employee form's machine; provide `submit` (the create) and `redirect`. */
export const addEmployeeMachine = createFormSubmitMachine<EmployeeFormValues, EmployeeCreate>({
  id: 'addEmployee',
  blank: EMPTY_EMPLOYEE_FORM,
  validate: employeeFormProblem,
  fieldProblems: employeeFieldProblems,
  toInput: toEmployeeCreate,
  failure: (error) => errorMessage(error, FALLBACK.addEmployee),
  alertOnFailure: false,
  afterSuccess: 'redirect',
});
