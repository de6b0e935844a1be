/**
 * Shift start, shift end and grace minutes as three labelled inputs, shared by the company's working
 * hours (Leave settings) and a person's own (Edit Employee). The inputs hold text; the shared schema
 * (shared/schemas/work-hours.ts) checks what is sent, and the server checks it again.
 */
import { isOvernight, type Shift } from '../../shared/work-hours/work-hours';
import { TextField } from './text-field';

export interface ShiftValues extends Record<string, string> {
  shiftStart: string;
  shiftEnd: string;
  graceMinutes: string;
}

export const SHIFT_UI = {
  start: 'Shift start',
  end: 'Shift end',
  grace: 'Grace minutes',
  graceHint: 'A punch-in up to this many minutes after the start is not late (0 to 120).',
  overnight: 'Ends the next day (an overnight shift).',
  sameDay: 'Times are in the company time zone.',
} as const;

export const shiftValues = (shift: Shift): ShiftValues => ({ shiftStart: shift.start, shiftEnd: shift.end, graceMinutes: String(shift.graceMinutes) });

/** The shift the values say; a grace that is not a number is sent as NaN, which the schema refuses with its message. */
export const shiftOf = (v: ShiftValues): Shift => ({ start: v.shiftStart, end: v.shiftEnd, graceMinutes: v.graceMinutes.trim() === '' ? NaN : Number(v.graceMinutes) });

/** The shift's input for a path of the schema's or the server's errors ('shift.start', 'graceMinutes'), or null. */
export function shiftFieldOf(path: string): (keyof ShiftValues & string) | null {
  const last = path.split('.').pop();
  return last === 'start' ? 'shiftStart' : last === 'end' ? 'shiftEnd' : last === 'graceMinutes' ? 'graceMinutes' : null;
}

/** Path-keyed problems (schemaFieldProblems) as the form's fields, through `fieldOf`; the first for a field wins. */
export function problemsOnFields<Field extends string>(problems: Record<string, string>, fieldOf: (path: string) => Field | null): Partial<Record<Field, string>> {
  const marks: Partial<Record<Field, string>> = {};
  for (const [path, message] of Object.entries(problems)) {
    const field = fieldOf(path);
    if (field && !marks[field]) marks[field] = message;
  }
  return marks;
}

interface ShiftFieldsProps {
  idPrefix: string;
  values: ShiftValues;
  onChange: (field: keyof ShiftValues & string, value: string) => void;
  /** Each field found wrong, with why. */
  errors?: Partial<Record<keyof ShiftValues & string, string>>;
}

export function ShiftFields({ idPrefix, values, onChange, errors = {} }: ShiftFieldsProps) {
  const overnight = /^\d\d:\d\d$/.test(values.shiftStart) && /^\d\d:\d\d$/.test(values.shiftEnd) && isOvernight({ start: values.shiftStart, end: values.shiftEnd });
  return (
    <div className="shift-fields">
      <TextField id={`${idPrefix}-start`} label={SHIFT_UI.start} type="time" required value={values.shiftStart} error={errors.shiftStart} onChange={(e) => onChange('shiftStart', e.target.value)} />
      <TextField
        id={`${idPrefix}-end`}
        label={SHIFT_UI.end}
        type="time"
        required
        value={values.shiftEnd}
        hint={overnight ? SHIFT_UI.overnight : SHIFT_UI.sameDay}
        error={errors.shiftEnd}
        onChange={(e) => onChange('shiftEnd', e.target.value)}
      />
      <TextField
        id={`${idPrefix}-grace`}
        label={SHIFT_UI.grace}
        type="number"
        inputMode="numeric"
        min={0}
        max={120}
        step={1}
        required
        value={values.graceMinutes}
        hint={SHIFT_UI.graceHint}
        error={errors.graceMinutes}
        onChange={(e) => onChange('graceMinutes', e.target.value)}
      />
    </div>
  );
}
