/** The roster-counts module's public surface: other modules and the server import only this file. */
export { activeEmployeeCount, joiningDate, notInOn, onLeaveCount, openTaskCount, pendingLeaveCount, presentDayCount, rosterSplit } from './roster-counts';
