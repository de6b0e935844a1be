/**
 * /admin/holidays: one year's holiday calendar (date, name, optional or mandatory), with previous
 * and next year, a delete on each (asked first in the in-app dialog), a form to add one and a CSV
 * import (all rows or none). The year is in the address (?year=), the company's year by default.
 */
import { useMemo, useRef, useState } from 'react';
import { useMachine } from '@xstate/react';
import { fromPromise } from 'xstate';
import type { HolidayImportResponse } from '../../../shared/schemas/holiday-calendar';
import type { Holiday } from '../../../shared/schemas/leave-policy';
import { errorMessage } from '../../api/error-message';
import { useAppDispatch } from '../../app/hooks';
import { Banner } from '../../components/banner';
import { DataTable, type DataColumn } from '../../components/data-table';
import { LoadingScreen } from '../../components/loading-screen';
import { SubmitButton } from '../../components/submit-button';
import { TextField } from '../../components/text-field';
import { useUrlParam } from '../../components/use-url-state';
import { PATHS } from '../../config/paths';
import { useEffects } from '../../feedback/effects-context';
import { mutationCall } from '../../flows/from-mutation';
import { sendOnSubmit } from '../../flows/send-on-submit';
import { useFormSubmit } from '../../flows/use-form-submit';
import { useRowAction } from '../../flows/use-row-action';
import { useToday } from '../../components/use-today';
import { useGetHolidayListQuery } from '../../api/leave-calendar-api';
import { holidayCalendarApi } from './holiday-calendar-api';
import { HOLIDAYS_UI as UI } from './holiday-calendar-copy';
import { addHolidayMachine, editHolidayMachine, removeHolidayMachine, type HolidayFormValues } from './holiday-forms';
import { FormDialog } from '../../components/form-dialog';
import { FieldError, invalidProps } from '../../components/field-error';
import { useFocusFirstInvalid } from '../../flows/use-focus-first-invalid';
import type { FieldErrors } from '../../flows/form-submit-machine';
import { holidayImportMachine, type HolidayImportInput } from './holiday-import-machine';
import { LeaveAdminNav } from './leave-admin-nav';
import '../../components/status-badge.css';
import { SubmitForm } from '../../components/submit-form';
import './holiday-calendar.css';

/** A file's bytes as they are (FileReader: every browser, and the tests' jsdom, whose File has no arrayBuffer()). */
function bytesOf(file: Blob): Promise<ArrayBuffer> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as ArrayBuffer);
    reader.onerror = () => reject(reader.error ?? new Error('the file could not be read'));
    reader.readAsArrayBuffer(file);
  });
}

/** A year's holidays (a few dozen) render whole, so find-in-page sees them all. */
const WHOLE_LIST = 200;

const yearOf = (text: string, fallback: number) => (/^\d{4}$/.test(text) && Number(text) >= 2000 && Number(text) <= 2100 ? Number(text) : fallback);

