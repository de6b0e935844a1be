/**
 * A searchable employee picker (WAI-ARIA APG "Editable Combobox With List Autocomplete"): typing a
 * name or an employee ID lists the matches (at most MAX_SHOWN, so a company of 10,000 stays quick);
 * Down and Up move through them (aria-activedescendant), Enter or a click picks one, Escape closes
 * the list, then clears the text. The input shows the picked person as 'Name (EMP0001)'; typing
 * again drops the pick until another is chosen. The value handed back is the employee ID.
 */
import { useEffect, useId, useMemo, useState, type KeyboardEvent } from 'react';
import './employee-combobox.css';

export interface ComboboxEmployee {
  employeeId: string;
  name: string;
}

/** The rows rendered at once; typing more narrows the rest. */
export const MAX_SHOWN = 50;

interface EmployeeComboboxProps {
  id: string;
  label: string;
  /** The picked employee ID, or ''. */
  value: string;
  onChange: (employeeId: string) => void;
  employees: readonly ComboboxEmployee[];
  /** How an option and the picked person read. */
  optionText: (name: string, employeeId: string) => string;
  placeholder: string;
  noMatch: string;
  /** Said under the list when matches were left out. */
  more: (left: number) => string;
  required?: boolean;
  disabled?: boolean;
  /** Extra attributes for the input (aria-invalid, aria-describedby from the field's error). */
  inputProps?: Record<string, unknown>;
}

const fold = (s: string) => s.toLocaleLowerCase().normalize('NFKD').replace(/[\u0300-\u036f]/g, '');

export function EmployeeCombobox({ id, label, value, onChange, employees, optionText, placeholder, noMatch, more, required, disabled, inputProps }: EmployeeComboboxProps) {
  const listId = `${useId()}-list`;
  const picked = useMemo(() => employees.find((e) => e.employeeId === value) ?? null, [employees, value]);
  const [text, setText] = useState<string | null>(null);
  const [open, setOpen] = useState(false);
  // The option in visual focus; -1 for none (typing, or a fresh open: Down goes to the first).
  const [active, setActive] = useState(-1);
  // While nothing is typed the input shows the pick (or nothing, after the form is cleared).
  const shownText = text ?? (picked ? optionText(picked.name, picked.employeeId) : '');

  const matches = useMemo(() => {
    const q = fold((text ?? '').trim());
    if (!q) return employees;
    const words = q.split(/\s+/);
    return employees.filter((e) => {
      const hay = fold(`${e.name} ${e.employeeId}`);
      return words.every((w) => hay.includes(w));
    });
  }, [employees, text]);
  const shown = matches.slice(0, MAX_SHOWN);
  const optionId = (i: number) => `${listId}-${i}`;
  const expanded = open && !disabled;
  // Keyboard moves keep the active option in view inside the list (jsdom has no scrollIntoView).
  useEffect(() => {
    if (expanded && active >= 0) document.getElementById(`${listId}-${active}`)?.scrollIntoView?.({ block: 'nearest' });
  }, [expanded, active, listId]);

  const choose = (e: ComboboxEmployee) => {
    onChange(e.employeeId);
    setText(null);
    setOpen(false);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        if (!expanded) setOpen(true);
        setActive((i) => (expanded ? Math.min(i + 1, shown.length - 1) : 0));
        break;
      case 'ArrowUp':
        event.preventDefault();
        if (expanded) setActive((i) => (i <= 0 ? shown.length - 1 : i - 1));
        break;
      case 'Home':
      case 'End':
        if (expanded && shown.length) {
          event.preventDefault();
          setActive(event.key === 'Home' ? 0 : shown.length - 1);
        }
        break;
      case 'Enter':
        // One match needs no arrow: Enter takes it.
        if (expanded && (shown[active] ?? (shown.length === 1 ? shown[0] : undefined))) {
          event.preventDefault();
          choose(shown[active] ?? shown[0]!);
        }
        break;
      case 'Escape':
        if (expanded) {
          event.preventDefault();
          setOpen(false);
        } else if (shownText) {
          event.preventDefault();
          setText(null);
          onChange('');
        }
        break;
      default:
    }
  };

  return (
    <div className="combobox">
      <input
        id={id}
        type="text"
        role="combobox"
        aria-expanded={expanded}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={expanded && shown[active] ? optionId(active) : undefined}
        autoComplete="off"
        spellCheck={false}
        placeholder={placeholder}
        required={required}
        disabled={disabled}
        value={shownText}
        onChange={(e) => {
          setText(e.target.value);
          setActive(-1);
          setOpen(true);
          if (value) onChange('');
        }}
        onClick={() => {
          setActive(-1);
          setOpen((o) => !o);
        }}
        onBlur={() => {
          setOpen(false);
          // Text that picked nobody goes, so what shows is what will be sent.
          if (text !== null) setText(null);
        }}
        onKeyDown={onKeyDown}
        {...inputProps}
      />
      <ul id={listId} role="listbox" aria-label={label} className="combobox__list" hidden={!expanded}>
        {expanded &&
          shown.map((e, i) => (
            <li
              key={e.employeeId}
              id={optionId(i)}
              role="option"
              aria-selected={i === active}
              className={`combobox__option${i === active ? ' combobox__option--active' : ''}`}
              // Before the input's blur, which would close the list first.
              onMouseDown={(event) => {
                event.preventDefault();
                choose(e);
              }}
              onMouseMove={() => setActive(i)}
            >
              {optionText(e.name, e.employeeId)}
            </li>
          ))}
        {expanded && shown.length === 0 && (
          <li role="option" aria-disabled="true" aria-selected="false" className="combobox__note">
            {noMatch}
          </li>
        )}
      </ul>
      {expanded && matches.length > shown.length && (
        <p className="combobox__more field__hint" aria-live="polite">
          {more(matches.length - shown.length)}
        </p>
      )}
    </div>
  );
}
