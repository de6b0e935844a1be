/**
 * The year's statements, from the approved months (what was paid, never a fresh computation):
 * - one employee's annual tax statement as a PDF: salary, HRA exemption and TDS by month, the
 *   deductions and the tax; the figures of Form 16 Part B (up to FY 2025-26) or of Form 130's
 *   computation (from Tax Year 2026-27). Part A of either (challans, TDS deposited) comes from
 *   TRACES and is not made here.
 * - the company's salary annexure for the year as CSV: one row per employee paid in the year, with
 *   the fields of the salary details of the last quarter's return (Form 24Q Annexure II; Form 138's
 *   from Tax Year 2026-27). Every cell passes the formula guard.
 */
import { readFileSync } from 'node:fs';
import { pdfkit } from '../../file-libraries';
import type { Caller } from '../../auth/guard';
import type { AppContext } from '../../context';
import { recordAudit } from '../../audit';
import { loadRuleBook } from '../statutory-rules';
import { forbidden, notFound } from '../../errors';
import { SERVER_MSG } from '../../../shared/messages';
import { csvText, type CsvValue } from '../../../shared/csv-text';
import { daysInMonth, monthLabel } from '../../../shared/payroll/pay-month';
import { DEFAULT_PAYROLL_POLICY, type PayrollPolicy } from '../../../shared/payroll/payroll-policy';
import { paidBasicAndHra, policyAtMonthEnd } from '../../../shared/payroll/salary-slip';
import type { SalaryRevisionFact } from '../../../shared/payroll/salary-history';
import { revisionsByUser } from '../salary-history';
import { annualTaxStatement, type AnnualTaxStatement, type StatementMonth } from '../../../shared/payroll/statutory/annual-tax-statement';
import type { TaxRegime } from '../../../shared/payroll/statutory/income-tax';
import { taxLawNames, withSection } from '../../../shared/payroll/statutory/tax-law-names';
import { findEmployeeByBusinessId, findEmployeeByUserId, selectEmployees, type EmployeeRow } from '../employee-records';
import { loadStatutoryByUser, type StatutoryValues } from '../employee-records';
import { declarationsFor, toPreviousEmployment, type DeclarationRow } from './tax-repository';
import { taxSettings } from './tax-settings';
import { formatRupees } from '../../paise-text';
import { companyToday } from '../../company-today';
import type { TaxSettings } from '../../../shared/schemas/tax';

const CHUNK = 1000;

/** Everything a statement needs of one employee's year. */
interface YearData {
  employee: EmployeeRow;
  statutory: StatutoryValues | undefined;
  regime: TaxRegime;
  statement: AnnualTaxStatement;
  landlordPan: string | null;
  lenderPan: string | null;
}



