/**
 * Renders a salary slip as a one-page A4 PDF: company, employee, month, days, earnings and
 * deductions side by side, employer contributions, net pay in figures and in words — the figures
 * of the xlsx slip, read from the same slip through slip-sections.ts.
 *
 * The text is set in DejaVu Sans, shipped by the dejavu-fonts-ttf package (it has the ₹ glyph,
 * U+20B9), so the PDF looks the same on any server whatever fonts the system has; pdfkit embeds
 * only the glyphs a slip uses.
 */
import { readFileSync } from 'node:fs';
import { deflateSync } from 'node:zlib';
import type * as FontKit from 'fontkit';
import { fontkit, pdfkit } from '../../file-libraries';
import { slipSections, type SlipLine } from './slip-sections';
import { formatRupees } from '../../paise-text';
import { logoForPdf } from './slip-logo';
import { SLIP_LABELS, type SlipDocument } from './slip-workbook';

export const PDF_CONTENT_TYPE = 'application/pdf';

/** 'salary-slip_EMP0001_2026-10.pdf'; anything unexpected in the id becomes '_'. */
export const slipPdfFileName = (employeeId: string, month: string) => `salary-slip_${employeeId.replace(/[^A-Za-z0-9-]/g, '_')}_${month}.pdf`;

/**
 * Parsed once and shared by every slip: parsing the two 700 KB fonts took about 70 ms a slip, which a
 * bulk run of 10,000 cannot afford. pdfkit accepts a parsed fontkit font, and subsets it per document.
 */
function loadFont(file: string): FontKit.Font {
  const font = fontkit().create(readFileSync(file));
  if (!('layout' in font)) throw new Error(`${file} is a font collection, not a font`);
  return withSharedWork(font);
}

/**
 * The characters every slip is set in. Each document starts its font subsets with all of them, in
 * this order, so the subsets of most slips hold the same glyphs and their encoded bytes are made once
 * (a name with other letters adds its glyphs and gets its own subset).
 */
const CHARSET = ' !"#$%&\'()*+,-./0123456789:;<=>?@ABCDEFGHIJKLMNOPQRSTUVWXYZ[\\]^_`abcdefghijklmnopqrstuvwxyz{|}~₹–—…×';

/**
 * The font with its encoded subsets remembered across documents: pdfkit caches per document only,
 * and re-encoding the same subset was a large part of a slip's time. pdfkit's own layout cache is
 * shared across documents too (startSubsets).
 */
function withSharedWork(font: FontKit.Font): FontKit.Font {
  const subsets = new Map<string, Uint8Array>();
  const createSubset = () => {
    const subset = font.createSubset() as FontKit.Subset & { glyphs: number[] };
    const encode = subset.encode.bind(subset);
    subset.encode = () => {
      const key = subset.glyphs.join(',');
      let bytes = subsets.get(key);
      if (!bytes) {
        bytes = encode();
        if (subsets.size < 100) {
          subsets.set(key, bytes);
          DEFLATED_FONT_FILES.set(bytes, deflateSync(bytes));
        }
      }
      return bytes;
    };
    return subset;
  };
  // Everything else is the font's own, its methods bound to it so that they run at full speed.
  const bound = new Map<PropertyKey, unknown>();
  return new Proxy(font, {
    get(target, key) {
      if (key === 'createSubset') return createSubset;
      const value: unknown = Reflect.get(target, key, target);
      if (typeof value !== 'function') return value;
      if (!bound.has(key)) bound.set(key, (value as (...args: unknown[]) => unknown).bind(target));
      return bound.get(key);
    },
  });
}

/**
 * The compressed bytes of each remembered font subset (by the subset's bytes). pdfkit deflates every
 * stream as it writes the document; the font files are most of a slip's bytes, so deflating them
 * again for every slip was the largest single cost of a bulk run (a sixth of its time).
 */
const DEFLATED_FONT_FILES = new WeakMap<Uint8Array, Buffer>();

