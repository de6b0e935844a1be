/** The attendance-import module's public surface: other modules and the server import only this file. */
export { approvedMonthsBetween } from './day-rules';
export { attendanceImportRoutes } from './routes';