export function createTaxStatements(ctx: AppContext, policy: PayrollPolicy = DEFAULT_PAYROLL_POLICY) {
  const db = ctx.database.db;

  /**
   * The year of some employees, from their approved months; employees with no approved month of the
   * year are left out. The declarations count as they do in the year's last month, or, while the year
   * runs, as they do this month (what the monthly TDS used).
   */
  async function yearsOf(employees: readonly EmployeeRow[], financialYear: string, settings: TaxSettings): Promise<YearData[]> {
    const from = `${financialYear.slice(0, 4)}-04`;
    const to = `${Number(financialYear.slice(0, 4)) + 1}-03`;
    const thisMonth = companyToday(ctx).slice(0, 7);
    const asOf = thisMonth < from ? from : thisMonth > to ? to : thisMonth;
    const out: YearData[] = [];
    for (let i = 0; i < employees.length; i += CHUNK) {
      const chunk = employees.slice(i, i + CHUNK);
      const ids = chunk.map((e) => e.user_id);
      const [slips, choices, declarations, previous, statutory, book] = await Promise.all([
        db
          .selectFrom('payroll_approved_slips')
          .select(['user_id', 'month', 'gross_paise', 'basic_paise', 'hra_paise', 'pf_paise', 'pt_paise', 'tds_paise'])
          .where('user_id', 'in', ids)
          .where('month', '>=', from)
          .where('month', '<=', to)
          .execute(),
        db.selectFrom('tax_regime_choices').select(['user_id', 'regime']).where('financial_year', '=', financialYear).where('user_id', 'in', ids).execute(),
        db.selectFrom('tax_declarations').selectAll().where('financial_year', '=', financialYear).where('user_id', 'in', ids).execute(),
        db.selectFrom('tax_previous_employment').selectAll().where('financial_year', '=', financialYear).where('user_id', 'in', ids).execute(),
        loadStatutoryByUser(db, ids),
        loadRuleBook(db),
      ]);
      const months = new Map<number, StatementMonth[]>();
      // Months approved before Basic and HRA were stored are split by the structure of their month's end.
      const unsplit = [...new Set(slips.filter((s) => s.basic_paise === null || s.hra_paise === null).map((s) => Number(s.user_id)))];
      const revisions = unsplit.length ? await revisionsByUser(db, unsplit) : new Map<number, SalaryRevisionFact[]>();
      for (const s of slips) {
        const gross = Number(s.gross_paise);
        const split = paidBasicAndHra(
          { salaryPaise: gross, basicPaise: s.basic_paise === null ? null : Number(s.basic_paise), hraPaise: s.hra_paise === null ? null : Number(s.hra_paise) },
          policyAtMonthEnd(policy, revisions.get(Number(s.user_id)), s.month),
        );
        const m: StatementMonth = { month: s.month, grossPaise: gross, ...split, employeePfPaise: Number(s.pf_paise), professionalTaxPaise: Number(s.pt_paise), tdsPaise: Number(s.tds_paise) };
        months.set(Number(s.user_id), [...(months.get(Number(s.user_id)) ?? []), m]);
      }
      const regimeOf = new Map(choices.map((c) => [Number(c.user_id), c.regime]));
      const declsOf = new Map<number, DeclarationRow[]>();
      for (const d of declarations) {
        const row = { ...d, id: Number(d.id), user_id: Number(d.user_id), amount_paise: Number(d.amount_paise), verified_amount_paise: d.verified_amount_paise === null ? null : Number(d.verified_amount_paise) };
        declsOf.set(row.user_id, [...(declsOf.get(row.user_id) ?? []), row]);
      }
      const previousOf = new Map(previous.map((p) => [Number(p.user_id), p]));
      for (const employee of chunk) {
        const paid = months.get(employee.user_id);
        if (!paid?.length) continue;
        const st = statutory.get(employee.user_id);
        const regime = (regimeOf.get(employee.user_id) ?? (st?.taxRegime as TaxRegime | null) ?? 'new') as TaxRegime;
        const rows = declsOf.get(employee.user_id) ?? [];
        const detail = (section: string, key: string) => {
          const row = rows.find((r) => r.section === section && r.status !== 'rejected');
          const v = row ? (JSON.parse(row.details_json) as Record<string, unknown>)[key] : null;
          return typeof v === 'string' ? v : null;
        };
        const prev = previousOf.get(employee.user_id);
        out.push({
          employee,
          statutory: st,
          regime,
          statement: annualTaxStatement({
            financialYear,
            regime,
            dateOfBirth: st?.dateOfBirth ?? null,
            months: paid,
            previousEmployment: prev ? toPreviousEmployment(prev) : null,
            declarations: declarationsFor(rows, asOf, settings),
            book,
          }),
          landlordPan: detail('rent', 'landlordPan'),
          lenderPan: detail('24b', 'lenderPan'),
        });
      }
    }
    return out;
  }

  async function employeeFor(caller: Caller, ref: string): Promise<EmployeeRow> {
    const trimmed = ref.trim();
    if (caller.role !== 'admin') {
      const own = trimmed.toUpperCase() === caller.employeeId?.toUpperCase() || trimmed === String(caller.userId);
      if (!own) throw forbidden(SERVER_MSG.forbidden);
    }
    const row = /^[1-9]\d{0,15}$/.test(trimmed) ? await findEmployeeByUserId(db, Number(trimmed)) : await findEmployeeByBusinessId(db, trimmed.toUpperCase());
    if (!row) throw notFound(`No employee with ID ${trimmed}`);
    return row;
  }

  return {
    /** GET /statement/:employeeId/:financialYear. */
    async statementPdf(caller: Caller, ref: string, financialYear: string): Promise<{ fileName: string; content: Buffer }> {
      const employee = await employeeFor(caller, ref);
      const [year] = await yearsOf([employee], financialYear, await taxSettings(ctx));
      if (!year) throw notFound(`${employee.name} has no approved payroll month in ${financialYear}`);
      if (caller.role === 'admin') {
        await recordAudit(db, { actorId: caller.userId, action: 'tax.statement-download', entity: 'employee', entityId: String(employee.user_id), after: { employeeId: employee.employee_id, financialYear } }, ctx.now());
      }
      const yearOver = companyToday(ctx) > `${Number(financialYear.slice(0, 4)) + 1}-03-31`;
      const content = await renderStatementPdf(ctx.config.companyName, year, ctx.now(), yearOver);
      return { fileName: `tax-statement_${employee.employee_id.replace(/[^A-Za-z0-9-]/g, '_')}_${financialYear}.pdf`, content };
    },

    /** GET /annexure/:financialYear: every employee paid in the year, audited (it carries everyone's pay and PAN). */
    async annexureCsv(caller: Caller, financialYear: string): Promise<{ fileName: string; content: string }> {
      const employees = await selectEmployees(db).orderBy('employees.employee_id').execute();
      const years = await yearsOf(employees, financialYear, await taxSettings(ctx));
      await recordAudit(db, { actorId: caller.userId, action: 'tax.annexure-download', entity: 'company', entityId: null, after: { financialYear, employees: years.length } }, ctx.now());
      const names = taxLawNames(financialYear);
      return { fileName: `salary-annexure_${financialYear}${names.quarterlyReturn ? `_${names.quarterlyReturn.replace(' ', '-')}` : ''}.csv`, content: csvText(ANNEXURE_COLUMNS, years.map(annexureRow)) };
    },
  };
}

