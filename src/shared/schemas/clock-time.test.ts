/** Every time field, required or optional, through the one clock-time rule (common.ts). */
import { adminDayBody } from './attendance-admin';
import { correctionCreateBody } from './attendance-correction';
import { shiftSchema } from './work-hours';

const problems = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((result.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));

describe('clock times', () => {
  it('an empty required time is "required", like every other required field, not a malformed time', () => {
    expect(problems(shiftSchema.safeParse({ start: '', end: '', graceMinutes: 10 }))).toEqual({ start: 'start is required', end: 'end is required' });
    expect(problems(correctionCreateBody.safeParse({ date: '2026-03-05', inTime: '', outTime: '18:00', kind: 'other', reason: 'Forgot' }))).toEqual({ inTime: 'inTime is required' });
  });

  it('a written time is still checked as HH:MM', () => {
    expect(problems(shiftSchema.safeParse({ start: '9:30', end: '24:00', graceMinutes: 10 }))).toEqual({
      start: 'start must be a time written HH:MM (00:00 to 23:59)',
      end: 'end must be a time written HH:MM (00:00 to 23:59)',
    });
    expect(problems(shiftSchema.safeParse({ start: 930, end: '18:00', graceMinutes: 10 }))).toEqual({ start: 'start must be a time written HH:MM' });
  });

  it('an optional time left empty stays valid, as none', () => {
    const day = { employeeId: 'EMP0001', date: '2026-03-05', status: 'P', reason: 'Gate register' };
    expect(adminDayBody.parse({ ...day, punchIn: '09:15', punchOut: '' })).toMatchObject({ punchIn: '09:15', punchOut: null });
    expect(adminDayBody.parse({ ...day, punchIn: null })).toMatchObject({ punchIn: null });
    expect(adminDayBody.parse(day).punchIn ?? null).toBeNull();
    expect(problems(adminDayBody.safeParse({ ...day, punchIn: '25:00' }))).toEqual({ punchIn: 'punchIn must be a time written HH:MM (00:00 to 23:59)' });
  });
});
