/**
 * Two figures of an approved slip that later months read, kept in columns beside the slip's JSON so a
 * payroll run need not parse every earlier slip:
 * - rate_paise: the monthly gross rate the slip was computed on (before LOP). ESI coverage is decided
 *   at the start of each contribution period (April, October) on the wage then, so the months after
 *   it read the rate of the period's first approved month. Null for slips approved before this column.
 * - carried_paise: deductions the 50% limit of the Code on Wages (s.18) left undeducted, which the
 *   next month recovers first. 0 for slips approved before this column.
 */
import type { Kysely, Migration } from 'kysely';

export const approvedSlipRateAndCarryMigration: Migration = {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  async up(db: Kysely<any>) {
    await db.schema.alterTable('payroll_approved_slips').addColumn('rate_paise', 'bigint').execute();
    await db.schema
      .alterTable('payroll_approved_slips')
      .addColumn('carried_paise', 'bigint', (c) => c.notNull().defaultTo(0))
      .execute();
  },
};
