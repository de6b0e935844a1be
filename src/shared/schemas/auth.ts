/** Sign-in, password and session token shapes (product.md, Records and Calls). */
import { z } from 'zod';
import { MIN_PASSWORD_LENGTH, ROLES } from '../constants';
import { VALIDATION_MSG } from '../messages';
import { emailSchema } from './common';

export const roleSchema = z.enum(ROLES);

export const adminLoginBody = z.object({
  email: emailSchema,
  password: z.string({ error: 'password is required' }).min(1, 'password is required').max(1024),
});

/** Password is optional on the wire: EMPLOYEE_LOGIN=email-only accepts the spec's literal {email}. */
export const employeeLoginBody = z.object({
  email: emailSchema,
  password: z.string().max(1024).optional(),
});

export const loginResponse = z.object({ token: z.string(), email: z.string(), role: roleSchema });
export type LoginResponse = z.infer<typeof loginResponse>;

/** A new password, on change-password and set-password alike (the forms check it with this too). */
export const newPasswordSchema = z
  .string({ error: 'newPassword is required' })
  .min(MIN_PASSWORD_LENGTH, VALIDATION_MSG.passwordTooShort)
  .max(1024, 'New password is too long');

export const changePasswordBody = z.object({
  oldPassword: z.string({ error: 'oldPassword is required' }).min(1, 'oldPassword is required').max(1024),
  newPassword: newPasswordSchema,
});

export const forgotPasswordBody = z.object({ email: emailSchema });

export const setPasswordBody = z.object({
  token: z.string({ error: 'token is required' }).min(10, 'token is invalid').max(200),
  password: newPasswordSchema,
});

/** The link token of an email-change confirmation (POST /api/auth/confirm-email). */
export const confirmEmailBody = z.object({
  token: z.string({ error: 'token is required' }).min(10, 'token is invalid').max(200),
});

/** What the server signs into every token (checked by the one auth guard, src/README.md). */
export interface TokenPayload {
  role: z.infer<typeof roleSchema>;
  employeeId: string | null;
  user: { id: string; role: z.infer<typeof roleSchema> };
  /** Token version: bumped by a password change or deactivation to revoke older tokens. */
  tv: number;
  /** Token id: POST /api/auth/logout revokes this one token on the server. */
  jti?: string;
  iat?: number;
  exp?: number;
}