export function HolidaysPage() {
  const today = useToday();
  const [yearParam, setYearParam] = useUrlParam('year');
  const year = yearOf(yearParam, Number(today.slice(0, 4)));
  const { data, error, isLoading, isFetching } = useGetHolidayListQuery(year);
  const dispatch = useAppDispatch();
  const removal = useRowAction(removeHolidayMachine, { run: mutationCall(holidayCalendarApi.endpoints.removeHoliday, dispatch) });
  const [editing, setEditing] = useState<Holiday | null>(null);

  const columns = useMemo<DataColumn<Holiday>[]>(
    () => [
      { id: 'date', header: UI.columnDate, nowrap: true, text: (h) => `${UI.weekday(h.date)} ${h.date}`, cell: (h) => <time dateTime={h.date}>{`${UI.weekday(h.date)}, ${h.date}`}</time> },
      { id: 'name', header: UI.columnName, clamp: true, text: (h) => h.name, cell: (h) => h.name },
      {
        id: 'kind',
        header: UI.columnKind,
        text: (h) => `${h.optional ? UI.optional : UI.mandatory}${h.repeatsYearly ? ` ${UI.everyYear}` : ''}`,
        cell: (h) => (
          <span className="holiday-kinds">
            <span className={`badge badge--${h.optional ? 'neutral' : 'info'}`}>{h.optional ? UI.optional : UI.mandatory}</span>
            {h.repeatsYearly && (
              <span className="badge badge--success" title={UI.everyYearSince(h.firstDate)}>
                {UI.everyYear}
              </span>
            )}
          </span>
        ),
      },
      {
        id: 'actions',
        header: UI.columnActions,
        widthEm: { min: 9.5, pref: 9.5 },
        stickyEnd: true,
        cell: (h) => (
          <span className="holiday-actions">
            <button type="button" className="button button--small button--secondary" aria-label={UI.editLabel(h.name, h.date)} onClick={() => setEditing(h)}>
              {UI.edit}
            </button>
            <button type="button" className="button button--small button--danger" aria-label={UI.removeLabel(h.name, h.date)} onClick={() => removal.run({ id: h._id, name: h.name, date: h.date, repeats: h.repeatsYearly })}>
              {UI.remove}
            </button>
          </span>
        ),
      },
    ],
    // eslint-disable-next-line react-hooks/exhaustive-deps -- run is stable for the page's life
    [],
  );
  const optional = data?.filter((h) => h.optional).length ?? 0;

  return (
    <>
      <LeaveAdminNav exclude={PATHS.adminHolidays} />
      <section className="card card--wide" aria-labelledby="holidays-title" aria-busy={isFetching}>
        <div className="card-heading-row">
          <h2 id="holidays-title">{UI.title(year)}</h2>
          <div className="period-nav__buttons">
            <button type="button" className="button button--secondary button--small" onClick={() => setYearParam(String(year - 1))}>
              {UI.previousYear}
            </button>
            <button type="button" className="button button--secondary button--small" onClick={() => setYearParam(String(year + 1))}>
              {UI.nextYear}
            </button>
          </div>
        </div>
        {error ? (
          <Banner tone="error">{UI.failed + errorMessage(error, 'the holidays could not be loaded')}</Banner>
        ) : isLoading || !data ? (
          <LoadingScreen text={UI.loading} />
        ) : data.length === 0 ? (
          <p className="empty">{UI.empty(year)}</p>
        ) : (
          <>
            <p className="muted">{UI.intro(data.length, optional)}</p>
            <div className="holiday-list">
              <DataTable rows={data} columns={columns} rowKey={(h) => h._id} labelledBy="holidays-title" regionLabel={UI.tableRegion} virtualizeAbove={WHOLE_LIST} busy={removal.pending !== null} rowBusy={(h) => removal.pending?.id === h._id} />
            </div>
          </>
        )}
      </section>
      {editing && <EditHolidayDialog key={`${editing._id}-${editing.date}`} holiday={editing} onClose={() => setEditing(null)} />}
      <AddHolidayForm year={year} />
      <ImportHolidays />
    </>
  );
}

/** Date, name and the two checkboxes, each marked with its error; shared by the add form and the edit dialog. */
function HolidayFields({ idPrefix, values, fieldErrors, setValue, minDate }: { idPrefix: string; values: HolidayFormValues; fieldErrors: FieldErrors<HolidayFormValues>; setValue: (field: keyof HolidayFormValues & string, value: string) => void; minDate?: string }) {
  const id = (field: string) => `${idPrefix}-${field}`;
  const check = (field: 'optional' | 'repeatsYearly', label: string) => (
    <div>
      <label className="check-field" htmlFor={id(field)}>
        <input id={id(field)} type="checkbox" checked={values[field] === 'yes'} onChange={(e) => setValue(field, e.target.checked ? 'yes' : 'no')} {...invalidProps(id(field), fieldErrors[field])} />
        <span>{label}</span>
      </label>
      <FieldError id={id(field)} error={fieldErrors[field]} />
    </div>
  );
  return (
    <>
      <div className="form__row">
        <div className="field">
          <label htmlFor={id('date')}>{UI.date}</label>
          <input id={id('date')} type="date" required min={minDate} value={values.date} onChange={(e) => setValue('date', e.target.value)} {...invalidProps(id('date'), fieldErrors.date)} />
          <FieldError id={id('date')} error={fieldErrors.date} />
        </div>
        <div className="field">
          <label htmlFor={id('name')}>{UI.name}</label>
          <input id={id('name')} type="text" required maxLength={100} value={values.name} onChange={(e) => setValue('name', e.target.value)} {...invalidProps(id('name'), fieldErrors.name)} />
          <FieldError id={id('name')} error={fieldErrors.name} />
        </div>
      </div>
      {check('optional', UI.optionalField)}
      {check('repeatsYearly', UI.repeatsField)}
    </>
  );
}

