/** The comp-off module's public surface: other modules and the server import only this file. */
export { compOffMailFacts } from './comp-off-service';
export { compOffRoutes } from './routes';
