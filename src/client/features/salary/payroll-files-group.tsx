/**
 * The Payroll Register's "Files to upload" group, shown once the month is approved (nothing before,
 * and nothing while that is being asked): the EPFO ECR, the ESIC contribution sheet, the professional
 * tax summary and the bank transfer file, one button each.
 * A button shows its own progress; a failure is an error toast with the server's msg; after a
 * download the group says who the file left out (no UAN, ESI number or bank details), so the admin
 * can fix their details and download again.
 */
import { monthLabel } from '../../../shared/payroll/pay-month';
import { errorMessage } from '../../api/error-message';
import { BusyText } from '../../components/busy-text';
import { createFileDownloadMachine } from '../../flows/file-download-machine';
import { useFileDownload } from '../../flows/use-file-download';
import { payrollFilesApi, type LeftOutEmployee, type PayrollFileDownload, type PayrollFileKind } from './payroll-files-api';
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

/** One filing file at a time: the others wait while one is made (a second press is ignored). */
const payrollFileDownload = createFileDownloadMachine<{ month: string; kind: PayrollFileKind }, PayrollFileDownload>({
  id: 'payrollFile',
  failure: (error, { kind }) => UI.failed(FILES.find((f) => f.kind === kind)!.name) + errorMessage(error, UI.fallback),
});

function FileButtons({ month }: { month: string }) {
  const { busy, key, saved, download } = useFileDownload(payrollFileDownload, { fetchFile: payrollFilesApi.endpoints.downloadPayrollFile, toast: true });
  const note = saved ? UI.saved(saved.filename) + (saved.leftOut.length ? UI.leftOut(saved.leftOut, saved.leftOutCount) : '') : '';

  return (
    <section className="payroll-files" aria-labelledby="payroll-files-title">
      <h3 id="payroll-files-title">{UI.title}</h3>
      <p className="muted">{UI.intro(monthLabel(month))}</p>
      <ul className="payroll-files__list">
        {FILES.map((file) => {
          const working = key === file.kind;
          return (
            <li key={file.kind} className="payroll-files__item">
              <button
                type="button"
                className="button button--secondary"
                disabled={busy}
                aria-busy={working}
                aria-describedby={`payroll-file-${file.kind}-hint`}
                onClick={() => download({ month, kind: file.kind }, file.kind)}
              >
                <BusyText busy={working} busyText={UI.downloading}>
                  {file.label}
                </BusyText>
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
