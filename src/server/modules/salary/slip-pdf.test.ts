/** The PDF slip read back as text: the figures of the slip, on one A4 page, with the ₹ sign. */
import { inflateSync } from 'node:zlib';
import { computeSalarySlip } from '../../../shared/payroll/salary-slip';
import { datesOfMonth, weekdayOf } from '../../../shared/payroll/pay-month';
import { statutoryDeductions } from '../../../shared/payroll/statutory/statutory-deductions';
import { pdfText } from '../../test/pdf-text';
import { renderSlipPdf, slipPdfFileName } from './slip-pdf';
import { employerContributionLines } from './slip-sections';

const inr = (rupees: number) => rupees * 100;

/** October 2026 with two days absent without leave (27 working days, 25 paid). */
function octoberSlip() {
  const present = new Set(datesOfMonth('2026-10').filter((d) => weekdayOf(d) !== 0 && d !== '2026-10-06' && d !== '2026-10-07'));
  return computeSalarySlip({
    month: '2026-10',
    monthlyGrossPaise: inr(50_000),
    joinedOn: '2024-01-15',
    presentDates: present,
    approvedLeaveDates: new Set(),
    today: '2026-11-02',
  });
}

/** The inflated size of every font file a pdfkit PDF embeds. */
function embeddedFontBytes(pdf: Buffer): number {
  const raw = pdf.toString('latin1');
  let total = 0;
  for (const [, id] of raw.matchAll(/\/FontFile2 (\d+) 0 R/g)) {
    const start = raw.indexOf('stream\n', raw.indexOf(`\n${id} 0 obj`)) + 'stream\n'.length;
    const end = raw.indexOf('\nendstream', start);
    total += inflateSync(pdf.subarray(start, end)).length;
  }
  return total;
}