const rupees = (paise: number) => (paise / 100).toFixed(2);

/** The salary annexure's fields, in the order of the return's salary details. */
export const ANNEXURE_COLUMNS = [
  'Employee ID',
  'PAN of employee',
  'Name of employee',
  'Employed from',
  'Employed to',
  'Tax regime (new: s.115BAC to 2025-26, s.202 from 2026-27)',
  'Age band',
  'Gross salary (this employer)',
  'Salary from previous employer(s)',
  'HRA exempt',
  'Exemptions by previous employer(s)',
  'Standard deduction',
  'Professional tax',
  'Income chargeable under Salaries',
  'Interest on home loan, self-occupied (s.24(b) to 2025-26, s.22(1)(b) from 2026-27)',
  'Deduction for investments with PF (80C to 2025-26, s.123 from 2026-27)',
  'Deduction for own NPS contribution (80CCD(1B) to 2025-26, s.124 from 2026-27)',
  'Deduction for health insurance, self and family (80D to 2025-26, s.126 from 2026-27)',
  'Deduction for health insurance, parents (80D to 2025-26, s.126 from 2026-27)',
  'Total deductions (Chapter VI-A to 2025-26, Chapter VIII from 2026-27)',
  'Total taxable income',
  'Tax on total income',
  'Rebate (87A to 2025-26, s.156 from 2026-27)',
  'Surcharge',
  'Health and education cess',
  'Tax payable',
  'TDS by this employer',
  'TDS by previous employer(s)',
  'Shortfall (+) or excess (-)',
  'PAN of landlord',
  'PAN of lender',
] as const;

/** The last day employed in the year: the leaving date when it falls in the months paid, else the last paid month's last day. */
function employedTo(lastMonth: string, leftOn: string | null): string {
  const monthEnd = `${lastMonth}-${String(daysInMonth(lastMonth)).padStart(2, '0')}`;
  return leftOn && leftOn <= monthEnd ? leftOn : monthEnd;
}

