/** The exits module's public surface: other modules and the server import only this file. */
export { exitRoutes, settlementListRoutes } from './routes';
