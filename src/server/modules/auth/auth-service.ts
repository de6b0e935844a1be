/** Sign-in, password change, password links, logout and email confirmation: the rules behind /api/auth. */
import type { Role } from '../../../shared/constants';
import { dateInZone } from '../../../shared/format';
import { ACCOUNT_MSG, LEAVER_MSG, SERVER_MSG } from '../../../shared/messages';
import type { LoginResponse } from '../../../shared/schemas/auth';
import { dummyPasswordHash, hashPassword, verifyPassword } from '../../auth/passwords';
import { isWeakPassword } from '../../auth/password-strength';
import { leaverState, readLeaverAccess } from '../../auth/leaver-access';
import type { AppContext } from '../../context';
import { HttpError, badRequest, unauthorized } from '../../errors';
import { cancelEmailChange, cancelEmailChangeByLink, confirmEmailChange } from './email-change';
import { consumePasswordToken, findLivePasswordToken, revokePasswordTokens } from './password-links';

interface LoginAttempt {
  email: string;
  password?: string;
  role: Role;
  ip: string;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function createAuthService(ctx: AppContext) {
  const { db } = ctx.database;

  const findAccount = (email: string) =>
    db
      .selectFrom('users')
      .leftJoin('employees', 'employees.user_id', 'users.id')
      .select(['users.id', 'users.email', 'users.name', 'users.role', 'users.password_hash', 'users.active', 'users.token_version', 'employees.employee_id'])
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

  /** The words a new password must not be built from: the person's own email and name, and the company. */
  const knownWords = (user: { email: string; name: string }) => [user.email, user.name, ctx.config.companyName];

  /** A leaver past the company's access date signs in no more (a leaver before it gets the read-only scope). */
  async function refuseEndedLeaver(userId: number) {
    const row = await db.selectFrom('employee_statutory').select('left_on').where('user_id', '=', userId).executeTakeFirst();
    if (!row?.left_on) return;
    const state = leaverState(row.left_on, dateInZone(ctx.now(), ctx.config.timeZone), await readLeaverAccess(db));
    if (state.kind === 'ended') throw unauthorized(LEAVER_MSG.ended(state.until));
  }

  return {
    async login({ email, password, role, ip }: LoginAttempt): Promise<LoginResponse> {
      const gate = await ctx.throttle.signInGate(email, ip);
      if (gate.retryAfter > 0) throw new HttpError(429, SERVER_MSG.tooManyAttempts(gate.retryAfter), { 'retry-after': String(gate.retryAfter) });
      // Many failures on this account from anywhere: slow down, but still check the password.
      if (gate.delayMs > 0) await sleep(gate.delayMs);

      const user = await findAccount(email);
      const emailOnly = role === 'employee' && ctx.config.employeeLogin === 'email-only';
      // Always pay for one hash, so a missing account answers as slowly as a wrong password.
      const hash = user?.password_hash ?? (await dummyPasswordHash(ctx.passwordLogN));
      const passwordOk = emailOnly || (password !== undefined && password !== '' && (await verifyPassword(password, hash)));

      if (!user || !passwordOk || !user.active || user.role !== role || (!emailOnly && !user.password_hash)) {
        await ctx.throttle.signInFailed(email, ip);
        throw unauthorized(SERVER_MSG.invalidCredentials);
      }
      await ctx.throttle.signInSucceeded(email, ip);
      if (user.role === 'employee') await refuseEndedLeaver(user.id);
      // Shown on the Admins screen, so an unused admin account stands out.
      await db.updateTable('users').set({ last_sign_in_at: ctx.now().toISOString() }).where('id', '=', user.id).execute();
      return { token: await issueToken(user), email: user.email, role: user.role };
    },

    /**
     * Changes the caller's password and revokes every older token and every password link; returns
     * a fresh token. Wrong old passwords are throttled per account, like sign-in.
     */
    async changePassword(userId: number, oldPassword: string, newPassword: string) {
      const wait = await ctx.throttle.changeGate(userId);
      if (wait > 0) throw new HttpError(429, ACCOUNT_MSG.tooManyPasswordAttempts(wait), { 'retry-after': String(wait) });
      const user = await db.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirstOrThrow();
      if (!user.password_hash || !(await verifyPassword(oldPassword, user.password_hash))) {
        await ctx.throttle.changeFailed(userId);
        throw badRequest(SERVER_MSG.wrongOldPassword);
      }
      // Compared as the hash sees them (NFKC), so a look-alike spelling of the old one is refused too.
      if (newPassword.normalize('NFKC') === oldPassword.normalize('NFKC')) throw badRequest(ACCOUNT_MSG.samePassword);
      if (isWeakPassword(newPassword, knownWords(user))) throw badRequest(ACCOUNT_MSG.weakPassword);
      const hash = await hashPassword(newPassword, ctx.passwordLogN);
      const now = ctx.now();
      const updated = await db.transaction().execute(async (trx) => {
        await revokePasswordTokens(trx, [userId], now);
        // A change of sign-in email asked for with the old password (perhaps by a thief) lapses with it.
        await cancelEmailChange(trx, userId);
        return trx
          .updateTable('users')
          .set((eb) => ({ password_hash: hash, token_version: eb('token_version', '+', 1), updated_at: now.toISOString() }))
          .where('id', '=', userId)
          .returning(['id', 'role', 'token_version'])
          .executeTakeFirstOrThrow();
      });
      await ctx.throttle.changeSucceeded(userId);
      await ctx.throttle.clearAccount(user.email);
      const employee = await db.selectFrom('employees').select('employee_id').where('user_id', '=', userId).executeTakeFirst();
      return { msg: SERVER_MSG.passwordChanged, token: await issueToken({ ...updated, employee_id: employee?.employee_id ?? null }) };
    },

    /**
     * Sets a password through a link. The link is checked before anything costly: a made-up token is
     * refused after one indexed read, without a password hash.
     */
    async setPassword(token: string, password: string) {
      const now = ctx.now();
      const userId = await findLivePasswordToken(db, token, now);
      const user = userId === undefined ? undefined : await db.selectFrom('users').select(['id', 'email', 'name', 'active']).where('id', '=', userId).executeTakeFirst();
      if (!user || !user.active) throw badRequest(SERVER_MSG.invalidResetToken);
      if (isWeakPassword(password, knownWords(user))) throw badRequest(ACCOUNT_MSG.weakPassword);

      const hash = await hashPassword(password, ctx.passwordLogN);
      await db.transaction().execute(async (trx) => {
        // Used up here, conditionally: of two submits of the same link, only one gets past this.
        if ((await consumePasswordToken(trx, token, now)) !== user.id) throw badRequest(SERVER_MSG.invalidResetToken);
        await revokePasswordTokens(trx, [user.id], now);
        await cancelEmailChange(trx, user.id);
        await trx
          .updateTable('users')
          .set((eb) => ({ password_hash: hash, token_version: eb('token_version', '+', 1), updated_at: now.toISOString() }))
          .where('id', '=', user.id)
          .execute();
      });
      // A new password is a fresh start: whoever was failing against the old one no longer blocks anyone.
      await ctx.throttle.clearAccount(user.email);
      return { msg: SERVER_MSG.passwordSet };
    },

    /** Ends the presented token on the server: the guard refuses it from now on. */
    async logout(session: { jti: string; exp: number }) {
      // Token expiry is wall-clock time (jose checks exp against it), not ctx.now, which tests may fix.
      const now = new Date();
      await db
        .insertInto('revoked_tokens')
        .values({ jti: session.jti, expires_at: new Date(session.exp * 1000).toISOString() })
        .onConflict((oc) => oc.column('jti').doNothing())
        .execute();
      // Rows of tokens that have expired anyway are of no use; dropping them keeps the table small.
      await db.deleteFrom('revoked_tokens').where('expires_at', '<', now.toISOString()).execute();
      return { msg: ACCOUNT_MSG.loggedOut };
    },

    confirmEmail: (token: string) => confirmEmailChange(ctx, token),
    cancelEmailChange: (token: string) => cancelEmailChangeByLink(ctx, token),

    /** Ends every session of the caller (the token version moves on) and drops a pending email change. */
    async logoutEverywhere(userId: number) {
      await db.transaction().execute(async (trx) => {
        await cancelEmailChange(trx, userId);
        await trx
          .updateTable('users')
          .set((eb) => ({ token_version: eb('token_version', '+', 1), updated_at: ctx.now().toISOString() }))
          .where('id', '=', userId)
          .execute();
      });
      return { msg: ACCOUNT_MSG.loggedOutEverywhere };
    },
  };
}
