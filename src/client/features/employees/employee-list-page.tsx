/**
 * /admin/employees/list (product.md, Screens): every employee with Edit, Delete and Email Salary Slip.
 * 'Loading Employees...', 'No employees found.', or 'Error fetching employees: ' + msg instead of
 * the table. Row actions run in employeeActionsMachine; the table re-renders from tag invalidation.
 */
import { useDeferredValue, useState } from 'react';
import { useMachine } from '@xstate/react';
import { fromPromise } from 'xstate';
import { EMPLOYEE_UI, EMPTY, FALLBACK, LOADING, PREFIX } from '../../copy';
import { errorMessage } from '../../api/error-message';
import { fromMutation } from '../../flows/from-mutation';
import { useAppDispatch } from '../../app/hooks';
import { Banner } from '../../components/banner';
import { ListToolbar, ResultCount, SearchField, SelectFilter, ToolbarActions } from '../../components/list-controls';
import { LIST_UI } from '../../components/list-copy';
import { LoadingScreen } from '../../components/loading-screen';
import { useUrlParam, useUrlSort, useUrlText } from '../../components/use-url-state';
import { useEffects } from '../../feedback/effects-context';
import { readRuntimeConfig } from '../../config/runtime-config';
import { FEEDBACK_UI } from '../../feedback/feedback-copy';
import type { ConfirmQuestion } from '../../flows/row-action-machine';
import { employeeActionsMachine, type SlipPeriod, type SlipPeriodQuestion } from './employee-actions-machine';
import { employeesExport, employeesFile } from './employee-export';
import { useFileDownload } from '../../flows/use-file-download';
import { EMPLOYEE_LIST_UI } from './employee-list-copy';
import { EmployeeTable } from './employee-table';
import { InviteHeldButton } from './invite-held-button';
import { lastCompletePeriod } from './slip-period';
import { EMPLOYEE_SORT_COLUMNS, selectEmployeeView, selectPositions, type EmployeeSortColumn } from './employee-view';
import { useGetEmployeesByStatusQuery, useGetEmployeesQuery } from '../../api/employee-api';
import type { Employee } from '../../../shared/schemas/employee';
import { employeesApi } from './employees-api';

// The current list's people on notice, kept per list so the view's selectors see one array.
const onNotice = new WeakMap<readonly Employee[], readonly Employee[]>();
function onNoticeOf(list: readonly Employee[] | undefined): readonly Employee[] | undefined {
  if (!list) return list;
  let found = onNotice.get(list);
  if (!found) onNotice.set(list, (found = list.filter((e) => (e as { status?: string }).status === 'on-notice')));
  return found;
}

