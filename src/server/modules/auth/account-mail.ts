/**
 * The account emails: the invitation to a new account, password reset, and the notices around a
 * change of sign-in email. Plain text, like every mail of the portal; links are built from PUBLIC_URL only, never from
 * a request's Host header, so a forged Host cannot point a link elsewhere.
 */
import { SET_PASSWORD_TOKEN_TTL_HOURS } from '../../../shared/constants';
import type { MailMessage } from '../../mail/mailer';

interface MailContext {
  config: { companyName: string; publicUrl: string };
}

export const EMAIL_CHANGE_TTL_HOURS = 24;
const EMAIL_CHANGE_CANCEL_DAYS = 7;

export const confirmEmailUrl = (publicUrl: string, token: string) => `${publicUrl}/confirm-email?token=${encodeURIComponent(token)}`;
export const cancelEmailChangeUrl = (publicUrl: string, token: string) => `${publicUrl}/cancel-email-change?token=${encodeURIComponent(token)}`;

/**
 * The invitation to a new account (an employee's, or another admin's): why they have one, the link
 * to choose a password, and the sign-in tab it is for.
 */
export function invitationToSetPassword(
  invitee: { name: string; email: string },
  mail: { subject: string; why: string; tab: 'Admin' | 'Employee' },
  link: string,
): MailMessage {
  return {
    to: invitee.email,
    subject: mail.subject,
    text: [
      `Hello ${invitee.name},`,
      '',
      mail.why,
      '',
      `Open this link within ${SET_PASSWORD_TOKEN_TTL_HOURS} hours to choose your password; it works once:`,
      link,
      '',
      `Then sign in on the ${mail.tab} tab with ${invitee.email} and your new password.`,
      'If the link has expired, use "Forgot password?" on the sign-in page to get a new one.',
    ].join('\n'),
  };
}

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

/**
 * An address as the notices show it: enough for its owner to recognise, nothing a mail client turns
 * into a link (th***@***.example). The new address is the asker's choice, and these mails go out
 * under the company's name.
 */
export function maskEmail(email: string): string {
  const [local = '', domain = ''] = email.split('@');
  const tld = domain.includes('.') ? domain.slice(domain.lastIndexOf('.')) : '';
  return `${local.slice(0, 2)}***@***${tld}`;
}

// None of these mails carries text the asker chose (a name, a new address in full): anyone signed in
// could otherwise have the company's mail server send their words to any address.

/** To the new address: the link that makes the change. */
export function confirmEmailChangeMail(ctx: MailContext, to: string, link: string): MailMessage {
  const company = ctx.config.companyName;
  return {
    to,
    subject: `${company}: confirm your new email address`,
    text: [
      `Someone asked to use this address to sign in to an account of the ${company} HR portal.`,
      `Open this link within ${EMAIL_CHANGE_TTL_HOURS} hours to confirm it; until then the old address stays in use:`,
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

/** To the old address, at once: an employee's own change was asked for, with the link that undoes it. */
export function emailChangeRequestedNotice(ctx: MailContext, to: string, newEmail: string, cancelLink: string): MailMessage {
  const company = ctx.config.companyName;
  return {
    to,
    subject: `${company}: a change of your sign-in email was requested`,
    text: [
      `Someone signed in to your ${company} account asked to change its sign-in email to ${maskEmail(newEmail)}.`,
      'The change takes effect only when the link sent to that address is opened.',
      '',
      `If it was not you, open this link within ${EMAIL_CHANGE_CANCEL_DAYS} days. It cancels the change (and undoes it if it was already confirmed) and signs out every session of your account:`,
      cancelLink,
      '',
      'Then change your password and tell your HR team.',
    ].join('\n'),
  };
}

/** To both addresses after an administrator changed an employee's email (both addresses are the administrator's entry). */
export function emailChangedByAdminNotice(ctx: MailContext, to: string, oldEmail: string, newEmail: string): MailMessage {
  const company = ctx.config.companyName;
  return {
    to,
    subject: `${company}: your sign-in email was changed`,
    text: [
      `An administrator changed the sign-in email of your ${company} account from ${oldEmail} to ${newEmail}.`,
      `Sign in with ${newEmail} from now on. If this is not what you expected, contact your HR team.`,
    ].join('\n'),
  };
}
