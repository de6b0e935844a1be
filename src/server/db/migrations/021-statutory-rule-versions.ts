/**
 * Statutory rules as dated versions kept by the company: one row per version of a rule (key, first
 * day in force, value as JSON, source, note), seeded with the versions shipped on 26 Nov 2026. Later
 * shipped versions need no migration: the book a payroll month uses is the shipped list with these
 * rows over it (statutory-rules/rule-book.ts). `origin` says who added a row: 'shipped' or 'admin'
 * (then created_by and created_at say who and when; the audit log keeps the same). One version per
 * rule and day.
 */
import type { Kysely, Migration } from 'kysely';
import type { Dialect } from '../database';
import { SHIPPED_VERSIONS } from '../../../shared/payroll/statutory/rule-catalogue';
import { refType, withId } from './id-columns';

export function statutoryRuleVersionsMigration(dialect: Dialect): Migration {
  return {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('statutory_rule_versions')
        .$call(withId(dialect))
        .addColumn('rule_key', 'text', (c) => c.notNull())
        .addColumn('effective_from', 'text', (c) => c.notNull())
        .addColumn('value_json', 'text', (c) => c.notNull())
        .addColumn('source', 'text', (c) => c.notNull())
        .addColumn('note', 'text', (c) => c.notNull())
        .addColumn('origin', 'text', (c) => c.notNull())
        .addColumn('created_by', refType(dialect), (c) => c.references('users.id'))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addUniqueConstraint('statutory_rule_versions_day', ['rule_key', 'effective_from'])
        .execute();
      const at = '2026-11-26T00:00:00.000Z';
      await db
        .insertInto('statutory_rule_versions')
        .values(SHIPPED_VERSIONS.map((v) => ({ rule_key: v.key, effective_from: v.effectiveFrom, value_json: JSON.stringify(v.value), source: v.source, note: v.note, origin: 'shipped', created_at: at })))
        .execute();
    },
  };
}
