/** A failed row's problems, each with the field it names (the preview's and the report's cell). */
import type { ImportRow } from '../../../shared/schemas/import';
import { IMPORT_UI } from './import-copy';
import { rowProblems } from './import-problems';

export function ImportProblemsList({ row }: { row: Pick<ImportRow, 'error' | 'problems'> }) {
  const problems = rowProblems(row);
  if (!problems.length) return null;
  return (
    <ul className="import-problems">
      {problems.map((p, i) => (
        <li key={i}>
          <span className="import-problems__field">{p.field ?? IMPORT_UI.rowField}</span>
          {': '}
          <span className="import-problems__message">{p.message}</span>
        </li>
      ))}
    </ul>
  );
}

/** The same as one line of text (column sizing, and what a cut cell holds). */
export const problemsText = (row: Pick<ImportRow, 'error' | 'problems'>): string =>
  rowProblems(row)
    .map((p) => `${p.field ?? IMPORT_UI.rowField}: ${p.message}`)
    .join('; ');
