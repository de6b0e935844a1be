/**
 * The files a company uploads elsewhere for an approved month: the EPFO ECR, the ESIC monthly
 * contribution sheet, the professional tax summary and the bank bulk-transfer file. They are built
 * from the slips as approved (payroll-approvals.ts), never from a fresh computation, so they agree
 * with what was paid; the identifiers (name, UAN, ESI number, bank account) are the ones frozen with
 * the slips at approval or the latest re-run (beneficiary.ts). A month not approved is refused with
 * 409. The bank file is a payment batch (payment-batches.ts): the same bytes on every download.
 */
import { createHash } from 'node:crypto';
import type { AppContext } from '../../../context';
import { selectEmployees } from '../../employee-records';
import { loadStatutoryByUser } from '../../employee-records';
import { frozenStatutory } from '../beneficiary';
import { esiExitCodes } from '../../exit-records';
import { createPaymentBatchService } from '../payment-batches';
import { approvedSlips, requireApprovedMonth } from '../payroll-approvals';
import { isEsiPeriodStart } from '../../../../shared/payroll/statutory/esi';
import { loadRuleBook } from '../../statutory-rules';
import { lastCompleteMonth } from '../../../../shared/payroll/pay-month';
import { XLSX_CONTENT_TYPE } from '../slip-workbook';
import { arrearEcrFileName, buildArrearEcrFile } from './arrear-ecr-file';
import { buildEcrFile, ecrFileName } from './ecr-file';
import { recordAudit } from '../../../audit';
import { buildEsiContribution, esiFileName, renderEsiWorkbook } from './esi-contribution-file';
import { filingRow, type FilingRow, type LeftOut } from './filing-row';
import { buildPtSummary, ptSummaryFileName } from './pt-summary-file';

export const FILE_KINDS = ['ecr', 'esi', 'pt', 'bank', 'ecr-arrears'] as const;
export type FileKind = (typeof FILE_KINDS)[number];

export interface MonthFile {
  filename: string;
  contentType: string;
  content: string | Buffer;
  leftOut: LeftOut[];
}

const TEXT = 'text/plain; charset=utf-8';
const CSV = 'text/csv; charset=utf-8';
const LOOKUP_CHUNK = 1000;

/** The approved month's filing rows in register order (EMP2 before EMP10); 409 when the month is not approved. */
export async function approvedFilingRows(ctx: AppContext, month: string): Promise<FilingRow[]> {
  const { db } = ctx.database;
  await requireApprovedMonth(db, month);
  const slips = await approvedSlips(db, month);
  const ids = slips.map((s) => s.userId);
  const names = new Map<number, string>();
  for (let i = 0; i < ids.length; i += LOOKUP_CHUNK) {
    const rows = await selectEmployees(db)
      .where('users.id', 'in', ids.slice(i, i + LOOKUP_CHUNK))
      .execute();
    for (const r of rows) names.set(Number(r.user_id), r.name);
  }
  const details = await loadStatutoryByUser(db, ids);
  // A period's first month (April and October unless a later rule version says otherwise): who ESI
  // covered in the month before (out-of-coverage is reported once). The approved slips say which it is.
  const recorded = slips.find((s) => s.slip.statutory.esi)?.slip.statutory.esi;
  const newPeriod = recorded ? recorded.periodStart === month : isEsiPeriodStart(month, await loadRuleBook(db));
  const coveredBefore = newPeriod ? await esiCoveredIn(ctx, lastCompleteMonth(`${month}-01`)) : null;
  // Leavers of the month are reported with their exit's ESI reason (left service, retired, expired…).
  const leavers = ids.filter((id) => details.get(id)?.leftOn?.startsWith(month));
  const exitCodes = await esiExitCodes(db, leavers);
  return slips
    .map((s) => {
      const row = s.beneficiary
        ? filingRow({ employeeId: s.employeeId, name: s.beneficiary.name }, frozenStatutory(s.beneficiary, details.get(s.userId)), s.slip, coveredBefore?.get(s.userId) ?? null)
        : filingRow({ employeeId: s.employeeId, name: names.get(s.userId) ?? s.employeeId }, details.get(s.userId), s.slip, coveredBefore?.get(s.userId) ?? null);
      const code = exitCodes.get(s.userId);
      return code === undefined ? row : { ...row, esiReasonCode: code };
    })
    .sort((a, b) => a.employeeId.length - b.employeeId.length || a.employeeId.localeCompare(b.employeeId));
}