/** A font's ToUnicode map compressed, by its text: the same subsets give the same maps. */
const DEFLATED_CMAPS = new Map<string, Buffer>();
function deflatedCmap(text: string): Buffer | undefined {
  if (!text.startsWith('/CIDInit')) return undefined;
  let bytes = DEFLATED_CMAPS.get(text);
  if (!bytes) {
    // As pdfkit writes a text chunk: one byte a character, and a newline.
    bytes = deflateSync(Buffer.from(`${text}\n`, 'latin1'));
    if (DEFLATED_CMAPS.size < 200) DEFLATED_CMAPS.set(text, bytes);
  }
  return bytes;
}

/**
 * Makes the document write a remembered subset's compressed bytes as they are. pdfkit writes a font
 * file with `ref.end(subset.encode())`, so the stream whose bytes are a remembered subset is a font
 * file; it is marked as already compressed (FlateDecode, Length1 the size inflated) and not deflated
 * again. The same for a font's ToUnicode map (a text starting /CIDInit). pdfkit has no option for
 * this; `ref` and a stream's `compress` flag are its own fields.
 */
function reuseDeflatedFonts(pdf: PDFKit.PDFDocument) {
  type Stream = { data: Record<string, unknown>; compress: boolean; end(chunk?: Uint8Array | string): void };
  const doc = pdf as unknown as { ref(data?: object): Stream };
  const ref = doc.ref.bind(doc);
  doc.ref = (data) => {
    const stream = ref(data);
    const end = stream.end.bind(stream);
    stream.end = (chunk) => {
      const deflated = chunk === undefined ? undefined : typeof chunk === 'string' ? deflatedCmap(chunk) : DEFLATED_FONT_FILES.get(chunk);
      if (!deflated) return end(chunk);
      stream.compress = false;
      stream.data.Filter = 'FlateDecode';
      if (chunk instanceof Uint8Array) stream.data.Length1 = chunk.length;
      return end(deflated);
    };
    return stream;
  };
}

