/**
 * /admin/leave-types: every leave type with its rules (entitlement, accrual, pro-rating,
 * carry-forward cap, half days, paid, active), an Edit on each and an Add; the editor opens above
 * the table and closes with a toast once saved.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import type { LeaveType } from '../../../shared/schemas/leave-policy';
import { errorMessage } from '../../api/error-message';
import { useAppDispatch } from '../../app/hooks';
import { Banner } from '../../components/banner';
import { DataTable, type DataColumn } from '../../components/data-table';
import { LoadingScreen } from '../../components/loading-screen';
import { Spinner } from '../../components/spinner';
import { SelectField, TextField } from '../../components/text-field';
import { PATHS } from '../../config/paths';
import { mutationCall } from '../../flows/from-mutation';
import { useFocusFirstInvalid } from '../../flows/use-focus-first-invalid';
import { useFormSubmit } from '../../flows/use-form-submit';
import { useGetLeaveTypeListQuery } from '../../api/leave-calendar-api';
import { holidayCalendarApi } from './holiday-calendar-api';
import { LEAVE_TYPES_UI as UI } from './holiday-calendar-copy';
import { LeaveAdminNav } from './leave-admin-nav';
import { formatDays } from './leave-balance-report';
import { leaveTypeEditorMachine, leaveTypeValues, type LeaveTypeSave, type LeaveTypeValues } from './leave-type-editor';
import '../../components/status-badge.css';
import './holiday-calendar.css';

const yesNo = (b: boolean) => (b ? UI.yes : UI.no);

export function LeaveTypesPage() {
  const { data, error, isLoading } = useGetLeaveTypeListQuery();
  // The type the editor is open on (null: a new one); undefined: the editor is closed.
  const [editing, setEditing] = useState<LeaveType | null | undefined>(undefined);
  const open = (type: LeaveType | null) => setEditing(type);

  const columns = useMemo<DataColumn<LeaveType>[]>(
    () => [
      {
        id: 'name',
        header: UI.columnName,
        clamp: true,
        text: (t) => (t.isDefault ? `${t.name} (${UI.defaultType})` : t.name),
        cell: (t) => (
          <>
            {t.name}
            {t.isDefault && <span className="muted"> ({UI.defaultType})</span>}
          </>
        ),
      },
      { id: 'code', header: UI.columnCode, widthEm: { min: 4, pref: 4 }, text: (t) => t.code ?? '', cell: (t) => t.code ?? '' },
      // A figure's header does not wrap: the two columns are sized for theirs on one line (a width
      // from the rows' text would be a figure's and cut the header).
      { id: 'entitlement', header: UI.columnEntitlement, numeric: true, widthEm: { min: 7.5, pref: 7.5 }, cell: (t) => formatDays(t.yearlyEntitlement) },
      { id: 'accrual', header: UI.columnAccrual, text: (t) => (t.accrual === 'monthly' ? UI.monthly : UI.yearly), cell: (t) => (t.accrual === 'monthly' ? UI.monthly : UI.yearly) },
      { id: 'proRate', header: UI.columnProRate, text: (t) => yesNo(t.proRate), cell: (t) => yesNo(t.proRate) },
      { id: 'carry', header: UI.columnCarry, numeric: true, widthEm: { min: 11, pref: 11 }, cell: (t) => formatDays(t.carryForwardCap) },
      { id: 'halfDay', header: UI.columnHalfDay, text: (t) => yesNo(t.halfDayAllowed), cell: (t) => yesNo(t.halfDayAllowed) },
      { id: 'paid', header: UI.columnPaid, text: (t) => yesNo(t.paid), cell: (t) => yesNo(t.paid) },
      {
        id: 'active',
        header: UI.columnActive,
        text: (t) => (t.active ? UI.active : UI.inactive),
        cell: (t) => <span className={`badge badge--${t.active ? 'success' : 'neutral'}`}>{t.active ? UI.active : UI.inactive}</span>,
      },
      {
        id: 'actions',
        header: UI.columnActions,
        widthEm: { min: 4, pref: 4 },
        stickyEnd: true,
        cell: (t) => (
          <button type="button" className="button button--small button--secondary" aria-label={UI.editLabel(t.name)} onClick={() => open(t)}>
            {UI.edit}
          </button>
        ),
      },
    ],
    [],
  );

  return (
    <>
      <LeaveAdminNav exclude={PATHS.adminLeaveTypes} />
      <section className="card card--wide" aria-labelledby="leave-types-title">
        <div className="card-heading-row">
          <h2 id="leave-types-title">{UI.title}</h2>
          {editing === undefined && (
            <button type="button" className="button button--small" onClick={() => open(null)}>
              {UI.add}
            </button>
          )}
        </div>
        <p className="muted">{UI.intro}</p>
        {editing !== undefined && <LeaveTypeForm key={editing?._id ?? 'new'} type={editing} onClose={() => setEditing(undefined)} />}
        {error ? (
          <Banner tone="error">{UI.failed + errorMessage(error, 'the leave types could not be loaded')}</Banner>
        ) : isLoading || !data ? (
          <LoadingScreen text={UI.loading} />
        ) : (
          <DataTable rows={data} columns={columns} rowKey={(t) => t._id} labelledBy="leave-types-title" regionLabel={UI.tableRegion} virtualizeAbove={100} />
        )}
      </section>
    </>
  );
}

/** The editor, started on `type` (null: a new one); a save closes it with a toast, as Cancel does without one. */
function LeaveTypeForm({ type, onClose }: { type: LeaveType | null; onClose: () => void }) {
  const dispatch = useAppDispatch();
  const add = mutationCall(holidayCalendarApi.endpoints.addLeaveType, dispatch);
  const update = mutationCall(holidayCalendarApi.endpoints.updateLeaveType, dispatch);
  const form = useFormSubmit(
    leaveTypeEditorMachine,
    {
      submit: async ({ id, body }: LeaveTypeSave, signal) => (await (id === null ? add(body, signal) : update({ id, body }, signal)), {}),
      redirect: onClose,
    },
    type ? { target: type._id, values: leaveTypeValues(type) } : undefined,
  );
  const { values, fieldErrors } = form;
  const isNew = type === null;
  const isDefault = !!type?.isDefault;
  const saving = form.submitting;
  // The editor opens above the table: its first field takes the focus, which brings it into view
  // from a row far down (on a phone, many screens below). A refusal then focuses its first mark.
  const formRef = useRef<HTMLFormElement>(null);
  const first = useRef<HTMLInputElement>(null);
  useEffect(() => first.current?.focus(), []);
  useFocusFirstInvalid(formRef, fieldErrors);
  const text = (field: keyof LeaveTypeValues & string) => ({ value: values[field], onChange: form.change(field), error: fieldErrors[field] });
  const check = (field: keyof LeaveTypeValues & string, label: string, disabled = false) => (
    <label className="check-field" htmlFor={`leave-type-${field}`}>
      <input id={`leave-type-${field}`} type="checkbox" checked={values[field] === 'yes'} disabled={disabled} onChange={(e) => form.setValue(field, e.target.checked ? 'yes' : 'no')} />
      <span>{label}</span>
    </label>
  );
  return (
    <form ref={formRef} className="form leave-type-form leave-calendar-form" aria-labelledby="leave-type-form-title" aria-busy={saving} noValidate onSubmit={form.onSubmit}>
      <h3 id="leave-type-form-title">{isNew ? UI.formNewTitle : UI.formEditTitle(values.name || UI.formNewTitle)}</h3>
      {form.error && <Banner tone="error">{form.error}</Banner>}
      <fieldset className="form__fields" disabled={!form.editable}>
        <div className="form__row">
          <TextField ref={first} id="leave-type-name" label={UI.name} required maxLength={60} {...text('name')} />
          <TextField id="leave-type-code" label={UI.code} hint={UI.codeHint} maxLength={10} spellCheck={false} autoCapitalize="characters" {...text('code')} />
          <TextField id="leave-type-entitlement" label={UI.entitlement} hint={UI.entitlementHint} inputMode="decimal" required {...text('yearlyEntitlement')} />
        </div>
        <div className="form__row">
          <SelectField id="leave-type-accrual" label={UI.accrual} choices={{ yearly: UI.accrualYearly, monthly: UI.accrualMonthly }} value={values.accrual} onChange={form.change('accrual')} />
          <TextField id="leave-type-carry" label={UI.carry} hint={UI.carryHint} inputMode="decimal" required {...text('carryForwardCap')} />
        </div>
        {check('proRate', UI.proRate)}
        {check('halfDayAllowed', UI.halfDay)}
        {check('paid', UI.paid)}
        {check('active', UI.activeField, isDefault)}
        {isDefault && <p className="field__hint">{UI.defaultStaysActive}</p>}
        <div className="button-row">
          <button type="submit" className="button">
            {saving && <Spinner />} {isNew ? UI.create : UI.save}
          </button>
          <button type="button" className="button button--secondary" onClick={onClose}>
            {UI.cancel}
          </button>
        </div>
      </fieldset>
    </form>
  );
}
