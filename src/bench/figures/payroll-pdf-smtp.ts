/**
 * Figure 14, PDF slips by e-mail: the same payroll run as figure 6 (POST /api/salary/email-all, polled
 * until done; for the month before figure 6's, which figure 6 approves and so locks), on a server whose SMTP_URL is a real SMTP peer (the
 * smtp-server package, in the bench process, counting what arrives without keeping it). Every slip
 * is computed, rendered as a PDF and sent through nodemailer's SMTP pool, as in production. The floor
 * is compute + PDF alone, serial in the bench process (timed on a sample, scaled to the run).
 */
import { startTestSmtp, type TestSmtp } from '../../server/mail/smtp-test-server';
import { int, ratio, sec, type EngineSetting, type FigureResult } from '../bench-types';
import { timedPayrollRun } from './payroll-run';

/** An SMTP peer for the figure's server; it keeps counts, not messages. */
export const startSmtpPeer = (): Promise<TestSmtp> => startTestSmtp({ keep: false });

export async function measurePayrollPdfSmtp(s: EngineSetting, peer: TestSmtp): Promise<FigureResult> {
  const { month, runId, report, seconds, floorPerSlipMs, cpuSec } = await timedPayrollRun(s, 1);
  const floorSeconds = (floorPerSlipMs * report.total) / 1000;
  // 10,000 slips in under 60 s; a smaller run is held to the same rate.
  const limitSec = (60 * report.total) / 10_000;
  const arrived = peer.attempts;
  const megabytes = peer.bytes / 1024 / 1024;
  return {
    raw: { month, runId, report: { ...report, errors: report.errors.slice(0, 20) }, seconds, floorPerSlipMs, cpuSec, arrived, bytes: peer.bytes },
    rows: [
      {
        id: 'payroll.pdf.time',
        group: 14,
        label: `PDF slips of ${int(report.total)} people (${month}) computed, rendered and e-mailed through a real SMTP peer: total time`,
        value: sec(seconds),
        floor: `${sec(floorSeconds)} (compute + PDF in-process, serial)`,
        ratio: ratio(seconds, floorSeconds),
        target: `< ${sec(limitSec)}`,
        pass: seconds < limitSec && report.failed === 0 && report.sent === report.total && arrived >= report.total,
        note:
          `${int(report.sent)} sent, ${int(report.failed)} failed; ${int(arrived)} messages (${megabytes.toFixed(0)} MB) arrived at the peer; ` +
          `CPU over the run: server ${cpuSec.server.toFixed(1)} s (${((cpuSec.server * 1000) / Math.max(1, report.sent)).toFixed(2)} ms a slip), bench and peer ${cpuSec.bench.toFixed(1)} s` +
          (report.errors[0] ? `; first error: ${report.errors[0].error}` : ''),
      },
      {
        id: 'payroll.pdf.rate',
        group: 14,
        label: 'PDF slips by SMTP: slips/s',
        value: (report.sent / seconds).toFixed(1),
        floor: `${(1000 / floorPerSlipMs).toFixed(1)} (in-process, serial)`,
        ratio: ratio(report.sent / seconds, 1000 / floorPerSlipMs),
        target: '≥ 166.7 (10,000 in 60 s)',
        pass: report.sent / seconds >= 10_000 / 60,
      },
    ],
  };
}
