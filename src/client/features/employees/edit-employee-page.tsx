/**
 * /admin/employees/edit/{id} (product.md, Screens): 'Loading Employee Data...', an error panel if the
 * record cannot be loaded, else Full Name, Email Address, Position, Salary and Update Employee.
 * After the spec's fields, the manager picker (manager-picker.tsx).
 * Below the spec's fields, the "Statutory and bank details" fieldset (statutory-fieldset.tsx, issue
 * 15) is saved by the same Update Employee. Below the form, the person's working hours
 * (employee-shift-section.tsx), saved by their own button.
 */
import { useRef } from 'react';
import { useParams } from 'react-router-dom';
import { skipToken } from '@reduxjs/toolkit/query';
import { EMPLOYEE_UI, FALLBACK, LOADING } from '../../copy';
import type { Employee } from '../../../shared/schemas/employee';
import type { StatutoryDetails } from '../../../shared/schemas/employee-statutory';
import { errorMessage } from '../../api/error-message';
import { useGetEmployeeQuery } from '../../api/employee-api';
import { mutationCall } from '../../flows/from-mutation';
import { useFormSubmit } from '../../flows/use-form-submit';
import { useFocusFirstInvalid } from '../../flows/use-focus-first-invalid';
import { FieldError, invalidProps } from '../../components/field-error';
import { useAppDispatch } from '../../app/hooks';
import { Banner } from '../../components/banner';
import { LoadingScreen } from '../../components/loading-screen';
import { Spinner } from '../../components/spinner';
import { PATHS } from '../../config/paths';
import { useEffects } from '../../feedback/effects-context';
import type { EmployeeField } from './add-employee-machine';
import { editEmployeeInput, editEmployeeMachine } from './edit-employee-machine';
import { employeesApi } from './employees-api';
import { StatutoryFieldset, withStatutory } from './statutory-fieldset';
import { EmployeeShiftSection } from './employee-shift-section';
import { ManagerPicker } from './manager-picker';
import { DevicePinField } from './device-pin-field';
import { DEVICE_PIN_UI } from './device-pin-copy';

const FIELDS: readonly { name: EmployeeField; label: string; type: string; extra?: object }[] = [
  { name: 'name', label: EMPLOYEE_UI.fullName, type: 'text' },
  { name: 'email', label: EMPLOYEE_UI.emailAddress, type: 'email' },
  { name: 'position', label: EMPLOYEE_UI.position, type: 'text' },
  { name: 'salary', label: EMPLOYEE_UI.salary, type: 'number', extra: { min: 0, step: 'any', inputMode: 'decimal' } },
];

export function EditEmployeePage() {
  const { id } = useParams();
  const { data, error, isLoading } = useGetEmployeeQuery(id ?? skipToken);

  let body;
  if (isLoading) body = <LoadingScreen text={LOADING.employee} />;
  else if (error || !data) body = <Banner tone="error">{errorMessage(error, FALLBACK.loadEmployee)}</Banner>;
  // Keyed by record: another employee's edit starts from that employee's values.
  else body = <EditEmployeeForm key={data._id} employee={data} />;

  return (
    <>
      <section className="card" aria-labelledby="edit-employee-title">
        <h2 id="edit-employee-title">{EMPLOYEE_UI.editTitle}</h2>
        {body}
      </section>
      {data && <EmployeeShiftSection employeeId={data._id} />}
    </>
  );
}

function EditEmployeeForm({ employee }: { employee: Employee & { statutory?: StatutoryDetails | null } }) {
  const dispatch = useAppDispatch();
  const effects = useEffects();
  const update = mutationCall(employeesApi.endpoints.updateEmployee, dispatch);
  const form = useFormSubmit(
    editEmployeeMachine,
    {
      // The statutory details ride along with the spec's four fields (only those changed).
      submit: ({ statutoryForm, ...request }, signal) => withStatutory(update, statutoryForm)(request, signal),
      redirect: () => effects.navigate(PATHS.adminEmployeeList),
    },
    editEmployeeInput(employee),
  );
  const { values, error, submitting, fieldErrors } = form;
  const formRef = useRef<HTMLFormElement>(null);
  useFocusFirstInvalid(formRef, fieldErrors);

  return (
    <form className="form" onSubmit={form.onSubmit} aria-busy={!form.editable} ref={formRef}>
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
      <fieldset className="form__fields" disabled={!form.editable}>
        {FIELDS.map(({ name, label, type, extra }) => (
          <div className="field" key={name}>
            <label htmlFor={`edit-employee-${name}`}>{label}</label>
            <input
              id={`edit-employee-${name}`}
              type={type}
              required
              value={values[name]}
              onChange={form.change(name)}
              {...invalidProps(`edit-employee-${name}`, fieldErrors[name])}
              {...extra}
            />
            <FieldError id={`edit-employee-${name}`} error={fieldErrors[name]} />
          </div>
        ))}
        <ManagerPicker value={values.managerId} onChange={(managerId) => form.setValue('managerId', managerId)} excludeId={employee._id} />
        <DevicePinField id="edit-employee-devicePin" value={values.devicePin} error={fieldErrors.devicePin} hint={DEVICE_PIN_UI.editHint} onChange={form.change('devicePin')} />
        <StatutoryFieldset values={values} onChange={form.setValue} errors={fieldErrors} epsNow={employee.statutory?.epsEligibility} />
        <div>
          <button type="submit" className="button">
            {submitting && <Spinner />} {EMPLOYEE_UI.updateEmployee}
          </button>
        </div>
      </fieldset>
    </form>
  );
}
