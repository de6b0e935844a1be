/** The approved-months module's public surface: other modules and the server import only this file. */
export { approvedMonthsBetween, decisionNotice, revisionNotice } from './approved-month-notice';
