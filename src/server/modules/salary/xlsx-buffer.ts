/** What the salary workbooks (slip, payroll register) share: the rupee format and a writer into memory. */
import { PassThrough } from 'node:stream';
import type ExcelJS from 'exceljs';
import { exceljs } from '../../file-libraries';
import { escapeFormula } from '../../spreadsheet-safety';

// Lakh/crore digit grouping (12,34,567), which Excel has no built-in format for.
export const INR_FORMAT = '[>=10000000]##\\,##\\,##\\,##0;[>=100000]##\\,##\\,##0;##,##0';

/**
 * A workbook stamped with the company and the time, and its .xlsx bytes once `wb.commit()` is done.
 * Written with exceljs's streaming writer: it zips through Node's native zlib, off the main thread,
 * where the in-memory writer's pure-JS deflate takes two to three times as long per slip; a bulk run
 * of 10,000 slips has to fit in a minute.
 */
export function bufferedWorkbook(companyName: string, generatedAt: Date): { wb: ExcelJS.stream.xlsx.WorkbookWriter; bytes: Promise<Buffer> } {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (chunk: Buffer) => chunks.push(chunk));
  // 'end' comes after the last chunk was read, which the writer's own 'finish' does not promise.
  const bytes = new Promise<Buffer>((resolve, reject) => {
    out.on('end', () => resolve(Buffer.concat(chunks)));
    out.on('error', reject);
  });
  const wb = new (exceljs().stream.xlsx.WorkbookWriter)({ stream: out, useStyles: true, useSharedStrings: false });
  wb.creator = escapeFormula(companyName);
  wb.created = generatedAt;
  return { wb, bytes };
}
