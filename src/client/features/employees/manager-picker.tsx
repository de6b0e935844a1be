/**
 * The manager picker on Add and Edit Employee, after the spec's fields: a search box that narrows a
 * plain select of the roster (native, so keyboard, screen readers and phones handle it as any other
 * select). '' is "no manager". The person being edited is left out, as they cannot manage themself;
 * the server refuses the rest (a loop, a leaver) with a message the form shows.
 */
import { useId, useMemo, useState } from 'react';
import { useGetEmployeesQuery } from '../../api/employee-api';
import type { Employee } from '../../../shared/schemas/employee';
import { MANAGER_UI } from './manager-copy';

// A select beyond a few hundred options is slow to open on a phone and useless to scroll.
const MAX_OPTIONS = 200;

/** The roster entries that match the search, the chosen one always among them. */
export function managerOptions(employees: readonly Employee[], search: string, selected: string, excludeId?: string) {
  const needle = search.trim().toLowerCase();
  const matches = employees.filter(
    (e) =>
      e._id !== excludeId &&
      (needle === '' || e.name.toLowerCase().includes(needle) || e.email.includes(needle) || e.employeeId.toLowerCase().includes(needle)),
  );
  const shown = matches.slice(0, MAX_OPTIONS);
  const chosen = employees.find((e) => e._id === selected);
  if (chosen && !shown.includes(chosen)) shown.unshift(chosen);
  return { shown, total: matches.length };
}

export function ManagerPicker({ value, onChange, excludeId }: { value: string; onChange: (managerId: string) => void; excludeId?: string }) {
  const { data = [], isLoading } = useGetEmployeesQuery();
  const [search, setSearch] = useState('');
  const id = useId();
  const { shown, total } = useMemo(() => managerOptions(data, search, value, excludeId), [data, search, value, excludeId]);
  return (
    <fieldset className="form__fields form__group">
      <legend>{MANAGER_UI.legend}</legend>
      <div className="field">
        <label htmlFor={`${id}-search`}>{MANAGER_UI.search}</label>
        <input id={`${id}-search`} type="search" autoComplete="off" value={search} onChange={(e) => setSearch(e.target.value)} aria-describedby={`${id}-hint`} />
        <p className="field__hint" id={`${id}-hint`}>
          {total > shown.length ? MANAGER_UI.more(shown.length, total) : MANAGER_UI.searchHint}
        </p>
      </div>
      <div className="field">
        <label htmlFor={`${id}-manager`}>{MANAGER_UI.manager}</label>
        <select id={`${id}-manager`} name="managerId" value={value} onChange={(e) => onChange(e.target.value)} aria-busy={isLoading}>
          <option value="">{isLoading ? MANAGER_UI.loading : MANAGER_UI.none}</option>
          {shown.map((e) => (
            <option key={e._id} value={e._id}>
              {MANAGER_UI.option(e.name, e.employeeId)}
            </option>
          ))}
        </select>
      </div>
    </fieldset>
  );
}
