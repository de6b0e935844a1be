/** The auth module's public surface: other modules and the server import only this file. */
export {
  cancelEmailChangeUrl,
  confirmEmailChangeMail,
  confirmEmailUrl,
  emailChangedByAdminNotice,
  emailChangeRequestedNotice,
  emailInUseMail,
  invitationToSetPassword,
} from './account-mail';
export { createAdmin, ensureFirstAdmin } from './admin-accounts';
export { cancelEmailChange, requestEmailChange } from './email-change';
export { issuePasswordToken, issuePasswordTokens, revokePasswordTokens, setPasswordUrl } from './password-links';
export { createPasswordResets, type PasswordResets } from './password-resets';
export { authRoutes } from './routes';
