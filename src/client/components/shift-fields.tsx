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

export function ShiftFields({ idPrefix, values, onChange }: { idPrefix: string; values: ShiftValues; onChange: (field: keyof ShiftValues & string, value: string) => void }) {
  const overnight = /^\d\d:\d\d$/.test(values.shiftStart) && /^\d\d:\d\d$/.test(values.shiftEnd) && isOvernight({ start: values.shiftStart, end: values.shiftEnd });
  return (
    <div className="shift-fields">
      <TextField id={`${idPrefix}-start`} label={SHIFT_UI.start} type="time" required value={values.shiftStart} onChange={(e) => onChange('shiftStart', e.target.value)} />
      <TextField
        id={`${idPrefix}-end`}
        label={SHIFT_UI.end}
        type="time"
        required
        value={values.shiftEnd}
        hint={overnight ? SHIFT_UI.overnight : SHIFT_UI.sameDay}
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
        onChange={(e) => onChange('graceMinutes', e.target.value)}
      />
    </div>
  );
}
