/**
 * The first lines of the bank file a template writes, for three sample people, asked from the server
 * (the same writer as the real file) a moment after the admin stops typing, and only for a template
 * the shared schema accepts. Values that would not fit are listed as the refused file would name
 * them; the server's field errors go back to the builder to mark the controls.
 */
import { useEffect, useMemo } from 'react';
import type { BankFormat } from '../../../shared/schemas/payroll-payments';
import { errorFields, errorMessage } from '../../api/error-message';
import { useDebounced } from '../../components/use-debounced';
import { serverTemplateProblems, templateProblems } from './bank-template-cells';
import { usePreviewBankFileQuery } from './payroll-register-api';

export const PREVIEW_UI = {
  title: 'Preview with sample people',
  sample: 'The first lines of the file for three sample people (Asha Rao, Venkata Lakshmi Narasimha Raghavan, Zoë DSouza).',
  waiting: 'Fix the marked fields to see the preview.',
  loading: 'Laying out the preview...',
  failed: 'The preview could not be made: ',
  problems: 'These sample values would not fit; a real file with such a value is refused:',
  file: (extension: string) => `Saved as a .${extension} file.`,
  spaces: 'A middle dot (·) marks each space.',
} as const;

/** How long after the last change the preview is asked for. */
const PREVIEW_PAUSE_MS = 400;

export function BankFilePreview({ bank, onServerErrors }: { bank: BankFormat; onServerErrors: (errors: Record<string, string>) => void }) {
  const asked = useDebounced(bank, PREVIEW_PAUSE_MS);
  // Judged on the template asked for, not the one being typed, so a stale template is never sent.
  const valid = useMemo(() => !Object.keys(templateProblems(asked)).length, [asked]);
  // currentData: the lines of this template only, never the last one's while this one is asked for.
  const { currentData: data, error, isFetching } = usePreviewBankFileQuery(asked, { skip: !valid });
  useEffect(() => onServerErrors(error ? serverTemplateProblems(errorFields(error)) : {}), [error, onServerErrors]);
  return (
    <section className="bank-preview" aria-labelledby="bank-preview-title" aria-busy={isFetching}>
      <h3 id="bank-preview-title" className="payroll-settings__subtitle">
        {PREVIEW_UI.title}
      </h3>
      {!valid ? (
        <p className="muted">{PREVIEW_UI.waiting}</p>
      ) : error ? (
        <p className="form-error">{PREVIEW_UI.failed + errorMessage(error, 'the server did not answer')}</p>
      ) : !data ? (
        <p className="muted">{PREVIEW_UI.loading}</p>
      ) : (
        <>
          <p className="muted">
            {PREVIEW_UI.sample} {PREVIEW_UI.file(data.extension)} {asked.layout === 'fixed' && PREVIEW_UI.spaces}
          </p>
          <pre className="bank-preview__lines" tabIndex={0} aria-label="File preview">
            {(asked.layout === 'fixed' ? data.lines.map((l) => l.replace(/ /g, '·')) : data.lines).join('\n')}
          </pre>
          {data.problems.length > 0 && (
            <div className="bank-preview__problems">
              <p>{PREVIEW_UI.problems}</p>
              <ul>
                {data.problems.map((p) => (
                  <li key={p} className="form-error">
                    {p}
                  </li>
                ))}
              </ul>
            </div>
          )}
        </>
      )}
    </section>
  );
}
