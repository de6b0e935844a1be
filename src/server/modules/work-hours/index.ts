/** The work-hours module's public surface: other modules and the server import only this file. */
export { monthLateMarks, recordTimer, type RecordTimer } from './record-timing';
export { workHoursRoutes } from './routes';
export { ownShifts, readWorkHours, workHoursFingerprint } from './work-hours-repository';
