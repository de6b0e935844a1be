/**
 * The Payroll Register's "Files to upload" group, shown once the month is approved (nothing before,
 * and nothing while that is being asked): the EPFO ECR, the ESIC contribution sheet, the professional
 * tax summary and the bank transfer file, one button each.
 * A button shows its own progress; a failure is an error toast with the server's msg; after a
 * download the group says who the file left out (no UAN, ESI number or bank details), so the admin
 * can fix their details and download again.
 */
import { useState } from 'react';
import { monthLabel } from '../../../shared/payroll/pay-month';
import { errorMessage } from '../../api/error-message';
import { useAppDispatch } from '../../app/hooks';
import { Spinner } from '../../components/spinner';
import { useEffects } from '../../feedback/effects-context';
import { mutationCall } from '../../flows/from-mutation';
import { payrollFilesApi, type LeftOutEmployee, type PayrollFileKind } from './payroll-files-api';
import { useGetPayrollApprovalQuery } from './payroll-register-api';

const FILES: readonly { kind: PayrollFileKind; name: string; label: string; hint: string }[] = [
  { kind: 'ecr', name: 'ECR', label: 'EPFO ECR (.txt)', hint: 'Provident fund return for the EPFO portal' },
  { kind: 'esi', name: 'ESI sheet', label: 'ESI return (.xlsx)', hint: 'Monthly contribution upload for the ESIC portal' },
  { kind: 'pt', name: 'PT summary', label: 'Professional tax (.csv)', hint: 'Employees and tax by state and slab' },
  { kind: 'bank', name: 'bank file', label: 'Bank transfer (.csv)', hint: 'Net pay to full account numbers; each download is audited' },
];

const UI = {
  title: 'Files to upload',
  intro: (label: string) => `${label} is approved: these files are made from its slips as approved.`,
  downloading: 'Downloading...',
  failed: (name: string) => `Error downloading the ${name}: `,
  fallback: 'Failed to download the file',
  saved: (filename: string) => `Saved ${filename}.`,
  leftOut: (list: LeftOutEmployee[], count: number) =>
    ` Left out: ${list.map((e) => `${e.employeeId} (${e.reason})`).join(', ')}${count > list.length ? `, and ${count - list.length} more (the payroll register lists everyone)` : ''}.`,
} as const;

export function PayrollFilesGroup({ month }: { month: string }) {
  const { currentData: approval } = useGetPayrollApprovalQuery(month, { refetchOnMountOrArgChange: true });
  return approval?.approved ? <FileButtons month={month} /> : null;
}

function FileButtons({ month }: { month: string }) {
  const dispatch = useAppDispatch();
  const effects = useEffects();
  const [busy, setBusy] = useState<ReadonlySet<PayrollFileKind>>(new Set());
  const [note, setNote] = useState('');
  const mark = (kind: PayrollFileKind, on: boolean) =>
    setBusy((now) => {
      const next = new Set(now);
      if (on) next.add(kind);
      else next.delete(kind);
      return next;
    });

  const download = (file: (typeof FILES)[number]) => {
    mark(file.kind, true);
    mutationCall(payrollFilesApi.endpoints.downloadPayrollFile, dispatch)({ month, kind: file.kind }, new AbortController().signal)
      .then((answer) => {
        effects.saveFile(answer);
        setNote(UI.saved(answer.filename) + (answer.leftOut.length ? UI.leftOut(answer.leftOut, answer.leftOutCount) : ''));
      })
      .catch((error: unknown) => effects.toast('error', UI.failed(file.name) + errorMessage(error, UI.fallback)))
      .finally(() => mark(file.kind, false));
  };

  return (
    <section className="payroll-files" aria-labelledby="payroll-files-title">
      <h3 id="payroll-files-title">{UI.title}</h3>
      <p className="muted">{UI.intro(monthLabel(month))}</p>
      <ul className="payroll-files__list">
        {FILES.map((file) => {
          const working = busy.has(file.kind);
          return (
            <li key={file.kind} className="payroll-files__item">
              <button
                type="button"
                className="button button--secondary"
                disabled={working}
                aria-describedby={`payroll-file-${file.kind}-hint`}
                onClick={() => download(file)}
              >
                {working && <Spinner />} {working ? UI.downloading : file.label}
              </button>
              <span id={`payroll-file-${file.kind}-hint`} className="muted payroll-files__hint">
                {file.hint}
              </span>
            </li>
          );
        })}
      </ul>
      <p className="payroll-files__note" role="status">
        {note}
      </p>
    </section>
  );
}
