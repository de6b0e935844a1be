/** The leave-policy module's public surface: other modules and the server import only this file. */
export { compOffTypeId, ensureCompOffType } from './comp-off-credits';
export { holidayCalendarRoutes } from './holiday-calendar-routes';
export { balancesOf } from './leave-balances';
export { holidaysBetween, listLeaveTypes, readLeaveSettings, workCalendar, writeLeaveSettings, type LeaveTypeRow } from './leave-policy-repository';
export { openingBalanceRoutes } from './opening-balances-routes';
export { typeFinder } from './opening-balances';
export { leavePolicyRoutes } from './routes';
export { whosOffOf } from './whos-off';
