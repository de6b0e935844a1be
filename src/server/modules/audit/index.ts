/** The audit module's public surface: other modules and the server import only this file. */
export { recordAuditMany } from './audit-repository';
export { auditRoutes } from './routes';
