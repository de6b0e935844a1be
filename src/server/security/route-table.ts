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
 * - `own-rows`: a list; admins get everyone's rows, an employee only their own. `team` names the
 *   query (`scope=team`) that turns it into a manager's view of their team's rows.
 * - `team-rows`: a manager's list: an employee gets the rows of the people they manage now (none when
 *   they manage nobody); with `query`, an employee must ask for it (403 without), admins get everyone's.
 * - `team-decide`: the path parameter names a request; admins may decide any (404 when missing); an
 *   employee only a request of someone they manage or stand in for now: 403 otherwise, their own
 *   included, whether or not it exists.
 * - `own-or-team`: as `team-decide`, and the requester may act on their own request too.
 * Manager access is computed from the reporting line at each request, never stored on records.
 */
export type Ownership =
  | { kind: 'none' }
  | { kind: 'caller' }
  | { kind: 'own-record'; param: string; identifies: string; admins: 'any' | 'none' }
  | { kind: 'own-rows'; team?: string }
  | { kind: 'team-rows'; query?: string }
  | { kind: 'team-decide'; param: string }
  | { kind: 'own-or-team'; param: string };

export interface RouteRule {
  method: HttpMethod;
  /** The path as registered with Fastify, parameters written `:name`. */
  path: string;
  /** 'public', or the roles whose token opens the route (anyone else with a valid token: 403). */
  roles: 'public' | readonly Role[];
  ownership: Ownership;
  /** A path parameter naming a record that may not exist (404), when the route has one. */
  record?: { param: string; of: string };
  /**
   * The 'former employee' caller kind: from the day after their leaving date a leaver's token (old or
   * new) opens only routes marked so, with the ownership rule as for an employee, and every other
   * route answers 403; after the company's leaver-access date every route answers 401.
   */
  formerEmployee?: true;
  /**
   * Costly (a PDF, a register, an export, an import): each call spends the caller's per-user budget,
   * shared by every instance through the database; past it, 429 {msg} with Retry-After.
   */
  heavy?: true;
}

const EMPLOYEE = ['employee'] as const;
const BOTH = ['admin', 'employee'] as const;

/** 'METHOD /api/path', as the rules below are written. */
type RouteKey = `${HttpMethod} /api${string}`;

/** The route's first path parameter (':id' gives 'id'): the one that names a record, where one does. */
const paramOf = (key: RouteKey) => /:(\w+)/.exec(key)?.[1] ?? '';

/** `of`: what the path's parameter names, when it may name a record that does not exist (404). */
function rule(key: RouteKey, roles: RouteRule['roles'], ownership: Ownership, of?: string): RouteRule {
  const [method, path] = key.split(' ') as [HttpMethod, string];
  return { method, path, roles, ownership, ...(of ? { record: { param: paramOf(key), of } } : {}) };
}

/** Anyone, signed in or not. */
const publicRoute = (key: RouteKey) => rule(key, 'public', { kind: 'none' });
/** Admins only, with no per-person rule (whole-company data, admin actions). */
const adminRoute = (key: RouteKey, of?: string) => rule(key, ['admin'], { kind: 'none' }, of);
/** Everyone signed in; what it holds is the same for all (company settings). */
const everyoneRoute = (key: RouteKey) => rule(key, BOTH, { kind: 'none' });
/** Acts on the caller's own account only. */
const callerRoute = (key: RouteKey, roles: readonly Role[] = EMPLOYEE) => rule(key, roles, { kind: 'caller' });
/** A list: admins get everyone's rows, an employee only their own. */
const ownRowsRoute = (key: RouteKey, roles: readonly Role[] = EMPLOYEE) => rule(key, roles, { kind: 'own-rows' });
/** A manager's list of their team's rows (see Ownership). */
const teamRowsRoute = (key: RouteKey, roles: readonly Role[] = EMPLOYEE, query?: string) => rule(key, roles, { kind: 'team-rows', ...(query ? { query } : {}) });
/** A request decided by the requester's manager, a stand-in or an admin (see Ownership). */
const teamDecideRoute = (key: RouteKey, of: string) => rule(key, BOTH, { kind: 'team-decide', param: paramOf(key) }, of);
/** A request its requester, their manager, a stand-in or an admin may act on (see Ownership). */
const ownOrTeamRoute = (key: RouteKey, of: string) => rule(key, BOTH, { kind: 'own-or-team', param: paramOf(key) }, of);
/** The same rule, also open to a leaver in the read-only former-employee scope (see RouteRule). */
const alsoFormer = (r: RouteRule): RouteRule => ({ ...r, formerEmployee: true });
/** The same rule, on a costly route (see RouteRule). */
const heavy = (r: RouteRule): RouteRule => ({ ...r, heavy: true });
/** The path's parameter names a record of `of`; an employee may name only their own (see Ownership). */
const ownRecordRoute = (key: RouteKey, of: string, identifies: string, admins: 'any' | 'none') =>
  rule(key, BOTH, { kind: 'own-record', param: paramOf(key), identifies, admins }, of);

