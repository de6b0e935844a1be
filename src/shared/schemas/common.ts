/** Building blocks for the entity schemas: one definition of an email, a date, an id. */
import { z } from 'zod';
import { LIST_DEFAULT_LIMIT, LIST_MAX_LIMIT } from '../constants';
import { MONTH_PATTERN } from '../payroll/pay-month';

const isRealDate = (s: string) => {
  const d = new Date(`${s}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
};

/** A calendar date written YYYY-MM-DD that exists (no 2026-02-30). */
export const dateSchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date written YYYY-MM-DD')
  .refine(isRealDate, 'is not a real calendar date');

/**
 * A wall-clock time written HH:MM (24-hour), as a time input sends it; required. Left empty it "is
 * required", as every other required field says (a form marks it "Required"), not a malformed time.
 */
export const clockTime = (field: string) =>
  z
    .string({ error: (iss) => (iss.input === undefined ? `${field} is required` : `${field} must be a time written HH:MM`) })
    .min(1, { error: `${field} is required`, abort: true })
    .regex(/^([01]\d|2[0-3]):[0-5]\d$/, `${field} must be a time written HH:MM (00:00 to 23:59)`);

/** An optional clock time: empty, null or absent is none (null), anything else must be HH:MM. */
export const optionalClockTime = (field: string) => z.preprocess((v) => (v === '' ? null : v), clockTime(field).nullable()).optional();

/** A month written YYYY-MM. */
export const monthSchema = z.string().regex(MONTH_PATTERN, 'must be a month written YYYY-MM');

/** Record ids travel as strings (`_id`) and are positive integers underneath. */
export const idParamSchema = z.object({
  id: z.string().regex(/^[1-9]\d{0,15}$/, 'id must be a record id'),
});

/**
 * `{msg}`, every answer's words. A body refused by its schema also carries `fieldErrors`: each bad
 * field by its dotted path ('statutory.pan') with its message, so a form marks them all at once;
 * `msg` is then the first of them.
 */
export const msgResponse = z.object({ msg: z.string(), fieldErrors: z.record(z.string(), z.string()).optional() });
export type MsgResponse = z.infer<typeof msgResponse>;

/**
 * Bidirectional embedding, override and isolate controls (U+202A-U+202E, U+2066-U+2069). In a name or
 * title they make text display in another order than it is stored ("Ravi\u202Eexe.txt"), which is
 * how spoofed names and file names are made; nobody's real name needs them.
 */
export const BIDI_CONTROLS = /[\u202A-\u202E\u2066-\u2069]/;

/**
 * What single-line text refuses: every C0 control (TAB, CR and LF included), DEL, every C1 control
 * (NEL, U+0085, included) and the Unicode line and paragraph separators (U+2028, U+2029). A line
 * break in a name becomes an extra record in any file read line by line (a bank upload, a CSV), and
 * the other controls are invisible on screen but kept in files and mail; nobody's real name,
 * position, code or email needs one.
 */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
export const SINGLE_LINE_FORBIDDEN = /[\u0000-\u001F\u007F-\u009F\u2028\u2029]/;

/** What multi-line text refuses: the same, except LF and CR, so a paragraph keeps its line breaks. */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
export const MULTI_LINE_FORBIDDEN = /[\u0000-\u0009\u000B\u000C\u000E-\u001F\u007F-\u009F\u2028\u2029]/;

/**
 * The one rule for text, as a zod `superRefine` step whose message names the field: single-line text
 * refuses SINGLE_LINE_FORBIDDEN, multi-line text MULTI_LINE_FORBIDDEN, and both the bidirectional
 * controls. It goes before `.trim()`, so the text as sent is checked (a trailing newline is refused,
 * not silently cut).
 */
export const lineRule = (field: string, multiLine: boolean) => (s: string, ctx: z.RefinementCtx) => {
  if (BIDI_CONTROLS.test(s)) ctx.addIssue({ code: 'custom', message: `${field} must not contain text-direction control characters` });
  else if (!multiLine && SINGLE_LINE_FORBIDDEN.test(s))
    ctx.addIssue({ code: 'custom', message: `${field} must be one line of text, without line breaks, tabs or other control characters` });
  else if (multiLine && MULTI_LINE_FORBIDDEN.test(s))
    ctx.addIssue({ code: 'custom', message: `${field} must not contain tabs or control characters (line breaks are fine)` });
};

/**
 * Required single-line text (names, positions, titles, codes, holiday and leave type names): trimmed,
 * 1 to `max` characters, no control characters, line breaks or text-direction controls.
 */
export const nameText = (field: string, max = 200) =>
  z
    .string({ error: `${field} is required` })
    .superRefine(lineRule(field, false))
    .trim()
    .min(1, `${field} is required`)
    .max(max, `${field} must be at most ${max} characters`);

/** Required multi-line text (a task description, a reason): trimmed, line breaks kept, other controls refused. */
export const multiLineText = (field: string, max = 1000) =>
  z
    .string({ error: `${field} is required` })
    .superRefine(lineRule(field, true))
    .trim()
    .min(1, `${field} is required`)
    .max(max, `${field} must be at most ${max} characters`);

/**
 * PUT of a decision on a request an approver decides once (a leave, an attendance correction, a
 * compensatory off): approved or rejected, with the decider's optional remark.
 */
export const requestDecisionBody = z.object({
  status: z.enum(['approved', 'rejected'], { error: "status must be 'approved' or 'rejected'" }),
  remark: z.string({ error: 'remark must be text' }).superRefine(lineRule('remark', true)).trim().max(500, 'remark must be at most 500 characters').optional(),
});

/** A listed leave's or correction's decision as the API answers it: the decision fields absent until set. */
export const requestDecisionFields = {
  /** Name of whoever decided it, and when; absent while pending. */
  decidedBy: z.string().optional(),
  decidedAt: z.string().optional(),
  createdAt: z.string(),
  /** Who asked (the same person as employeeId and name). */
  requester: z.object({ employeeId: z.string(), name: z.string() }).optional(),
  /** Where a pending request waits: with the manager or with HR. */
  stage: z.enum(['manager', 'hr']).optional(),
  /** In what capacity the decision was taken, and the decider's remark. */
  decidedAs: z.enum(['admin', 'manager', 'stand-in']).optional(),
  remark: z.string().optional(),
};

export const emailSchema = z
  .string({ error: 'email is required' })
  .superRefine(lineRule('email', false))
  .trim()
  .toLowerCase()
  .max(254, 'email is too long')
  .pipe(z.email({ error: (iss) => `invalid email "${String(iss.input)}"` }));

/** `?limit=` of a bounded list: a whole number from 1 to LIST_MAX_LIMIT, LIST_DEFAULT_LIMIT when absent. */
export const listLimitSchema = z.coerce
  .number({ error: 'limit must be a number' })
  .int('limit must be a whole number')
  .min(1, `limit must be between 1 and ${LIST_MAX_LIMIT}`)
  .max(LIST_MAX_LIMIT, `limit must be between 1 and ${LIST_MAX_LIMIT}`)
  .default(LIST_DEFAULT_LIMIT);
