/**
 * Notification mail that is owed is kept in the database (notification_mail, migration 062): a row per
 * recipient, written in the same transaction as the request or decision it tells of. Rows are sent
 * after the commit, and by every instance's sweep; a sender claims a row with a conditional update
 * before sending and stamps it sent after, so two instances never both send it. People who chose the
 * daily digest get one mail a day with the day's rows instead. Links open the app; signing in is
 * still required, and a mail never carries pay.
 */
import type { Kysely, Transaction } from 'kysely';
import { dateInZone } from '../../../shared/format';
import type { AppContext } from '../../context';
import type { DB } from '../../db/schema';
import { DEFAULT_LEASE_TIMING, leaseEnd } from '../../db/work-leases';

type Db = Kysely<DB> | Transaction<DB>;

// After this many failed sends a row is left for the log, not retried forever.
const MAX_ATTEMPTS = 5;
const BATCH = 100;

export interface OwedMail {
  kind: string;
  subject: string;
  body: string;
}

/** Records mail owed to each recipient (duplicates dropped), digest or single as each person chose. */
export async function oweMail(trx: Db, recipients: readonly number[], mail: OwedMail, now: Date): Promise<void> {
  const ids = [...new Set(recipients)];
  if (ids.length === 0) return;
  const people = await trx.selectFrom('users').select(['id', 'notify_digest']).where('id', 'in', ids).where('active', '=', 1).execute();
  if (people.length === 0) return;
  await trx
    .insertInto('notification_mail')
    .values(people.map((p) => ({ user_id: p.id, kind: mail.kind, subject: mail.subject, body: mail.body, digest: Number(p.notify_digest) === 1 ? 1 : 0, created_at: now.toISOString() })))
    .execute();
}

/** Claims one unsent row for this sender; false when another sender holds it or it was sent. */
async function claim(db: Kysely<DB>, id: number, now: Date): Promise<boolean> {
  const result = await db
    .updateTable('notification_mail')
    .set((eb) => ({ claim_until: leaseEnd(now, DEFAULT_LEASE_TIMING), attempts: eb('attempts', '+', 1) }))
    .where('id', '=', id)
    .where('sent_at', 'is', null)
    .where((eb) => eb.or([eb('claim_until', 'is', null), eb('claim_until', '<', now.toISOString())]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

const markSent = (db: Kysely<DB>, ids: readonly number[], now: Date) =>
  db.updateTable('notification_mail').set({ sent_at: now.toISOString(), claim_until: null }).where('id', 'in', ids).execute();

/** Sends the single (non-digest) mail owed now; each row once. Returns how many were sent. */
export async function deliverOwedMail(ctx: AppContext): Promise<number> {
  const { db } = ctx.database;
  const now = ctx.now();
  const rows = await db
    .selectFrom('notification_mail as n')
    .innerJoin('users as u', 'u.id', 'n.user_id')
    .select(['n.id', 'n.subject', 'n.body', 'u.email'])
    .where('n.sent_at', 'is', null)
    .where('n.digest', '=', 0)
    .where('n.attempts', '<', MAX_ATTEMPTS)
    .where((eb) => eb.or([eb('n.claim_until', 'is', null), eb('n.claim_until', '<', now.toISOString())]))
    .orderBy('n.id')
    .limit(BATCH)
    .execute();
  let sent = 0;
  for (const row of rows) {
    if (!(await claim(db, Number(row.id), now))) continue;
    try {
      await ctx.mailer.send({ to: row.email, subject: row.subject, text: row.body });
      await markSent(db, [Number(row.id)], ctx.now());
      sent += 1;
    } catch (err) {
      // The claim runs out and a later sweep tries again (up to MAX_ATTEMPTS).
      ctx.log.error({ err: String(err), to: row.email }, 'notification mail failed');
    }
  }
  return sent;
}

/**
 * Sends each digest reader one mail with everything owed to them from before today (company time),
 * so the digest goes out once a day, on the first sweep after midnight.
 */
export async function deliverDigests(ctx: AppContext): Promise<number> {
  const { db } = ctx.database;
  const now = ctx.now();
  const today = dateInZone(now, ctx.config.timeZone);
  const rows = await db
    .selectFrom('notification_mail as n')
    .innerJoin('users as u', 'u.id', 'n.user_id')
    .select(['n.id', 'n.user_id', 'n.subject', 'n.body', 'n.created_at', 'u.email', 'u.name'])
    .where('n.sent_at', 'is', null)
    .where('n.digest', '=', 1)
    .where('n.attempts', '<', MAX_ATTEMPTS)
    .orderBy('n.id')
    .execute();
  const byUser = new Map<number, typeof rows>();
  for (const r of rows) {
    if (dateInZone(new Date(r.created_at), ctx.config.timeZone) >= today) continue;
    const list = byUser.get(Number(r.user_id)) ?? [];
    list.push(r);
    byUser.set(Number(r.user_id), list);
  }
  let sent = 0;
  for (const list of byUser.values()) {
    const mine: typeof list = [];
    for (const r of list) if (await claim(db, Number(r.id), now)) mine.push(r);
    if (mine.length === 0) continue;
    const first = mine[0]!;
    try {
      await ctx.mailer.send({
        to: first.email,
        subject: `${ctx.config.companyName}: your daily summary (${mine.length} ${mine.length === 1 ? 'update' : 'updates'})`,
        text: `Hello ${first.name},\n\nHere is what happened since your last summary:\n\n` + mine.map((r) => `* ${r.subject}\n${indent(r.body)}`).join('\n\n'),
      });
      await markSent(db, mine.map((r) => Number(r.id)), ctx.now());
      sent += 1;
    } catch (err) {
      ctx.log.error({ err: String(err), to: first.email }, 'digest mail failed');
    }
  }
  return sent;
}

const indent = (text: string) =>
  text
    .split('\n')
    .map((line) => (line ? `  ${line}` : line))
    .join('\n');

/**
 * Starts a send of what is owed, after a commit; one at a time per app (a second kick while one runs
 * runs once more afterwards), never failing the request that kicked it.
 */
export function createMailKicker(ctx: AppContext) {
  let running: Promise<void> | null = null;
  let again = false;
  const run = async (): Promise<void> => {
    do {
      again = false;
      await deliverOwedMail(ctx).catch((err: Error) => ctx.log.error({ err: String(err) }, 'notification mail sweep failed'));
    } while (again);
  };
  return {
    kick(): Promise<void> {
      if (running) {
        again = true;
        return running;
      }
      running = run().finally(() => (running = null));
      return running;
    },
    /** Resolves when no send is running (tests, shutdown). */
    idle: () => running ?? Promise.resolve(),
  };
}
export type MailKicker = ReturnType<typeof createMailKicker>;
