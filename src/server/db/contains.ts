/**
 * A case-insensitive "contains" condition for search boxes, the same on SQLite and PostgreSQL. The
 * typed text's own % and _ match themselves: SQLite's LIKE has no default escape character, so one
 * ('!') is named, and lower() on both sides stands in for PostgreSQL's ILIKE, which SQLite lacks.
 */
import { sql, type RawBuilder } from 'kysely';

const pattern = (text: string) => `%${text.toLowerCase().replace(/[!%_]/g, (c) => `!${c}`)}%`;

/** `lower(column) LIKE '%text%'`, with the column named as the query knows it ('users.name', 'u.name'). */
export const contains = (column: string, text: string): RawBuilder<boolean> => sql<boolean>`lower(${sql.ref(column)}) like ${pattern(text)} escape '!'`;
