/**
 * Client-side form checks run the shared zod schemas (src/shared/schemas), the same ones the
 * server's routes validate with, so a form accepts exactly what the server accepts. This is the one
 * adapter from zod's issues to the words a form shows: the spec's text where the spec has one
 * (`wording`), otherwise the server's own wording of the same issue (issueMessage).
 */
import type { z } from 'zod';
import { issueMessage } from '../../shared/schemas/issue-message';

/** The first issue as zod reports it, for a form's `wording` to recognise. */
export interface SchemaIssue {
  /** The issue's path joined with dots: the field's name for a form's body. */
  field: string;
  code: string;
  message: string;
}

/**
 * The first problem `schema` finds with `value`, or null when it is accepted. `wording` returns the
 * spec's text for an issue it knows, undefined to keep the server's.
 */
export function schemaProblem(
  schema: z.ZodType,
  value: unknown,
  wording: (issue: SchemaIssue) => string | undefined = () => undefined,
): string | null {
  const result = schema.safeParse(value);
  if (result.success) return null;
  const first = result.error.issues[0]!;
  const issue = { field: first.path.join('.'), code: first.code, message: first.message };
  return wording(issue) ?? issueMessage(issue.field, issue.message);
}

/** Every field `schema` finds wrong with `value`, each with its first problem, worded as schemaProblem words it. */
export function schemaFieldProblems(
  schema: z.ZodType,
  value: unknown,
  wording: (issue: SchemaIssue) => string | undefined = () => undefined,
): Record<string, string> {
  const result = schema.safeParse(value);
  if (result.success) return {};
  const problems: Record<string, string> = {};
  for (const zodIssue of result.error.issues) {
    const issue = { field: zodIssue.path.join('.'), code: zodIssue.code, message: zodIssue.message };
    if (issue.field && !problems[issue.field]) problems[issue.field] = wording(issue) ?? issueMessage(issue.field, issue.message);
  }
  return problems;
}
