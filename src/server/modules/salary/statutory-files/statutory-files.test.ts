/**
 * The four filing files of one worked month, February 2026 (28 days, Sundays off: 24 working days),
 * from slips the real slip computation makes. Every figure is written out below.
 *
 * - Kavya Nair, ₹18,000, Karnataka, all 24 days: basic 9,000 = PF wages; PF 12% = 1,080; EPS
 *   8.33% × 9,000 = 749.70 → 750; employer EPF 1,080 − 750 = 330. ESI covered (≤ ₹21,000):
 *   0.75% × 18,000 = 135. Karnataka PT below ₹25,000: nil. TDS nil (₹2.16 L a year). Net 18,000 −
 *   1,080 − 135 = 16,785. Paid for all 28 calendar days.
 * - Ravi Kumar, ₹45,000, Maharashtra, male, 3 LOP days: earned 45,000 × 21/24 = 39,375; basic
 *   22,500 × 21/24 = 19,687.50 → 19,688, capped at the ₹15,000 ceiling: PF 1,800, EPS 1,250 (the
 *   cap), employer EPF 550. Not ESI covered. Maharashtra in February, above ₹10,000: ₹300. TDS nil
 *   (87A rebate). Net 39,375 − 1,800 − 300 = 37,275. NCP 3; 28 − 3 = 25 days paid.
 * - Arun Rao, ₹25,000, Karnataka, no UAN and no bank details: basic 12,500, PF 1,500, EPS
 *   1,041.25 → 1,041, employer EPF 459. Karnataka from ₹25,000 in February: ₹300. Net 25,000 −
 *   1,500 − 300 = 23,200. Left out of the ECR and the bank file.
 * - "=HYPERLINK(…)", ₹15,000, Karnataka, ESI covered but no IP number: PF 900, EPS 7,500 × 8.33%
 *   = 624.75 → 625, employer EPF 275; ESI 0.75% × 15,000 = 112.50 → 113 (ESI rounds up). Net
 *   15,000 − 900 − 113 = 13,987. Left out of the ESI file; its name is guarded in the CSVs.
 */
import ExcelJS from 'exceljs';
import { datesOfMonth, weekdayOf } from '../../../../shared/payroll/pay-month';
import { computeSalarySlip } from '../../../../shared/payroll/salary-slip';
import { NO_STATUTORY, type StatutoryValues } from '../../employee-records';
import { bankFileName, buildBankTransfer, salaryNarration } from './bank-transfer-file';
import { buildEcrFile, ecrFileName, ecrName } from './ecr-file';
import { buildEsiContribution, ESI_COLUMNS, renderEsiWorkbook } from './esi-contribution-file';
import { filingRow, type FilingRow } from './filing-row';
import { buildPtSummary, slabLabel } from './pt-summary-file';

const MONTH = '2026-02';
const working = datesOfMonth(MONTH).filter((d) => weekdayOf(d) !== 0);
const NO_DETAILS: StatutoryValues = NO_STATUTORY;

function row(employeeId: string, name: string, gross: number, details: Partial<StatutoryValues>, lop: string[] = []): FilingRow {
  const slip = computeSalarySlip({
    monthlyGrossPaise: gross * 100,
    month: MONTH,
    joinedOn: '2024-04-01',
    presentDates: new Set(working.filter((d) => !lop.includes(d))),
    approvedLeaveDates: new Set(),
    today: '2026-03-10',
    statutory: { stateOfWork: details.stateOfWork, gender: details.gender as 'male' | 'female' | undefined },
  });
  return filingRow({ employeeId, name }, { ...NO_DETAILS, ...details }, slip);
}