describe('renderSlipPdf', () => {
  it('continues on an annexure page, named for whose slip it is, when arrears leave no room on the first', async () => {
    const present = new Set(datesOfMonth('2026-10').filter((d) => weekdayOf(d) !== 0));
    // A back-dated revision paid for three months: three components each.
    const arrears = ['2026-07', '2026-08', '2026-09'].flatMap((forMonth) =>
      (['basic', 'hra', 'special'] as const).map((component) => ({ forMonth, component, amountPaise: inr(1_000), pfWagesPaise: 0, epsWagesPaise: 0, reason: 'Salary revision' })),
    );
    const slip = computeSalarySlip({ month: '2026-10', monthlyGrossPaise: inr(50_000), joinedOn: '2024-01-15', presentDates: present, approvedLeaveDates: new Set(), today: '2026-11-02', arrears });
    const extras = {
      stamp: null,
      identity: [['UAN', '100123456781'] as [string, string]],
      yearToDate: [['Gross (FY 2026-27 to date)', '₹3,68,000.00'] as [string, string], ['Provident Fund to date', '₹12,600.00'] as [string, string]],
      leave: [['Casual', '1 this month, 4 in 2026, 8 left'] as [string, string]],
      leaveTaken: 1,
    };
    const pdf = await renderSlipPdf({
      companyName: 'Acme Analytics Pvt Ltd',
      employee: { employeeId: 'EMP0042', name: 'Priya Raman', email: 'priya@acme.example', position: 'Data Engineer', joinedOn: '2024-01-15' },
      slip,
      generatedAt: new Date('2026-11-02T10:00:00Z'),
      extras,
      employerContributions: employerContributionLines(slip.employer),
    });
    const { total, text } = await pdfText(pdf);
    expect(total).toBe(2);
    const flat = text.replace(/\s+/g, ' ');
    expect(flat).toContain('Annexure to the Salary Slip for October 2026 - Priya Raman (EMP0042)');
    // What did not fit continues after the first page's net pay; nothing is lost.
    expect(flat.indexOf('Annexure to the')).toBeGreaterThan(flat.indexOf('Net Pay'));
    expect(flat).toContain('Gross (FY 2026-27 to date) ₹3,68,000.00');
    expect(flat).toContain('Casual 1 this month, 4 in 2026, 8 left');
  });

  it('holds the slip figures, the employer contributions and net pay in words on one A4 page', async () => {
    const slip = octoberSlip();
    const statutory = statutoryDeductions({ month: slip.month, state: 'KA', earned: { grossPaise: slip.earnings.totalPaise, basicPaise: slip.earnings.basicPaise } });
    const pdf = await renderSlipPdf({
      companyName: 'Acme Analytics Pvt Ltd',
      employee: { employeeId: 'EMP0042', name: 'Priya Raman', email: 'priya@acme.example', position: 'Data Engineer', joinedOn: '2024-01-15' },
      slip,
      generatedAt: new Date('2026-11-02T10:00:00Z'),
      employerContributions: employerContributionLines(statutory.employer),
    });
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    // A4 is 595.28 × 841.89 points.
    expect(pdf.toString('latin1')).toMatch(/\/MediaBox \[0 0 595\.28 841\.89\]/);
    const { total, text } = await pdfText(pdf);
    expect(total).toBe(1);
    const flat = text.replace(/\s+/g, ' ');
    for (const expected of [
      'Acme Analytics Pvt Ltd',
      'Salary Slip for October 2026',
      'EMP0042',
      'Priya Raman',
      'Data Engineer',
      '2026-10-01 to 2026-10-31',
      'Working Days 27',
      'Paid Days 25',
      'LOP Days 2',
      '₹50,000.00', // monthly gross
      // G = 50,000 × 25/27 = 46,296.30 → 46,296; B = 25,000 × 25/27 = 23,148.15 → 23,148;
      // H = 10,000 × 25/27 = 9,259.26 → 9,259; S = 46,296 − 23,148 − 9,259 = 13,889.
      'Basic 23,148.00',
      'House Rent Allowance 9,259.00',
      'Special Allowance 13,889.00',
      'Total Earnings 46,296.00',
      // PF 12% of basic 23,148 (under the ₹25,000 ceiling of October 2026) = 2,777.76 → 2,778.
      'Provident Fund (Employee) 2,778.00',
      'Professional Tax 200.00',
      // 12 × 50,000 = 6,00,000 − 75,000 = 5,25,000 is under ₹12 L: s.87A rebates the tax, TDS nil.
      'Income Tax (TDS) 0.00',
      'Total Deductions 2,978.00',
      'State of Work Karnataka',
      // Employer on 23,148: EPS 8.33% = 1,928.23 → 1,928, EPF 2,778 − 1,928 = 850, EDLI and admin 0.5% = 115.74 → 116.
      'Provident Fund (EPF) 850.00',
      'Pension Fund (EPS) 1,928.00',
      'EDLI 116.00',
      'PF Admin Charges 116.00',
      'Total Employer Contributions 3,010.00',
      'Net Pay ₹43,318.00',
      slip.netInWords,
    ]) {
      expect(flat).toContain(expected);
    }
    expect(slip.netInWords).toBe('Rupees Forty-Three Thousand Three Hundred Eighteen Only');
  });

  it('sets letters beyond the common ones too (their own font subset, not a cached one)', async () => {
    const employee = { employeeId: 'E2', name: 'José Müller', email: 'jose@x.example', position: 'Señor Analyst', joinedOn: '2024-01-15' };
    const generatedAt = new Date('2026-11-02T10:00:00Z');
    const plain = await renderSlipPdf({ companyName: 'Acme', employee: { ...employee, name: 'Plain Name', position: 'Analyst' }, slip: octoberSlip(), generatedAt });
    const accented = await renderSlipPdf({ companyName: 'Acme', employee, slip: octoberSlip(), generatedAt });
    const { text } = await pdfText(accented);
    expect(text).toContain('José Müller');
    expect(text).toContain('Señor Analyst');
    // Text comes back through the ToUnicode map whatever glyphs are drawn, so check the glyphs
    // themselves: the embedded fonts hold é, ü and ñ besides the common set, so they are larger.
    expect(embeddedFontBytes(accented)).toBeGreaterThan(embeddedFontBytes(plain));
  });

  it('names the file after the employee and month', () => {
    expect(slipPdfFileName('EMP/0042', '2026-10')).toBe('salary-slip_EMP_0042_2026-10.pdf');
  });

  it('leaves the employer section out when there is nothing to show', async () => {
    const slip = octoberSlip();
    const pdf = await renderSlipPdf({
      companyName: 'Acme',
      employee: { employeeId: 'E1', name: 'A', email: 'a@x.example', position: 'P', joinedOn: '2024-01-15' },
      slip,
      generatedAt: new Date('2026-11-02T10:00:00Z'),
      employerContributions: [],
    });
    const { total, text } = await pdfText(pdf);
    expect(total).toBe(1);
    expect(text).not.toContain('Employer Contributions');
  });
});