export function EmployeeListPage() {
  const dispatch = useAppDispatch();
  // The view's search, filter and order live in the address (?q=&position=&sort=&order=).
  const [query, setQuery] = useUrlText('q');
  const [position, setPosition] = useUrlParam('position');
  const [sort, toggleSort] = useUrlSort(EMPLOYEE_SORT_COLUMNS);
  // Typing stays instant; the filter over 10,000 rows follows a moment later if it must.
  const searched = useDeferredValue(query);
  const sortColumn = (sort?.column ?? null) as EmployeeSortColumn | null;
  const direction = sort?.direction ?? 'ascending';
  // ?status=: current people by default (active and on notice), or on notice, left, all.
  const [status, setStatus] = useUrlParam('status');
  const wide = status === 'left' || status === 'all' ? status : null;
  const current = useGetEmployeesQuery(undefined, { skip: wide !== null });
  const others = useGetEmployeesByStatusQuery(wide ?? 'all', { skip: wide === null });
  const { data: employees, error, isLoading } = wide ? others : current;
  const rows = status === 'on-notice' ? onNoticeOf(employees) : employees;
  const view = selectEmployeeView(rows, searched, position, sortColumn, direction);
  const positions = selectPositions(employees);
  const clearFilters = () => setQuery('', { position: '', status: '' });
  const csv = useFileDownload(employeesExport, { fetchFile: employeesFile, toast: true });
  const feedback = useEffects();
  const [logic] = useState(() =>
    employeeActionsMachine.provide({
      actors: {
        confirmDelete: fromPromise<boolean, ConfirmQuestion>(({ input, signal }) => feedback.confirm(input, signal)),
        // Spec: month and year are typed freely; the dialog offers the last complete month.
        askSlipPeriod: fromPromise<SlipPeriod | null, SlipPeriodQuestion>(({ input, signal }) =>
          feedback.prompt(
            {
              title: FEEDBACK_UI.emailSlipTitle,
              message: FEEDBACK_UI.emailSlipFor(input.name ? `${input.name} (${input.employeeId})` : input.employeeId),
              submitLabel: FEEDBACK_UI.emailSlipSend,
              initial: lastCompletePeriod(readRuntimeConfig().timeZone),
            },
            signal,
          ),
        ),
        deleteEmployee: fromMutation(employeesApi.endpoints.deleteEmployee, dispatch),
        emailSalarySlip: fromMutation(employeesApi.endpoints.emailEmployeeSalarySlip, dispatch),
      },
      actions: { notify: (_, { tone, message }) => feedback.toast(tone, message) },
    }),
  );
  const [state, send] = useMachine(logic);
  // A row is busy while its question is open and while its call runs.
  const busyWith = state.hasTag('busy') ? state.context.target : null;

  let body;
  if (isLoading) body = <LoadingScreen text={LOADING.employees} />;
  else if (error) body = <Banner tone="error">{PREFIX.fetchEmployees + errorMessage(error, FALLBACK.fetchEmployees)}</Banner>;
  // With a status picked the tools stay, so the view can be switched back.
  else if (!employees?.length && !status) body = <p role="status">{EMPTY.employees}</p>;
  else
    body = (
      <>
        <ListToolbar label={EMPLOYEE_LIST_UI.tools}>
          <SearchField id="employee-search" label={EMPLOYEE_LIST_UI.search} placeholder={EMPLOYEE_LIST_UI.searchHint} value={query} onChange={setQuery} />
          <SelectFilter
            id="employee-position"
            label={EMPLOYEE_LIST_UI.position}
            allLabel={EMPLOYEE_LIST_UI.allPositions}
            value={position}
            onChange={setPosition}
            options={positions.map((p) => ({ value: p, label: p }))}
          />
          <SelectFilter
            id="employee-status"
            label={EMPLOYEE_LIST_UI.status}
            allLabel={EMPLOYEE_LIST_UI.current}
            value={status}
            onChange={setStatus}
            options={(['on-notice', 'left', 'all'] as const).map((s) => ({ value: s, label: EMPLOYEE_LIST_UI.statuses[s] }))}
          />
          <ToolbarActions>
            <InviteHeldButton />
            <button
              type="button"
              className="button button--secondary"
              disabled={!view.rows.length || csv.busy}
              onClick={() => csv.download(view.rows)}
            >
              {LIST_UI.exportCsv}
            </button>
          </ToolbarActions>
        </ListToolbar>
        <ResultCount shown={view.rows.length} total={view.total} onClear={clearFilters} />
        {view.rows.length ? (
          <EmployeeTable
            employees={view.rows}
            roster={employees ?? view.rows}
            labelledBy="employee-list-title"
            sort={sort}
            onSort={toggleSort}
            busyWith={busyWith}
            onDelete={(id) => {
              const employee = employees?.find((e) => e._id === id);
              send({ type: 'DELETE', id, name: employee?.name, employeeId: employee?.employeeId });
            }}
            onEmailSlip={(employeeId) =>
              send({ type: 'EMAIL_SLIP', employeeId, name: employees?.find((e) => e.employeeId === employeeId)?.name })
            }
          />
        ) : (
          <p className="employee-list__empty">{EMPTY.employees}</p>
        )}
      </>
    );

  return (
    <section className="card card--wide" aria-labelledby="employee-list-title">
      <h2 id="employee-list-title">{EMPLOYEE_UI.listTitle}</h2>
      {body}
    </section>
  );
}
