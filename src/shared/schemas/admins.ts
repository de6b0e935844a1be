/** Admin accounts on the wire: GET /api/admins, POST /api/admins (an invitation), PUT /api/admins/:id/deactivate. */
import { z } from 'zod';
import { emailSchema, nameText } from './common';

export const adminInviteBody = z.object({
  email: emailSchema,
  name: nameText('name', 100),
});
export type AdminInvite = z.infer<typeof adminInviteBody>;

export const adminAccountSchema = z.object({
  _id: z.string(),
  name: z.string(),
  email: z.string(),
  active: z.boolean(),
  /** Invited and has not chosen a password yet. */
  invited: z.boolean(),
  /** ISO timestamp of the last sign-in, or null for never. */
  lastSignInAt: z.string().nullable(),
  createdAt: z.string(),
  /** The caller's own account. */
  you: z.boolean(),
});
export type AdminAccount = z.infer<typeof adminAccountSchema>;

/** What the admins routes answer besides their data (the client shows them as sent). */
export const ADMINS_MSG = {
  invited: (email: string) => `Invitation sent to ${email}`,
  emailTaken: 'An account with this email already exists',
  deactivated: (name: string) => `${name} can no longer sign in`,
  lastAdmin: 'This is the last active admin: invite and let another admin sign in first',
  notYourself: 'You cannot deactivate your own account; another admin must do it',
  alreadyInactive: 'This admin is already deactivated',
  notFound: 'Admin not found',
} as const;
