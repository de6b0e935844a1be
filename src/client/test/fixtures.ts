/** Records the client tests give their fake server to answer with. */
import type { AttendanceRecord } from '../../shared/schemas/attendance';
import type { Employee } from '../../shared/schemas/employee';

/** Employee n of a large roster: EMP0001, 'Person 1', person1@example.com; `extra` on top. */
export const rosterEmployee = (n: number, extra: Partial<Employee> = {}): Employee => ({
  _id: String(n),
  employeeId: `EMP${String(n).padStart(4, '0')}`,
  name: `Person ${n}`,
  email: `person${n}@example.com`,
  position: 'Engineer',
  salary: 50000 + n,
  joiningDate: '2024-04-01',
  ...extra,
});

/** Employee n (n < 10) called `name`, with an @acme.in address made from the name. */
export const namedEmployee = (n: number, name: string): Employee => ({
  _id: String(n),
  employeeId: `EMP000${n}`,
  name,
  email: `${name.toLowerCase()}@acme.in`,
  position: 'Engineer',
  salary: 50000,
  joiningDate: '2024-04-01',
});

/** Asha's (EMP0001) record of `date`, punched in at `punchIn` and not out yet; `overrides` on top. */
export const ashaRecord = (date: string, punchIn: string, overrides: Partial<AttendanceRecord> = {}): AttendanceRecord => ({
  _id: '41',
  employeeId: 'EMP0001',
  email: 'asha@acme.in',
  date,
  status: 'P',
  punchIn,
  punchOut: null,
  ...overrides,
});

/** The column headers both attendance tables show (the admin's and the employee's). */
export const ATTENDANCE_HEADERS = ['Email', 'Date', 'Status', 'Punch In', 'Punch Out', 'Hours Worked'];
