/** The audit log on the wire: GET /api/audit, newest first, paged with ?limit and ?before. */
import { z } from 'zod';

export const AUDIT_DEFAULT_LIMIT = 100;
export const AUDIT_MAX_LIMIT = 500;

export const auditQuery = z.object({
  limit: z.coerce
    .number({ error: 'limit must be a number' })
    .int('limit must be a whole number')
    .min(1, `limit must be between 1 and ${AUDIT_MAX_LIMIT}`)
    .max(AUDIT_MAX_LIMIT, `limit must be between 1 and ${AUDIT_MAX_LIMIT}`)
    .default(AUDIT_DEFAULT_LIMIT),
  /** The `_id` of the last entry already shown; the page holds older entries only. */
  before: z.string().regex(/^[1-9]\d{0,15}$/, 'before must be an audit entry id').optional(),
});

export const auditEntrySchema = z.object({
  _id: z.string(),
  at: z.string(),
  actor: z.object({ _id: z.string(), name: z.string(), email: z.string() }).nullable(),
  action: z.string(),
  entity: z.string(),
  entityId: z.string().nullable(),
  before: z.unknown(),
  after: z.unknown(),
});
export type AuditEntryView = z.infer<typeof auditEntrySchema>;
