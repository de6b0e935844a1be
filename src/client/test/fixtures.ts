/** Records the client tests give their fake server to answer with. */
import type { AttendanceRecord } from '../../shared/schemas/attendance';
import type { Employee } from '../../shared/schemas/employee';
import { NO_STATUTORY, type StatutoryDetails } from '../../shared/schemas/employee-statutory';
import type { LeaveType } from '../../shared/schemas/leave-policy';
import type { PaymentBatch } from '../../shared/schemas/payroll-payments';
import type { PayrollApprovalState } from '../../shared/schemas/payroll-approval';
import type { PayrollRegister } from '../../shared/schemas/payroll-register';
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
export const ATTENDANCE_HEADERS = ['Email', 'Date', 'Status', 'Punch In', 'Punch Out', 'Hours Worked', 'Late', 'Early', 'Source'];

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

/** The leave screen's calls besides the section under test (the dashboard frame's too), answered blandly: nothing on record. */
export const leaveScreenFrame = (): Parameters<typeof mockFetch>[0] => ({
  ...dashboardFrame(),
  'GET /api/leave': () => json(200, []),
  'GET /api/leave-types': () => json(200, []),
  'GET /api/leave-balances/me': () => json(200, { employeeId: 'EMP0001', name: 'Asha Rao', balances: [] }),
  'GET /api/leave-settings': () => json(200, { leaveYearStartMonth: 1, weeklyOff: { weekdays: [0], saturdays: [] } }),
  'GET /api/holidays': () => json(200, []),
  'GET /api/dashboard/summary': () => json(200, {}),
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

/** A record nobody has filled in, as the server answers it: a PF member, EPS derived, nothing else given. */
export const NO_DETAILS: StatutoryDetails = {
  ...NO_STATUTORY,
  bankAccountMasked: false,
  epsEligibility: { eligible: true, reason: 'Treated as eligible: the first membership date or the wage then is not given.' },
};

/** Person `i`'s salary credit in a bank batch (EMP000i, a masked account), not returned. */
export const paymentLine = (i: number, overrides: Partial<PaymentBatch['lines'][number]> = {}): PaymentBatch['lines'][number] => ({
  employeeId: `EMP${String(i).padStart(4, '0')}`,
  name: `Person ${i}`,
  account: `XXXXXX${String(1000 + i)}`,
  ifsc: 'HDFC0000123',
  amount: 30_000,
  purpose: 'salary',
  returned: null,
  ...overrides,
});

/** October 2026's first salary batch, marked paid, holding `lines`. */
export const paidBatch = (lines: PaymentBatch['lines'], overrides: Partial<PaymentBatch> = {}): PaymentBatch => ({
  _id: '41',
  month: '2026-10',
  seq: 1,
  kind: 'salary',
  approvalVersion: 1,
  createdAt: '2026-11-01T05:00:00.000Z',
  createdBy: 'Priya Admin',
  rows: lines.length,
  total: lines.reduce((sum, l) => sum + l.amount, 0),
  sha256: 'a'.repeat(64),
  filename: 'bank-transfer_2026-10.csv',
  state: 'paid',
  paidOn: '2026-11-01',
  bankReference: 'UTR HDFCN520261101',
  returned: lines.filter((l) => l.returned).length,
  recoveries: [],
  leftOut: [],
  lines,
  ...overrides,
});

/** October 2026's register once approved, with no rows listed: the frame of the payments screens. */
export const approvedRegister = (employees: number): PayrollRegister => {
  const zero = { pf: 0, esi: 0, professionalTax: 0, tds: 0, total: 0 };
  const employer = { epf: 0, eps: 0, edli: 0, pfAdmin: 0, esi: 0, total: 0 };
  return {
    month: '2026-10',
    monthLabel: 'October 2026',
    rows: [],
    totals: { employees, earnedGross: 0, deductions: zero, employer, net: 0 },
    warnings: [],
    incomeTaxEstimated: false,
    source: 'approved',
    liveDiffers: null,
  };
};

/** October 2026 approved on 1 November by Priya Admin, slips mailed on approval or held for release. */
export const approvedOctober = (slipRelease: PayrollApprovalState['slipRelease']): PayrollApprovalState => ({
  month: '2026-10',
  approved: true,
  approvedAt: '2026-11-01T05:30:00.000Z',
  approvedBy: 'Priya Admin',
  reruns: 0,
  lastRerun: null,
  runId: null,
  slipRelease,
  releasedAt: null,
});
