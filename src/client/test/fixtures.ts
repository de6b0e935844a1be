/** Records the client tests give their fake server to answer with. */
import type { AttendanceRecord } from '../../shared/schemas/attendance';
import type { Employee } from '../../shared/schemas/employee';
import type { LeaveType } from '../../shared/schemas/leave-policy';
import { json, type mockFetch } from './network';

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
export const ATTENDANCE_HEADERS = ['Email', 'Date', 'Status', 'Punch In', 'Punch Out', 'Hours Worked', 'Late', 'Early'];

/** Asha Rao (EMP0001), the signed-in employee of the leave and correction screens' tests. */
export const ASHA = { _id: '2', employeeId: 'EMP0001', name: 'Asha Rao', email: 'asha@example.com', position: 'Engineer', salary: 50000 };

/** The dashboards' own calls for Asha (greeting, welcome card, attendance overview), answered blandly. */
export const dashboardFrame = (): Parameters<typeof mockFetch>[0] => ({
  'GET /api/employee/me': () => json(200, ASHA),
  'GET /api/employee/current': () => json(200, ASHA),
  'GET /api/employee': () => json(200, [ASHA]),
  'GET /api/attendance': () => json(200, []),
  'GET /api/attendance/summary': () => json(200, []),
});

/** A leave type as the company sets it up by default (12 days a year, paid, half days allowed); `extra` on top. */
export const leaveType = (id: string, name: string, extra: Partial<LeaveType> = {}): LeaveType => ({
  _id: id,
  name,
  code: name.slice(0, 2).toUpperCase(),
  yearlyEntitlement: 12,
  accrual: 'yearly',
  proRate: true,
  carryForwardCap: 0,
  halfDayAllowed: true,
  paid: true,
  active: true,
  isDefault: false,
  ...extra,
});

/** The person facts of a record nobody has filled in: a PF member, EPS derived, nothing else given. */
export const NO_PERSON_FACTS = {
  dateOfBirth: null,
  pfMember: true,
  pfFirstJoinedOn: null,
  pfWageAtJoining: null,
  epsEligible: null,
  personWithDisability: false,
  employmentType: null,
  epsEligibility: { eligible: true, reason: 'Treated as eligible: the first membership date or the wage then is not given.' },
};
