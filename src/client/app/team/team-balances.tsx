/**
 * My Team's leave balances: one row a person, one column a leave type, the days available today and,
 * apart, the days asked for and still pending. Days only: nothing here is money. A search narrows a
 * large team; past 200 rows the table draws only what is on screen.
 */
import { useDeferredValue, useMemo, useState } from 'react';
import { errorMessage } from '../../api/error-message';
import { Banner } from '../../components/banner';
import { DataTable, type DataColumn } from '../../components/data-table';
import { EmployeeRef } from '../../components/employee-ref';
import { ListToolbar, ResultCount, SearchField } from '../../components/list-controls';
import type { TeamBalance } from '../../../shared/schemas/team';
import { LoadingLine } from '../../components/loading-line';
import { formatDays } from '../../features/leave-policy/leave-balance-report';
import { useGetTeamBalancesQuery } from '../../features/team/team-api';
import { TEAM_UI } from '../../features/team/team-copy';

type Balance = TeamBalance['balances'][number];

/** The leave types in first-seen order (every row has every active type). */
function typesOf(rows: readonly TeamBalance[]): { id: string; name: string }[] {
  const seen = new Map<string, string>();
  for (const r of rows) for (const b of r.balances) if (!seen.has(b.leaveTypeId)) seen.set(b.leaveTypeId, b.leaveType);
  return [...seen].map(([id, name]) => ({ id, name }));
}

// An unpaid type has no balance to spend: its available count would only run below zero.
const availableText = (b: Balance | undefined) => (!b ? '' : b.paid ? formatDays(b.available) : '—');

export function TeamBalances() {
  const { data, error, isLoading } = useGetTeamBalancesQuery(undefined, { refetchOnMountOrArgChange: true });
  const [query, setQuery] = useState('');
  const searched = useDeferredValue(query).trim().toLowerCase();
  const rows = useMemo(() => data ?? [], [data]);
  const shown = useMemo(() => (searched ? rows.filter((r) => r.name.toLowerCase().includes(searched) || r.employeeId.toLowerCase().includes(searched)) : rows), [rows, searched]);
  const types = useMemo(() => typesOf(rows), [rows]);

  const columns: DataColumn<TeamBalance>[] = [
    { id: 'employee', header: TEAM_UI.columns.employee, clamp: true, text: (r) => `${r.employeeId} ${r.name}`, cell: (r) => <EmployeeRef employeeId={r.employeeId} name={r.name} /> },
    ...types.map(
      (t): DataColumn<TeamBalance> => ({
        id: `type-${t.id}`,
        header: t.name,
        numeric: true,
        nowrap: true,
        text: (r) => {
          const b = r.balances.find((x) => x.leaveTypeId === t.id);
          return b && b.pending > 0 ? `${availableText(b)} ${TEAM_UI.pendingDays(formatDays(b.pending))}` : availableText(b);
        },
        cell: (r) => {
          const b = r.balances.find((x) => x.leaveTypeId === t.id);
          return (
            <>
              {availableText(b)}
              {b && b.pending > 0 && <span className="muted team-pending">{` (${TEAM_UI.pendingDays(formatDays(b.pending))})`}</span>}
            </>
          );
        },
      }),
    ),
  ];

  return (
    <section className="card card--wide" aria-labelledby="team-balances-title">
      <h2 id="team-balances-title">{TEAM_UI.balancesTitle}</h2>
      <p className="muted">{TEAM_UI.balancesIntro}</p>
      {error ? (
        <Banner tone="error">{TEAM_UI.fetchError + errorMessage(error, 'the balances could not be loaded')}</Banner>
      ) : isLoading ? (
        <LoadingLine>{TEAM_UI.balancesLoading}</LoadingLine>
      ) : rows.length === 0 ? (
        <p>{TEAM_UI.noBalances}</p>
      ) : (
        <>
          {rows.length > 8 && (
            <ListToolbar label={TEAM_UI.searchTeam}>
              <SearchField id="team-balances-search" label={TEAM_UI.searchTeam} value={query} onChange={setQuery} />
            </ListToolbar>
          )}
          {searched && <ResultCount shown={shown.length} total={rows.length} onClear={() => setQuery('')} />}
          {shown.length === 0 ? (
            <p>{TEAM_UI.noMatch}</p>
          ) : (
            <DataTable rows={shown} columns={columns} rowKey={(r) => r.employeeId} labelledBy="team-balances-title" regionLabel={TEAM_UI.balancesRegion} virtualizeAbove={200} />
          )}
        </>
      )}
    </section>
  );
}