let parsedFonts: { regular: FontKit.Font; bold: FontKit.Font } | undefined;
/** Both fonts, parsed with the first slip: a server that renders none never reads them. */
const fonts = () =>
  (parsedFonts ??= {
    regular: loadFont(require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf')),
    bold: loadFont(require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf')),
  });
// @types/pdfkit lists paths and bytes only; pdfkit itself takes any object with layout().
type FontSource = Parameters<PDFKit.PDFDocument['registerFont']>[1];

export interface SlipPdfDocument extends SlipDocument {
  /** Employer contributions to print (see employerContributionLines); none are printed when empty. */
  employerContributions?: readonly SlipLine[];
}

const A4 = { width: 595.28, height: 841.89 };
const MARGIN = 48;
const WIDTH = A4.width - 2 * MARGIN;
const ROW = 18;
const INK = '#1f2937';
const MUTED = '#6b7280';
const RULE = '#d1d5db';
const BAND = '#e8eef7';
const STAMP = '#b45309';
/** Where the page's text ends: the footer line sits below it. */
const BOTTOM = A4.height - MARGIN - 24;
/** Where the logo is fitted, at the top left: about 3.9 cm by 1.5 cm. */
const LOGO_BOX = { width: 110, height: 42 };

/**
 * pdfkit's layout of each word (shaped glyphs, positions scaled to the font size 1000), per font and
 * shared by every document: pdfkit keeps one per document and only reads it, so the labels and
 * figures every slip repeats are shaped once, not 10,000 times. Started afresh every 1,000 documents,
 * so the names and figures it gathers do not grow without end in a long-running server.
 */
const LAYOUTS = { regular: Object.create(null) as object, bold: Object.create(null) as object, documents: 0 };

/**
 * Gives both fonts the shared layouts, and puts CHARSET into their subsets, in order, before any text
 * is set. pdfkit has no public call for either; its embedded font's `layoutCache` is what its layout
 * reads, and its encode() is what text() uses, and adds glyphs to the subset.
 */
function startSubsets(pdf: PDFKit.PDFDocument) {
  if (++LAYOUTS.documents % 1000 === 0) Object.assign(LAYOUTS, { regular: Object.create(null), bold: Object.create(null) });
  for (const name of ['regular', 'bold'] as const) {
    pdf.font(name);
    const font = (pdf as unknown as { _font: { layoutCache?: object; encode(text: string): unknown } })._font;
    font.layoutCache = LAYOUTS[name];
    font.encode(CHARSET);
  }
}

/** The PDF bytes of a slip. */
export async function renderSlipPdf(input: SlipPdfDocument): Promise<Buffer> {
  const s = slipSections(input, input.employerContributions);
  const logo = input.company?.logo ? await logoForPdf(input.company.logo) : null;
  const pdf = new (pdfkit())({
    size: 'A4',
    margin: MARGIN,
    info: { Title: `${s.title} - ${input.employee.name}`, Author: input.companyName, CreationDate: input.generatedAt },
    // Only the embedded font is used; the built-in Helvetica would be loaded for nothing.
    font: null as unknown as string,
  });
  reuseDeflatedFonts(pdf);
  const { regular, bold } = fonts();
  pdf.registerFont('regular', regular as unknown as FontSource);
  pdf.registerFont('bold', bold as unknown as FontSource);
  startSubsets(pdf);
  const chunks: Buffer[] = [];
  pdf.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    pdf.on('end', () => resolve(Buffer.concat(chunks)));
    pdf.on('error', reject);
  });

  // One line each: a value too long for its box is set smaller (down to 6 pt), never wrapped onto the next row.
  const text = (value: string, x: number, y: number, opts: { bold?: boolean; size?: number; color?: string; width?: number; align?: 'left' | 'right' | 'center' } = {}) => {
    let size = opts.size ?? 10;
    pdf.font(opts.bold ? 'bold' : 'regular').fontSize(size);
    let width = pdf.widthOfString(value);
    if (opts.width !== undefined && width > opts.width) {
      size = Math.max(6, (size * opts.width) / width);
      pdf.fontSize(size);
      width = pdf.widthOfString(value);
    }
    const room = opts.width ?? width;
    const left = opts.align === 'right' ? x + room - width : opts.align === 'center' ? x + (room - width) / 2 : x;
    // Smaller text sits on the same baseline as the row's 10 pt text.
    pdf.fillColor(opts.color ?? INK).text(value, left, y + ((opts.size ?? 10) - size) * 0.8, { lineBreak: false });
  };
  const rule = (y: number, to = MARGIN + WIDTH) => pdf.moveTo(MARGIN, y).lineTo(to, y).lineWidth(0.7).strokeColor(RULE).stroke();
  const band = (y: number, h = ROW) => pdf.rect(MARGIN, y - 4, WIDTH, h).fill(BAND);

  let y = MARGIN;
  // The logo at the left of the name, at most LOGO_BOX; the name stays centred on the page, narrowed
  // so it never runs under the logo.
  if (logo) pdf.image(logo as Buffer, MARGIN, y - 4, { fit: [LOGO_BOX.width, LOGO_BOX.height] });
  const nameRoom = logo ? WIDTH - 2 * (LOGO_BOX.width + 8) : WIDTH;
  text(input.companyName, MARGIN + (WIDTH - nameRoom) / 2, y, { bold: true, size: 16, width: nameRoom, align: 'center' });
  y += 22;
  // The address in two centred rows at most (its lines shared between them), readable beside a logo.
  const lines = input.company?.address ? input.company.address.split('\n') : [];
  const addressSplit = Math.ceil(lines.length / 2);
  for (const row of lines.length > 1 ? [lines.slice(0, addressSplit), lines.slice(addressSplit)] : [lines]) {
    if (!row.length) continue;
    text(row.join(', '), MARGIN + (WIDTH - nameRoom) / 2, y, { size: 8.5, color: MUTED, width: nameRoom, align: 'center' });
    y += 11;
  }
  y += lines.length ? 3 : 4;
  if (logo) y = Math.max(y, MARGIN + LOGO_BOX.height);
  text(s.title, MARGIN, y, { size: 12, width: WIDTH, align: 'center' });
  y += 20;
  if (s.stamp) {
    text(s.stamp, MARGIN, y, { bold: true, size: 10, color: STAMP, width: WIDTH, align: 'center' });
    y += 16;
  }
  y += 8;
  rule(y);
  y += 10;

  // Two columns of label: value pairs.
  const half = WIDTH / 2;
  const pairs = (list: readonly [string, string][]) => {
    list.forEach(([label, value], i) => {
      const x = MARGIN + (i % 2) * half;
      const rowY = y + Math.floor(i / 2) * ROW;
      text(label, x, rowY, { color: MUTED, width: 88 });
      text(value, x + 90, rowY, { bold: true, width: half - 98 });
    });
    y += Math.ceil(list.length / 2) * ROW;
  };
  pairs(s.details);
  y += 6;
  rule(y);
  y += 10;
  pairs(s.days);
  y += 14;

  // Earnings and deductions side by side.
  const col = { label: MARGIN + 6, amount: MARGIN + half - 96, label2: MARGIN + half + 6, amount2: MARGIN + WIDTH - 96 };
  const amount = (paise: number, x: number, rowY: number, bold = false) => text(formatRupees(paise), x, rowY, { width: 90, align: 'right', bold });
  band(y);
  text('Earnings', col.label, y, { bold: true });
  text('Amount (₹)', col.amount, y, { bold: true, width: 90, align: 'right' });
  text('Deductions', col.label2, y, { bold: true });
  text('Amount (₹)', col.amount2, y, { bold: true, width: 90, align: 'right' });
  y += ROW + 2;
  const rows = Math.max(s.earnings.length, s.deductions.length);
  for (let i = 0; i < rows; i += 1) {
    const earning = s.earnings[i];
    const deduction = s.deductions[i];
    if (earning) {
      text(earning.label, col.label, y, { width: col.amount - col.label });
      amount(earning.paise, col.amount, y);
    }
    if (deduction) {
      text(deduction.label, col.label2, y, { width: col.amount2 - col.label2 });
      amount(deduction.paise, col.amount2, y);
    }
    y += ROW;
  }
  rule(y - 2);
  y += 4;
  text('Total Earnings', col.label, y, { bold: true });
  amount(s.totalEarningsPaise, col.amount, y, true);
  text('Total Deductions', col.label2, y, { bold: true });
  amount(s.totalDeductionsPaise, col.amount2, y, true);
  y += ROW + 8;

  // Net pay.
  band(y, ROW + 24);
  text('Net Pay', col.label, y, { bold: true, size: 12 });
  text(`₹${formatRupees(s.netPaise)}`, col.amount2 - 110, y, { bold: true, size: 12, width: 200, align: 'right' });
  text(s.netInWords, col.label, y + ROW, { width: WIDTH - 12 });
  y += ROW + 38;

  // The rule versions used, in the right half beside the employer contributions (the .xlsx lists each
  // with its source); on a slip without that block they close the notes instead.
  const rulesBeside = Boolean(s.employerContributions.length && s.rulesSummary);
  if (s.employerContributions.length) {
    let rulesEnd = y;
    text('Employer Contributions (not deducted from pay)', col.label, y, { bold: true });
    if (rulesBeside) {
      // A row lower than the contributions' heading, which runs into the right half.
      text(SLIP_LABELS.rulesUsed, col.label2, y + ROW + 2, { bold: true, size: 8.5 });
      pdf.font('regular').fontSize(7.5).fillColor(MUTED).text(s.rulesSummary!, col.label2, y + 2 * ROW, { width: MARGIN + WIDTH - col.label2 - 6, lineGap: 0.5 });
      rulesEnd = pdf.y;
    }
    y += ROW + 2;
    for (const line of s.employerContributions) {
      text(line.label, col.label, y, { width: col.amount - col.label });
      amount(line.paise, col.amount, y);
      y += ROW;
    }
    // Under the contributions only, when the rules used stand beside them.
    rule(y - 2, rulesBeside ? col.label2 - 8 : MARGIN + WIDTH);
    y += 4;
    text(SLIP_LABELS.totalEmployer, col.label, y, { bold: true });
    amount(
      s.employerContributions.reduce((sum, line) => sum + line.paise, 0),
      col.amount,
      y,
      true,
    );
    y = Math.max(y + ROW + 8, rulesEnd + 8);
  }

  // The year to date and leave balances; what does not fit the first page goes on an annexure page.
  const footer = () => text('This is a computer-generated salary slip and needs no signature.', MARGIN, A4.height - MARGIN - 12, { size: 8, color: MUTED, width: WIDTH, align: 'center' });
  footer();
  /** A further page for what does not fit the first, titled with whose slip it continues. */
  const annexure = () => {
    pdf.addPage();
    y = MARGIN;
    text(`Annexure to the ${s.title} - ${input.employee.name} (${input.employee.employeeId})`, MARGIN, y, { bold: true, size: 12, width: WIDTH });
    y += 28;
    footer();
  };
  // The year to date beside the leave balances, in smaller rows, so a month's slip stays on one page;
  // when even that does not fit (arrears lines, many leave types), the block moves to an annexure page.
  const SMALL = 13;
  const ytdAndLeave = () => {
    const rows = Math.max(s.yearToDate.length, s.leave.length);
    if (!rows) return;
    if (y + ROW + 2 + rows * SMALL > BOTTOM) annexure();
    band(y);
    if (s.yearToDate.length) text(SLIP_LABELS.yearToDate, col.label, y, { bold: true });
    if (s.leave.length) text(SLIP_LABELS.leave, col.label2, y, { bold: true });
    y += ROW + 2;
    for (let i = 0; i < rows; i += 1) {
      const ytd = s.yearToDate[i];
      const leave = s.leave[i];
      if (ytd) {
        text(ytd[0], col.label, y, { size: 8.5, color: MUTED, width: col.amount - col.label - 30 });
        text(ytd[1], col.amount - 30, y, { size: 8.5, bold: true, width: 120, align: 'right' });
      }
      if (leave) {
        text(leave[0], col.label2, y, { size: 8.5, color: MUTED, width: 90 });
        text(leave[1], col.label2 + 92, y, { size: 8.5, bold: true, width: MARGIN + WIDTH - col.label2 - 98 });
      }
      y += SMALL;
    }
    y += 6;
  };
  ytdAndLeave();
  // The notes last: short sentences that fit below the figures; on a crowded slip the ones that do
  // not fit continue on an annexure page rather than under the footer.
  const noteHeight = (note: string) => pdf.font('regular').fontSize(7.5).heightOfString(note, { width: WIDTH - 12, lineGap: 0.5 }) + 2;
  // Notes may run to just above the footer line.
  const notesEnd = A4.height - MARGIN - 16;
  for (const [heading, lines] of [['Notes', [...s.notes, ...(s.rulesSummary && !rulesBeside ? [`${SLIP_LABELS.rulesUsed}: ${s.rulesSummary}`] : [])]]] as const) {
    if (!lines.length) continue;
    if (y + ROW + noteHeight(lines[0]!) > notesEnd) annexure();
    text(heading, col.label, y, { bold: true });
    y += ROW;
    for (const note of lines) {
      if (y + noteHeight(note) > notesEnd) annexure();
      // Notes wrap (they are sentences), in the page's width.
      pdf.font('regular').fontSize(7.5).fillColor(MUTED).text(note, col.label, y, { width: WIDTH - 12, lineGap: 0.5 });
      y = pdf.y + 2;
    }
    y += 4;
  }
  pdf.end();
  return done;
}
