/**
 * /admin/attendance/punches: the raw punch log, newest first, filtered by person (name, employee ID
 * or PIN), device, attendance days and state (kept in the address), a page of 100 at a time. Each
 * punch shows where it came from (a device by name and serial number, or a punch file) and what
 * became of it.
 */
import { useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import { errorMessage } from '../../api/error-message';
import { RegionTable } from '../../components/scroll-table';
import { FilterButtons } from '../../components/filter-buttons';
import { FilterDateFields } from '../../components/filter-date-fields';
import { useFilterForm } from '../../flows/use-filter-form';
import { Banner } from '../../components/banner';
import { StatusBadge, type BadgeTone } from '../../components/status-badge';
import { PUNCH_STATES, type Punch } from '../../../shared/schemas/device';
import { NO_PUNCH_FILTERS, useGetDevicesQuery, useGetPunchesQuery, type PunchFilters } from './devices-api';
import { DEVICES_UI as UI } from './devices-copy';
import { DevicesNav, punchTime } from './devices-nav';
import { punchFilterMachine, type PunchFilterField } from './device-machines';
import './devices.css';

const PAGE = 100;
const FIELDS = Object.keys(NO_PUNCH_FILTERS) as PunchFilterField[];
const TONES: Record<string, BadgeTone> = { applied: 'success', unmapped: 'warning', quarantined: 'warning', discarded: 'neutral' };

function useFiltersInAddress(): [PunchFilters, number, (f: PunchFilters, offset?: number) => void] {
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => Object.fromEntries(FIELDS.map((k) => [k, params.get(k) ?? ''])) as unknown as PunchFilters, [params]);
  const offset = Math.max(0, Number(params.get('offset')) || 0);
  const set = (f: PunchFilters, at = 0) =>
    setParams(
      () => {
        const next = new URLSearchParams();
        for (const k of FIELDS) if (f[k]) next.set(k, f[k]);
        if (at) next.set('offset', String(at));
        return next;
      },
      { replace: true },
    );
  return [filters, offset, set];
}

export const stateBadge = (p: Pick<Punch, 'state'>) => <StatusBadge tone={TONES[p.state] ?? 'neutral'}>{UI.states[p.state] ?? p.state}</StatusBadge>;
const personOf = (p: Punch) => (p.name ? `${p.name} (${p.employeeId})` : UI.unknownPerson);
export const sourceOf = (p: Punch) => (p.source === 'device' ? `${p.deviceName ?? p.deviceSerial} · ${p.deviceSerial}` : UI.sourceFile);

/** The two cells a punch's row starts with, here and in the held punches: when (the row's heading) and who. */
export function WhenAndWho({ punch, whoLabel }: { punch: Punch; whoLabel: string }) {
  return (
    <>
      <th scope="row" className="punches__when">
        {punchTime(punch.punchedAt)}
      </th>
      <td data-label={whoLabel} className="punches__person">
        {personOf(punch)}
      </td>
    </>
  );
}

function FilterForm({ applied, onApply }: { applied: PunchFilters; onApply: (f: PunchFilters) => void }) {
  const devices = useGetDevicesQuery();
  const { draft, problems, send, change, submit } = useFilterForm(punchFilterMachine, applied, onApply);
  return (
    <form className="punches__filters" role="search" aria-label={UI.filters} noValidate onSubmit={submit}>
      <div className="field punches__search">
        <label htmlFor="punch-q">{UI.search}</label>
        <input id="punch-q" type="search" autoComplete="off" spellCheck={false} maxLength={100} value={draft.q} onChange={change('q')} />
      </div>
      <div className="field">
        <label htmlFor="punch-device">{UI.device}</label>
        <select id="punch-device" value={draft.deviceId} onChange={change('deviceId')}>
          <option value="">{UI.allDevices}</option>
          {(devices.data ?? []).map((d) => (
            <option key={d._id} value={d._id}>
              {d.name} ({d.serialNumber})
            </option>
          ))}
        </select>
      </div>
      <FilterDateFields idPrefix="punch" labels={UI} value={draft} problems={problems} onChange={change} errorClassName="form-error field__error" />
      <div className="field">
        <label htmlFor="punch-state">{UI.state}</label>
        <select id="punch-state" value={draft.state} onChange={change('state')}>
          <option value="">{UI.allStates}</option>
          {PUNCH_STATES.map((s) => (
            <option key={s} value={s}>
              {UI.states[s]}
            </option>
          ))}
        </select>
      </div>
      <FilterButtons className="button-row punches__filter-actions" apply={UI.apply} clear={UI.clear} onClear={() => send({ type: 'CLEAR' })} />
    </form>
  );
}

function PunchTable({ punches }: { punches: Punch[] }) {
  return (
    <RegionTable label={UI.punchesLabel} tableClassName="table--cards devices__table" heads={[UI.punchColumns.when, UI.punchColumns.person, UI.punchColumns.pin, UI.punchColumns.source, UI.punchColumns.day, UI.punchColumns.state]}>
      {punches.map((p) => (
        <tr key={p._id}>
          <WhenAndWho punch={p} whoLabel={UI.punchColumns.person} />
          <td data-label={UI.punchColumns.pin}>{p.pin ?? '—'}</td>
          <td data-label={UI.punchColumns.source} className="punches__source">
            {sourceOf(p)}
          </td>
          <td data-label={UI.punchColumns.day}>{p.attendanceDate ?? '—'}</td>
          <td data-label={UI.punchColumns.state}>
            {stateBadge(p)}
            {p.reason && p.state !== 'applied' && <span className="punches__reason"> {p.reason}</span>}
            {p.decisionReason && (
              <span className="punches__reason">
                {' '}
                {p.reason && p.state !== 'applied' ? '· ' : ''}
                {UI.decidedBecause(p.decisionReason)}
              </span>
            )}
          </td>
        </tr>
      ))}
    </RegionTable>
  );
}

export function PunchesPage() {
  const [filters, offset, setFilters] = useFiltersInAddress();
  const { currentData, error, isFetching } = useGetPunchesQuery({ ...filters, offset, limit: PAGE });
  const total = currentData?.total ?? 0;
  return (
    <section className="card card--wide devices" aria-labelledby="punches-title">
      <h2 id="punches-title">{UI.punchesTitle}</h2>
      <DevicesNav />
      <p className="muted">{UI.punchesIntro}</p>
      <FilterForm applied={filters} onApply={(f) => setFilters(f)} />
      {error ? (
        <Banner tone="error">{errorMessage(error, UI.punchesFailed)}</Banner>
      ) : !currentData ? (
        <p role="status">{isFetching ? UI.punchesLoading : ''}</p>
      ) : currentData.punches.length === 0 ? (
        <p role="status">{UI.punchesEmpty}</p>
      ) : (
        <>
          <p role="status" className="muted">
            {UI.showing(offset + 1, offset + currentData.punches.length, total)}
          </p>
          <PunchTable punches={currentData.punches} />
          {total > PAGE && (
            <div className="button-row punches__pages">
              <button type="button" className="button button--secondary" disabled={offset === 0} onClick={() => setFilters(filters, Math.max(0, offset - PAGE))}>
                {UI.previous}
              </button>
              <button type="button" className="button button--secondary" disabled={offset + PAGE >= total} onClick={() => setFilters(filters, offset + PAGE)}>
                {UI.next}
              </button>
            </div>
          )}
        </>
      )}
    </section>
  );
}
