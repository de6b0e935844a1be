/**
 * The ESIC monthly contribution upload of a month: the Excel sheet the ESIC portal takes under
 * "File Monthly Contribution" → Excel upload, one row per insured person (IP) on the rolls (see below):
 *
 *   IP Number | IP Name | No. of Days for which wages paid/payable | Total Monthly Wages
 *   | Reason Code for Zero workings/less working days | Last Working Day
 *
 * Source: ESIC, "User Manual for Filing the Monthly Contribution and Payment of dues" (Creating
 * Excel sheet for MC: "Enter the 10 digit IP number, IP name, No. of Days, Total Monthly Wages,
 * Reason for 0 wages (If Wages 0) & Last Working Day"; days a whole number, fractions rounded up;
 * the portal computes both shares itself), and its reason-code table as reproduced at
 * officeanywhere.io/payroll/esi-electronic-return-format (0 without reason, 1 on leave, 2 left
 * service, … ; last working day only for 2 and above). The portal's name rule is letters and
 * spaces only, so the name keeps just those.
 *
 * Who is on it: the portal takes the upload only when every insured person mapped to the employer
 * is on it (ESIC manual, as above), so every employee with an ESI (IP) number is listed:
 * - covered this month: the calendar days paid for (weekly offs are paid; LOP days are not) and the
 *   month's ESI wages; 0 days with reason 1 (on leave) for a month without pay;
 * - left in the month: reason 2 (left service) with the leaving day as the last working day, in
 *   the portal's dd/mm/yyyy; or the reason of the recorded exit (3 retired, 5 expired, 10
 *   retrenchment; src/shared/payroll/exit-codes.ts);
 * - no longer covered at the start of a contribution period (wages above the limit in April or
 *   October, covered in the month before, or that month not approved here): 0 days, 0 wages and
 *   reason 4 (out of coverage), which the portal accepts only in those two months. Someone not
 *   covered in the month before either was reported already and is not listed, nor is anyone not
 *   covered in the other months.
 * A covered employee without an IP number cannot be filed and is left out. The portal's own sample
 * is an .xls; this is .xlsx, which Excel saves as .xls if asked.
 */
import { escapeFormula } from '../../../spreadsheet-safety';
import { bufferedWorkbook } from '../xlsx-buffer';
import { portalName, type BuiltFile, type FilingRow, type LeftOut } from './filing-row';

export const ESI_COLUMNS = [
  'IP Number',
  'IP Name',
  'No of Days for which wages paid/payable during the month',
  'Total Monthly Wages',
  'Reason Code for Zero workings/less working days',
  'Last Working Day',
] as const;

/** A row of the sheet: IP number and name as text, days and wages as numbers, reason code and last day or null. */
export type EsiRow = [ipNumber: string, ipName: string, days: number, wages: number, reasonCode: number | null, lastWorkingDay: string | null];

/** Reason codes of the ESIC table: 1 on the rolls with no wages this month, 2 left service, 4 out of coverage. */
const ON_LEAVE = 1;
const LEFT_SERVICE = 2;
const OUT_OF_COVERAGE = 4;

/** 2026-09-15 -> 15/09/2026, the date form the portal's sheet takes. */
const portalDate = (date: string) => `${date.slice(8, 10)}/${date.slice(5, 7)}/${date.slice(0, 4)}`;

export function buildEsiContribution(rows: readonly FilingRow[]): BuiltFile<EsiRow[]> {
  const content: EsiRow[] = [];
  const leftOut: LeftOut[] = [];
  for (const r of rows) {
    if (!r.esi.covered) {
      if (r.esiNumber && r.esi.newPeriod && r.esi.coveredLastMonth !== false) content.push([r.esiNumber, portalName(r.name, false), 0, 0, OUT_OF_COVERAGE, null]);
      continue;
    }
    if (!r.esiNumber) {
      leftOut.push({ employeeId: r.employeeId, name: r.name, reason: 'covered by ESI but has no ESI (IP) number' });
      continue;
    }
    // The portal wants whole days, fractions rounded up (a day half lost to late marks is paid).
    const days = Math.ceil(r.daysPaid);
    const wages = days === 0 ? 0 : r.esi.wages;
    const reason = r.leftOn ? (r.esiReasonCode ?? LEFT_SERVICE) : days === 0 ? ON_LEAVE : null;
    content.push([r.esiNumber, portalName(r.name, false), days, wages, reason, r.leftOn && portalDate(r.leftOn)]);
  }
  return { content, leftOut };
}

/** The rows as the .xlsx to upload: one sheet, the header row, then the rows (text cells formula-guarded). */
export async function renderEsiWorkbook(rows: readonly EsiRow[], companyName: string, generatedAt: Date): Promise<Buffer> {
  const { wb, bytes } = bufferedWorkbook(companyName, generatedAt);
  const ws = wb.addWorksheet('Sheet1');
  ws.columns = ESI_COLUMNS.map((_, i) => ({ width: i === 1 ? 30 : 18 }));
  ws.addRow([...ESI_COLUMNS]).font = { bold: true };
  for (const row of rows) {
    const added = ws.addRow(row.map((cell) => escapeFormula(cell)));
    // IP numbers as text: a number cell would drop leading zeros.
    added.getCell(1).numFmt = '@';
    added.commit();
  }
  ws.commit();
  await wb.commit();
  return bytes;
}

export const esiFileName = (month: string) => `ESI-contribution_${month}.xlsx`;
