/** The admins module's public surface: other modules and the server import only this file. */
export { adminRoutes } from './routes';
