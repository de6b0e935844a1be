/**
 * The full-and-final statement as an A4 PDF: who, the service and the exit, every line of the
 * settlement with its amount, the amount paid (or owed by the leaver), and how gratuity, notice and
 * tax were worked out. Set in DejaVu Sans from the dejavu-fonts-ttf package (it has the ₹ sign), as
 * the salary slip is. A draft says so across its top.
 */
import { pdfkit } from '../../file-libraries';
import type { FinalSettlement } from '../../../shared/schemas/exit';
import { countOf, gratuityWorking, serviceLength } from '../../../shared/format';
import { formatRupees } from '../../paise-text';

const MARGIN = 48;
const WIDTH = 595.28 - 2 * MARGIN;
const INK = '#1a1a1a';
const MUTED = '#555555';
const RULE = '#b0b0b0';
const BAND = '#eef1f5';
const STAMP = '#a4262c';

export const settlementPdfFileName = (employeeId: string) => `full-and-final_${employeeId.replace(/[^A-Za-z0-9-]/g, '_')}.pdf`;

/** The view's rupees as the slip prints them: no sign in the "Amount (₹)" column, ₹ before the total. */
const money = (rupees: number) => formatRupees(Math.round(rupees * 100));
/** An amount in a sentence, with its sign. */
const rupeesText = (rupees: number) => `₹${money(rupees)}`;

