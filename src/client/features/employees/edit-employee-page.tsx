/**
 * /admin/employees/edit/{id} (spec section 2): 'Loading Employee Data...', an error panel if the
 * record cannot be loaded, else Full Name, Email Address, Position, Salary and Update Employee.
 */
import { useState, type FormEvent } from 'react';
import { useParams } from 'react-router-dom';
import { skipToken } from '@reduxjs/toolkit/query';
import { useMachine } from '@xstate/react';
import { EMPLOYEE_UI, FALLBACK, LOADING } from '../../copy';
import type { Employee } from '../../../shared/schemas/employee';
import { errorMessage } from '../../api/error-message';
import { useGetEmployeeQuery } from '../../api/employee-api';
import { fromMutation } from '../../flows/from-mutation';
import { useAppDispatch } from '../../app/hooks';
import { Banner } from '../../components/banner';
import { LoadingScreen } from '../../components/loading-screen';
import { Spinner } from '../../components/spinner';
import { PATHS } from '../../config/paths';
import { useEffects } from '../../feedback/effects-context';
import type { EmployeeField, EmployeeFormValues } from './add-employee-machine';
import { editEmployeeMachine } from './edit-employee-machine';
import { employeesApi } from './employees-api';

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
    <section className="card" aria-labelledby="edit-employee-title">
      <h2 id="edit-employee-title">{EMPLOYEE_UI.editTitle}</h2>
      {body}
    </section>
  );
}

const formValues = (employee: Employee): EmployeeFormValues => ({
  name: employee.name,
  email: employee.email,
  position: employee.position,
  salary: String(employee.salary),
});

function EditEmployeeForm({ employee }: { employee: Employee }) {
  const dispatch = useAppDispatch();
  const effects = useEffects();
  const [logic] = useState(() =>
    editEmployeeMachine.provide({
      actors: {
        updateEmployee: fromMutation(employeesApi.endpoints.updateEmployee, dispatch),
      },
      actions: {
        notify: (_, { tone, message }) => effects.toast(tone, message),
        redirect: () => effects.navigate(PATHS.adminEmployeeList),
      },
    }),
  );
  const [state, send] = useMachine(logic, { input: { id: employee._id } });
  // The inputs start from the loaded record; what is typed stays here until it is submitted.
  const [values, setValues] = useState(() => formValues(employee));
  const saving = !state.matches('editing');

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    send({ type: 'SUBMIT', values });
  };

  return (
    <form className="form" onSubmit={onSubmit} aria-busy={saving}>
      {state.context.error && (
        <p className="form-error" role="alert">
          {state.context.error}
        </p>
      )}
      <fieldset className="form__fields" disabled={saving}>
        {FIELDS.map(({ name, label, type, extra }) => (
          <div className="field" key={name}>
            <label htmlFor={`edit-employee-${name}`}>{label}</label>
            <input
              id={`edit-employee-${name}`}
              type={type}
              required
              value={values[name]}
              onChange={(e) => setValues((v) => ({ ...v, [name]: e.target.value }))}
              {...extra}
            />
          </div>
        ))}
        <div>
          <button type="submit" className="button">
            {state.matches('saving') && <Spinner />} {EMPLOYEE_UI.updateEmployee}
          </button>
        </div>
      </fieldset>
    </form>
  );
}
