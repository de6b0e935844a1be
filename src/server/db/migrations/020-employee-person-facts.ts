/**
 * The person facts the statutory rules need, beside the statutory details of migrations 011 and 016:
 * date of birth (YYYY-MM-DD), PF membership (1 = member, the default every existing employee keeps;
 * 0 = an excluded employee), the first PF membership date and the PF wages then (paise), the EPS
 * eligibility override (null = derived from those two; 0/1 = set by an administrator) and whether the
 * person has a disability (0/1).
 */
import type { Kysely, Migration } from 'kysely';

export const employeePersonFactsMigration: Migration = {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  async up(db: Kysely<any>) {
    const table = () => db.schema.alterTable('employee_statutory');
    await table().addColumn('date_of_birth', 'text').execute();
    await table().addColumn('pf_member', 'integer', (c) => c.notNull().defaultTo(1)).execute();
    await table().addColumn('pf_first_joined_on', 'text').execute();
    await table().addColumn('pf_wage_at_joining_paise', 'bigint').execute();
    await table().addColumn('eps_eligible', 'integer').execute();
    await table().addColumn('person_with_disability', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  },
};
