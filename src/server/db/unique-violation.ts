/**
 * True for a unique-constraint violation on either engine (a race another check did not see),
 * optionally only one that involves `column` (named in SQLite's message, PostgreSQL's detail).
 */
export function isUniqueViolation(err: unknown, column?: string): boolean {
  const { code, message, detail, constraint } = (err ?? {}) as { code?: unknown; message?: unknown; detail?: unknown; constraint?: unknown };
  const unique = code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
  if (!unique || column === undefined) return unique;
  return [message, detail, constraint].some((text) => typeof text === 'string' && text.includes(column));
}
