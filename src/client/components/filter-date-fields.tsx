/**
 * A list filter's From and To dates: two date inputs, each with what is wrong with it under it
 * (role="alert") and tied to it. The audit log's and the punch log's filters.
 */
import type { ChangeEvent } from 'react';

type Bound = 'from' | 'to';
const BOUNDS = ['from', 'to'] as const;

interface FilterDateFieldsProps {
  /** The inputs' ids are `${idPrefix}-from` and `${idPrefix}-to`, their problems' `${idPrefix}-from-error`… */
  idPrefix: string;
  /** The feature's labels. */
  labels: Record<Bound, string>;
  value: Record<Bound, string>;
  problems: Partial<Record<Bound, string>>;
  onChange: (field: Bound) => (event: ChangeEvent<HTMLInputElement>) => void;
  /** The problem's class. */
  errorClassName?: string;
}

export function FilterDateFields({ idPrefix, labels, value, problems, onChange, errorClassName = 'form-error' }: FilterDateFieldsProps) {
  return BOUNDS.map((field) => (
    <div className="field" key={field}>
      <label htmlFor={`${idPrefix}-${field}`}>{labels[field]}</label>
      <input
        id={`${idPrefix}-${field}`}
        type="date"
        value={value[field]}
        onChange={onChange(field)}
        aria-invalid={problems[field] ? true : undefined}
        aria-describedby={problems[field] ? `${idPrefix}-${field}-error` : undefined}
      />
      {problems[field] && (
        <p id={`${idPrefix}-${field}-error`} className={errorClassName} role="alert">
          {problems[field]}
        </p>
      )}
    </div>
  ));
}
