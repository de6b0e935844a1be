/**
 * /admin/leave-types: every leave type with its rules (entitlement, accrual, pro-rating,
 * carry-forward cap, half days, paid, active), an Edit on each and an Add; the editor opens above
 * the table and closes with a toast once saved.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import { useMachine } from '@xstate/react';
import { fromPromise } from 'xstate';
import type { LeaveType } from '../../../shared/schemas/leave-policy';
import { errorMessage } from '../../api/error-message';
import { useAppDispatch } from '../../app/hooks';
import { Banner } from '../../components/banner';
import { DataTable, type DataColumn } from '../../components/data-table';
import { LoadingScreen } from '../../components/loading-screen';
import { Spinner } from '../../components/spinner';
import { TextField } from '../../components/text-field';
import { PATHS } from '../../config/paths';
import { useEffects } from '../../feedback/effects-context';
import type { SubmitResult } from '../../flows/form-submit-machine';
import { mutationCall } from '../../flows/from-mutation';
import { useGetLeaveTypeListQuery } from '../../api/leave-calendar-api';
import { holidayCalendarApi } from './holiday-calendar-api';
import { LEAVE_TYPES_UI as UI } from './holiday-calendar-copy';
import { LeaveAdminNav } from './leave-admin-nav';
import { formatDays } from './leave-balance-report';
import { BLANK_LEAVE_TYPE, leaveTypeEditorMachine, leaveTypeValues, type LeaveTypeSave, type LeaveTypeValues } from './leave-type-editor';
import '../../components/status-badge.css';
import './holiday-calendar.css';

const yesNo = (b: boolean) => (b ? UI.yes : UI.no);

export function LeaveTypesPage() {
  const { data, error, isLoading } = useGetLeaveTypeListQuery();
  const dispatch = useAppDispatch();
  const app = useEffects();
  const [logic] = useState(() => {
    const add = mutationCall(holidayCalendarApi.endpoints.addLeaveType, dispatch);
    const update = mutationCall(holidayCalendarApi.endpoints.updateLeaveType, dispatch);
    return leaveTypeEditorMachine.provide({
      actors: {
        submit: fromPromise<SubmitResult, LeaveTypeSave>(async ({ input, signal }) => {
          await (input.id === null ? add(input.body, signal) : update({ id: input.id, body: input.body }, signal));
          return {};
        }),
      },
      actions: { notify: (_, result) => result && app.toast(result.tone, result.message) },
    });
  });
  const [state, send] = useMachine(logic);
  const editing = !state.matches('closed');
  const open = (type: LeaveType | null) => send({ type: 'OPEN', target: type?._id ?? null, values: type ? leaveTypeValues(type) : BLANK_LEAVE_TYPE });

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
    // eslint-disable-next-line react-hooks/exhaustive-deps -- send is stable for the page's life
    [],
  );

  return (
    <>
      <LeaveAdminNav exclude={PATHS.adminLeaveTypes} />
      <section className="card card--wide" aria-labelledby="leave-types-title">
        <div className="card-heading-row">
          <h2 id="leave-types-title">{UI.title}</h2>
          {!editing && (
            <button type="button" className="button button--small" onClick={() => open(null)}>
              {UI.add}
            </button>
          )}
        </div>
        <p className="muted">{UI.intro}</p>
        {editing && (
          <LeaveTypeForm
            key={state.context.target ?? 'new'}
            values={state.context.values}
            isNew={state.context.target === null}
            isDefault={!!data?.find((t) => t._id === state.context.target)?.isDefault}
            error={state.context.error}
            saving={state.matches('submitting')}
            onChange={(field, value) => send({ type: 'CHANGE', field, value })}
            onSubmit={() => send({ type: 'SUBMIT' })}
            onCancel={() => send({ type: 'CLOSE' })}
          />
        )}
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

interface LeaveTypeFormProps {
  values: LeaveTypeValues;
  isNew: boolean;
  isDefault: boolean;
  error: string | null;
  saving: boolean;
  onChange: (field: keyof LeaveTypeValues & string, value: string) => void;
  onSubmit: () => void;
  onCancel: () => void;
}

function LeaveTypeForm({ values, isNew, isDefault, error, saving, onChange, onSubmit, onCancel }: LeaveTypeFormProps) {
  // The editor opens above the table: its first field takes the focus, which brings it into view
  // from a row far down (on a phone, many screens below).
  const first = useRef<HTMLInputElement>(null);
  useEffect(() => first.current?.focus(), []);
  const text = (field: keyof LeaveTypeValues & string) => (e: { target: { value: string } }) => onChange(field, e.target.value);
  const check = (field: keyof LeaveTypeValues & string, label: string, disabled = false) => (
    <label className="check-field" htmlFor={`leave-type-${field}`}>
      <input id={`leave-type-${field}`} type="checkbox" checked={values[field] === 'yes'} disabled={disabled} onChange={(e) => onChange(field, e.target.checked ? 'yes' : 'no')} />
      <span>{label}</span>
    </label>
  );
  return (
    <form
      className="form leave-type-form leave-calendar-form"
      aria-labelledby="leave-type-form-title"
      aria-busy={saving}
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        onSubmit();
      }}
    >
      <h3 id="leave-type-form-title">{isNew ? UI.formNewTitle : UI.formEditTitle(values.name || UI.formNewTitle)}</h3>
      {error && <Banner tone="error">{error}</Banner>}
      <fieldset className="form__fields" disabled={saving}>
        <div className="form__row">
          <TextField ref={first} id="leave-type-name" label={UI.name} required maxLength={60} value={values.name} onChange={text('name')} />
          <TextField id="leave-type-code" label={UI.code} hint={UI.codeHint} maxLength={10} spellCheck={false} autoCapitalize="characters" value={values.code} onChange={text('code')} />
          <TextField id="leave-type-entitlement" label={UI.entitlement} hint={UI.entitlementHint} inputMode="decimal" required value={values.yearlyEntitlement} onChange={text('yearlyEntitlement')} />
        </div>
        <div className="form__row">
          <div className="field">
            <label htmlFor="leave-type-accrual">{UI.accrual}</label>
            <select id="leave-type-accrual" value={values.accrual} onChange={text('accrual')}>
              <option value="yearly">{UI.accrualYearly}</option>
              <option value="monthly">{UI.accrualMonthly}</option>
            </select>
          </div>
          <TextField id="leave-type-carry" label={UI.carry} hint={UI.carryHint} inputMode="decimal" required value={values.carryForwardCap} onChange={text('carryForwardCap')} />
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
          <button type="button" className="button button--secondary" onClick={onCancel}>
            {UI.cancel}
          </button>
        </div>
      </fieldset>
    </form>
  );
}
