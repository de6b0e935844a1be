/**
 * A failed row's problems, each with the field it names, for the preview and the report: the
 * server's messages name their field ("invalid email …", "salary: …", "pan must be …"); the field is
 * the earliest column name in the text. A problem that names none (a cell holding a formula) is the
 * row's.
 */
import type { ImportRow } from '../../../shared/schemas/import';
import { STATUTORY_FIELDS } from '../../../shared/schemas/employee-statutory';

export interface RowProblem {
  field: string | null;
  message: string;
}

const COLUMNS: [token: string, field: string][] = [
  ['managerEmployeeId', 'managerEmployeeId'],
  ['employeeId', 'employeeId'],
  ['salaryEffectiveFrom', 'salaryEffectiveFrom'],
  ['joiningDate', 'joiningDate'],
  ['departmentId', 'departmentId'],
  ['department', 'departmentId'],
  ['locationId', 'locationId'],
  ['location', 'locationId'],
  ['position', 'position'],
  ['salary', 'salary'],
  ['email', 'email'],
  ['phone', 'phone'],
  ['name', 'name'],
  ...STATUTORY_FIELDS.flatMap((f): [string, string][] => [
    [`statutory.${f}`, `statutory.${f}`],
    [f, `statutory.${f}`],
  ]),
  ['PF wages at joining', 'statutory.pfWageAtJoining'],
];

// Longest first, so employeeId wins over a shorter token inside it; whole words only.
const PATTERN = new RegExp(
  `(?<![\\w.])(${[...COLUMNS]
    .sort((a, b) => b[0].length - a[0].length)
    .map(([t]) => t.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
    .join('|')})(?![\\w])`,
);
const FIELD_OF = new Map(COLUMNS);

/** The field a message names first, or null. */
export function fieldOf(message: string): string | null {
  // Quoted values are the file's, not field names ('invalid email "name@x"').
  const unquoted = message.replace(/"[^"]*"/g, (q) => ' '.repeat(q.length));
  const match = PATTERN.exec(unquoted);
  return match ? (FIELD_OF.get(match[1]!) ?? null) : null;
}

/**
 * Each problem of a failed row with its field; the joined error when the answer did not list them.
 * A message that starts with its field ("salary: …") loses that prefix, which the field already shows.
 */
export function rowProblems(row: Pick<ImportRow, 'error' | 'problems'>): RowProblem[] {
  const messages = row.problems?.length ? row.problems : row.error ? [row.error] : [];
  return messages.map((message) => {
    const prefix = /^([\w.]+): /.exec(message);
    if (prefix && FIELD_OF.has(prefix[1]!)) return { field: FIELD_OF.get(prefix[1]!)!, message: message.slice(prefix[0].length) };
    return { field: fieldOf(message), message };
  });
}
