/** Building blocks for the entity schemas: one definition of an email, a date, an id. */
import { z } from 'zod';
import { LIST_DEFAULT_LIMIT, LIST_MAX_LIMIT } from '../constants';
import { MONTH_PATTERN } from '../payroll/pay-month';

export const emailSchema = z
  .string({ error: 'email is required' })
  .trim()
  .toLowerCase()
  .max(254, 'email is too long')
  .pipe(z.email({ error: (iss) => `invalid email "${String(iss.input)}"` }));

const isRealDate = (s: string) => {
  const d = new Date(`${s}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
};

/** A calendar date written YYYY-MM-DD that exists (no 2026-02-30). */
export const dateSchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date written YYYY-MM-DD')
  .refine(isRealDate, 'is not a real calendar date');

/** A month written YYYY-MM. */
export const monthSchema = z.string().regex(MONTH_PATTERN, 'must be a month written YYYY-MM');

/** Record ids travel as strings (`_id`) and are positive integers underneath. */
export const idParamSchema = z.object({
  id: z.string().regex(/^[1-9]\d{0,15}$/, 'id must be a record id'),
});

export const msgResponse = z.object({ msg: z.string() });
export type MsgResponse = z.infer<typeof msgResponse>;

/**
 * Bidirectional embedding, override and isolate controls (U+202A-U+202E, U+2066-U+2069). In a name or
 * title they make text display in another order than it is stored ("Ravi\u202Eexe.txt"), which is
 * how spoofed names and file names are made; nobody's real name needs them.
 */
export const BIDI_CONTROLS = /[\u202A-\u202E\u2066-\u2069]/;

/** requiredText for names and titles: also refuses bidirectional control characters. */
export const nameText = (field: string, max = 200) =>
  requiredText(field, max).refine((s) => !BIDI_CONTROLS.test(s), `${field} must not contain text-direction control characters`);

export const requiredText = (field: string, max = 200) =>
  z
    .string({ error: `${field} is required` })
    .trim()
    .min(1, `${field} is required`)
    .max(max, `${field} must be at most ${max} characters`);

/** `?limit=` of a bounded list: a whole number from 1 to LIST_MAX_LIMIT, LIST_DEFAULT_LIMIT when absent. */
export const listLimitSchema = z.coerce
  .number({ error: 'limit must be a number' })
  .int('limit must be a whole number')
  .min(1, `limit must be between 1 and ${LIST_MAX_LIMIT}`)
  .max(LIST_MAX_LIMIT, `limit must be between 1 and ${LIST_MAX_LIMIT}`)
  .default(LIST_DEFAULT_LIMIT);
