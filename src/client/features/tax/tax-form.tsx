/**
 * What the employee's Income Tax screen and the admin's Tax Declarations screen share: rupees and
 * dates as they read in India, the year picker, a declaration's details in one line, a file download
 * that says why it failed, a declaration's proofs as download links, a form's result banners, and the field-level errors of a form: every
 * problem the shared schema finds, and each part of the server's answer that names a field, shown
 * under that field.
 */
import type { ReactNode } from 'react';
import type { z } from 'zod';
import { monthLabel } from '../../../shared/payroll/pay-month';
import type { Declaration } from '../../../shared/schemas/tax';
import { issueMessage } from '../../../shared/schemas/issue-message';
import { useAppDispatch } from '../../app/hooks';
import type { DownloadedFile } from '../../api/download';
import { taxApi } from '../../api/tax-api';
import { errorMessage } from '../../api/error-message';
import { Banner } from '../../components/banner';
import { TextField } from '../../components/text-field';
import { FieldError, invalidProps } from '../../components/field-error';
import { createFileDownloadMachine } from '../../flows/file-download-machine';
import { mutationCall, type MutationEndpoint } from '../../flows/from-mutation';
import { useFileDownload } from '../../flows/use-file-download';
import { CITY_LABEL, TAX_UI } from './tax-copy';

export const rupees = (n: number) => `₹${n.toLocaleString('en-IN', { maximumFractionDigits: 2 })}`;
export const longDate = (d: string) => new Date(`${d}T00:00:00Z`).toLocaleDateString('en-IN', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
export const STATUS_TONE = { declared: 'info', verified: 'success', rejected: 'danger' } as const;

export function YearSelect({ id, label, value, years, onChange }: { id: string; label: string; value: string; years: readonly string[]; onChange: (year: string) => void }) {
  return (
    <div className="field tax__year">
      <label htmlFor={id}>{label}</label>
      <select id={id} value={value} onChange={(e) => onChange(e.target.value)}>
        {years.map((y) => (
          <option key={y} value={y}>
            {y}
          </option>
        ))}
      </select>
    </div>
  );
}

/** A declaration's details in one line; the admin's list names who the landlord or lender is. */
export function declarationDetail(d: Declaration, forAdmin = false): string {
  const x = d.details as Record<string, string | boolean | undefined>;
  const text = (v: unknown) => (typeof v === 'string' ? v : '');
  if (d.section === 'rent') {
    const city = `${CITY_LABEL[x.city as keyof typeof CITY_LABEL] ?? text(x.city)}${x.cityName ? ` (${text(x.cityName)})` : ''}`;
    const months = x.fromMonth && x.toMonth ? `${monthLabel(text(x.fromMonth))} to ${monthLabel(text(x.toMonth))}` : '';
    const relation = forAdmin && x.landlordRelationship ? ` (${text(x.landlordRelationship)})` : '';
    return `${city}, ${months}; ${forAdmin ? 'landlord ' : ''}${text(x.landlordName)}${x.landlordPan ? `, PAN ${text(x.landlordPan)}` : ''}${relation}`;
  }
  if (d.section === '24b') return `${forAdmin ? 'Lender ' : ''}${text(x.lenderName)}${x.lenderPan ? `, PAN ${text(x.lenderPan)}` : ''}`;
  if (d.section.startsWith('80D')) return x.senior ? 'Senior citizen insured' : '';
  return text(x.description);
}

/** A file of this screen (a proof, a statement, the annexure): which endpoint, asked with what. */
interface TaxFileRequest {
  endpoint: MutationEndpoint<never, DownloadedFile>;
  arg: unknown;
}

export const taxFileDownload = createFileDownloadMachine<TaxFileRequest>({ id: 'taxFile', failure: (error) => TAX_UI.downloadFailed + errorMessage(error, TAX_UI.fallback) });

/**
 * Saves a file of this screen through the shared download machine, or toasts why it could not be
 * had; `busy` while one is on its way (a second press meanwhile is ignored).
 */
export function useSaveDownload() {
  const dispatch = useAppDispatch();
  const { busy, download } = useFileDownload(taxFileDownload, {
    fetchFile: ({ endpoint, arg }, signal) => mutationCall(endpoint as MutationEndpoint<unknown, DownloadedFile>, dispatch)(arg, signal),
    toast: true,
  });
  return { busy, download: <Arg,>(endpoint: MutationEndpoint<Arg, DownloadedFile>, arg: Arg) => download({ endpoint: endpoint as MutationEndpoint<never, DownloadedFile>, arg }) };
}

/** A declaration's proofs, each a link that downloads it, with `after` (the employee's Remove) beside it. */
export function ProofList({ proofs, after }: { proofs: Declaration['proofs']; after?: (proof: Declaration['proofs'][number]) => ReactNode }) {
  const { download } = useSaveDownload();
  return (
    <ul className="tax__proofs">
      {proofs.map((p) => (
        <li key={p._id}>
          <button type="button" className="link-button" onClick={() => download(taxApi.endpoints.downloadProof, { id: p._id, fileName: p.fileName })}>
            {p.fileName}
          </button>
          {after?.(p)}
        </li>
      ))}
    </ul>
  );
}

/** A form's last answer: what went wrong (or, when fields are marked, that they are), or the server's confirmation. */
export function FormResult({ form, fieldErrors: marked = {} }: { form: { error: string | null; message: string | null }; fieldErrors?: FieldErrors }) {
  const count = Object.keys(marked).length;
  return (
    <>
      {form.error && <Banner tone="error">{count ? TAX_UI.checkFields(count) : form.error}</Banner>}
      {form.message && <Banner tone="success">{form.message}</Banner>}
    </>
  );
}

export type FieldErrors = Readonly<Record<string, string>>;

/** A field's label as it reads inside a sentence: without its unit. */
const inSentence = (label: string) => label.replace(/\s*\(₹\)$/, '');

/**
 * Every problem the shared schema finds with `body`, by field (its last path part), in the words
 * the server would use; and, when the server answered with an error, each of its '; '-separated
 * parts that starts with a field's name. The wire's field names (landlordPan) read as the form's
 * labels (Landlord's PAN). Empty while the form has shown no error.
 */
export function fieldErrors(schema: z.ZodType, body: unknown, formError: string | null, labels: Readonly<Record<string, string>>): FieldErrors {
  if (!formError) return {};
  const fields = Object.keys(labels);
  const found: Record<string, string> = {};
  const parsed = schema.safeParse(body);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = String(issue.path[issue.path.length - 1] ?? '');
      if (fields.includes(field)) found[field] ??= issueMessage(field, issue.message);
    }
  }
  const answer = formError.startsWith(TAX_UI.failed) ? formError.slice(TAX_UI.failed.length) : formError;
  for (const part of answer.split('; ')) {
    const field = fields.find((f) => part.startsWith(`${f} `));
    if (field) found[field] ??= part;
  }
  const named = new RegExp(`\\b(${fields.join('|')})\\b`, 'g');
  return Object.fromEntries(Object.entries(found).map(([field, msg]) => [field, msg.replace(named, (key) => inSentence(labels[key]!))]));
}

/** A text field with its error under it, named as its description and marked invalid (field-error.tsx). */
export function CheckedField({ id, label, error, hint, ...input }: Parameters<typeof TextField>[0] & { error?: string; hint?: ReactNode }) {
  return (
    <TextField id={id} label={label} hint={hint} {...input} {...(error ? invalidProps(id, error, hint ? `${id}-hint` : undefined) : {})}>
      <FieldError id={id} error={error} />
    </TextField>
  );
}
