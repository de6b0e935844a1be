/** What each figure ran at, for the report: one line a figure, from the run's sizes and the figures' own fixed counts. */
import { EMPLOYEE_COLUMNS } from '../server/modules/employees';
import type { Sizes } from './bench-types';
import { AUDIT_ENTRIES } from './figures/audit-log';
import { TAX_DAYS } from './figures/income-tax';
import { LEAVE_REQUESTS } from './figures/leave-policy';

const n = (x: number) => x.toLocaleString('en-US');

export const FIGURE_TITLES: Record<number, string> = {
  1: 'API overhead',
  2: 'Today-poll',
  3: 'Punch-in storm',
  4: 'CSV import of employees',
  5: 'CSV export of attendance',
  6: 'Payroll run to the outbox',
  7: 'Browser: login route and employee list',
  8: 'Load and soak (SQLite)',
  9: 'Bytes on the wire',
  10: 'Lighthouse',
  11: 'More than one process',
  12: 'Month register to .xlsx',
  13: 'Leave balances and requests',
  14: 'PDF slips by e-mail',
  15: 'Attendance list over a year',
  16: 'Audit log',
  17: 'Income tax',
  18: 'Employee import from .xlsx',
  19: 'Past attendance import',
  20: 'Devices pushing',
  21: 'Register of an approved month',
  22: 'My Team',
  23: 'Register with salary history',
};

export function figureSizes(s: Sizes): Record<number, string> {
  const company = `${n(s.employees)} employees, ${s.longDays} days of history`;
  const load = `${s.loadSec} s after a ${s.warmupSec} s warm-up`;
  const { attendanceImport: att, devicePush: dev, approvedRegister: reg, team, payrollHistory: hist } = s;
  return {
    1: `${company}; 10 connections, ${load}`,
    2: `${n(s.employees)} employees, ${s.longDays} and ${s.shortDays} days of history; 1 connection, ${load}; ${s.pollChanges} changes`,
    3: `${n(s.employees)} punches, 100 concurrent, on ${s.longDays} days of history`,
    4: `${n(s.importRows)}-row CSV into ${s.shortDays} days of history`,
    5: `${n(s.exportRows)} rows of ${s.longDays} days of history`,
    6: `${company}; everyone's slip, floor sampled on ${n(s.slipFloorSample)}`,
    7: `${company}; ${s.browserRuns} page loads`,
    8: `${s.soak.clients} clients for ${s.soak.durationSec} s (${s.soak.warmupSec} s warm-up), think ${s.soak.thinkMs} ms`,
    9: company,
    10: `${company}; 3 pages`,
    11: `${n(s.employees)} employees, ${s.shortDays} days of history; 20 connections, ${load}; everyone's slip`,
    12: `${company}; the last complete month`,
    13: `${company}; ${LEAVE_REQUESTS} leave requests`,
    14: `${company}; everyone's slip, floor sampled on ${n(s.slipFloorSample)}`,
    15: `${company}; a 366-day range`,
    16: `${n(AUDIT_ENTRIES)} audit entries`,
    17: `${n(s.employees)} employees, ${TAX_DAYS} days of history`,
    18: `${n(s.xlsxImportRows)} employees, ${EMPLOYEE_COLUMNS.length} columns`,
    19: `${n(att.people)} people × ${att.days} days (${n(att.people * att.days)} rows)`,
    20: `${n(dev.lines)} lines from ${dev.devices} devices, ${dev.batch} a batch; ${n(dev.people)} people`,
    21: `${n(reg.people)} employees, ${reg.days} days of history`,
    22: `${n(team.people)} people; a manager of ${n(team.reports)}`,
    23: `${n(hist.people)} people, ${n(hist.withArrears)} with arrears`,
  };
}
