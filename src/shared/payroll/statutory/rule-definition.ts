/**
 * What the rule store knows about one statutory rule: its key, the family and group it is listed
 * under, its unit, how a version starting inside a month applies, and the versions the product
 * ships. The catalogues (rule-catalogue.ts for PF, esi-rule-catalogue.ts, professional-tax-tables.ts)
 * each register their rules with this shape.
 *
 * Units: 'rupees' values are stored in paise and entered in rupees; 'percent' values are stored in
 * basis points (8.33% = 833) and entered in percent; 'table' values are stored as JSON in the rule's
 * own shape and travel in the shape of its `table.wire` schema (rupees, not paise).
 */
import type { z } from 'zod';
import type { RuleVersion } from './rule-versions';

export type RuleUnit = 'rupees' | 'percent' | 'table';
export type RuleFamily = 'pf' | 'esi' | 'pt' | 'tax';

/** How a table rule's value is entered, stored and described. */
export interface TableRule<W = unknown, S = unknown> {
  /** Which form the screen shows: a professional-tax slab table, a list of months, or an income-tax rate table. */
  kind: 'pt-slabs' | 'months' | 'tax-rates';
  /** The value as it travels (rupees); the server checks it field by field. */
  wire: z.ZodType<W>;
  toStored(wire: W, source: string): S;
  toWire(stored: S): W;
  /** The value in short lines, for the screen. */
  summary(stored: S): string[];
}

export interface RuleDefinition {
  key: string;
  /** The screen groups by it; absent: income tax ('tax'). */
  family?: RuleFamily;
  group: string;
  /** Professional tax: the state the table is for (ISO 3166-2:IN). */
  state?: string;
  label: string;
  unit: RuleUnit;
  /** What the rule is, in one line, for the admin screen. */
  description: string;
  /** How a version that starts inside a month is applied to that month. */
  midMonth: string;
  /** 'rupees' rules that may be 0 (an exemption threshold set to nothing). */
  allowZero?: boolean;
  /** 'table' rules an administrator may add versions of: how the value is entered, stored and described. */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  table?: TableRule<any, any>;
  /** 'table' rules whose versions come with the product (the HRA cities): the stored value's schema. */
  tableSchema?: z.ZodType;
  /** The same: a version's value in words, for the admin screen. */
  describe?: (value: unknown) => string;
  shipped: readonly Omit<RuleVersion, 'key'>[];
}

/** The way most rules apply: a pay month uses the versions in force on its first day. */
export const NEXT_MONTH = 'From the first whole month on: a version starting inside a month applies from the next month.';