const kavya = row('EMP0001', 'Kavya Nair', 18_000, { stateOfWork: 'KA', uan: '100427607286', esiNumber: '3112345678', bankAccount: '001234567890', ifsc: 'SBIN0001234' });
const ravi = row(
  'EMP0002',
  'Ravi Kumar',
  45_000,
  { stateOfWork: 'MH', gender: 'male', uan: '100257274743', bankAccount: '50100012345678', ifsc: 'HDFC0000123' },
  ['2026-02-10', '2026-02-11', '2026-02-12'],
);
const arun = row('EMP0003', 'Arun Rao', 25_000, { stateOfWork: 'KA' });
const hostile = row('EMP0004', '=HYPERLINK("http://x")', 15_000, { stateOfWork: 'KA', uan: '100427601130', bankAccount: '998877665544', ifsc: 'ICIC0000001' });
const ROWS = [kavya, ravi, arun, hostile];

describe('filing rows of the worked month', () => {
  it("know a leaver by a leaving date in the month, not by one in a later month", () => {
    expect(row('EMP0005', 'Leela Das', 18_000, { leftOn: '2026-02-13' }).leftOn).toBe('2026-02-13');
    expect(row('EMP0005', 'Leela Das', 18_000, { leftOn: '2026-03-20' }).leftOn).toBeNull();
    expect(kavya.leftOn).toBeNull();
  });

  it('carry the slip figures and the identifiers', () => {
    expect(kavya).toMatchObject({ earnedGross: 18_000, daysPaid: 28, lopDays: 0, net: 16_785, esi: { covered: true, employee: 135 } });
    expect(kavya.pf).toEqual({ epfWages: 9_000, epsWages: 9_000, edliWages: 9_000, employee: 1_080, eps: 750, employerEpf: 330 });
    expect(ravi).toMatchObject({ earnedGross: 39_375, daysPaid: 25, lopDays: 3, professionalTax: 300, net: 37_275, esi: { covered: false } });
    expect(ravi.pf).toEqual({ epfWages: 15_000, epsWages: 15_000, edliWages: 15_000, employee: 1_800, eps: 1_250, employerEpf: 550 });
    expect(ravi.professionalTaxSlab).toEqual({ from: 10_000.01, until: null });
    expect(arun).toMatchObject({ net: 23_200, professionalTax: 300, professionalTaxSlab: { from: 25_000, until: null } });
    expect(hostile).toMatchObject({ net: 13_987, esi: { covered: true, employee: 113 }, pf: { employee: 900, eps: 625, employerEpf: 275 } });
  });
});

describe('ECR 2.0 text file', () => {
  it('writes one #~# line per member with a UAN, in whole rupees, and lists who has none', () => {
    const { content, leftOut } = buildEcrFile(ROWS);
    expect(content).toBe(
      [
        '100427607286#~#Kavya Nair#~#18000#~#9000#~#9000#~#9000#~#1080#~#750#~#330#~#0#~#0',
        '100257274743#~#Ravi Kumar#~#39375#~#15000#~#15000#~#15000#~#1800#~#1250#~#550#~#3#~#0',
        '100427601130#~#HYPERLINK http x#~#15000#~#7500#~#7500#~#7500#~#900#~#625#~#275#~#0#~#0',
        '',
      ].join('\r\n'),
    );
    expect(leftOut).toEqual([{ employeeId: 'EMP0003', name: 'Arun Rao', reason: 'no UAN' }]);
    expect(ecrFileName(MONTH)).toBe('ECR_2026-02.txt');
  });

  it('keeps only the letters, spaces and dots a member name may hold', () => {
    expect(ecrName('  Zoë  D’Souza-Pinto Jr. ')).toBe('Zoe D Souza Pinto Jr.');
    expect(ecrName('@SUM(1+1)')).toBe('SUM');
    expect(buildEcrFile([{ ...kavya, name: '#~#' }]).leftOut[0]!.reason).toMatch(/no letters/);
  });
});

