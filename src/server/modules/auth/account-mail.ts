/**
 * The account-security emails: password reset, and the notices around a change of sign-in
 * email. Plain text, like every mail of the portal; links are built from PUBLIC_URL only, never from
 * a request's Host header, so a forged Host cannot point a link elsewhere.
 */
import { SET_PASSWORD_TOKEN_TTL_HOURS } from '../../../shared/constants';
import type { MailMessage } from '../../mail/mailer';

interface MailContext {
  config: { companyName: string; publicUrl: string };
}

export const EMAIL_CHANGE_TTL_HOURS = 24;

export const confirmEmailUrl = (publicUrl: string, token: string) => `${publicUrl}/confirm-email?token=${encodeURIComponent(token)}`;

export function resetMail(ctx: MailContext, to: string, link: string): MailMessage {
  const company = ctx.config.companyName;
  return {
    to,
    subject: `${company}: set your password`,
    text: [
      `Someone asked to set a new password for your ${company} account.`,
      '',
      `Open this link within ${SET_PASSWORD_TOKEN_TTL_HOURS} hours to choose one; it works once, and only the latest link you were sent works:`,
      link,
      '',
      'If it was not you, ignore this email.',
    ].join('\n'),
  };
}

/** To the new address: the link that makes the change. */
export function confirmEmailChangeMail(ctx: MailContext, to: string, name: string, link: string): MailMessage {
  const company = ctx.config.companyName;
  return {
    to,
    subject: `${company}: confirm your new email address`,
    text: [
      `Hello ${name},`,
      '',
      `You asked to use this address to sign in to your ${company} account.`,
      `Open this link within ${EMAIL_CHANGE_TTL_HOURS} hours to confirm it; until then your old address stays in use:`,
      link,
      '',
      'If it was not you, ignore this email and nothing changes.',
    ].join('\n'),
  };
}

/** To the new address when another account already uses it: no link, and nothing for the asker to learn. */
export function emailInUseMail(ctx: MailContext, to: string): MailMessage {
  const company = ctx.config.companyName;
  return {
    to,
    subject: `${company}: this address is already in use`,
    text: [
      `Someone asked to use this address to sign in to a ${company} account, but it already belongs to one, so nothing was changed.`,
      '',
      'If you asked for this, sign in with this address instead, or ask your HR team for help.',
    ].join('\n'),
  };
}

/** To the old address, at once: an employee's own change was asked for. */
export function emailChangeRequestedNotice(ctx: MailContext, to: string, name: string, newEmail: string): MailMessage {
  const company = ctx.config.companyName;
  return {
    to,
    subject: `${company}: a change of your sign-in email was requested`,
    text: [
      `Hello ${name},`,
      '',
      `Someone signed in to your ${company} account asked to change its sign-in email to ${newEmail}.`,
      'The change takes effect only when the link sent to that address is opened.',
      '',
      `If it was not you, change your password now (${ctx.config.publicUrl}/employee/change-password) and tell your HR team.`,
    ].join('\n'),
  };
}

/** To both addresses after an administrator changed an employee's email. */
export function emailChangedByAdminNotice(ctx: MailContext, to: string, name: string, oldEmail: string, newEmail: string): MailMessage {
  const company = ctx.config.companyName;
  return {
    to,
    subject: `${company}: your sign-in email was changed`,
    text: [
      `Hello ${name},`,
      '',
      `An administrator changed the sign-in email of your ${company} account from ${oldEmail} to ${newEmail}.`,
      `Sign in with ${newEmail} from now on. If this is not what you expected, contact your HR team.`,
    ].join('\n'),
  };
}
