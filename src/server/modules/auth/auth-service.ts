/** Sign-in, password change and password links: the rules behind the /api/auth routes. */
import type { Role } from '../../../shared/constants';
import { SERVER_MSG } from '../../../shared/messages';
import type { LoginResponse } from '../../../shared/schemas/auth';
import { dummyPasswordHash, hashPassword, verifyPassword } from '../../auth/passwords';
import type { AppContext } from '../../context';
import { HttpError, badRequest, unauthorized } from '../../errors';
import { consumePasswordToken, issuePasswordToken, setPasswordUrl } from './password-links';

interface LoginAttempt {
  email: string;
  password?: string;
  role: Role;
  ip: string;
}

export function createAuthService(ctx: AppContext) {
  const { db } = ctx.database;

  const findAccount = (email: string) =>
    db
      .selectFrom('users')
      .leftJoin('employees', 'employees.user_id', 'users.id')
      .select(['users.id', 'users.email', 'users.role', 'users.password_hash', 'users.active', 'users.token_version', 'employees.employee_id'])
      .where('users.email', '=', email)
      .executeTakeFirst();

  async function issueToken(user: { id: number; role: Role; token_version: number; employee_id: string | null }) {
    return ctx.tokens.sign({
      role: user.role,
      employeeId: user.employee_id,
      user: { id: String(user.id), role: user.role },
      tv: user.token_version,
    });
  }

  return {
    async login({ email, password, role, ip }: LoginAttempt): Promise<LoginResponse> {
      const keys = [`ip:${ip}`, `account:${email}`];
      const wait = ctx.throttle.retryAfter(keys);
      if (wait > 0) throw new HttpError(429, SERVER_MSG.tooManyAttempts(wait), { 'retry-after': String(wait) });

      const user = await findAccount(email);
      const emailOnly = role === 'employee' && ctx.config.employeeLogin === 'email-only';
      // Always pay for one hash, so a missing account answers as slowly as a wrong password.
      const hash = user?.password_hash ?? (await dummyPasswordHash(ctx.passwordLogN));
      const passwordOk = emailOnly || (password !== undefined && password !== '' && (await verifyPassword(password, hash)));

      if (!user || !passwordOk || !user.active || user.role !== role || (!emailOnly && !user.password_hash)) {
        ctx.throttle.fail(keys);
        throw unauthorized(SERVER_MSG.invalidCredentials);
      }
      ctx.throttle.succeed(`account:${email}`);
      return { token: await issueToken(user), email: user.email, role: user.role };
    },

    /** Changes the caller's password and revokes every older token; returns a fresh token. */
    async changePassword(userId: number, oldPassword: string, newPassword: string) {
      const user = await db.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirstOrThrow();
      if (!user.password_hash || !(await verifyPassword(oldPassword, user.password_hash))) {
        throw badRequest(SERVER_MSG.wrongOldPassword);
      }
      const hash = await hashPassword(newPassword, ctx.passwordLogN);
      const updated = await db
        .updateTable('users')
        .set((eb) => ({ password_hash: hash, token_version: eb('token_version', '+', 1), updated_at: ctx.now().toISOString() }))
        .where('id', '=', userId)
        .returning(['id', 'role', 'token_version'])
        .executeTakeFirstOrThrow();
      const employee = await db.selectFrom('employees').select('employee_id').where('user_id', '=', userId).executeTakeFirst();
      return { msg: SERVER_MSG.passwordChanged, token: await issueToken({ ...updated, employee_id: employee?.employee_id ?? null }) };
    },

    /** Sends a reset link if the email belongs to an active account; answers the same either way. */
    async forgotPassword(email: string) {
      const user = await findAccount(email);
      if (user?.active) {
        const token = await issuePasswordToken(db, user.id, 'reset', ctx.now());
        const link = setPasswordUrl(ctx.config.publicUrl, token);
        ctx.mailer
          .send({
            to: user.email,
            subject: `${ctx.config.companyName}: set your password`,
            text: `Someone asked to set a new password for your ${ctx.config.companyName} account.\n\nOpen this link within 72 hours to choose one:\n${link}\n\nIf it was not you, ignore this email.`,
          })
          .catch((err) => ctx.log.error({ err: String(err), to: user.email }, 'password reset mail failed'));
      }
      return { msg: SERVER_MSG.resetLinkSent };
    },

    async setPassword(token: string, password: string) {
      const hash = await hashPassword(password, ctx.passwordLogN);
      await db.transaction().execute(async (trx) => {
        const userId = await consumePasswordToken(trx, token, ctx.now());
        const user = userId && (await trx.selectFrom('users').select(['id', 'active']).where('id', '=', userId).executeTakeFirst());
        if (!user || !user.active) throw badRequest(SERVER_MSG.invalidResetToken);
        await trx
          .updateTable('users')
          .set((eb) => ({ password_hash: hash, token_version: eb('token_version', '+', 1), updated_at: ctx.now().toISOString() }))
          .where('id', '=', user.id)
          .execute();
      });
      return { msg: SERVER_MSG.passwordSet };
    },
  };
}