function annexureRow(y: YearData): CsvValue[] {
  const s = y.statement;
  const months = s.months.map((m) => m.month);
  return [
    y.employee.employee_id,
    y.statutory?.pan ?? '',
    y.employee.name,
    y.employee.joined_on > `${months[0]}-01` ? y.employee.joined_on : `${months[0]}-01`,
    employedTo(months[months.length - 1]!, y.statutory?.leftOn ?? null),
    y.regime,
    s.ageBand,
    rupees(s.salaryPaise),
    rupees(s.previousSalaryPaise),
    rupees(s.hraExemptPaise),
    rupees(s.previousExemptionsPaise),
    rupees(s.standardDeductionPaise),
    rupees(s.professionalTaxPaise),
    rupees(s.salaryIncomePaise),
    rupees(s.homeLoanInterestPaise),
    rupees(s.section80CPaise),
    rupees(s.capped.npsPaise),
    rupees(s.capped.healthSelfPaise),
    rupees(s.capped.healthParentsPaise),
    rupees(s.chapterVIAPaise),
    rupees(s.totalIncomePaise),
    rupees(s.tax.slabTaxPaise),
    rupees(s.tax.rebatePaise),
    rupees(s.tax.surchargePaise),
    rupees(s.tax.cessPaise),
    rupees(s.tax.totalPaise),
    rupees(s.tdsThisEmployerPaise),
    rupees(s.tdsPreviousEmployerPaise),
    // A number, not text: the guard would put a quote before a negative text ("'-38828.00"), which a spreadsheet shows as typed.
    s.balancePaise / 100,
    y.landlordPan ?? '',
    y.lenderPan ?? '',
  ];
}

const FONT = { regular: readFileSync(require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf')), bold: readFileSync(require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf')) };
const A4 = { width: 595.28, height: 841.89 };
const MARGIN = 40;
const WIDTH = A4.width - 2 * MARGIN;
const INK = '#1f2937';
const MUTED = '#6b7280';
const BAND = '#e8eef7';
const RULE = '#d1d5db';
const AGE = { 'below-60': 'Below 60', senior: 'Senior citizen (60 or more)', 'super-senior': 'Very senior citizen (80 or more)' } as const;

