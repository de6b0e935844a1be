/** The dashboard module's public surface: other modules and the server import only this file. */
export { dashboardRoutes } from './routes';
