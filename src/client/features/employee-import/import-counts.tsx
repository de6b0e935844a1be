/** An import's four counts as tiles (the preview's "would be", the report's "were"). */
import type { ImportCounts as Counts } from '../../../shared/schemas/import';
import { RESULT_LABEL } from './import-copy';

export function ImportCounts({ counts, dryRun = false }: { counts: Counts; dryRun?: boolean }) {
  const keys = ['added', 'updated', 'unchanged', 'failed'] as const;
  return (
    <dl className="import-counts">
      {keys.map((k) => (
        <div key={k}>
          <dt>{dryRun && k !== 'failed' ? `${RESULT_LABEL[k]} (would be)` : k === 'failed' ? 'With problems' : RESULT_LABEL[k]}</dt>
          <dd>{counts[k].toLocaleString('en-IN')}</dd>
        </div>
      ))}
    </dl>
  );
}
