/**
 * Edit Employee flow (product.md, Screens, 5 and 8), the shared form flow in its "alert, then redirect"
 * mode: editing -> submitting -> the server's msg as a success toast that outlives the page, and
 * the list; or 'Error updating employee: ' + msg as an error toast and the form again. The form
 * starts from the record, loaded by RTK Query before this machine starts (input: its values and
 * id): the spec's four fields, whose checks are Add Employee's, and the statutory and bank details
 * (statutory-fieldset.tsx), of which the call is given what changed (`statutoryForm`, checked and
 * added to the request by withStatutory). The call, `notify` and `redirect` are injected.
 */
import { FALLBACK, PREFIX } from '../../copy';
import { errorMessage } from '../../api/error-message';
import { createFormSubmitMachine } from '../../flows/form-submit-machine';
import type { Employee } from '../../../shared/schemas/employee';
import type { StatutoryDetails } from '../../../shared/schemas/employee-statutory';
import type { UpdateEmployeeRequest } from './employees-api';
import {
  EMPLOYEE_FIELDS,
  EMPTY_EMPLOYEE_FORM,
  employeeFieldProblems,
  employeeFormProblem,
  toEmployeeCreate,
  type EmployeeFormValues,
} from './add-employee-machine';
import { STATUTORY_FORM_FIELDS, statutoryFormValues, type StatutoryFormValues } from './statutory-fieldset';

/** What the edit form's inputs hold: the spec's four fields and the statutory and bank details. */
export type EditEmployeeValues = EmployeeFormValues & StatutoryFormValues;

/** The call's input: the update, and the details as typed and as loaded (withStatutory sends what changed). */
export type EditEmployeeCall = UpdateEmployeeRequest & { statutoryForm: { values: StatutoryFormValues; initial: StatutoryFormValues } };

/** The spec's four fields and the device PIN, checked as Add Employee checks them. */
const fourFields = (values: EditEmployeeValues) => ({
  ...(Object.fromEntries(EMPLOYEE_FIELDS.map((field) => [field, values[field]])) as Record<(typeof EMPLOYEE_FIELDS)[number], string>),
  devicePin: values.devicePin,
});
/** The statutory fields among the inputs' values. */
const statutoryOf = (values: EditEmployeeValues): StatutoryFormValues =>
  Object.fromEntries(STATUTORY_FORM_FIELDS.map((field) => [field, values[field]])) as StatutoryFormValues;

/** Where the edit starts: the loaded record's fields, as the inputs hold them, and its id. */
export const editEmployeeInput = (employee: Employee & { statutory?: StatutoryDetails | null }) => ({
  values: {
    name: employee.name,
    email: employee.email,
    position: employee.position,
    salary: String(employee.salary),
    managerId: employee.managerId ?? '',
    devicePin: employee.devicePin ?? '',
    ...statutoryFormValues(employee.statutory),
  },
  target: employee._id,
});

/** The edit screen's machine; input from editEmployeeInput, provide `submit`, `notify` and `redirect`. */
export const editEmployeeMachine = createFormSubmitMachine<EditEmployeeValues, EditEmployeeCall>({
  id: 'editEmployee',
  blank: { ...EMPTY_EMPLOYEE_FORM, ...statutoryFormValues() },
  // The same checks as Add Employee: the spec's 'All fields are required', then the server's schema.
  validate: (values) => employeeFormProblem(fourFields(values)),
  fieldProblems: (values) => employeeFieldProblems(fourFields(values)),
  toInput: (values, target, initial) => ({
    id: target!,
    ...toEmployeeCreate({ ...fourFields(values), devicePin: '' }),
    // Only a changed PIN is sent; emptied, null clears it.
    ...(values.devicePin.trim() !== initial.devicePin.trim() && { devicePin: values.devicePin.trim() || null }),
    // Only a changed manager is sent; left out, the server keeps it, and null (the picker's '') clears it.
    ...(values.managerId !== initial.managerId && { managerId: values.managerId || null }),
    statutoryForm: { values: statutoryOf(values), initial: statutoryOf(initial) },
  }),
  failure: (error) => PREFIX.updateEmployee + errorMessage(error, FALLBACK.server),
  announce: 'alert',
  afterSuccess: 'redirect',
});