/** Who ESI covered in an approved month, by users id; empty when the month is not approved. */
async function esiCoveredIn(ctx: AppContext, month: string): Promise<Map<number, boolean>> {
  return new Map((await approvedSlips(ctx.database.db, month)).map((s) => [s.userId, s.slip.statutory.esiCovered]));
}

/**
 * One file of an approved month. The bank file (full account numbers) is the month's payment batch,
 * audited there: who, when, its SHA-256, how many, how much. The filing files carry UANs, IP numbers
 * and wages, so each download is audited here too: who, when, which file, its SHA-256 and how many
 * people it names, so a file met later outside the company can be traced to its download.
 */
export async function monthFile(ctx: AppContext, actorId: number, kind: FileKind, month: string): Promise<MonthFile> {
  if (kind === 'bank') return createPaymentBatchService(ctx).bankFile(actorId, month);
  if (kind === 'ecr-arrears') return arrearEcr(ctx, actorId, month);
  const rows = await approvedFilingRows(ctx, month);
  const file = await filingFile(ctx, kind, month, rows);
  const sha256 = createHash('sha256').update(file.content).digest('hex');
  const after = { kind, sha256, records: rows.length - file.leftOut.length, leftOut: file.leftOut.length };
  await recordAudit(ctx.database.db, { actorId, action: 'payroll.filing-file', entity: 'payroll_month', entityId: month, after }, ctx.now());
  return file;
}

async function filingFile(ctx: AppContext, kind: 'ecr' | 'esi' | 'pt', month: string, rows: FilingRow[]): Promise<MonthFile> {
  switch (kind) {
    case 'ecr': {
      const built = buildEcrFile(rows);
      return { filename: ecrFileName(month), contentType: TEXT, content: built.content, leftOut: built.leftOut };
    }
    case 'esi': {
      const built = buildEsiContribution(rows);
      const content = await renderEsiWorkbook(built.content, ctx.config.companyName, ctx.now());
      return { filename: esiFileName(month), contentType: XLSX_CONTENT_TYPE, content, leftOut: built.leftOut };
    }
    case 'pt':
      return { filename: ptSummaryFileName(month), contentType: CSV, content: buildPtSummary(rows, month, await loadRuleBook(ctx.database.db)), leftOut: [] };
  }
}

/**
 * The supplementary (arrear) ECR of an approved month: the PF differences of earlier months its
 * slips paid (rule-arrears.ts), from the slips as approved and the UANs frozen with them. Audited
 * (UANs and contributions): who, when, how many lines.
 */
async function arrearEcr(ctx: AppContext, actorId: number, month: string): Promise<MonthFile> {
  const { db } = ctx.database;
  await requireApprovedMonth(db, month);
  const slips = (await approvedSlips(db, month)).filter((s) => s.slip.pfCorrections?.length);
  const details = await loadStatutoryByUser(
    db,
    slips.map((s) => s.userId),
  );
  const members = slips
    .map((s) => {
      const st = s.beneficiary ? frozenStatutory(s.beneficiary, details.get(s.userId)) : details.get(s.userId);
      return { employeeId: s.employeeId, name: s.beneficiary?.name ?? s.employeeId, uan: st?.uan ?? null, corrections: s.slip.pfCorrections! };
    })
    .sort((a, b) => a.employeeId.length - b.employeeId.length || a.employeeId.localeCompare(b.employeeId));
  const built = buildArrearEcrFile(members);
  await recordAudit(db, { actorId, action: 'payroll.arrear-ecr-file', entity: 'payroll_month', entityId: month, after: { lines: members.length - built.leftOut.length, leftOut: built.leftOut.length } }, ctx.now());
  return { filename: arrearEcrFileName(month), contentType: TEXT, content: built.content, leftOut: built.leftOut };
}

/**
 * How many left-out employees the x-left-out header lists. Headers are bounded everywhere (curl
 * 100 KB, Chromium 256 KB, nginx's default proxy buffer 4 to 8 KB), and the list once grew with the
 * company (146 KB at 2,000 employees); at 25 entries of up to about 125 bytes (URI-encoded) it stays near 3 KB.
 * x-left-out-count carries the whole number; the payroll register lists everyone and why.
 */
export const LEFT_OUT_HEADER_MAX = 25;

/** The first LEFT_OUT_HEADER_MAX of the left-out list as a response header: URI-encoded JSON of employee ids and reasons (no names). */
export const leftOutHeader = (leftOut: readonly LeftOut[]) =>
  encodeURIComponent(JSON.stringify(leftOut.slice(0, LEFT_OUT_HEADER_MAX).map(({ employeeId, reason }) => ({ employeeId, reason }))));
