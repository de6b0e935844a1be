/**
 * The admin accounts: who they are, inviting another admin (the set-password link every invitation
 * uses) and deactivating one. The company always keeps an active admin: the last one cannot be
 * deactivated, and the check and the change happen under one lock, so two admins deactivating each
 * other at once cannot leave nobody.
 */
import { ADMINS_MSG, type AdminAccount, type AdminInvite } from '../../../shared/schemas/admins';
import { recordAudit } from '../../audit';
import type { Caller } from '../../auth/guard';
import type { AppContext } from '../../context';
import { conflict, notFound } from '../../errors';
import type { MailMessage } from '../../mail/mailer';
import { cancelEmailChange } from '../auth';
import { invitationToSetPassword, issuePasswordToken, revokePasswordTokens, setPasswordUrl } from '../auth';

export function createAdminService(ctx: AppContext) {
  const { db, dialect } = ctx.database;

  return {
    /** Every admin account, active ones first, then by name. */
    async list(caller: Caller): Promise<AdminAccount[]> {
      const rows = await db
        .selectFrom('users')
        .select(['id', 'name', 'email', 'active', 'password_hash', 'last_sign_in_at', 'created_at'])
        .where('role', '=', 'admin')
        .orderBy('active', 'desc')
        .orderBy('name')
        .orderBy('id')
        .execute();
      return rows.map((r) => ({
        _id: String(r.id),
        name: r.name,
        email: r.email,
        active: r.active === 1,
        invited: r.password_hash === null,
        lastSignInAt: r.last_sign_in_at,
        createdAt: r.created_at,
        you: r.id === caller.userId,
      }));
    },

    /**
     * Creates the admin account without a password and mails it a one-time set-password link. The
     * mail goes after the commit and in the background: a mail server that is down costs the mail
     * (the invitee can use "Forgot password?"), never the account.
     */
    async invite(caller: Caller, body: AdminInvite) {
      const now = ctx.now();
      const stamp = now.toISOString();
      const { id, token } = await db.transaction().execute(async (trx) => {
        const taken = await trx.selectFrom('users').select('id').where('email', '=', body.email).executeTakeFirst();
        if (taken) throw conflict(ADMINS_MSG.emailTaken);
        const row = await trx
          .insertInto('users')
          .values({ email: body.email, name: body.name, role: 'admin', password_hash: null, created_at: stamp, updated_at: stamp })
          .returning('id')
          .executeTakeFirstOrThrow();
        await recordAudit(trx, { actorId: caller.userId, action: 'admin.invite', entity: 'user', entityId: String(row.id), after: { email: body.email, name: body.name, role: 'admin' } }, now);
        return { id: row.id, token: await issuePasswordToken(trx, row.id, 'invite', now) };
      });
      const mail = adminInvitationMail(ctx, { name: body.name, email: body.email, invitedBy: caller.name }, setPasswordUrl(ctx.config.publicUrl, token));
      ctx.mailer.send(mail).catch((err: unknown) => ctx.log.error({ err: String(err), to: body.email }, 'admin invitation mail failed'));
      return { msg: ADMINS_MSG.invited(body.email), _id: String(id) };
    },

    /** Ends an admin's access at once: sign-in refused, every token and live link stops working. */
    async deactivate(caller: Caller, id: number) {
      if (id === caller.userId) throw conflict(ADMINS_MSG.notYourself);
      const now = ctx.now();
      return db.transaction().execute(async (trx) => {
        // On PostgreSQL the active admins' rows are locked first, so a concurrent deactivation waits
        // and then counts what this one left; SQLite runs one write transaction at a time anyway.
        const admins = await trx
          .selectFrom('users')
          .select(['id', 'name', 'email', 'active'])
          .where('role', '=', 'admin')
          .orderBy('id')
          .$if(dialect === 'postgres', (q) => q.forUpdate())
          .execute();
        const target = admins.find((a) => a.id === id);
        if (!target) throw notFound(ADMINS_MSG.notFound);
        if (target.active !== 1) throw conflict(ADMINS_MSG.alreadyInactive);
        if (admins.filter((a) => a.active === 1).length <= 1) throw conflict(ADMINS_MSG.lastAdmin);
        await trx
          .updateTable('users')
          .set((eb) => ({ active: 0, token_version: eb('token_version', '+', 1), updated_at: now.toISOString() }))
          .where('id', '=', id)
          .execute();
        await revokePasswordTokens(trx, [id], now);
        await cancelEmailChange(trx, id);
        await recordAudit(trx, { actorId: caller.userId, action: 'admin.deactivate', entity: 'user', entityId: String(id), before: { active: true }, after: { active: false } }, now);
        return { msg: ADMINS_MSG.deactivated(target.name) };
      });
    },
  };
}

/** The invitation: who asked, the link to choose a password, and which tab to sign in on. */
export function adminInvitationMail(
  ctx: Pick<AppContext, 'config'>,
  invitee: { name: string; email: string; invitedBy: string },
  link: string,
): MailMessage {
  const company = ctx.config.companyName;
  return invitationToSetPassword(
    invitee,
    { subject: `${company}: you have been made an admin, set your password`, why: `${invitee.invitedBy} has given you an admin account on ${company}.`, tab: 'Admin' },
    link,
  );
}
