/** The approval-sweeps module's public surface: other modules and the server import only this file. */
export { createApprovalSweeps } from './approval-sweeps';
