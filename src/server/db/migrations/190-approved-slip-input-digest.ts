/**
 * `payroll_approved_slips.input_digest`: a digest of everything the stored slip was computed from
 * (salary/slip-inputs.ts), written at approval and by each re-run. The register of an approved month
 * recomputes only the people whose inputs now digest differently. Null (slips stored before, or kept
 * as approved by a re-run) means "recompute".
 */
import type { Kysely, Migration } from 'kysely';

export const approvedSlipInputDigestMigration: Migration = {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  async up(db: Kysely<any>) {
    await db.schema.alterTable('payroll_approved_slips').addColumn('input_digest', 'text').execute();
  },
};
