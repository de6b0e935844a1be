/**
 * The spec's slip call in both formats, through app.inject on each engine: ?format=pdf answers the
 * PDF with the xlsx's figures; without it the xlsx as before; the same role and ownership checks;
 * the employee's statutory details (state, gender, regime) drive the lines. Figures are the
 * arithmetic in the comments, matching worked-examples.test.ts.
 */
import { SERVER_MSG } from '../../../shared/messages';
import { pdfText } from '../../test/pdf-text';
import { approveQuietly, readSlip, seedAttendance, TEST_NOW } from '../../test/salary-test-helpers';
import { auth, createTestApp, engines, type TestApp } from '../../test/test-app';
import { XLSX_CONTENT_TYPE } from './slip-workbook';

/** '1,35,433.00' for 135433: the PDF's Indian grouping. */
const inIndian = (rupees: number) => rupees.toLocaleString('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

describe.each(engines)('salary slip formats on %s', (engine) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp(engine, { overrides: { now: () => TEST_NOW }, env: { COMPANY_NAME: 'Acme Payroll Pvt Ltd' } });
  });
  afterEach(() => t.close());

  const slip = (token: string, id: string, month: string, query = '') => t.app.inject({ method: 'GET', url: `/api/salary/slip/${id}/${month}${query}`, headers: auth(token) });
  const setDetails = (id: number, name: string, email: string, statutory: object) =>
    t.app.inject({ method: 'PUT', url: `/api/employee/edit/${id}`, headers: auth(t.admin.token), payload: { name, email, statutory } });

  /** Both documents of one slip, and checks every labelled amount of the xlsx appears in the PDF's text. */
  async function bothFormats(token: string, id: string, month: string) {
    const xlsx = await slip(token, id, month);
    const pdf = await slip(token, id, month, '?format=pdf');
    expect(xlsx.statusCode).toBe(200);
    expect(pdf.statusCode).toBe(200);
    expect(xlsx.headers['content-type']).toBe(XLSX_CONTENT_TYPE);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toBe(`attachment; filename="salary-slip_${id}_${month}.pdf"`);
    expect(pdf.headers['cache-control']).toBe('no-store');
    const sheet = await readSlip(xlsx.rawPayload);
    const { total, text } = await pdfText(pdf.rawPayload);
    expect(total).toBe(1);
    const flat = text.replace(/\s+/g, ' ');
    for (const [label, value] of sheet.values) {
      if (typeof value === 'number' && !/Days|\(₹\)/.test(label)) expect(flat).toContain(`${label} ${inIndian(value)}`);
    }
    expect(flat).toContain(`Net Pay ₹${inIndian(sheet.values.get('Net Pay (₹)') as number)}`);
    expect(flat).toContain(String(sheet.values.get('Net Pay in Words')));
    return { sheet, text: flat };
  }

  it('₹1,50,000 in April 2025 under both regimes: TDS 12,567 new, 28,623 old, the same in both documents', async () => {
    const asha = await t.employee({ name: 'Asha Rao', email: 'asha@test.local', salaryPaise: 1_50_000_00 });
    const ravi = await t.employee({ name: 'Ravi Kumar', email: 'ravi@test.local', salaryPaise: 1_50_000_00 });
    await setDetails(asha.id, 'Asha Rao', 'asha@test.local', { stateOfWork: 'KA', taxRegime: 'new', pan: 'ABCDE1234F' });
    await setDetails(ravi.id, 'Ravi Kumar', 'ravi@test.local', { stateOfWork: 'KA', taxRegime: 'old', pan: 'ABCDE1235F' });
    await seedAttendance(t, asha.id, '2025-04');
    await seedAttendance(t, ravi.id, '2025-04');

    const newRegime = await bothFormats(t.admin.token, asha.employeeId, '2025-04');
    // 18,00,000 − 75,000 = 17,25,000: 1,45,000 + cess 5,800 = 1,50,800 ÷ 12 = 12,566.67 → 12,567.
    expect(newRegime.sheet.values.get('Income Tax (TDS)')).toBe(12_567);
    // 1,50,000 − PF 1,800 − PT 200 − TDS 12,567.
    expect(newRegime.sheet.values.get('Net Pay (₹)')).toBe(1_35_433);
    expect(newRegime.text).toContain('Tax Regime New, FY 2025-26');
    expect(newRegime.text).toContain('State of Work Karnataka');

    const oldRegime = await bothFormats(t.admin.token, ravi.employeeId, '2025-04');
    // 18,00,000 − 50,000 − PT 2,500 − 80C (PF 21,600) = 17,25,900: 3,30,270 + cess → 3,43,480 ÷ 12 = 28,623.33.
    expect(oldRegime.sheet.values.get('Income Tax (TDS)')).toBe(28_623);
    expect(oldRegime.sheet.values.get('Net Pay (₹)')).toBe(1_19_377);
    // Employer: EPS 1,250, EPF 550, EDLI 75, admin 75.
    expect(oldRegime.sheet.values.get('Total Employer Contributions')).toBe(1_950);
  });

  it('₹45,000 in Maharashtra in February 2026 ; ₹20,000 with 3 LOP days and ESI; a mid-year joiner', async () => {
    const meera = await t.employee({ name: 'Meera Iyer', email: 'meera@test.local', salaryPaise: 45_000_00 });
    await setDetails(meera.id, 'Meera Iyer', 'meera@test.local', { stateOfWork: 'MH', gender: 'male' });
    await seedAttendance(t, meera.id, '2026-02');
    const feb = await bothFormats(t.admin.token, meera.employeeId, '2026-02');
    // Full month: PF 1,800 (ceiling), PT ₹300 (Maharashtra, February), no ESI above ₹21,000, TDS nil.
    expect(feb.sheet.values.get('Professional Tax')).toBe(300);
    expect(feb.sheet.values.get('Net Pay (₹)')).toBe(42_900);
    expect(feb.sheet.values.has('ESI (Employee)')).toBe(false);

    const kavya = await t.employee({ name: 'Kavya Nair', email: 'kavya@test.local', salaryPaise: 20_000_00 });
    await seedAttendance(t, kavya.id, '2026-01', { except: ['2026-01-06', '2026-01-07', '2026-01-08'] });
    const lop = await bothFormats(t.admin.token, kavya.employeeId, '2026-01');
    // 27 working days, 24 paid: earned 17,778; PF 12% × 8,889 = 1,067; ESI 0.75% × 17,778 → 134; PT nil (KA, the default).
    expect(lop.sheet.values.get('LOP Days')).toBe(3);
    expect(lop.sheet.values.get('ESI (Employee)')).toBe(134);
    expect(lop.sheet.values.get('Net Pay (₹)')).toBe(16_577);

    const joiner = await t.employee({ name: 'Arjun Das', email: 'arjun@test.local', salaryPaise: 2_00_000_00, joinedOn: '2025-10-15' });
    await setDetails(joiner.id, 'Arjun Das', 'arjun@test.local', { stateOfWork: 'TG' });
    await seedAttendance(t, joiner.id, '2025-10');
    const oct = await bothFormats(t.admin.token, joiner.employeeId, '2025-10');
    // 15 of 27 working days: 1,11,111; projected 11,11,111 − 75,000 is under ₹12 L: no TDS. PT Telangana ₹200.
    expect(oct.sheet.values.get('Income Tax (TDS)')).toBe(0);
    expect(oct.sheet.values.get('Net Pay (₹)')).toBe(1_09_111);
  });

  it('keeps the role and ownership checks of the spec call for the PDF, and refuses an unknown format', async () => {
    const a = await t.employee();
    const b = await t.employee();
    await approveQuietly(t, '2026-10');
    expect((await slip(a.token, a.employeeId, '2026-10', '?format=pdf')).statusCode).toBe(200);
    const other = await slip(a.token, b.employeeId, '2026-10', '?format=pdf');
    expect(other.statusCode).toBe(403);
    expect(other.json()).toEqual({ msg: SERVER_MSG.forbidden });
    expect((await t.app.inject(`/api/salary/slip/${a.employeeId}/2026-10?format=pdf`)).statusCode).toBe(401);
    const bad = await slip(t.admin.token, a.employeeId, '2026-10', '?format=docx');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().msg).toMatch(/format must be 'pdf' or 'xlsx'/);
    const future = await slip(t.admin.token, a.employeeId, '2026-12', '?format=pdf');
    expect(future.statusCode).toBe(400);
    expect(future.json().msg).toMatch(/has not started yet/);
    // The employee's own PDF names only the masked account nowhere: the slip carries no bank number at all.
    await setDetails(a.id, 'Employee 1', a.email, { bankAccount: '50100123451234', ifsc: 'HDFC0001234' });
    const own = await pdfText((await slip(a.token, a.employeeId, '2026-10', '?format=pdf')).rawPayload);
    expect(own.text).not.toContain('50100123451234');
  });

  it('refuses settings that are not a boolean, and lets only admins change them', async () => {
    const e = await t.employee();
    const bad = await t.app.inject({ method: 'PUT', url: '/api/salary/settings', headers: auth(t.admin.token), payload: { slipEmailAttachXlsx: 'yes' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().msg).toMatch(/slipEmailAttachXlsx must be true or false/);
    expect((await t.app.inject({ method: 'PUT', url: '/api/salary/settings', headers: auth(e.token), payload: { slipEmailAttachXlsx: true } })).statusCode).toBe(403);
  });
});
