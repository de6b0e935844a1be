/** The team module's public surface: other modules and the server import only this file. */
export { decisionMail, newRequestMail, type RequestFacts } from './approval-mail';
export { readApprovalSettings } from './approval-settings';
export { createMailKicker, deliverDigests, oweMail, type MailKicker } from './notification-mail';
export { decidingCapacity, mayDecide, owePendingRequestMail, teamScopeOf } from './request-decision';
export { teamRoutes } from './routes';
export { activeManagerOf, adminIds, callerTeam, managerPowersOn, managersCoveredBy, routingFacts } from './team-access';
