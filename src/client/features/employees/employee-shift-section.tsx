/**
 * Edit Employee's "Working hours" card: the person keeps the company's shift, or has their own
 * (start, end, grace minutes), saved by its own button to its own call so the spec's four fields and
 * their Update Employee stay as they are. Choosing the company's again clears the person's own.
 */
import { useRef } from 'react';
import { shiftSchema, type EmployeeShift } from '../../../shared/schemas/work-hours';
import { errorMessage } from '../../api/error-message';
import { useGetEmployeeShiftQuery, useGetWorkHoursQuery, workHoursApi } from '../../api/work-hours-api';
import { useAppDispatch } from '../../app/hooks';
import { Banner } from '../../components/banner';
import { LoadingScreen } from '../../components/loading-screen';
import { problemsOnFields, ShiftFields, shiftFieldOf, shiftOf, shiftValues, type ShiftValues } from '../../components/shift-fields';
import { SubmitButton } from '../../components/submit-button';
import { createFormSubmitMachine } from '../../flows/form-submit-machine';
import { mutationCall } from '../../flows/from-mutation';
import { schemaFieldProblems, schemaProblem } from '../../flows/schema-problem';
import { useFocusFirstInvalid } from '../../flows/use-focus-first-invalid';
import { useFormSubmit } from '../../flows/use-form-submit';

const UI = {
  title: 'Working hours',
  loading: 'Loading working hours...',
  failed: 'Error fetching working hours: ',
  company: (start: string, end: string, grace: number) => `Company hours (${start}–${end}, ${grace} minutes' grace)`,
  companyPlain: 'Company hours',
  own: 'Own working hours',
  choice: 'Working hours of this employee',
  save: 'Save working hours',
  saveFailed: 'Error saving working hours: ',
} as const;

interface OwnShiftValues extends ShiftValues {
  own: string;
}

const shiftMachine = createFormSubmitMachine<OwnShiftValues, { id: string; shift: ReturnType<typeof shiftOf> | null }>({
  id: 'employeeShift',
  blank: { own: 'false', shiftStart: '', shiftEnd: '', graceMinutes: '' },
  validate: (values) => (values.own === 'true' ? schemaProblem(shiftSchema, shiftOf(values)) : null),
  fieldProblems: (values) => (values.own === 'true' ? problemsOnFields(schemaFieldProblems(shiftSchema, shiftOf(values)), shiftFieldOf) : {}),
  fieldOf: shiftFieldOf,
  toInput: (values, target) => ({ id: target!, shift: values.own === 'true' ? shiftOf(values) : null }),
  failure: (error) => UI.saveFailed + errorMessage(error, 'the working hours could not be saved'),
  announce: 'inForm',
  afterSuccess: 'keepEditing',
  keepSaved: true,
});

export function EmployeeShiftSection({ employeeId }: { employeeId: string }) {
  const { data, error, isLoading } = useGetEmployeeShiftQuery(employeeId);
  return (
    <section className="card" aria-labelledby="employee-shift-title">
      <h2 id="employee-shift-title">{UI.title}</h2>
      {error ? (
        <Banner tone="error">{UI.failed + errorMessage(error, 'the working hours could not be loaded')}</Banner>
      ) : isLoading || !data ? (
        <LoadingScreen text={UI.loading} />
      ) : (
        <ShiftForm key={employeeId} id={employeeId} shift={data} />
      )}
    </section>
  );
}

function ShiftForm({ id, shift }: { id: string; shift: EmployeeShift }) {
  const dispatch = useAppDispatch();
  const save = mutationCall(workHoursApi.endpoints.saveEmployeeShift, dispatch);
  const form = useFormSubmit(shiftMachine, { submit: save }, { values: { own: String(shift.own !== null), ...shiftValues(shift.own ?? shift.effective) }, target: id });
  const { values, error, message } = form;
  const formRef = useRef<HTMLFormElement>(null);
  useFocusFirstInvalid(formRef, form.fieldErrors);
  // The company's hours, said beside their choice even while the person has their own.
  const company = useGetWorkHoursQuery().data?.shift ?? (shift.own ? null : shift.effective);
  const choose = (own: boolean) => form.setValue('own', String(own));

  return (
    <form ref={formRef} className="form" onSubmit={form.onSubmit} aria-busy={form.submitting} noValidate>
      {error && <Banner tone="error">{error}</Banner>}
      {message && <Banner tone="success">{message}</Banner>}
      <fieldset className="form__fields" disabled={!form.editable}>
        <fieldset className="check-group">
          <legend>{UI.choice}</legend>
          <label className="check-field" htmlFor="shift-company">
            <input id="shift-company" type="radio" name="shift-choice" checked={values.own !== 'true'} onChange={() => choose(false)} />
            <span>{company ? UI.company(company.start, company.end, company.graceMinutes) : UI.companyPlain}</span>
          </label>
          <label className="check-field" htmlFor="shift-own">
            <input id="shift-own" type="radio" name="shift-choice" checked={values.own === 'true'} onChange={() => choose(true)} />
            <span>{UI.own}</span>
          </label>
        </fieldset>
        {values.own === 'true' && <ShiftFields idPrefix="employee-shift" values={values} onChange={form.setValue} errors={form.fieldErrors} />}
        <SubmitButton busy={form.submitting} block={false}>{UI.save}</SubmitButton>
      </fieldset>
    </form>
  );
}