describe('ESI monthly contribution sheet', () => {
  it('lists each covered employee with an IP number: days paid and wages; others are left out', async () => {
    const { content, leftOut } = buildEsiContribution(ROWS);
    expect(content).toEqual([['3112345678', 'Kavya Nair', 28, 18_000, null, null]]);
    expect(leftOut).toEqual([{ employeeId: 'EMP0004', name: '=HYPERLINK("http://x")', reason: 'covered by ESI but has no ESI (IP) number' }]);
    // No paid day: reason code 1 (on leave), no last working day.
    expect(buildEsiContribution([{ ...kavya, daysPaid: 0, earnedGross: 0 }]).content[0]).toEqual(['3112345678', 'Kavya Nair', 0, 0, 1, null]);
    // Left on 13 February: reason code 2 (left service) and the last working day, as the portal writes dates.
    expect(buildEsiContribution([{ ...kavya, daysPaid: 13, earnedGross: 8_357, esi: { ...kavya.esi, wages: 8_357 }, leftOn: '2026-02-13' }]).content[0]).toEqual([
      '3112345678',
      'Kavya Nair',
      13,
      8_357,
      2,
      '13/02/2026',
    ]);
    // Half a day lost to late marks: 27.5 days paid are 28 on the sheet.
    expect(buildEsiContribution([{ ...kavya, daysPaid: 27.5 }]).content[0]![2]).toBe(28);

    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load((await renderEsiWorkbook([...content, ['=1+1', '-x', 1, 2, null, null]], 'Acme', new Date('2026-03-10T00:00:00Z'))) as unknown as ArrayBuffer);
    const sheet = wb.worksheets[0]!;
    expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual([...ESI_COLUMNS]);
    expect((sheet.getRow(2).values as unknown[]).slice(1)).toEqual(['3112345678', 'Kavya Nair', 28, 18_000]);
    expect(sheet.getRow(3).getCell(1).value).toBe("'=1+1");
    expect(sheet.getRow(3).getCell(2).value).toBe("'-x");
  });
});

describe('a month without pay, and the months a contribution period starts', () => {
  // October 2026: 31 days, 27 working; Leave Without Pay on every working day at ₹18,000.
  const october = (gross: number, o: { present?: boolean; periodStartGross?: number; halfLate?: boolean } = {}) =>
    filingRow(
      { employeeId: 'EMP0009', name: 'Full Month LWP' },
      { ...NO_DETAILS, uan: '100000000002', esiNumber: '1000000002' },
      computeSalarySlip({
        monthlyGrossPaise: gross * 100,
        month: '2026-10',
        joinedOn: '2024-04-01',
        presentDates: o.present ? new Set(datesOfMonth('2026-10').filter((d) => weekdayOf(d) !== 0 && d > '2026-10-02')) : new Set(),
        approvedLeaveDates: new Set(),
        today: '2026-11-10',
        statutory: { stateOfWork: 'KA', esiPeriodStartGrossPaise: o.periodStartGross && o.periodStartGross * 100 },
        ...(o.halfLate ? { lateMarks: { count: 5, rule: { enabled: true, freePerMonth: 2, marksPerStep: 3, daysPerStep: 0.5 }, minutes: 300, shiftMinutes: 540 } } : {}),
      }),
    );

  it('ECR NCP days are the month\'s 31 days, not its 27 working days; the ESI sheet says 0 days, reason 1', () => {
    const lwp = october(18_000);
    expect(lwp).toMatchObject({ daysPaid: 0, ncpDays: 31, earnedGross: 0 });
    expect(buildEcrFile([lwp]).content).toBe('100000000002#~#Full Month LWP#~#0#~#0#~#0#~#0#~#0#~#0#~#0#~#31#~#0\r\n');
    expect(buildEsiContribution([lwp]).content).toEqual([['1000000002', 'Full Month LWP', 0, 0, 1, null]]);
  });

  it('partial absence: NCP days are the whole LOP days; half a day lost to late marks is not one', () => {
    // Absent 1 and 2 October (2 working days) and ½ day lost to late marks: NCP 2, ESI 29 days.
    const r = october(18_000, { present: true, halfLate: true });
    expect(r).toMatchObject({ lopDays: 2.5, ncpDays: 2, daysPaid: 29 });
    expect(buildEcrFile([r]).content).toContain('#~#2#~#0\r\n');
    expect(buildEsiContribution([r]).content[0]!.slice(2, 5)).toEqual([29, r.esi.wages, null]);
  });

  it('lists in October, with reason 4, an IP no longer covered; leaves them off in November', () => {
    // ₹20,000 in April, ₹22,000 since June: covered to September, out of coverage from October.
    const oct = october(22_000, { present: true, periodStartGross: 22_000 });
    expect(oct.esi).toMatchObject({ covered: false, newPeriod: true });
    expect(buildEsiContribution([oct]).content).toEqual([['1000000002', 'Full Month LWP', 0, 0, 4, null]]);
    expect(buildEsiContribution([{ ...oct, esi: { ...oct.esi, newPeriod: false } }]).content).toEqual([]);
    // Not covered in September either: reported out of coverage before, so not listed again.
    expect(buildEsiContribution([{ ...oct, esi: { ...oct.esi, coveredLastMonth: false } }]).content).toEqual([]);
    expect(buildEsiContribution([{ ...oct, esi: { ...oct.esi, coveredLastMonth: true } }]).content).toHaveLength(1);
  });
});

