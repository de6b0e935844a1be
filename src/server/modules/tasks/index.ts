/** The tasks module's public surface: other modules and the server import only this file. */
export { taskRoutes } from './routes';
