/** The attendance-corrections module's public surface: other modules and the server import only this file. */
export { pendingCorrectionCount } from './correction-repository';
export { mailFacts } from './correction-service';
export { correctionRoutes } from './routes';
