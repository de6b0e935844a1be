/**
 * The authorization matrix: every /api route, who may call it and whose records it may touch. It is
 * the one place to read the access rules; authorization-matrix.test.ts calls every route with every
 * kind of caller from this table, and fails when a route is added to the server but not here (or
 * stays here after it is gone).
 */
import type { Role } from '../../shared/constants';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * Whose data a route reaches, on top of its roles:
 * - `none`: no per-person rule (public routes, admin-only routes, whole-company data).
 * - `caller`: the route acts on the caller's own account only; nothing in the request names anyone.
 * - `own-record`: the path parameter `param` names a person's record; an employee may name only their
 *   own (403 otherwise, 404 when it does not exist). `admins` says whether admins may name anyone
 *   (`any`) or are refused too (`none`: only the record's own employee may act on it).
 * - `own-rows`: a list; admins get everyone's rows, an employee only their own.
 */
export type Ownership =
  | { kind: 'none' }
  | { kind: 'caller' }
  | { kind: 'own-record'; param: string; identifies: string; admins: 'any' | 'none' }
  | { kind: 'own-rows' };

export interface RouteRule {
  method: HttpMethod;
  /** The path as registered with Fastify, parameters written `:name`. */
  path: string;
  /** 'public', or the roles whose token opens the route (anyone else with a valid token: 403). */
  roles: 'public' | readonly Role[];
  ownership: Ownership;
  /** A path parameter naming a record that may not exist (404), when the route has one. */
  record?: { param: string; of: string };
}

const ADMIN = ['admin'] as const;
const EMPLOYEE = ['employee'] as const;
const BOTH = ['admin', 'employee'] as const;
const none: Ownership = { kind: 'none' };
const caller: Ownership = { kind: 'caller' };
const ownRows: Ownership = { kind: 'own-rows' };

export const ROUTE_TABLE: readonly RouteRule[] = [
  // Documentation: describes the API and holds no data (the guard exempts these paths).
  { method: 'GET', path: '/api/openapi.json', roles: 'public', ownership: none },
  { method: 'GET', path: '/api/docs', roles: 'public', ownership: none },
  { method: 'GET', path: '/api/docs/static/index.html', roles: 'public', ownership: none },
  { method: 'GET', path: '/api/docs/static/swagger-initializer.js', roles: 'public', ownership: none },
  { method: 'GET', path: '/api/docs/json', roles: 'public', ownership: none },
  { method: 'GET', path: '/api/docs/yaml', roles: 'public', ownership: none },
  { method: 'GET', path: '/api/docs/static/*', roles: 'public', ownership: none },

  { method: 'GET', path: '/api/health', roles: 'public', ownership: none },

  // Sign-in, password links and email confirmation: public, one shared request budget per client,
  // failures throttled per (account, client) pair and per client (auth-throttle.ts).
  { method: 'POST', path: '/api/auth/admin-login', roles: 'public', ownership: none },
  { method: 'POST', path: '/api/auth/employee-login', roles: 'public', ownership: none },
  { method: 'POST', path: '/api/auth/forgot-password', roles: 'public', ownership: none },
  { method: 'POST', path: '/api/auth/set-password', roles: 'public', ownership: none },
  { method: 'POST', path: '/api/auth/confirm-email', roles: 'public', ownership: none },
  { method: 'PUT', path: '/api/auth/change-password', roles: EMPLOYEE, ownership: caller },
  // Ends the presented token only.
  { method: 'POST', path: '/api/auth/logout', roles: BOTH, ownership: caller },

  // The roster.
  { method: 'POST', path: '/api/employee', roles: ADMIN, ownership: none },
  { method: 'POST', path: '/api/employee/upload', roles: ADMIN, ownership: none },
  { method: 'GET', path: '/api/employee', roles: ADMIN, ownership: none },
  { method: 'GET', path: '/api/employee/me', roles: EMPLOYEE, ownership: caller },
  { method: 'GET', path: '/api/employee/current', roles: EMPLOYEE, ownership: caller },
  {
    method: 'GET',
    path: '/api/employee/:id',
    roles: BOTH,
    ownership: { kind: 'own-record', param: 'id', identifies: "the employee's record id (users.id)", admins: 'any' },
    record: { param: 'id', of: 'employee' },
  },
  {
    method: 'PUT',
    path: '/api/employee/edit/:id',
    roles: BOTH,
    ownership: { kind: 'own-record', param: 'id', identifies: "the employee's record id (users.id)", admins: 'any' },
    record: { param: 'id', of: 'employee' },
  },
  { method: 'DELETE', path: '/api/employee/:id', roles: ADMIN, ownership: none, record: { param: 'id', of: 'employee' } },

  { method: 'GET', path: '/api/audit', roles: ADMIN, ownership: none },

  // Attendance: employees punch and read their own; admins read everyone's.
  { method: 'POST', path: '/api/attendance/punch-in', roles: EMPLOYEE, ownership: caller },
  { method: 'POST', path: '/api/attendance/punch-out', roles: EMPLOYEE, ownership: caller },
  { method: 'GET', path: '/api/attendance/employee', roles: EMPLOYEE, ownership: ownRows },
  { method: 'GET', path: '/api/attendance', roles: ADMIN, ownership: none },
  { method: 'GET', path: '/api/attendance/summary', roles: ADMIN, ownership: none },
  { method: 'GET', path: '/api/attendance/download', roles: ADMIN, ownership: none },
  // The monthly register (codes per day, totals): whole-company data, admins only.
  { method: 'GET', path: '/api/attendance/register', roles: ADMIN, ownership: none },
  { method: 'GET', path: '/api/attendance/register/download', roles: ADMIN, ownership: none },

  // Attendance corrections: employees ask for and list their own; admins list everyone's and decide.
  { method: 'POST', path: '/api/attendance/corrections', roles: EMPLOYEE, ownership: caller },
  { method: 'GET', path: '/api/attendance/corrections/me', roles: EMPLOYEE, ownership: ownRows },
  { method: 'GET', path: '/api/attendance/corrections', roles: ADMIN, ownership: none },
  { method: 'PUT', path: '/api/attendance/corrections/:id', roles: ADMIN, ownership: none, record: { param: 'id', of: 'attendance correction' } },

  // Leave: employees request and list their own; admins list all and decide.
  { method: 'POST', path: '/api/leave', roles: EMPLOYEE, ownership: caller },
  { method: 'GET', path: '/api/leave', roles: BOTH, ownership: ownRows },
  { method: 'PUT', path: '/api/leave/approve/:id', roles: ADMIN, ownership: none, record: { param: 'id', of: 'leave' } },

  // Tasks: admins assign and list all; employees list theirs; only the assignee moves a task.
  { method: 'POST', path: '/api/task/assign', roles: ADMIN, ownership: none },
  { method: 'GET', path: '/api/task', roles: BOTH, ownership: ownRows },
  {
    method: 'PUT',
    path: '/api/task/:id',
    roles: BOTH,
    ownership: { kind: 'own-record', param: 'id', identifies: 'the task id; the owner is its assignee', admins: 'none' },
    record: { param: 'id', of: 'task' },
  },

  // Salary: slips (own for employees), emailing and payroll runs (admins).
  {
    method: 'GET',
    path: '/api/salary/slip/:employeeId/:month',
    roles: BOTH,
    ownership: { kind: 'own-record', param: 'employeeId', identifies: 'the business id (EMP0001) or record id of the employee', admins: 'any' },
    record: { param: 'employeeId', of: 'employee' },
  },
  { method: 'GET', path: '/api/salary/generate', roles: EMPLOYEE, ownership: caller },
  { method: 'POST', path: '/api/salary/email', roles: ADMIN, ownership: none },
  { method: 'POST', path: '/api/salary/email-all', roles: ADMIN, ownership: none },
  { method: 'GET', path: '/api/salary/register/:month', roles: ADMIN, ownership: none },
  { method: 'GET', path: '/api/salary/register/:month/approval', roles: ADMIN, ownership: none },
  { method: 'POST', path: '/api/salary/register/:month/approve', roles: ADMIN, ownership: none },
  { method: 'POST', path: '/api/salary/register/:month/rerun', roles: ADMIN, ownership: none },
  { method: 'GET', path: '/api/salary/files/:month/:kind', roles: ADMIN, ownership: none },
  { method: 'GET', path: '/api/salary/settings', roles: ADMIN, ownership: none },
  { method: 'PUT', path: '/api/salary/settings', roles: ADMIN, ownership: none },
  { method: 'GET', path: '/api/salary/runs', roles: ADMIN, ownership: none },
  { method: 'GET', path: '/api/salary/runs/:id', roles: ADMIN, ownership: none, record: { param: 'id', of: 'payroll run' } },
  { method: 'POST', path: '/api/salary/runs/:id/retry', roles: ADMIN, ownership: none, record: { param: 'id', of: 'payroll run' } },

  // Dashboard figures: the company's counts for admins, an employee's own for employees.
  { method: 'GET', path: '/api/dashboard/summary', roles: ADMIN, ownership: none },
  { method: 'GET', path: '/api/dashboard/me', roles: EMPLOYEE, ownership: caller },

  // Leave policy: everyone reads what the leave form needs; admins change it and see everyone's balances.
  { method: 'GET', path: '/api/leave-types', roles: BOTH, ownership: none },
  { method: 'POST', path: '/api/leave-types', roles: ADMIN, ownership: none },
  { method: 'PUT', path: '/api/leave-types/:id', roles: ADMIN, ownership: none, record: { param: 'id', of: 'leave type' } },
  { method: 'GET', path: '/api/holidays', roles: BOTH, ownership: none },
  { method: 'POST', path: '/api/holidays', roles: ADMIN, ownership: none },
  { method: 'DELETE', path: '/api/holidays/:id', roles: ADMIN, ownership: none, record: { param: 'id', of: 'holiday' } },
  { method: 'GET', path: '/api/leave-settings', roles: BOTH, ownership: none },
  { method: 'PUT', path: '/api/leave-settings', roles: ADMIN, ownership: none },
  // Working hours: everyone reads the company's; admins change them and set a person's own.
  { method: 'GET', path: '/api/work-hours', roles: BOTH, ownership: none },
  { method: 'PUT', path: '/api/work-hours', roles: ADMIN, ownership: none },
  { method: 'GET', path: '/api/work-hours/employees/:id', roles: ADMIN, ownership: none, record: { param: 'id', of: 'employee' } },
  { method: 'PUT', path: '/api/work-hours/employees/:id', roles: ADMIN, ownership: none, record: { param: 'id', of: 'employee' } },
  { method: 'GET', path: '/api/leave-balances/me', roles: EMPLOYEE, ownership: caller },
  { method: 'GET', path: '/api/leave-balances', roles: ADMIN, ownership: none },
  { method: 'POST', path: '/api/holidays/import', roles: ADMIN, ownership: none },
  { method: 'GET', path: '/api/whos-off', roles: ADMIN, ownership: none },
];

/** `METHOD /path`, the key routes are matched by. */
export const routeKey = (r: { method: string; path: string }) => `${r.method} ${r.path}`;
