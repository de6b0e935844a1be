import type { AttendanceRecord } from '../../../shared/schemas/attendance';
import { filterRecords } from './record-filter';

const record = (over: Partial<AttendanceRecord>): AttendanceRecord => ({
  _id: over._id ?? '1',
  employeeId: 'EMP-1',
  email: 'a@example.com',
  date: '2026-11-02',
  status: 'P',
  punchIn: null,
  punchOut: null,
  ...over,
});

const rows = [
  record({ _id: '1', name: 'Zoë Fernández', email: 'zoe@example.com', employeeId: 'EMP-7', lateMinutes: 12 }),
  record({ _id: '2', name: 'Ravi Kumar', email: 'ravi@example.com', employeeId: 'EMP-8', status: 'A' }),
  record({ _id: '3', name: 'Ravi Kumar', email: 'ravi@example.com', employeeId: 'EMP-8', status: 'A', dayOff: 'weekly-off' }),
  record({ _id: '4', name: 'Asha Rao', email: 'asha@example.com', employeeId: null, earlyMinutes: 30 }),
];
const ids = (list: readonly AttendanceRecord[]) => list.map((r) => r._id);

describe('filterRecords', () => {
  it('returns the same list when no filter is set', () => {
    expect(filterRecords(rows, { person: ' ', show: '' })).toBe(rows);
  });

  it('finds a person by any part of the name (accents aside), the email or the employee ID', () => {
    expect(ids(filterRecords(rows, { person: 'zoe fern', show: '' }))).toEqual(['1']);
    expect(ids(filterRecords(rows, { person: 'RAVI@', show: '' }))).toEqual(['2', '3']);
    expect(ids(filterRecords(rows, { person: 'emp-7', show: '' }))).toEqual(['1']);
  });

  it('counts only working days as absent, and reads late and early from the server figures', () => {
    expect(ids(filterRecords(rows, { person: '', show: 'absent' }))).toEqual(['2']);
    expect(ids(filterRecords(rows, { person: '', show: 'present' }))).toEqual(['1', '4']);
    expect(ids(filterRecords(rows, { person: '', show: 'late' }))).toEqual(['1']);
    expect(ids(filterRecords(rows, { person: 'asha', show: 'early' }))).toEqual(['4']);
  });
});
