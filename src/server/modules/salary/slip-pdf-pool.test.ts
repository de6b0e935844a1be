/** PDF slips from the worker thread are the bytes the same slip gives in-process, and read back as the slip. */
import { computeSalarySlip } from '../../../shared/payroll/salary-slip';
import { datesOfMonth, weekdayOf } from '../../../shared/payroll/pay-month';
import { pdfText } from '../../test/pdf-text';
import { sampleLogo } from '../../test/png-fixture';
import { renderSlipPdf } from './slip-pdf';
import { renderSlipPdfPooled, stopSlipPdfWorkers } from './slip-pdf-pool';
import { employerContributionLines } from './slip-sections';

const present = new Set(datesOfMonth('2026-10').filter((d) => weekdayOf(d) !== 0));
const doc = (i: number) => {
  const slip = computeSalarySlip({ monthlyGrossPaise: (40_000 + i) * 100, month: '2026-10', joinedOn: '2024-01-15', presentDates: present, approvedLeaveDates: new Set(), today: '2026-11-20' });
  const employee = { employeeId: `EMP${i}`, name: `Person ${i}`, email: 'p@test.local', position: 'Analyst', salaryPaise: slip.monthlyGrossPaise, joinedOn: '2024-01-15', userId: i };
  return { companyName: 'Acme', employee, slip, generatedAt: new Date('2026-11-01T00:00:00Z'), employerContributions: employerContributionLines(slip.employer) };
};

describe('renderSlipPdfPooled with a worker thread', () => {
  const before = process.env.SLIP_PDF_WORKERS;
  beforeAll(() => {
    process.env.SLIP_PDF_WORKERS = '1';
  });
  afterAll(async () => {
    await stopSlipPdfWorkers();
    if (before === undefined) delete process.env.SLIP_PDF_WORKERS;
    else process.env.SLIP_PDF_WORKERS = before;
  });

  it('answers every slip of a batch, each the same bytes as in-process', async () => {
    const pooled = await Promise.all([1, 2, 3, 4, 5].map((i) => renderSlipPdfPooled(doc(i))));
    for (const [k, pdf] of pooled.entries()) expect(pdf.equals(await renderSlipPdf(doc(k + 1)))).toBe(true);
    const { text } = await pdfText(pooled[2]!);
    expect(text.replace(/\s+/g, ' ')).toContain('Person 3');
    // The threads rendered all five, not the in-process fallback.
    expect(await stopSlipPdfWorkers()).toBe(5);
    // A thread compiles the renderer through tsx before its first slip: slow on a loaded machine.
  }, 120_000);

  it('draws a logo held in shared memory (as a bulk batch hands it) the same as in-process', async () => {
    const png = sampleLogo(121, 45);
    const bytes = new Uint8Array(new SharedArrayBuffer(png.length));
    bytes.set(png);
    const company = { address: '12 MG Road, Bengaluru', logo: { contentType: 'image/png' as const, sha256: 'shared-logo-test', bytes } };
    const pooled = await Promise.all([6, 7].map((i) => renderSlipPdfPooled({ ...doc(i), company })));
    expect(pooled[0]!.toString('latin1')).toContain('/Subtype /Image');
    for (const [k, pdf] of pooled.entries()) expect(pdf.equals(await renderSlipPdf({ ...doc(k + 6), company }))).toBe(true);
  }, 120_000);
});
