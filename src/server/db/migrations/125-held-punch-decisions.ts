/**
 * An admin's decision on a punch held for review (applied or discarded): the reason they typed
 * (`decision_reason`), who decided (`decided_by`) and when (`decided_at`). The employee sees the
 * reason beside their punch; the audit trail keeps it too.
 */
import type { Kysely, Migration } from 'kysely';

export const heldPunchDecisionsMigration: Migration = {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  async up(db: Kysely<any>) {
    await db.schema.alterTable('punches').addColumn('decision_reason', 'text').execute();
    await db.schema.alterTable('punches').addColumn('decided_by', 'integer').execute();
    await db.schema.alterTable('punches').addColumn('decided_at', 'text').execute();
  },
};