export function renderSettlementPdf(companyName: string, s: FinalSettlement, generatedAt: Date): Promise<Buffer> {
  const pdf = new (pdfkit())({ size: 'A4', margin: MARGIN, info: { Title: `Full and final settlement - ${s.name}`, Author: companyName, CreationDate: generatedAt }, font: null as unknown as string });
  pdf.registerFont('regular', require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf'));
  pdf.registerFont('bold', require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf'));
  const chunks: Buffer[] = [];
  pdf.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    pdf.on('end', () => resolve(Buffer.concat(chunks)));
    pdf.on('error', reject);
  });

  const text = (value: string, x: number, y: number, o: { bold?: boolean; size?: number; color?: string; width?: number; align?: 'left' | 'right' | 'center' } = {}) => {
    pdf.font(o.bold ? 'bold' : 'regular').fontSize(o.size ?? 10).fillColor(o.color ?? INK);
    pdf.text(value, x, y, { width: o.width, align: o.align ?? 'left', lineBreak: o.width !== undefined });
    return pdf.y;
  };
  const rule = (y: number) => pdf.moveTo(MARGIN, y).lineTo(MARGIN + WIDTH, y).lineWidth(0.7).strokeColor(RULE).stroke();

  let y = MARGIN;
  text(companyName, MARGIN, y, { bold: true, size: 16, width: WIDTH, align: 'center' });
  y += 24;
  text('Full and final settlement', MARGIN, y, { size: 12, width: WIDTH, align: 'center' });
  y += 20;
  if (s.state === 'draft') {
    text('Draft: not approved; computed from today\u2019s data', MARGIN, y, { bold: true, color: STAMP, width: WIDTH, align: 'center' });
    y += 16;
  }
  y += 6;
  rule(y);
  y += 10;

  const service = s.gratuity.service;
  // The name on a line of its own: long names wrap instead of being cut.
  text('Employee', MARGIN, y, { color: MUTED });
  y = Math.max(text(`${s.name} (${s.employeeId})`, MARGIN + 100, y, { bold: true, width: WIDTH - 100 }), y + 14) + 4;
  const facts: [string, string][] = [
    ['Joined on', s.joinedOn],
    ['Last working day', s.leftOn],
    ['Exit', s.exitKind],
    ['Employment', s.employmentType === 'fixed-term' ? 'Fixed-term' : s.employmentType === 'contract' ? 'Contract' : 'Permanent'],
    ['Service', serviceLength(service.years, service.months, service.days)],
    ['Due by', s.dueOn],
  ];
  const half = WIDTH / 2;
  facts.forEach(([label, value], i) => {
    const x = MARGIN + (i % 2) * half;
    const rowY = y + Math.floor(i / 2) * 18;
    text(label, x, rowY, { color: MUTED });
    // As on the slip, a value too long for its box is set smaller (down to 7 pt) before it is cut.
    const room = half - 108;
    const size = Math.max(7, Math.min(10, (10 * room) / pdf.font('bold').fontSize(10).widthOfString(value)));
    pdf.fontSize(size).fillColor(INK).text(value, x + 100, rowY + (10 - size) * 0.8, { width: room, height: 14, ellipsis: true, lineBreak: false });
  });
  y += Math.ceil(facts.length / 2) * 18 + 8;
  rule(y);
  y += 12;

  pdf.rect(MARGIN, y - 4, WIDTH, 20).fill(BAND);
  text('Settlement', MARGIN + 6, y, { bold: true });
  text('Amount (₹)', MARGIN, y, { bold: true, width: WIDTH - 6, align: 'right' });
  y += 22;
  for (const l of s.lines) {
    const start = y;
    const end = text(l.label, MARGIN + 6, y, { width: WIDTH - 140 });
    text(l.label.includes('paid with that month') ? '—' : money(l.amount), MARGIN, start, { width: WIDTH - 6, align: 'right' });
    y = Math.max(end, start + 14) + 4;
  }
  rule(y);
  y += 8;
  text(s.owedByEmployee > 0 ? 'Owed by the employee' : 'Net payable', MARGIN + 6, y, { bold: true, size: 12 });
  text(rupeesText(s.owedByEmployee > 0 ? s.owedByEmployee : s.payable), MARGIN, y, { bold: true, size: 12, width: WIDTH - 6, align: 'right' });
  y += 30;

  const notes = [
    s.gratuity.eligible
      ? `Gratuity: ${gratuityWorking(s.gratuity.countedYears, rupeesText(s.gratuity.wage))}${s.gratuity.capped ? ', capped at ₹20,00,000' : ''}. ${s.gratuity.rule}.`
      : `No gratuity: ${s.gratuity.notEligibleBecause ?? 'not eligible'}.`,
    s.notice.requiredDays
      ? `Notice: ${countOf(s.notice.requiredDays, 'day')} required, ${s.notice.servedDays} served${s.notice.shortfallDays ? `, ${s.notice.shortfallDays} short (${s.notice.waived ? 'waived' : s.notice.relievedEarly ? 'relieved early: paid' : 'recovered at a day\u2019s gross, monthly gross ÷ 30'})` : ''}.`
      : 'Notice: none required.',
    ...s.encashment.map((e) => `Leave encashment, ${e.leaveType}: ${countOf(e.days, 'day')} at ${e.basis}.`),
    `Income tax: taxable in this settlement ${rupeesText(s.tax.taxable)} (gratuity exempt ${rupeesText(s.tax.gratuityExempt)} under s.10(10); leave encashment exempt ${rupeesText(s.tax.encashmentExempt)} under s.10(10AA)); TDS ${rupeesText(s.tax.tds)} on the year's actual income.`,
    'Recoveries are taken from the settlement as a whole and never below zero; what is left is owed by the employee. Due within two working days of the last working day (Code on Wages 2019 s.17(2)).',
  ];
  text('How this was worked out', MARGIN, y, { bold: true });
  y += 16;
  for (const n of notes) y = text(n, MARGIN, y, { size: 9, color: MUTED, width: WIDTH }) + 4;

  y = Math.max(y + 16, 760);
  const stateLine =
    s.state === 'paid' && s.batch ? `Paid on ${s.batch.paidOn ?? ''}, bank reference ${s.batch.bankReference ?? ''}` : s.state === 'approved' ? `Approved${s.approvedAt ? ` on ${s.approvedAt.slice(0, 10)}` : ''}${s.approvedBy ? ` by ${s.approvedBy}` : ''}` : '';
  if (stateLine) text(stateLine, MARGIN, y, { size: 9, color: MUTED });
  text(`Generated ${generatedAt.toISOString().slice(0, 10)}`, MARGIN, y, { size: 9, color: MUTED, width: WIDTH, align: 'right' });
  pdf.end();
  return done;
}