export const ROUTE_TABLE: readonly RouteRule[] = [
  // Documentation: describes the API and holds no data (the guard exempts these paths).
  publicRoute('GET /api/openapi.json'),
  publicRoute('GET /api/docs'),
  publicRoute('GET /api/docs/static/index.html'),
  publicRoute('GET /api/docs/static/swagger-initializer.js'),
  publicRoute('GET /api/docs/json'),
  publicRoute('GET /api/docs/yaml'),
  publicRoute('GET /api/docs/static/*'),

  publicRoute('GET /api/health'),

  // Sign-in, password links and email confirmation: public, one shared request budget per client,
  // failures throttled per (account, client) pair and per client (auth-throttle.ts).
  publicRoute('POST /api/auth/admin-login'),
  publicRoute('POST /api/auth/employee-login'),
  publicRoute('POST /api/auth/forgot-password'),
  publicRoute('POST /api/auth/set-password'),
  publicRoute('POST /api/auth/confirm-email'),
  // Each signed-in person's own password, admins' included.
  callerRoute('PUT /api/auth/change-password', BOTH),
  // Ends the presented token only.
  alsoFormer(callerRoute('POST /api/auth/logout', BOTH)),
  // The old address's "it was not me" link; ends every session of that account.
  publicRoute('POST /api/auth/cancel-email-change'),
  // Ends every session of the caller.
  alsoFormer(callerRoute('POST /api/auth/logout-everywhere', BOTH)),

  // The roster.
  adminRoute('POST /api/employee'),
  heavy(adminRoute('POST /api/employee/upload')),
  adminRoute('GET /api/employee/upload/template'),
  adminRoute('POST /api/employee/invitations'),
  adminRoute('GET /api/employee/invitations'),
  // The company: departments and locations everyone reads; settings and import reports admins only.
  everyoneRoute('GET /api/company/departments'),
  adminRoute('POST /api/company/departments'),
  adminRoute('DELETE /api/company/departments/:id', 'department'),
  everyoneRoute('GET /api/company/locations'),
  adminRoute('POST /api/company/locations'),
  adminRoute('GET /api/company/go-live'),
  adminRoute('PUT /api/company/go-live'),
  adminRoute('GET /api/company/profile'),
  adminRoute('PUT /api/company/profile'),
  adminRoute('GET /api/company/logo'),
  adminRoute('PUT /api/company/logo'),
  adminRoute('DELETE /api/company/logo'),
  // Until when leavers read their slips and tax statements (a day after the financial year of leaving).
  adminRoute('GET /api/company/leaver-access'),
  adminRoute('PUT /api/company/leaver-access'),
  adminRoute('GET /api/company/imports'),
  adminRoute('GET /api/company/imports/:id', 'import report'),
  heavy(adminRoute('GET /api/company/imports/:id/failed', 'import report')),
  adminRoute('GET /api/employee'),
  alsoFormer(callerRoute('GET /api/employee/me')),
  // Working, or a former employee (and until when): the client shows a leaver only what they may read.
  alsoFormer(callerRoute('GET /api/employee/me/access')),
  callerRoute('GET /api/employee/current'),
  ownRecordRoute('GET /api/employee/:id', 'employee', "the employee's record id (users.id)", 'any'),
  ownRecordRoute('PUT /api/employee/edit/:id', 'employee', "the employee's record id (users.id)", 'any'),
  adminRoute('DELETE /api/employee/:id', 'employee'),
  // Exits and full-and-final settlements: admins; the leaver downloads only their own statement.
  adminRoute('GET /api/employees/:id/exit', 'employee'),
  adminRoute('POST /api/employees/:id/exit', 'employee'),
  adminRoute('DELETE /api/employees/:id/exit', 'employee'),
  heavy(adminRoute('GET /api/employees/:id/final-settlement', 'employee')),
  adminRoute('PUT /api/employees/:id/final-settlement', 'employee'),
  adminRoute('POST /api/employees/:id/final-settlement/approve', 'employee'),
  adminRoute('POST /api/employees/:id/final-settlement/batch', 'employee'),
  // The leaver keeps it in the read-only former-employee scope.
  heavy(alsoFormer(ownRecordRoute('GET /api/employees/:id/final-settlement/pdf', 'employee', "the leaver's record id (users.id)", 'any'))),
  adminRoute('GET /api/final-settlements'),
  // The leaver's own settlement state (nothing in the request names anyone), read-only scope too.
  alsoFormer(callerRoute('GET /api/final-settlements/mine')),

  adminRoute('GET /api/audit'),
  adminRoute('GET /api/audit/facets'),
  heavy(adminRoute('GET /api/audit/export')),

  // Admin accounts: the list, an invitation, a deactivation (never the last active admin).
  adminRoute('GET /api/admins'),
  adminRoute('POST /api/admins'),
  adminRoute('PUT /api/admins/:id/deactivate', 'admin'),

  // Attendance: employees punch and read their own; admins read everyone's.
  callerRoute('POST /api/attendance/punch-in'),
  callerRoute('POST /api/attendance/punch-out'),
  ownRowsRoute('GET /api/attendance/employee'),
  adminRoute('GET /api/attendance'),
  adminRoute('GET /api/attendance/summary'),
  adminRoute('GET /api/attendance/absent-today'),
  adminRoute('GET /api/attendance/page'),
  heavy(adminRoute('GET /api/attendance/download')),
  // The monthly register (codes per day, totals): whole-company data, admins only.
  heavy(adminRoute('GET /api/attendance/register')),
  heavy(adminRoute('GET /api/attendance/register/download')),

  // Attendance corrections: employees ask for and list their own; admins list everyone's and decide.
  callerRoute('POST /api/attendance/corrections'),
  ownRowsRoute('GET /api/attendance/corrections/me'),
  teamRowsRoute('GET /api/attendance/corrections', BOTH, 'scope=team'),
  teamDecideRoute('PUT /api/attendance/corrections/:id', 'attendance correction'),

  // Leave: employees request and list their own; managers list their team's and decide them with
  // their stand-ins; admins list all and decide any; requesters withdraw, approvers cancel.
  callerRoute('POST /api/leave'),
  rule('GET /api/leave', BOTH, { kind: 'own-rows', team: 'scope=team' }),
  teamDecideRoute('PUT /api/leave/approve/:id', 'leave'),
  ownOrTeamRoute('PUT /api/leave/cancel/:id', 'leave'),

  // My Team (never pay): computed from the reporting line at each call. Stand-ins are the caller's own.
  callerRoute('GET /api/team/summary', BOTH),
  teamRowsRoute('GET /api/team/attendance'),
  teamRowsRoute('GET /api/team/whos-off'),
  teamRowsRoute('GET /api/team/leave-balances'),
  callerRoute('GET /api/team/stand-ins'),
  callerRoute('GET /api/team/stand-in-candidates'),
  callerRoute('POST /api/team/stand-ins'),
  rule('DELETE /api/team/stand-ins/:id', EMPLOYEE, { kind: 'caller' }, 'stand-in'),
  adminRoute('GET /api/approval-settings'),
  adminRoute('PUT /api/approval-settings'),
  callerRoute('GET /api/notifications', BOTH),
  callerRoute('PUT /api/notifications/read', BOTH),
  callerRoute('GET /api/notifications/preferences', BOTH),
  callerRoute('PUT /api/notifications/preferences', BOTH),

  // Tasks: admins assign, list all, edit and delete; employees list theirs; only the assignee moves a task.
  adminRoute('POST /api/task/assign'),
  ownRowsRoute('GET /api/task', BOTH),
  ownRecordRoute('PUT /api/task/:id', 'task', 'the task id; the owner is its assignee', 'none'),
  adminRoute('PUT /api/task/edit/:id', 'task'),
  adminRoute('DELETE /api/task/:id', 'task'),

  // Salary: slips (own for employees), emailing and payroll runs (admins).
  heavy(alsoFormer(ownRecordRoute('GET /api/salary/slip/:employeeId/:month', 'employee', 'the business id (EMP0001) or record id of the employee', 'any'))),
  callerRoute('GET /api/salary/generate'),
  heavy(adminRoute('POST /api/salary/email')),
  adminRoute('GET /api/salary/history/:id', 'employee'),
  adminRoute('PUT /api/salary/history/:id/structure-override', 'employee'),
  heavy(adminRoute('POST /api/salary/email-all')),
  heavy(adminRoute('GET /api/salary/register/:month')),
  adminRoute('GET /api/salary/register/:month/approval'),
  adminRoute('POST /api/salary/register/:month/approve'),
  adminRoute('POST /api/salary/register/:month/rerun'),
  heavy(adminRoute('GET /api/salary/register/:month/rerun-preview')),
  adminRoute('POST /api/salary/register/:month/release'),
  heavy(adminRoute('GET /api/salary/register/:month/rule-arrears')),
  heavy(adminRoute('POST /api/salary/register/:month/rule-arrears')),
  alsoFormer(ownRecordRoute('GET /api/salary/slips/:employeeId', 'employee', 'the business id (EMP0001) or record id of the employee', 'any')),
  adminRoute('GET /api/salary/payments/:month'),
  adminRoute('POST /api/salary/payments/:month/batches'),
  heavy(adminRoute('GET /api/salary/payments/batches/:id/file', 'payment batch')),
  adminRoute('POST /api/salary/payments/batches/:id/paid', 'payment batch'),
  adminRoute('POST /api/salary/payments/batches/:id/returned', 'payment batch'),
  heavy(adminRoute('GET /api/salary/files/:month/:kind')),
  adminRoute('GET /api/salary/structures'),
  adminRoute('POST /api/salary/structures'),
  adminRoute('PUT /api/salary/structures/:id', 'salary structure'),
  adminRoute('POST /api/salary/structures/:id/assign', 'salary structure'),
  adminRoute('GET /api/salary/settings'),
  adminRoute('PUT /api/salary/settings'),
  adminRoute('POST /api/salary/settings/bank-preview'),
  adminRoute('GET /api/salary/pay-rules'),
  adminRoute('PUT /api/salary/pay-rules'),
  adminRoute('GET /api/salary/runs'),
  adminRoute('GET /api/salary/runs/:id', 'payroll run'),
  adminRoute('POST /api/salary/runs/:id/retry', 'payroll run'),

  // Dashboard figures: the company's counts for admins, an employee's own for employees.
  adminRoute('GET /api/dashboard/summary'),
  callerRoute('GET /api/dashboard/me'),

  // Leave policy: everyone reads what the leave form needs; admins change it and see everyone's balances.
  everyoneRoute('GET /api/leave-types'),
  adminRoute('POST /api/leave-types'),
  adminRoute('PUT /api/leave-types/:id', 'leave type'),
  everyoneRoute('GET /api/holidays'),
  adminRoute('POST /api/holidays'),
  adminRoute('PUT /api/holidays/:id', 'holiday'),
  adminRoute('DELETE /api/holidays/:id', 'holiday'),
  everyoneRoute('GET /api/leave-settings'),
  adminRoute('PUT /api/leave-settings'),
  // Working hours: everyone reads the company's; admins change them and set a person's own.
  everyoneRoute('GET /api/work-hours'),
  adminRoute('PUT /api/work-hours'),
  adminRoute('GET /api/work-hours/employees/:id', 'employee'),
  adminRoute('PUT /api/work-hours/employees/:id', 'employee'),
  callerRoute('GET /api/leave-balances/me'),
  adminRoute('GET /api/leave-balances'),
  // Opening balances and adjustments: admins only (an employee reads their balance, never enters it).
  heavy(adminRoute('POST /api/leave-balances/import')),
  // Past attendance: imported, one day set by hand, many marked at once; admins only.
  adminRoute('GET /api/dashboard/setup'),
  heavy(adminRoute('POST /api/attendance/import')),
  adminRoute('PUT /api/attendance/day'),
  adminRoute('POST /api/attendance/bulk'),
  adminRoute('PUT /api/leave-balances/opening'),
  adminRoute('POST /api/leave-balances/adjustments'),
  adminRoute('GET /api/leave-balances/adjustments'),
  heavy(adminRoute('POST /api/holidays/import')),
  adminRoute('GET /api/whos-off'),
  // Biometric devices: admins register them and see their contact and clock; the devices themselves
  // call /iclock/* as the `device` caller kind (DEVICE_ROUTES below), never /api.
  adminRoute('GET /api/devices'),
  adminRoute('POST /api/devices'),
  adminRoute('GET /api/devices/sightings'),
  adminRoute('POST /api/devices/sightings/:serialNumber/accept', 'device sighting'),
  adminRoute('GET /api/devices/settings'),
  adminRoute('PUT /api/devices/settings'),
  adminRoute('PUT /api/devices/:id', 'device'),
  adminRoute('DELETE /api/devices/:id', 'device'),
  adminRoute('POST /api/devices/:id/clock-correction', 'device'),
  // Raw punches: the log, unmapped PINs, punches held for review and device PINs; admins only.
  adminRoute('GET /api/attendance/punches'),
  heavy(adminRoute('GET /api/attendance/punches/download')),
  heavy(adminRoute('POST /api/attendance/punches/import')),
  adminRoute('GET /api/attendance/punches/unmapped'),
  adminRoute('POST /api/attendance/punches/unmapped/:pin/map', 'unmapped PIN'),
  adminRoute('GET /api/attendance/punches/needs-pin'),
  adminRoute('PUT /api/attendance/punches/pins/:id', 'employee'),
  adminRoute('POST /api/attendance/punches/held/:id/release', 'punch'),
  adminRoute('POST /api/attendance/punches/held/:id/discard', 'punch'),
  callerRoute('GET /api/attendance/punches/mine'),
  // The day's rules and the web punch policy: admins set them; an employee reads what their own punch needs.
  adminRoute('GET /api/day-rules'),
  adminRoute('PUT /api/day-rules'),
  adminRoute('GET /api/punch-policy'),
  adminRoute('PUT /api/punch-policy'),
  callerRoute('GET /api/punch-policy/mine'),
  adminRoute('GET /api/punch-policy/locations'),
  adminRoute('PUT /api/punch-policy/locations/:id', 'location'),
  adminRoute('GET /api/punch-policy/employees'),
  adminRoute('GET /api/punch-policy/employees/:id', 'employee'),
  adminRoute('PUT /api/punch-policy/employees/:id', 'employee'),
  // Comp-off: employees ask for it and see their own; managers (or stand-ins) and admins decide.
  callerRoute('GET /api/comp-off/mine'),
  callerRoute('POST /api/comp-off'),
  teamRowsRoute('GET /api/comp-off', BOTH, 'scope=team'),
  teamDecideRoute('PUT /api/comp-off/:id', 'comp-off request'),
  // Only the requester withdraws their own pending request; admins and managers decide it instead.
  rule('POST /api/comp-off/:id/withdraw', EMPLOYEE, { kind: 'own-record', param: 'id', identifies: "the request's id; only its requester withdraws it", admins: 'none' }, 'comp-off request'),
  // Statutory rules: the company's dated rule versions and readings of contested rules; admins only.
  adminRoute('GET /api/statutory-rules'),
  adminRoute('POST /api/statutory-rules/versions'),
  adminRoute('PUT /api/statutory-rules/settings'),

  // Income tax: an employee's own regime, declarations, proofs and earlier employer (nothing in the
  // request names anyone else); admins see every employee's, decide declarations, set cut-offs.
  callerRoute('GET /api/tax/me'),
  callerRoute('PUT /api/tax/regime'),
  callerRoute('PUT /api/tax/declarations'),
  heavy(callerRoute('POST /api/tax/proofs')),
  ownRecordRoute('GET /api/tax/proofs/:id', 'tax proof', "the proof's id; the owner is the employee who uploaded it", 'any'),
  rule('DELETE /api/tax/proofs/:id', EMPLOYEE, { kind: 'own-record', param: 'id', identifies: "the proof's id; only its employee removes it", admins: 'none' }, 'tax proof'),
  callerRoute('PUT /api/tax/previous-employment'),
  adminRoute('GET /api/tax/employees/:id', 'employee'),
  adminRoute('PUT /api/tax/employees/:id/regime', 'employee'),
  adminRoute('PUT /api/tax/employees/:id/previous-employment', 'employee'),
  adminRoute('GET /api/tax/regimes'),
  adminRoute('GET /api/tax/declarations'),
  adminRoute('PUT /api/tax/declarations/:id/decision', 'tax declaration'),
  adminRoute('GET /api/tax/settings'),
  adminRoute('PUT /api/tax/settings'),
  heavy(alsoFormer(ownRecordRoute('GET /api/tax/statement/:employeeId/:financialYear', 'employee', 'the business id (EMP0001) or record id of the employee', 'any'))),
  heavy(adminRoute('GET /api/tax/annexure/:financialYear')),
];

/**
 * The `device` caller kind: the paths biometric devices call (the iclock push protocol). No token
 * opens them and none is needed: a device is admitted by its registered serial number, from its
 * allowed address ranges, with its comm key when it has one, within its request budget. An unknown
 * serial number gets 403 without OK; a user's token changes nothing here.
 */
export const DEVICE_ROUTES: readonly { method: HttpMethod; path: string }[] = [
  { method: 'GET', path: '/iclock/cdata' },
  { method: 'POST', path: '/iclock/cdata' },
  { method: 'GET', path: '/iclock/getrequest' },
  { method: 'POST', path: '/iclock/devicecmd' },
  { method: 'GET', path: '/iclock/ping' },
];

/** `METHOD /path`, the key routes are matched by. */
export const routeKey = (r: { method: string; path: string }) => `${r.method} ${r.path}`;