function AddHolidayForm({ year }: { year: number }) {
  const dispatch = useAppDispatch();
  const form = useFormSubmit(addHolidayMachine, { submit: mutationCall(holidayCalendarApi.endpoints.addHoliday, dispatch) });
  const { values, message, error, submitting, setValue, fieldErrors } = form;
  const ref = useRef<HTMLElement>(null);
  useFocusFirstInvalid(ref, fieldErrors);
  return (
    <section className="card" aria-labelledby="add-holiday-title" ref={ref}>
      <h2 id="add-holiday-title">{UI.addTitle}</h2>
      {error && <Banner tone="error">{error}</Banner>}
      {message && <Banner tone="success">{message}</Banner>}
      <SubmitForm form={form} className="form leave-calendar-form" noValidate>
        <HolidayFields idPrefix="holiday" values={values} fieldErrors={fieldErrors} setValue={setValue} minDate={`${year - 1}-01-01`} />
        <SubmitButton busy={submitting} block={false}>{UI.add}</SubmitButton>
      </SubmitForm>
    </section>
  );
}

/** The Edit holiday dialog: a repeating holiday is edited from its first date, and the edit reaches every year. */
function EditHolidayDialog({ holiday, onClose }: { holiday: Holiday; onClose: () => void }) {
  const dispatch = useAppDispatch();
  const form = useFormSubmit(
    editHolidayMachine,
    { submit: mutationCall(holidayCalendarApi.endpoints.updateHoliday, dispatch), redirect: onClose },
    {
      target: holiday._id,
      values: { date: holiday.firstDate, name: holiday.name, optional: holiday.optional ? 'yes' : 'no', repeatsYearly: holiday.repeatsYearly ? 'yes' : 'no' },
    },
  );
  const message = holiday.repeatsYearly ? `${UI.editMessage} ${UI.editRepeatingNote(holiday.firstDate)}` : UI.editMessage;
  return (
    <FormDialog title={UI.editTitle(holiday.name)} message={message} className="form holiday-edit-form" form={form} cancelLabel={UI.cancel} saveLabel={UI.save} onClose={onClose}>
      <HolidayFields idPrefix="holiday-edit" values={form.values} fieldErrors={form.fieldErrors} setValue={form.setValue} />
    </FormDialog>
  );
}

function ImportHolidays() {
  const dispatch = useAppDispatch();
  const app = useEffects();
  const [logic] = useState(() => {
    const call = mutationCall(holidayCalendarApi.endpoints.importHolidays, dispatch);
    return holidayImportMachine.provide({
      actors: { importFile: fromPromise<HolidayImportResponse, HolidayImportInput>(async ({ input, signal }) => call({ file: await bytesOf(input.file), name: input.file.name }, signal)) },
      actions: { notify: (_, { tone, message }) => app.toast(tone, message) },
    });
  });
  const [state, send] = useMachine(logic);
  const { message, error, rowErrors } = state.context;
  const importing = state.matches('importing');

  const onSubmit = sendOnSubmit(send, { type: 'IMPORT' });

  return (
    <section className="card" aria-labelledby="import-holidays-title">
      <h2 id="import-holidays-title">{UI.importTitle}</h2>
      <div role="status">{message && <p className="form-success">{message}</p>}</div>
      {error && (
        <div className="banner banner--error" role="alert">
          <p>{error}</p>
          {rowErrors.length > 0 && (
            <>
              <p>{UI.importRowErrors}</p>
              <ul className="row-errors">
                {rowErrors.map((e) => (
                  <li key={e}>{e}</li>
                ))}
              </ul>
            </>
          )}
        </div>
      )}
      <form className="form leave-calendar-form" onSubmit={onSubmit} aria-busy={importing} noValidate>
        <fieldset className="form__fields" disabled={importing}>
          <TextField id="holiday-csv-file" label={UI.importFile} hint={UI.importHint} type="file" accept=".csv,text/csv" onChange={(e) => send({ type: 'SELECT_FILE', file: e.target.files?.[0] ?? null })} />
          <SubmitButton busy={importing} busyText={UI.importing} block={false}>
            {UI.importButton}
          </SubmitButton>
        </fieldset>
      </form>
    </section>
  );
}
