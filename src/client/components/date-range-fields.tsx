/**
 * Start Date and End Date side by side, as date inputs, and what is wrong with them: the leave
 * request, and the attendance report and range forms.
 */

export interface DateRange {
  startDate: string;
  endDate: string;
}

import { FieldError, invalidProps } from './field-error';

const FIELDS = ['startDate', 'endDate'] as const;

interface DateRangeFieldsProps {
  /** The inputs' ids are `${idPrefix}-startDate` and `${idPrefix}-endDate`, the problem's `${idPrefix}-error`. */
  idPrefix: string;
  /** The feature's labels (its spec strings from its copy). */
  labels: DateRange;
  value: DateRange;
  onChange: (field: keyof DateRange, value: string) => void;
  /** What is wrong with the range, shown under it (role="alert") and tied to the inputs. */
  problem?: string | null;
  /** Which inputs the problem is about; both unless said. */
  invalid?: (field: keyof DateRange) => boolean;
  /** Each date's own mark (a form's field errors), shown under that input. */
  fieldErrors?: Partial<Record<keyof DateRange, string>>;
}

export function DateRangeFields({ idPrefix, labels, value, onChange, problem, invalid = () => true, fieldErrors = {} }: DateRangeFieldsProps) {
  const problemId = `${idPrefix}-error`;
  return (
    <>
      <div className="form__row">
        {FIELDS.map((field) => (
          <div className="field" key={field}>
            <label htmlFor={`${idPrefix}-${field}`}>{labels[field]}</label>
            <input
              id={`${idPrefix}-${field}`}
              type="date"
              required
              value={value[field]}
              {...(fieldErrors[field]
                ? invalidProps(`${idPrefix}-${field}`, fieldErrors[field])
                : { 'aria-invalid': (problem && invalid(field)) || undefined, 'aria-describedby': problem ? problemId : undefined })}
              onChange={(e) => onChange(field, e.target.value)}
            />
            <FieldError id={`${idPrefix}-${field}`} error={fieldErrors[field]} />
          </div>
        ))}
      </div>
      {problem && (
        <p id={problemId} role="alert" className="form-error">
          {problem}
        </p>
      )}
    </>
  );
}
