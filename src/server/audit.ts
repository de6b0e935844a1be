/** Writes one audit entry: who did what to which record, with the record before and after. */
import type { Kysely, Transaction } from 'kysely';
import type { DB } from './db/schema';

export interface AuditEntry {
  actorId: number | null;
  action: string;
  entity: string;
  entityId: string | null;
  before?: unknown;
  after?: unknown;
}

export async function recordAudit(db: Kysely<DB> | Transaction<DB>, entry: AuditEntry, at = new Date()): Promise<void> {
  await db
    .insertInto('audit_log')
    .values({
      actor_id: entry.actorId,
      action: entry.action,
      entity: entry.entity,
      entity_id: entry.entityId,
      before_json: entry.before === undefined ? null : JSON.stringify(entry.before),
      after_json: entry.after === undefined ? null : JSON.stringify(entry.after),
      at: at.toISOString(),
    })
    .execute();
}