/** The PDF of one employee's year (two A4 pages at most). */
function renderStatementPdf(companyName: string, y: YearData, generatedAt: Date, yearOver: boolean): Promise<Buffer> {
  const s = y.statement;
  const law = taxLawNames(s.financialYear);
  const yearText = law.yearWord === 'Tax year' ? `Tax year ${s.financialYear}` : `Financial year ${s.financialYear}`;
  const pdf = new (pdfkit())({ size: 'A4', margin: MARGIN, info: { Title: `Annual tax statement ${s.financialYear} - ${y.employee.name}`, Author: companyName, CreationDate: generatedAt }, font: null as unknown as string });
  pdf.registerFont('regular', FONT.regular);
  pdf.registerFont('bold', FONT.bold);
  const chunks: Buffer[] = [];
  pdf.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    pdf.on('end', () => resolve(Buffer.concat(chunks)));
    pdf.on('error', reject);
  });
  const text = (value: string, x: number, yy: number, o: { bold?: boolean; size?: number; color?: string; width?: number; align?: 'left' | 'right' | 'center' } = {}) => {
    let size = o.size ?? 9;
    pdf.font(o.bold ? 'bold' : 'regular').fontSize(size);
    if (o.width !== undefined && pdf.widthOfString(value) > o.width) {
      size = Math.max(6, (size * o.width) / pdf.widthOfString(value));
      pdf.fontSize(size);
    }
    const w = pdf.widthOfString(value);
    const room = o.width ?? w;
    const left = o.align === 'right' ? x + room - w : o.align === 'center' ? x + (room - w) / 2 : x;
    pdf.fillColor(o.color ?? INK).text(value, left, yy, { lineBreak: false });
  };
  const rule = (yy: number) => pdf.moveTo(MARGIN, yy).lineTo(MARGIN + WIDTH, yy).lineWidth(0.6).strokeColor(RULE).stroke();
  const band = (yy: number, h = 15) => pdf.rect(MARGIN, yy - 3, WIDTH, h).fill(BAND);

  let at = MARGIN;
  text(companyName, MARGIN, at, { bold: true, size: 15, width: WIDTH, align: 'center' });
  at += 22;
  text(`Annual tax statement, ${yearText}`, MARGIN, at, { size: 11, width: WIDTH, align: 'center' });
  at += 15;
  text(`The figures of ${law.certificatePart}, ${law.act}: salary, exemptions, deductions and tax from the approved payroll months`, MARGIN, at, { size: 8, color: MUTED, width: WIDTH, align: 'center' });
  at += 18;
  rule(at);
  at += 8;
  const half = WIDTH / 2;
  const pairs: [string, string][] = [
    ['Employee ID', y.employee.employee_id],
    ['Name', y.employee.name],
    ['PAN', y.statutory?.pan ?? 'Not given'],
    ['Tax regime', `${y.regime === 'new' ? 'New' : 'Old'} (${law.regimeSection[y.regime]})`],
    ['Age', AGE[s.ageBand]],
    ['Months paid', `${monthLabel(s.months[0]!.month)} to ${monthLabel(s.months[s.months.length - 1]!.month)}`],
  ];
  pairs.forEach(([label, value], i) => {
    const x = MARGIN + (i % 2) * half;
    const yy = at + Math.floor(i / 2) * 15;
    text(label, x, yy, { color: MUTED, width: 80 });
    text(value, x + 82, yy, { bold: true, width: half - 90 });
  });
  at += Math.ceil(pairs.length / 2) * 15 + 8;

  // Salary and TDS by month.
  const cols = [
    { h: 'Month', w: 120, v: (m: (typeof s.months)[number]) => monthLabel(m.month) },
    { h: 'Gross salary (₹)', w: 90, v: (m: (typeof s.months)[number]) => formatRupees(m.grossPaise) },
    { h: 'HRA exempt (₹)', w: 80, v: (m: (typeof s.months)[number]) => formatRupees(m.hraExemptPaise) },
    { h: 'PF (₹)', w: 70, v: (m: (typeof s.months)[number]) => formatRupees(m.employeePfPaise) },
    { h: 'Prof. tax (₹)', w: 70, v: (m: (typeof s.months)[number]) => formatRupees(m.professionalTaxPaise) },
    { h: 'TDS (₹)', w: WIDTH - 430, v: (m: (typeof s.months)[number]) => formatRupees(m.tdsPaise) },
  ];
  band(at);
  let x = MARGIN + 4;
  for (const c of cols) {
    text(c.h, x, at, { bold: true, width: c.w - 8, align: c === cols[0] ? 'left' : 'right' });
    x += c.w;
  }
  at += 16;
  for (const m of s.months) {
    x = MARGIN + 4;
    for (const c of cols) {
      text(c.v(m), x, at, { width: c.w - 8, align: c === cols[0] ? 'left' : 'right' });
      x += c.w;
    }
    at += 13;
  }
  rule(at - 1);
  at += 3;
  const totals = [
    'Total',
    formatRupees(s.salaryPaise),
    formatRupees(s.hraExemptPaise),
    formatRupees(s.months.reduce((a, m) => a + m.employeePfPaise, 0)),
    formatRupees(s.months.reduce((a, m) => a + m.professionalTaxPaise, 0)),
    formatRupees(s.tdsThisEmployerPaise),
  ];
  x = MARGIN + 4;
  cols.forEach((c, i) => {
    text(totals[i]!, x, at, { bold: true, width: c.w - 8, align: i === 0 ? 'left' : 'right' });
    x += c.w;
  });
  at += 22;

  // The computation.
  band(at);
  text('Computation of income and tax', MARGIN + 4, at, { bold: true });
  text('Amount (₹)', MARGIN + WIDTH - 104, at, { bold: true, width: 100, align: 'right' });
  at += 17;
  const line = (label: string, paise: number, o: { bold?: boolean; indent?: boolean; sign?: '-' } = {}) => {
    text(label, MARGIN + (o.indent ? 16 : 4), at, { bold: o.bold, width: WIDTH - 130 });
    text(`${o.sign === '-' && paise ? '− ' : ''}${formatRupees(paise)}`, MARGIN + WIDTH - 104, at, { bold: o.bold, width: 100, align: 'right' });
    at += 13;
  };
  line('Gross salary paid by this employer', s.salaryPaise);
  if (s.previousSalaryPaise) line(withSection('Salary from previous employer(s)', law.previousEmployerForm), s.previousSalaryPaise);
  line(withSection('House rent allowance exempt', law.hraExemption), s.hraExemptPaise, { indent: true, sign: '-' });
  if (s.previousExemptionsPaise) line('Allowances exempt at previous employer(s)', s.previousExemptionsPaise, { indent: true, sign: '-' });
  line(`Standard deduction${law.standardDeduction ? ` (${law.standardDeduction})` : ''}`, s.standardDeductionPaise, { indent: true, sign: '-' });
  line('Professional tax', s.professionalTaxPaise, { indent: true, sign: '-' });
  line('Income chargeable under the head "Salaries"', s.salaryIncomePaise, { bold: true });
  // A deduction is named by its section where the year's Act has a confirmed one, by what it is for where not.
  const deduction = (section: string | null, what: string) => (section ? `Deduction ${section}, ${what}` : `Deduction for ${what}`);
  line(withSection('Interest on home loan, self-occupied house', law.homeLoanInterest), s.homeLoanInterestPaise, { indent: true, sign: '-' });
  line(`${law.section80C ? `Deduction ${law.section80C}` : 'Deduction for investments'}, with employee PF (cap ₹${formatRupees(s.section80CCapPaise).replace(/\.00$/, '')})`, s.section80CPaise, { indent: true, sign: '-' });
  line(deduction(law.section80CCD1B, 'NPS own contribution'), s.capped.npsPaise, { indent: true, sign: '-' });
  line(deduction(law.section80D, 'health insurance: self and family'), s.capped.healthSelfPaise, { indent: true, sign: '-' });
  line(deduction(law.section80D, 'health insurance: parents'), s.capped.healthParentsPaise, { indent: true, sign: '-' });
  line('Total income (rounded to ₹10)', s.totalIncomePaise, { bold: true });
  line('Tax on total income', s.tax.slabTaxPaise);
  line(`Rebate${law.rebate ? ` (${law.rebate})` : ''}`, s.tax.rebatePaise, { indent: true, sign: '-' });
  if (s.tax.surchargePaise) line('Surcharge', s.tax.surchargePaise, { indent: true });
  line('Health and education cess (4%)', s.tax.cessPaise, { indent: true });
  line('Tax payable (rounded to ₹10)', s.tax.totalPaise, { bold: true });
  line(`Tax deducted by this employer (${law.tdsSection})`, s.tdsThisEmployerPaise, { indent: true, sign: '-' });
  if (s.tdsPreviousEmployerPaise) line('Tax deducted by previous employer(s)', s.tdsPreviousEmployerPaise, { indent: true, sign: '-' });
  rule(at - 1);
  at += 3;
  // While the year runs the difference is not a refund or a demand: the months to come carry their own tax.
  const balanceLabel = !yearOver
    ? s.balancePaise >= 0
      ? 'Tax on these months not yet deducted'
      : 'Deducted so far beyond the tax on these months'
    : s.balancePaise >= 0
      ? 'Tax still payable with the return'
      : 'Tax deducted in excess (refund due with the return)';
  line(balanceLabel, Math.abs(s.balancePaise), { bold: true });
  if (!yearOver) {
    at += 8;
    text(
      'The year is not over: this tax is on the approved months only, while monthly TDS spreads the whole year’s projected tax.',
      MARGIN + 4,
      at,
      { size: 7.5, color: MUTED, width: WIDTH - 8 },
    );
  }

  // Two short lines: the text helper writes one line and shrinks it to fit, which one long sentence would not.
  const footer = [
    `Computer-generated from the approved payroll months; ${law.certificate} Part A (tax deposited, challans) is downloaded from TRACES.`,
    "The deductions are those that count as the company's tax settings say (verified ones once the proof window has closed).",
  ];
  footer.forEach((l, i) => text(l, MARGIN, A4.height - MARGIN - 20 + i * 10, { size: 7, color: MUTED, width: WIDTH, align: 'center' }));
  pdf.end();
  return done;
}
