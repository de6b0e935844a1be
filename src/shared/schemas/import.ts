/**
 * The one answer of every import (employees, opening leave balances, attendance): what happened to
 * each row, the counts, and `errors`, the spec's list of 'Row N: reason' strings.
 */
import { z } from 'zod';

export const IMPORT_MODES = ['add', 'update', 'upsert'] as const;
export type ImportMode = (typeof IMPORT_MODES)[number];

export const IMPORT_RESULTS = ['added', 'updated', 'unchanged', 'failed'] as const;

export const importRowSchema = z.object({
  row: z.number(),
  employeeId: z.string().nullable(),
  result: z.enum(IMPORT_RESULTS),
  error: z.string().optional(),
  /** A failed row's problems one by one, each naming its field (`error` joins them). */
  problems: z.array(z.string()).optional(),
});
export type ImportRow = z.infer<typeof importRowSchema>;

export const importCountsSchema = z.object({ added: z.number(), updated: z.number(), unchanged: z.number(), failed: z.number() });
export type ImportCounts = z.infer<typeof importCountsSchema>;

export const importAnswerSchema = z.object({
  msg: z.string(),
  dryRun: z.boolean(),
  counts: importCountsSchema,
  rows: z.array(importRowSchema),
  errors: z.array(z.string()),
  /** The kept report of a real import (absent on a dry run). */
  reportId: z.string().optional(),
});
export type ImportAnswer = z.infer<typeof importAnswerSchema>;

const flag = (name: string) =>
  z
    .enum(['true', 'false', '1', '0'], { error: `${name} must be true or false` })
    .optional()
    .transform((v) => v === 'true' || v === '1');

/** ?dryRun=true&mode=add|update|upsert&atomic=true&invite=now|later on every import. */
export const importQuerySchema = z.object({
  dryRun: flag('dryRun'),
  atomic: flag('atomic'),
  mode: z.enum(IMPORT_MODES, { error: 'mode must be add, update or upsert' }).default('add'),
  invite: z.enum(['now', 'later'], { error: 'invite must be now or later' }).optional(),
});

/** A kept import, as the report page lists it. */
export const importReportSchema = z.object({
  _id: z.string(),
  kind: z.string(),
  fileName: z.string(),
  mode: z.string(),
  by: z.string(),
  createdAt: z.string(),
  counts: importCountsSchema,
});
export type ImportReport = z.infer<typeof importReportSchema>;

export const importReportDetailSchema = importReportSchema.extend({ rows: z.array(importRowSchema) });
export type ImportReportDetail = z.infer<typeof importReportDetailSchema>;
