/**
 * /admin/employees/add (product.md, Screens): the Add Employee form, then 'Upload Employees via CSV'. After
 * the spec's four fields, the manager picker (optional).
 */
import { useRef } from 'react';
import { useNavigate } from 'react-router-dom';
import { EMPLOYEE_UI } from '../../copy';
import { mutationCall } from '../../flows/from-mutation';
import { useAppDispatch } from '../../app/hooks';
import { Spinner } from '../../components/spinner';
import { SubmitForm } from '../../components/submit-form';
import { PATHS } from '../../config/paths';
import { useFormSubmit } from '../../flows/use-form-submit';
import { useFocusFirstInvalid } from '../../flows/use-focus-first-invalid';
import { FieldError, invalidProps } from '../../components/field-error';
import { addEmployeeMachine, type EmployeeField } from './add-employee-machine';
import { CsvUploadSection } from './csv-upload-section';
import { employeesApi } from './employees-api';
import { ManagerPicker } from './manager-picker';
import { DevicePinField } from './device-pin-field';
import { DEVICE_PIN_UI } from './device-pin-copy';

const FIELDS: readonly { name: EmployeeField; label: string; type: string; autoComplete: string; extra?: object }[] = [
  { name: 'name', label: EMPLOYEE_UI.name, type: 'text', autoComplete: 'off' },
  { name: 'email', label: EMPLOYEE_UI.email, type: 'email', autoComplete: 'off' },
  { name: 'position', label: EMPLOYEE_UI.position, type: 'text', autoComplete: 'off' },
  // Rupees with paise: any decimal, never negative.
  { name: 'salary', label: EMPLOYEE_UI.salary, type: 'number', autoComplete: 'off', extra: { min: 0, step: 'any', inputMode: 'decimal' } },
];

export function AddEmployeePage() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const form = useFormSubmit(addEmployeeMachine, {
    submit: mutationCall(employeesApi.endpoints.addEmployee, dispatch),
    redirect: () => navigate(PATHS.adminEmployeeList),
  });
  const { values, error, message, submitting, fieldErrors } = form;
  const section = useRef<HTMLElement>(null);
  useFocusFirstInvalid(section, fieldErrors);

  return (
    <>
      <section className="card" aria-labelledby="add-employee-title" ref={section}>
        <h2 id="add-employee-title">{EMPLOYEE_UI.addTitle}</h2>
        {error && (
          <p className="form-error" role="alert">
            {error}
          </p>
        )}
        <div role="status">{message && <p className="form-success">{message}</p>}</div>
        <SubmitForm form={form}>
          {FIELDS.map(({ name, label, type, autoComplete, extra }) => (
            <div className="field" key={name}>
              <label htmlFor={`add-employee-${name}`}>{label}</label>
              <input
                id={`add-employee-${name}`}
                type={type}
                autoComplete={autoComplete}
                required
                value={values[name]}
                onChange={form.change(name)}
                {...invalidProps(`add-employee-${name}`, fieldErrors[name])}
                {...extra}
              />
              <FieldError id={`add-employee-${name}`} error={fieldErrors[name]} />
            </div>
          ))}
          <ManagerPicker value={values.managerId} onChange={(managerId) => form.setValue('managerId', managerId)} />
          <DevicePinField id="add-employee-devicePin" value={values.devicePin} error={fieldErrors.devicePin} hint={DEVICE_PIN_UI.addHint} onChange={form.change('devicePin')} />
          <div>
            <button type="submit" className="button">
              {submitting && <Spinner />} {EMPLOYEE_UI.addEmployee}
            </button>
          </div>
        </SubmitForm>
      </section>
      <CsvUploadSection />
    </>
  );
}
