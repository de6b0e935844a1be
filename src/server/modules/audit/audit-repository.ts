/**
 * Reading the audit log, and writing many entries at once (an import's one entry per employee).
 * Single entries go through recordAudit in src/server/audit.ts.
 */
import { sql, type Kysely, type Transaction } from 'kysely';
import type { AuditEntryView, AuditFacets } from '../../../shared/schemas/audit';
import type { AuditEntry } from '../../audit';
import type { DB } from '../../db/schema';

type Db = Kysely<DB> | Transaction<DB>;

// 7 bound parameters per row; 1000 rows stay well under both engines' limits.
const INSERT_CHUNK = 1000;

const json = (value: unknown) => (value === undefined ? null : JSON.stringify(value));

/** Writes many entries with one timestamp, in batched INSERTs (inside the caller's transaction). */
export async function recordAuditMany(db: Db, entries: readonly AuditEntry[], at: Date): Promise<void> {
  const stamp = at.toISOString();
  for (let i = 0; i < entries.length; i += INSERT_CHUNK) {
    await db
      .insertInto('audit_log')
      .values(
        entries.slice(i, i + INSERT_CHUNK).map((e) => ({
          actor_id: e.actorId,
          action: e.action,
          entity: e.entity,
          entity_id: e.entityId,
          before_json: json(e.before),
          after_json: json(e.after),
          at: stamp,
        })),
      )
      .execute();
  }
}

/** The log's filters with the day range turned into instants (ISO, UTC). */
export interface AuditListFilter {
  person?: string;
  action?: string;
  entity?: string;
  /** Entries at or after this instant. */
  since?: string;
  /** Entries before this instant. */
  until?: string;
}

/** `%` and `_` typed by a person are looked for as themselves. */
const likePattern = (text: string) => `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The filtered log, newest first, as a query the list and the export both page through. */
export function filteredEntries(db: Db, filter: AuditListFilter) {
  return db
    .selectFrom('audit_log')
    .leftJoin('users', 'users.id', 'audit_log.actor_id')
    .select([
      'audit_log.id',
      'audit_log.at',
      'audit_log.actor_id',
      'users.name as actor_name',
      'users.email as actor_email',
      'audit_log.action',
      'audit_log.entity',
      'audit_log.entity_id',
      'audit_log.before_json',
      'audit_log.after_json',
    ])
    .$if(filter.action !== undefined, (q) => q.where('audit_log.action', '=', filter.action!))
    .$if(filter.entity !== undefined, (q) => q.where('audit_log.entity', '=', filter.entity!))
    .$if(filter.since !== undefined, (q) => q.where('audit_log.at', '>=', filter.since!))
    .$if(filter.until !== undefined, (q) => q.where('audit_log.at', '<', filter.until!))
    .$if(filter.person !== undefined, (q) =>
      // The people first (a small table), then their entries through the (actor_id, id) index.
      q.where('audit_log.actor_id', 'in', (eb) =>
        eb
          .selectFrom('users')
          .select('users.id')
          .where((w) =>
            w.or([
              w(sql`lower(users.name)`, 'like', sql<string>`${likePattern(filter.person!)} escape '\\'`),
              w(sql`lower(users.email)`, 'like', sql<string>`${likePattern(filter.person!)} escape '\\'`),
            ]),
          ),
      ),
    )
    .orderBy('audit_log.id', 'desc');
}

/**
 * Newest entries first. Ids grow with every insert, so `before` (an entry's `_id`) is a stable
 * cursor: the next page is everything older than the last entry shown, however many entries the
 * filters skip, and each page is one index range rather than an OFFSET that reads all before it.
 */
export async function listAuditEntries(db: Db, opts: { limit: number; before?: number } & AuditListFilter): Promise<AuditEntryView[]> {
  let query = filteredEntries(db, opts).limit(opts.limit);
  if (opts.before !== undefined) query = query.where('audit_log.id', '<', opts.before);
  const rows = await query.execute();
  return rows.map((r) => ({
    _id: String(r.id),
    at: r.at,
    actor: r.actor_id === null ? null : { _id: String(r.actor_id), name: r.actor_name ?? '', email: r.actor_email ?? '' },
    action: r.action,
    entity: r.entity,
    entityId: r.entity_id,
    before: r.before_json === null ? null : JSON.parse(r.before_json),
    after: r.after_json === null ? null : JSON.parse(r.after_json),
  }));
}

/** Every action and entity the log holds, sorted, for the filter lists. */
export async function auditFacets(db: Db): Promise<AuditFacets> {
  const [actions, entities] = await Promise.all([
    db.selectFrom('audit_log').select('action').distinct().orderBy('action').execute(),
    db.selectFrom('audit_log').select('entity').distinct().orderBy('entity').execute(),
  ]);
  return { actions: actions.map((r) => r.action), entities: entities.map((r) => r.entity) };
}
