/** The employees module's public surface: other modules and the server import only this file. */
export { EMPLOYEE_COLUMNS, readEmployeeSheet } from './employee-csv';
export { createInvitations, invitationMail, type Invitations } from './invitations';
export { employeeRoutes } from './routes';
