/** The salary-history module's public surface: other modules and the server import only this file. */
export { revisionHistory, revisionsByUser } from './salary-revision-store';
