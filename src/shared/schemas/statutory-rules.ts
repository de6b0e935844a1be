/**
 * The Statutory rules screen's calls: GET /api/statutory-rules?month= lists each rule with the
 * version in force in the month, every version before and after, and the company's readings of
 * contested rules; POST /api/statutory-rules/versions adds a version; PUT /api/statutory-rules/settings
 * changes the readings. Values travel in the rule's unit: rupees or percent (2 decimals at most); a
 * table rule's (a state's professional-tax slabs, the ESI contribution periods) as `table`.
 */
import { z } from 'zod';
import { EPS_58_MONTH, statutorySettingsSchema } from '../payroll/statutory/statutory-settings';
import { PF_CEILING_READINGS } from '../payroll/statutory/pf';
import { dateSchema, lineRule, nameText } from './common';

export const ruleVersionView = z.object({
  effectiveFrom: z.string(),
  /** Rupees or percent, as the rule's unit says; 0 for a table rule. */
  value: z.number(),
  /** A table rule's value as it travels (rupees): PT_TABLE_WIRE or the ESI periods' months. */
  table: z.unknown().optional(),
  /** A table rule's value in short lines, for the screen. */
  summary: z.array(z.string()).optional(),
  /** A table rule's value in words (the HRA cities, for one). */
  text: z.string().optional(),
  source: z.string(),
  note: z.string(),
  origin: z.enum(['shipped', 'admin']),
  /** 'earlier', 'in-force' (on the month's first day, or any day of it when the rule changes inside it) or 'later'. */
  when: z.enum(['earlier', 'in-force', 'later']),
});

export const statutoryRuleView = z.object({
  key: z.string(),
  /** 'pf', 'esi', 'pt' or 'tax' (the old regime's limits): the screen groups by it. */
  family: z.enum(['pf', 'esi', 'pt', 'tax']),
  group: z.string(),
  /** Professional tax: the state's code. */
  state: z.string().optional(),
  /** Table rules: which form enters a version. */
  tableKind: z.enum(['pt-slabs', 'months', 'tax-rates']).optional(),
  /** Rupee rules that may be 0. */
  allowZero: z.boolean().optional(),
  label: z.string(),
  unit: z.enum(['rupees', 'percent', 'table']),
  description: z.string(),
  midMonth: z.string(),
  versions: z.array(ruleVersionView),
});

export const statutoryRulesPage = z.object({
  month: z.string(),
  rules: z.array(statutoryRuleView),
  settings: statutorySettingsSchema,
  choices: z.object({ pfCeilingReading: z.array(z.enum(PF_CEILING_READINGS)), eps58Month: z.array(z.enum(EPS_58_MONTH)) }),
});
export type StatutoryRulesPage = z.infer<typeof statutoryRulesPage>;

const twoDecimals = (v: number) => Math.round(v * 100) === Number((v * 100).toFixed(6));

export const addRuleVersionBody = z.strictObject(
  {
    key: z.string({ error: 'key is required' }).trim().min(1, 'key is required').max(60, 'key is too long'),
    effectiveFrom: z.string({ error: 'effectiveFrom is required' }).pipe(dateSchema.refine((d) => d >= '1952-03-04', 'effectiveFrom must be on or after 1952-03-04')),
    value: z
      .number({ error: 'value must be a number' })
      .min(0, 'value must be 0 or more')
      .max(100_000_000, 'value is too large')
      .refine(twoDecimals, 'value can have at most 2 decimals')
      .optional(),
    /** Table rules (a professional-tax table, the ESI periods): the value, checked by the rule's own schema. */
    table: z.unknown().optional(),
    source: nameText('source', 300).refine((s) => s.length >= 5, 'source must name the notification and its date'),
    note: z.string({ error: 'note must be text' }).superRefine(lineRule('note', false)).trim().max(200, 'note must be at most 200 characters').optional(),
  },
  { error: (iss) => (iss.code === 'unrecognized_keys' ? `unknown fields: ${iss.keys.join(', ')}` : 'the body must be an object') },
);
export type AddRuleVersion = z.infer<typeof addRuleVersionBody>;

export const statutoryRulesQuery = z.object({ month: z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'month must be a month written YYYY-MM').optional() });
