/** The leaves module's public surface: other modules and the server import only this file. */
export { LEAVE_MSG } from './leave-messages';
export { approvedLeaveByUser, approvedLeaveDates } from './leave-repository';
export { leaveMailFacts } from './leave-service';
export { leaveRoutes } from './routes';
