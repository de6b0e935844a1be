/**
 * The register as CSV or .xlsx, streamed: employees are read a batch at a time (three queries per
 * batch), each batch becomes lines or worksheet rows and goes out before the next is read, so the
 * memory a download holds is one batch, whether the company has ten people or ten thousand.
 * Every text cell passes the formula guard (names and emails are user input).
 */
import { once } from 'node:events';
import { PassThrough, Readable, pipeline, type Transform } from 'node:stream';
import { stringify } from 'csv-stringify';
import { exceljs } from '../../file-libraries';
import { REGISTER_LEGEND } from '../../../shared/leave-policy/month-register';
import type { RegisterRowJson } from '../../../shared/schemas/attendance-register';
import type { AppContext } from '../../context';
import { HttpError } from '../../errors';
import { escapeFormula } from '../../spreadsheet-safety';
import type { RegisterMonth, RegisterService } from './register-service';
import { REGISTER_MSG } from './register-messages';

export const XLSX_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

/** attendance_register_2026-10.csv / .xlsx */
export const registerFileName = (month: string, format: 'csv' | 'xlsx') => `attendance_register_${month}.${format}`;

/** The header row: who, one column per day ('1 Thu'), then the totals. */
export function registerHeader(m: RegisterMonth): string[] {
  return [
    'Employee ID',
    'Name',
    'Email',
    ...m.days.map((d) => `${Number(d.date.slice(8))} ${WEEKDAYS[d.weekday]}`),
    'Present',
    'Half days',
    ...m.leaveTypes.map((t) => `Leave ${t.code}`),
    'Late marks',
    'Overtime (hours)',
    'Loss of pay',
    'Holidays',
    'Weekly offs',
    'Paid days',
  ];
}

/** One row's cells, text escaped against formulas. */
export function registerCells(m: RegisterMonth, row: RegisterRowJson): (string | number)[] {
  const t = row.totals;
  return [
    ...[row.employeeId, row.name, row.email, ...row.codes].map(escapeFormula),
    t.present,
    t.halfDays,
    ...m.leaveTypes.map((type) => t.leave[type.code] ?? 0),
    t.lateMarks,
    Math.round((row.overtimeMinutes / 60) * 100) / 100,
    t.lop,
    t.holidays,
    t.weeklyOffs,
    t.paidDays,
  ];
}

async function* csvLines(m: RegisterMonth, service: RegisterService, q?: string): AsyncGenerator<(string | number)[]> {
  for await (const batch of service.batches(m, q)) for (const row of batch) yield registerCells(m, row);
}

/** Writes the workbook into `out`, a batch at a time, waiting while the client has not read what was sent. */
async function writeWorkbook(out: PassThrough, m: RegisterMonth, service: RegisterService, companyName: string, q?: string) {
  // No styles: exceljs's style bookkeeping per cell more than doubles the time of 10,000 × 31 cells.
  const wb = new (exceljs().stream.xlsx.WorkbookWriter)({ stream: out, useStyles: false, useSharedStrings: false });
  wb.creator = escapeFormula(companyName);
  const ws = wb.addWorksheet(`Register ${m.month}`, { views: [{ state: 'frozen', xSplit: 2, ySplit: 1 }] });
  const header = registerHeader(m);
  ws.columns = header.map((_, i) => ({ width: i === 0 ? 11 : i === 1 ? 24 : i === 2 ? 28 : i < 3 + m.days.length ? 6 : 10 }));
  ws.addRow(header).commit();
  for await (const batch of service.batches(m, q)) {
    for (const row of batch) ws.addRow(registerCells(m, row)).commit();
    if (out.writableNeedDrain) await Promise.race([once(out, 'drain'), once(out, 'close')]);
    // The client went away: stop reading the database.
    if (out.destroyed) return;
  }
  ws.commit();
  const legend = wb.addWorksheet('Legend');
  legend.columns = [{ width: 10 }, { width: 30 }];
  legend.addRow(['Code', 'Meaning']).commit();
  for (const { code, meaning } of REGISTER_LEGEND) legend.addRow([escapeFormula(code), meaning]).commit();
  legend.addRow([]).commit();
  for (const t of m.leaveTypes) legend.addRow([`L-${t.code}`, `${t.name}${t.paid ? '' : ' (unpaid)'}`]).commit();
  legend.commit();
  await wb.commit();
}

/**
 * Opens register downloads, at most `maxConcurrent` at a time (each holds a batch of rows and runs
 * queries for as long as its client takes to read); more are turned away with a 429.
 */
export function createRegisterExporter(ctx: AppContext, service: RegisterService, maxConcurrent = 2) {
  let open = 0;
  const done = (err: unknown) => {
    open -= 1;
    if (err && (err as NodeJS.ErrnoException).code !== 'ERR_STREAM_PREMATURE_CLOSE') ctx.log.error({ err }, REGISTER_MSG.exportFailed);
  };
  const claim = () => {
    if (open >= maxConcurrent) throw new HttpError(429, REGISTER_MSG.exportsBusy, { 'retry-after': '60' });
    open += 1;
  };
  return {
    csv(m: RegisterMonth, q?: string): Transform {
      claim();
      // The BOM tells Excel the file is UTF-8, so names such as 'Zoë' open as typed.
      const stringifier = stringify({ bom: true, header: true, columns: registerHeader(m) });
      return pipeline(Readable.from(csvLines(m, service, q)), stringifier, done);
    },

    xlsx(m: RegisterMonth, q?: string): PassThrough {
      claim();
      const out = new PassThrough();
      let finished = false;
      const finish = (err: unknown) => {
        if (finished) return;
        finished = true;
        done(err);
      };
      out.on('close', () => finish(null));
      writeWorkbook(out, m, service, ctx.config.companyName, q).then(
        () => finish(null),
        (err) => {
          finish(err);
          out.destroy(err as Error);
        },
      );
      return out;
    },
  };
}
