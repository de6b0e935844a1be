/** The health module's public surface: other modules and the server import only this file. */
export { healthRoutes } from './routes';
