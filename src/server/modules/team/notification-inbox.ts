/**
 * The in-app bell: each person's notifications are the rows owed to them for mail (requests to
 * decide, decisions, hand-overs), whether or not the mail has gone yet; reading one in the app marks
 * it read there and changes nothing about the mail. Only the caller's own rows, always. Each person's
 * choice of single mails or a daily digest is kept here too.
 */
import type { NotificationList, NotificationPreferences, NotificationRead } from '../../../shared/schemas/team';
import type { AppContext } from '../../context';

// The bell lists the newest few; the count covers all unread.
const LIST_SIZE = 30;

export function createNotificationInbox(ctx: AppContext) {
  const { db } = ctx.database;
  const prefix = `${ctx.config.companyName}: `;

  const unreadOf = async (userId: number) =>
    Number(
      (await db.selectFrom('notification_mail').select((eb) => eb.fn.countAll<number>().as('n')).where('user_id', '=', userId).where('read_at', 'is', null).executeTakeFirstOrThrow()).n,
    );

  return {
    async list(userId: number): Promise<NotificationList> {
      const rows = await db
        .selectFrom('notification_mail')
        .select(['id', 'kind', 'subject', 'body', 'created_at', 'read_at'])
        .where('user_id', '=', userId)
        .orderBy('id', 'desc')
        .limit(LIST_SIZE)
        .execute();
      return {
        unread: await unreadOf(userId),
        items: rows.map((r) => ({
          _id: String(r.id),
          kind: r.kind,
          title: r.subject.startsWith(prefix) ? r.subject.slice(prefix.length) : r.subject,
          body: r.body,
          createdAt: r.created_at,
          read: r.read_at !== null,
        })),
      };
    },

    /** Marks the caller's given rows (or all) read; others' ids are ignored. Returns the unread count left. */
    async markRead(userId: number, body: NotificationRead): Promise<{ msg: string; unread: number }> {
      let q = db.updateTable('notification_mail').set({ read_at: ctx.now().toISOString() }).where('user_id', '=', userId).where('read_at', 'is', null);
      if (body.ids !== undefined) {
        if (body.ids.length === 0) return { msg: 'Nothing to mark', unread: await unreadOf(userId) };
        q = q.where('id', 'in', body.ids.map(Number));
      }
      await q.execute();
      return { msg: 'Marked read', unread: await unreadOf(userId) };
    },

    /** Whether the caller takes one daily digest instead of single mails. */
    async preferences(userId: number): Promise<NotificationPreferences> {
      const row = await db.selectFrom('users').select('notify_digest').where('id', '=', userId).executeTakeFirstOrThrow();
      return { digest: Number(row.notify_digest) === 1 };
    },

    async choose(userId: number, choice: NotificationPreferences): Promise<NotificationPreferences> {
      await db.updateTable('users').set({ notify_digest: choice.digest ? 1 : 0 }).where('id', '=', userId).execute();
      return choice;
    },
  };
}
