/** The audit log on the wire: GET /api/audit, newest first, paged with ?limit and ?before. */
import { z } from 'zod';
import { lineRule } from './common';

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
})
  .extend(auditFilterShape())
  .refine((q) => !q.from || !q.to || q.from <= q.to, { message: 'from must not be after to', path: ['from'] });

/**
 * The filters the Audit log screen and its CSV export share: who did it (part of a name or email),
 * the action and the entity as recorded, and a range of days in the company's time zone.
 */
function auditFilterShape() {
  const day = (field: string) => z.string().regex(/^\d{4}-\d{2}-\d{2}$/, `${field} must be a date (YYYY-MM-DD)`).optional();
  const word = (field: string) =>
    z
      .string()
      .superRefine(lineRule(field, false))
      .trim()
      .max(100, `${field} must be at most 100 characters`)
      .optional()
      .transform((v) => (v ? v : undefined));
  return { person: word('person'), action: word('action'), entity: word('entity'), from: day('from'), to: day('to') };
}

export const auditFilterQuery = z.object(auditFilterShape()).refine((q) => !q.from || !q.to || q.from <= q.to, { message: 'from must not be after to', path: ['from'] });
export type AuditFilter = z.infer<typeof auditFilterQuery>;

/** The actions and entities the log holds, for the screen's filter lists. */
export const auditFacetsSchema = z.object({ actions: z.array(z.string()), entities: z.array(z.string()) });
export type AuditFacets = z.infer<typeof auditFacetsSchema>;

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
