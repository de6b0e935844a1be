/** The attendance-register module's public surface: other modules and the server import only this file. */
export { attendanceRegisterRoutes } from './routes';