describe('professional tax summary', () => {
  it('adds the tax up by state and slab, with each state total and the grand total', () => {
    expect(buildPtSummary(ROWS, MONTH)).toBe(
      '\uFEFF' +
        [
          'State Code,State,Salary Slab,PT per Employee,Employees,PT Deducted',
          // Kavya (18,000) and the ₹15,000 employee: below ₹25,000, nil; Arun: ₹300 in February.
          'KA,Karnataka,"Monthly salary up to ₹24,999.99",0,2,0',
          'KA,Karnataka,"Monthly salary ₹25,000 and above",300,1,300',
          'KA,Karnataka,All slabs,,3,300',
          'MH,Maharashtra,"Monthly salary ₹10,000.01 and above",300,1,300',
          'MH,Maharashtra,All slabs,,1,300',
          'All,All states,,,4,600',
          '',
        ].join('\r\n'),
    );
  });

  it('writes slabs as people read them, half-yearly ones on the half-year salary', () => {
    expect(slabLabel({ from: 0, until: 7_500.01 }, false)).toBe('Monthly salary up to ₹7,500');
    expect(slabLabel({ from: 7_500.01, until: 10_000.01 }, false)).toBe('Monthly salary ₹7,500.01 to ₹10,000');
    expect(slabLabel({ from: 75_000.01, until: null }, true)).toBe('Half-year salary ₹75,000.01 and above');
    const delhi = { ...kavya, stateOfWork: 'DL', stateName: 'Delhi', professionalTaxStatus: 'none' as const, professionalTaxSlab: null };
    expect(buildPtSummary([delhi], MONTH)).toContain('DL,Delhi,No professional tax in this state,0,1,0');
  });
});

describe('bank bulk-transfer file', () => {
  it('credits each net pay to the full account with IFSC and narration, guarded against formulas', () => {
    const { content, leftOut } = buildBankTransfer(ROWS, MONTH);
    expect(content).toBe(
      [
        'Beneficiary Account Number,IFSC,Amount,Beneficiary Name,Narration',
        '001234567890,SBIN0001234,16785.00,Kavya Nair,Salary Feb 2026',
        '50100012345678,HDFC0000123,37275.00,Ravi Kumar,Salary Feb 2026',
        '998877665544,ICIC0000001,13987.00,HYPERLINK http x,Salary Feb 2026',
        '',
      ].join('\r\n'),
    );
    expect(leftOut).toEqual([{ employeeId: 'EMP0003', name: 'Arun Rao', reason: 'no bank account and IFSC' }]);
    expect(buildBankTransfer([{ ...kavya, net: 0 }], MONTH).leftOut[0]!.reason).toBe('nothing to pay this month');
    expect(salaryNarration('2026-11')).toBe('Salary Nov 2026');
    expect(bankFileName('2026-11')).toBe('bank-transfer_2026-11.csv');
  });
});
