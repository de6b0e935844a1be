/**
 * Admin Attendance's "Not punched in today": the people the dashboard counts as absent, by name,
 * folded under their count so the records table stays near the top. The server applies the same rule
 * as the dashboard's figure (employed today, no punch in, no approved leave, a working day) and
 * searches; open, the list follows the same 10-second poll as today's records.
 */
import { useState } from 'react';
import { ATTENDANCE_POLL_MS } from '../../../shared/constants';
import { errorMessage } from '../../api/base-api';
import { EmployeeRef } from '../../components/employee-ref';
import { SearchField } from '../../components/list-controls';
import { useDebounced } from '../../components/use-debounced';
import { ATTENDANCE_EXTRA_UI as UI } from './attendance-copy';
import { useGetAbsentTodayQuery } from './attendance-api';
import './absent-today.css';

export function AbsentTodayPanel() {
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState('');
  const q = useDebounced(typed.trim(), 300);
  const { data, error } = useGetAbsentTodayQuery(q, { pollingInterval: open ? ATTENDANCE_POLL_MS : 0, refetchOnMountOrArgChange: true });
  // The count in the fold is everyone's, not the search's.
  const { data: all } = useGetAbsentTodayQuery('', { skip: q === '' });
  const total = (q === '' ? data : all)?.total ?? null;

  return (
    <details className="absent-today" open={open} onToggle={(e) => setOpen(e.currentTarget.open)}>
      <summary className="absent-today__title">{UI.absentToday(total)}</summary>
      {error ? (
        <p role="alert" className="field__error">
          {UI.absentTodayError + errorMessage(error, '')}
        </p>
      ) : data?.dayOff ? (
        <p className="muted">{UI.absentTodayDayOff(data.dayOff)}</p>
      ) : total === 0 ? (
        <p className="muted">{UI.absentTodayNone}</p>
      ) : (
        <>
          <p className="muted">{UI.absentTodayLead}</p>
          <SearchField id="absent-today-search" label={UI.absentTodaySearch} value={typed} onChange={setTyped} />
          {data && data.people.length === 0 && <p className="empty">{UI.absentTodayNoMatch}</p>}
          {data && data.people.length > 0 && (
            <ul className="absent-today__list" aria-label={UI.absentToday(null)}>
              {data.people.map((p) => (
                <li key={p.employeeId}>
                  <EmployeeRef employeeId={p.employeeId} name={p.name} /> <span className="muted absent-today__email">{p.email}</span>
                </li>
              ))}
            </ul>
          )}
          {data && data.total > data.people.length && <p className="muted">{UI.absentTodayMore(data.people.length, data.total)}</p>}
        </>
      )}
    </details>
  );
}
