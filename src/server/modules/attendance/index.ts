/** The attendance module's public surface: other modules and the server import only this file. */
export { csvCells, csvColumns } from './attendance-export';
export { attendanceBetween, findDayRecord, presenceDays, presencePunchInsByUser, type AttendanceRow } from './attendance-repository';
export { monthOvertimeByUser, overtimeDaysByUser } from './overtime-days';
export { attendanceRoutes } from './routes';
