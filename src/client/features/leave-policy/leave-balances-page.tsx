/**
 * /admin/leave-balances: every active employee's available days of each leave type, searchable and
 * exported as CSV (every figure). Computed by the server from the records on each visit.
 */
import { useDeferredValue, useMemo } from 'react';
import type { EmployeeBalances } from '../../../shared/schemas/leave-policy';
import { errorMessage } from '../../api/error-message';
import { Banner } from '../../components/banner';
import { DataTable, type DataColumn } from '../../components/data-table';
import { EmployeeRef } from '../../components/employee-ref';
import { ListToolbar, ResultCount, SearchField, ToolbarActions } from '../../components/list-controls';
import { LoadingScreen } from '../../components/loading-screen';
import { useUrlText } from '../../components/use-url-state';
import { useFileDownload } from '../../flows/use-file-download';
import { LEAVE_BALANCE_UI as UI } from './leave-balance-copy';
import { availableText, balancesExport, balancesFile, reportTypes, searchBalances } from './leave-balance-report';
import { useGetLeaveBalanceReportQuery } from './leave-policy-api';

/** A row's available days of its i-th type ('0' when the row lacks it). */
const balanceText = (r: EmployeeBalances, i: number) => {
  const b = r.balances[i];
  return b ? availableText(b) : '0';
};

export function LeaveBalancesPage() {
  const { data, error, isLoading } = useGetLeaveBalanceReportQuery();
  const [query, setQuery] = useUrlText('q');
  const searched = useDeferredValue(query);
  const rows = useMemo(() => searchBalances(data ?? [], searched), [data, searched]);
  const csv = useFileDownload(balancesExport, { fetchFile: balancesFile, toast: true });
  const types = useMemo(() => reportTypes(data), [data]);
  const year = data?.[0]?.balances[0]?.year;

  const columns = useMemo<DataColumn<EmployeeBalances>[]>(
    () => [
      {
        id: 'employee',
        header: UI.columnEmployee,
        clamp: true,
        text: (r) => `${r.employeeId} ${r.name}`,
        cell: (r) => <EmployeeRef employeeId={r.employeeId} name={r.name} />,
      },
      ...types.map(
        (type, i): DataColumn<EmployeeBalances> => ({
          id: type,
          header: type,
          numeric: true,
          text: (r) => balanceText(r, i),
          cell: (r) => balanceText(r, i),
        }),
      ),
    ],
    [types],
  );

  return (
    <section className="card card--wide" aria-labelledby="leave-balances-title">
      <h2 id="leave-balances-title">{UI.reportTitle}</h2>
      {error ? (
        <Banner tone="error">{UI.reportFailed + errorMessage(error, '')}</Banner>
      ) : isLoading ? (
        <LoadingScreen text={UI.reportLoading} />
      ) : !data?.length ? (
        <p>{UI.reportEmpty}</p>
      ) : (
        <>
          {year && <p className="muted">{UI.reportIntro(year)}</p>}
          <ListToolbar label={UI.reportTools}>
            <SearchField id="leave-balances-search" label={UI.search} value={query} onChange={setQuery} />
            <ToolbarActions>
              <button type="button" className="button button--secondary" onClick={() => csv.download(rows)} disabled={!rows.length || csv.busy}>
                {UI.exportCsv}
              </button>
            </ToolbarActions>
          </ListToolbar>
          <ResultCount shown={rows.length} total={data.length} onClear={() => setQuery('')} />
          {rows.length ? (
            <DataTable rows={rows} columns={columns} rowKey={(r) => r.employeeId} labelledBy="leave-balances-title" regionLabel={UI.reportTitle} />
          ) : (
            <p>{UI.reportNoMatch}</p>
          )}
        </>
      )}
    </section>
  );
}
