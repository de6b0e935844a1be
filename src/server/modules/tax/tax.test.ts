/**
 * Income tax the way an employee lives it, through the API on each engine: the employee chooses the
 * old regime for Tax Year 2026-27, declares rent and 80C, and the next month's TDS drops; whether a
 * declaration counts follows the company's setting and the admin's decision; the year's statement
 * adds up to the approved slips; nobody reaches another employee's tax.
 *
 * ₹1,00,000 a month in Karnataka (basic 50,000, HRA 20,000), PAN given, old regime:
 * - April with nothing declared: 12,00,000 − 50,000 − PT 2,500 − PF 21,600 = 11,25,900 taxable →
 *   12,500 + 1,00,000 + 30% × 1,25,900 = 1,50,270 + 4% = 1,56,280.80 → ₹1,56,280; ÷ 12 = ₹13,023.
 * - May with rent ₹25,000 (Bengaluru, April to March) and 80C ₹1,50,000 counting: HRA exempt
 *   min(20,000; 25,000 − 5,000; 50% × 50,000) = 20,000 a month, 2,40,000 a year; 80C with PF capped
 *   at 1,50,000; 12,00,000 − 50,000 − 2,500 − 1,50,000 − 2,40,000 = 7,57,500 taxable → 12,500 +
 *   20% × 2,57,500 = 64,000 + 4% = ₹66,560; (66,560 − 13,023) ÷ 11 = 4,866.99 → ₹4,867.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pdfText } from '../../test/pdf-text';
import { approveQuietly, seedAttendance, TEST_NOW } from '../../test/salary-test-helpers';
import { auth, createTestApp, engines, MemoryMailer, type TestApp, type TestEmployee } from '../../test/test-app';
import { multipart } from '../../test/multipart';

const FY = '2026-27';

/** Page 1 of a PDF drawn by poppler's pdftoppm at 72 dpi (one pixel a point), kept in the temp folder to look at. */
function renderFirstPage(pdf: Buffer, name: string): Buffer {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tax-statement-'));
  fs.writeFileSync(path.join(dir, `${name}.pdf`), pdf);
  execFileSync('pdftoppm', ['-png', '-r', '72', '-f', '1', '-l', '1', '-singlefile', path.join(dir, `${name}.pdf`), path.join(dir, name)]);
  return fs.readFileSync(path.join(dir, `${name}.png`));
}
const RENT = { financialYear: FY, section: 'rent', amount: 25000, details: { fromMonth: '2026-04', toMonth: '2027-03', city: 'bengaluru', landlordName: 'Lakshmi Narayanan', landlordAddress: '14, 5th Cross, Jayanagar, Bengaluru 560041', landlordPan: 'AAAPL1234C' } };
const SECTION_80C = { financialYear: FY, section: '80C', amount: 150000, details: { description: 'PPF and ELSS' } };

describe.each(engines)('income tax per year on %s', (engine) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp(engine, { overrides: { mailer: new MemoryMailer(), now: () => TEST_NOW } });
  });
  afterEach(() => t.close());

  const as = (token: string) => ({
    get: (url: string) => t.app.inject({ method: 'GET', url, headers: auth(token) }),
    put: (url: string, payload: object) => t.app.inject({ method: 'PUT', url, headers: auth(token), payload }),
  });
  const admin = () => as(t.admin.token);
  const tdsIn = async (month: string) => {
    const res = await admin().get(`/api/salary/register/${month}`);
    expect(res.statusCode).toBe(200);
    return res.json().rows[0].deductions.tds as number;
  };

  async function kavya(): Promise<TestEmployee> {
    const e = await t.employee({ name: 'Kavya Ramachandran', email: 'kavya@test.local', salaryPaise: 1_00_000_00, joinedOn: '2025-01-06' });
    const res = await admin().put(`/api/employee/edit/${e.id}`, { name: 'Kavya Ramachandran', email: e.email, statutory: { pan: 'BCDEK5678F', stateOfWork: 'KA' } });
    expect(res.statusCode).toBe(200);
    for (const month of ['2026-04', '2026-05']) await seedAttendance(t, e.id, month);
    return e;
  }

  it('declaring rent and 80C lowers the next slip, and the statement adds up to the slips', async () => {
    const e = await kavya();
    const me = as(e.token);
    expect((await me.get(`/api/tax/me?financialYear=${FY}`)).json()).toMatchObject({ regime: 'new', regimeChosen: false, regimeChoiceOpen: true, names: { act: 'Income-tax Act 2025', declarationForm: 'Form 124', certificate: 'Form 130' } });
    expect((await me.put('/api/tax/regime', { financialYear: FY, regime: 'old' })).json()).toEqual({ msg: 'You are on the old regime for 2026-27' });
    expect(await tdsIn('2026-04')).toBe(13_023);
    await approveQuietly(t, '2026-04');

    expect((await me.put('/api/tax/declarations', RENT)).statusCode).toBe(200);
    expect((await me.put('/api/tax/declarations', SECTION_80C)).statusCode).toBe(200);
    expect(await tdsIn('2026-05')).toBe(4_867);

    // The slip download says the same, and names the 2025 Act's section.
    const slip = await admin().get(`/api/salary/slip/${e.employeeId}/2026-05?format=pdf`);
    const slipText = (await pdfText(slip.rawPayload)).text;
    expect(slipText).toContain('Old, Tax year 2026-27');
    expect(slipText).toContain('TDS u/s 392, Income-tax Act 2025');
    await approveQuietly(t, '2026-05');

    const statement = await me.get(`/api/tax/statement/${e.employeeId}/${FY}`);
    expect(statement.statusCode).toBe(200);
    expect(statement.headers['cache-control']).toBe('no-store');
    const { text } = await pdfText(statement.rawPayload);
    expect(text).toContain('Form 130');
    // Salary 2 × 1,00,000; HRA exempt 2 × 20,000; TDS 13,023 + 4,867 = 17,890: the slips' own sums.
    const stored = await t.ctx.database.db.selectFrom('payroll_approved_slips').select(['gross_paise', 'tds_paise']).where('user_id', '=', e.id).execute();
    expect(stored.reduce((a, r) => a + Number(r.tds_paise), 0)).toBe(17_890_00);
    expect(text).toMatch(/Total\s+2,00,000\.00\s+40,000\.00\s+3,600\.00\s+400\.00\s+17,890\.00/);
    expect(text).toContain('Deduction s.123, with employee PF (cap ₹1,50,000)');
    // Who and which law, and, mid-year, no "refund" yet: the months to come carry their own tax.
    for (const words of ['Annual tax statement, Tax year 2026-27', 'Form 130 (computation of income and tax), Income-tax Act 2025', 'Kavya Ramachandran', 'BCDEK5678F', 'April 2026 to May 2026', 'Tax deducted by this employer (s.392)', 'Form 130 Part A (tax deposited, challans) is downloaded from TRACES.']) {
      expect(text).toContain(words);
    }
    expect(text).toMatch(/Deducted so far beyond the tax on these months\s+17,890\.00/);
    expect(text).not.toContain('refund');
    // And it renders: page 1 as a PNG through poppler, as a reader's viewer would draw it.
    const png = renderFirstPage(statement.rawPayload, `statement-${engine}`);
    expect(png.subarray(1, 4).toString('latin1')).toBe('PNG');
    // A4 is 595.28 × 841.89 points.
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([596, 842]);

    // The yearly annexure carries the same sums, formula-guarded.
    const csv = await admin().get(`/api/tax/annexure/${FY}`);
    expect(csv.headers['content-type']).toMatch(/text\/csv/);
    const row = csv.body.split('\r\n').find((l) => l.startsWith(e.employeeId))!;
    expect(row).toContain('200000.00');
    expect(row).toContain('17890.00');
    expect(row).toContain('AAAPL1234C');
    // Employed from and to as dates; the excess (deducted beyond these months' tax) a plain negative number, not quoted text.
    expect(row).toContain(',2026-04-01,2026-05-31,old,');
    expect(row).toMatch(/,-\d+(\.\d+)?,AAAPL1234C,/);
  });

  it('with "verified only", a declaration counts once an admin verifies it; a rejection takes it out again', async () => {
    const e = await kavya();
    const me = as(e.token);
    expect((await me.put('/api/tax/regime', { financialYear: FY, regime: 'old' })).statusCode).toBe(200);
    await approveQuietly(t, '2026-04');
    expect((await admin().put('/api/tax/settings', { declaredUntilProofWindowCloses: false, years: {} })).statusCode).toBe(200);
    expect((await me.put('/api/tax/declarations', RENT)).statusCode).toBe(200);
    expect((await me.put('/api/tax/declarations', SECTION_80C)).statusCode).toBe(200);
    // Nothing verified: May as April, (1,56,280 − 13,023) ÷ 11 = 13,023.36 → ₹13,023.
    expect(await tdsIn('2026-05')).toBe(13_023);

    const list = (await admin().get(`/api/tax/declarations?financialYear=${FY}`)).json().rows as { _id: string; section: string; name: string }[];
    expect(list.map((d) => [d.name, d.section])).toEqual([['Kavya Ramachandran', 'rent'], ['Kavya Ramachandran', '80C']]);
    for (const d of list) expect((await admin().put(`/api/tax/declarations/${d._id}/decision`, { status: 'verified' })).statusCode).toBe(200);
    expect(await tdsIn('2026-05')).toBe(4_867);

    const rent = list.find((d) => d.section === 'rent')!;
    expect((await admin().put(`/api/tax/declarations/${rent._id}/decision`, { status: 'rejected' })).json()).toEqual({ msg: 'note is required when rejecting: say what is missing' });
    expect((await admin().put(`/api/tax/declarations/${rent._id}/decision`, { status: 'rejected', note: 'Rent receipts for April to June are missing' })).statusCode).toBe(200);
    // 80C alone: 12,00,000 − 50,000 − 2,500 − 1,50,000 = 9,97,500 → 12,500 + 20% × 4,97,500 = 1,12,000 + 4% = 1,16,480; (1,16,480 − 13,023) ÷ 11 = 9,405.18.
    expect(await tdsIn('2026-05')).toBe(9_405);
    // A part of the 80C verified: never more than declared; less verified, more tax; the employee sees the amount verified.
    const c80 = list.find((d) => d.section === '80C')!;
    const declared80C = (await me.get(`/api/tax/me?financialYear=${FY}`)).json().declarations.find((d: { section: string }) => d.section === '80C').amount as number;
    const over = await admin().put(`/api/tax/declarations/${c80._id}/decision`, { status: 'verified', amount: declared80C + 1 });
    expect(over.statusCode).toBe(400);
    expect(over.json().msg).toMatch(/^amount must not be more than the ₹[\d,]+ declared$/);
    expect((await admin().put(`/api/tax/declarations/${c80._id}/decision`, { status: 'verified', amount: 10_000 })).statusCode).toBe(200);
    expect(await tdsIn('2026-05')).toBeGreaterThan(9_405);
    expect((await me.get(`/api/tax/me?financialYear=${FY}`)).json().declarations.find((d: { section: string }) => d.section === '80C')).toMatchObject({ status: 'verified', verifiedAmount: 10_000 });
    const audited = await t.ctx.database.db.selectFrom('audit_log').select('after_json').where('action', '=', 'tax.declaration-decision').orderBy('id', 'desc').executeTakeFirst();
    expect(JSON.parse(String(audited?.after_json))).toMatchObject({ section: '80C', status: 'verified', amount: 10_000 });
    // Verified in full again for what follows.
    expect((await admin().put(`/api/tax/declarations/${c80._id}/decision`, { status: 'verified' })).statusCode).toBe(200);
    const mine = (await me.get(`/api/tax/me?financialYear=${FY}`)).json();
    expect(mine.declarations.find((d: { section: string }) => d.section === 'rent')).toMatchObject({ status: 'rejected', note: 'Rent receipts for April to June are missing' });
    // Changing it sends it back to 'declared'.
    expect((await me.put('/api/tax/declarations', { ...RENT, amount: 24000 })).statusCode).toBe(200);
    expect((await me.get(`/api/tax/me?financialYear=${FY}`)).json().declarations.find((d: { section: string }) => d.section === 'rent')).toMatchObject({ status: 'declared', note: null, amount: 24000 });
  });

  it('the regime can be chosen until the cut-off; after it only an admin changes it, audited', async () => {
    const e = await kavya();
    const me = as(e.token);
    // TEST_NOW is 15 November 2026.
    expect((await admin().put('/api/tax/settings', { declaredUntilProofWindowCloses: true, years: { [FY]: { regimeChoiceCloses: '2026-06-30', proofWindowCloses: '2027-01-31' } } })).statusCode).toBe(200);
    const late = await me.put('/api/tax/regime', { financialYear: FY, regime: 'old' });
    expect(late.statusCode).toBe(409);
    expect(late.json()).toEqual({ msg: 'The regime for 2026-27 could be chosen until 30 June 2026; ask an admin to change it' });
    expect((await me.get(`/api/tax/me?financialYear=${FY}`)).json()).toMatchObject({ regime: 'new', regimeChoiceOpen: false, regimeChoiceCloses: '2026-06-30' });
    // The next year is still open to the employee; an earlier one is not.
    expect((await me.put('/api/tax/regime', { financialYear: '2027-28', regime: 'old' })).statusCode).toBe(200);
    expect((await me.put('/api/tax/regime', { financialYear: '2025-26', regime: 'old' })).statusCode).toBe(409);

    expect((await admin().put(`/api/tax/employees/${e.id}/regime`, { financialYear: FY, regime: 'old' })).json()).toEqual({ msg: 'Kavya Ramachandran is on the old regime for 2026-27' });
    const choices = (await admin().get(`/api/tax/regimes?financialYear=${FY}`)).json();
    expect(choices).toMatchObject({ total: 1, counts: { all: 1, old: 1, new: 0, chosen: 1 } });
    expect(choices.rows).toEqual([expect.objectContaining({ employeeId: e.employeeId, regime: 'old', chosen: true, chosenByAdmin: true })]);
    const audit = await t.ctx.database.db.selectFrom('audit_log').selectAll().where('action', '=', 'tax.regime-change').execute();
    expect(audit).toHaveLength(1);
    expect(JSON.parse(audit[0]!.after_json!)).toEqual({ employeeId: e.employeeId, financialYear: FY, regime: 'old' });
    expect(await tdsIn('2026-05')).toBe(13_023);
  });

  it("refuses another employee's proofs and statement, and names every bad field", async () => {
    const e = await kavya();
    const other = await t.employee({ name: 'Arjun Menon', email: 'arjun@test.local' });
    const pdf = Buffer.from('%PDF-1.4\n%%EOF\n');
    const upload = await t.app.inject({ method: 'POST', url: `/api/tax/proofs?financialYear=${FY}&section=rent`, headers: { ...auth(e.token), ...multipart([{ name: 'file', filename: '../../rent receipt\u202E.pdf', content: pdf, contentType: 'application/pdf' }]).headers }, payload: multipart([{ name: 'file', filename: '../../rent receipt\u202E.pdf', content: pdf, contentType: 'application/pdf' }]).payload });
    expect(upload.statusCode).toBe(201);
    const proofId = upload.json()._id;
    const mine = await as(e.token).get(`/api/tax/proofs/${proofId}`);
    expect(mine.statusCode).toBe(200);
    expect(mine.headers['content-disposition']).toBe('attachment; filename="rent receipt_.pdf"');
    expect((await as(other.token).get(`/api/tax/proofs/${proofId}`)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/tax/proofs/${proofId}`, headers: auth(other.token) })).statusCode).toBe(403);
    expect((await as(other.token).get(`/api/tax/statement/${e.employeeId}/${FY}`)).statusCode).toBe(403);
    expect((await as(other.token).put(`/api/tax/employees/${e.id}/regime`, { financialYear: FY, regime: 'old' })).statusCode).toBe(403);

    // A file that is not a PDF or an image, whatever it is called.
    const exe = multipart([{ name: 'file', filename: 'receipt.pdf', content: Buffer.from('MZ\x90\x00 not a pdf'), contentType: 'application/pdf' }]);
    const refused = await t.app.inject({ method: 'POST', url: `/api/tax/proofs?financialYear=${FY}&section=rent`, headers: { ...auth(e.token), ...exe.headers }, payload: exe.payload });
    expect(refused.json()).toEqual({ msg: 'A proof must be a PDF, PNG or JPEG file' });
    const big = multipart([{ name: 'file', filename: 'big.pdf', content: Buffer.concat([Buffer.from('%PDF-'), Buffer.alloc(2 * 1024 * 1024)]), contentType: 'application/pdf' }]);
    expect((await t.app.inject({ method: 'POST', url: `/api/tax/proofs?financialYear=${FY}&section=rent`, headers: { ...auth(e.token), ...big.headers }, payload: big.payload })).statusCode).toBe(413);

    // Above ₹1 lakh a year the landlord's PAN is needed; every bad field is named.
    const noPan = await as(e.token).put('/api/tax/declarations', { ...RENT, details: { ...RENT.details, landlordPan: undefined } });
    expect(noPan.json()).toEqual({ msg: "landlordPan is required when the year's rent is above ₹1,00,000 (Form 124)" });
    // Home-loan interest needs the lender's PAN, as the declaration form asks.
    expect((await as(e.token).put('/api/tax/declarations', { financialYear: FY, section: '24b', amount: 200000, details: { lenderName: 'State Bank of India' } })).json()).toEqual({ msg: 'lenderPan is required for home-loan interest (Form 124)' });
    expect((await as(e.token).put('/api/tax/declarations', { financialYear: '2026-27', section: '24b', amount: 200000, details: { lenderName: 'State Bank of India', lenderPan: 'AAACS8577K' } })).statusCode).toBe(200);
    // The app's validation answer names the first bad field; each is refused on its own.
    for (const [change, msg] of [
      [{ amount: -1 }, 'amount must be 0 or more'],
      [{ details: { ...RENT.details, city: 'gotham' } }, 'city must be one of'],
      [{ details: { ...RENT.details, landlordName: 'Line\nbreak' } }, 'landlordName must be one line of text'],
      [{ details: { ...RENT.details, landlordPan: 'NOTAPAN' } }, 'landlordPan must be five letters'],
    ] as const) {
      const bad = await as(e.token).put('/api/tax/declarations', { ...RENT, ...change });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().msg).toContain(msg);
    }
    const months = await as(e.token).put('/api/tax/declarations', { ...RENT, details: { ...RENT.details, fromMonth: '2026-02', toMonth: '2026-01' } });
    expect(months.json()).toEqual({ msg: 'fromMonth must be within 2026-27 (2026-04 to 2027-03); toMonth must be within 2026-27 (2026-04 to 2027-03); toMonth must not be before fromMonth' });
  });

  it("a manager reaches none of their team member's tax either", async () => {
    const e = await kavya();
    const manager = await t.employee({ name: 'Priya Venkatesh', email: 'priya@test.local' });
    const edit = await admin().put(`/api/employee/edit/${e.id}`, { name: 'Kavya Ramachandran', email: e.email, managerId: String(manager.id) });
    expect(edit.statusCode).toBe(200);
    const pdf = multipart([{ name: 'file', filename: 'rent.pdf', content: Buffer.from('%PDF-1.4\n%%EOF\n'), contentType: 'application/pdf' }]);
    const proofId = (await t.app.inject({ method: 'POST', url: `/api/tax/proofs?financialYear=${FY}&section=rent`, headers: { ...auth(e.token), ...pdf.headers }, payload: pdf.payload })).json()._id;
    const boss = as(manager.token);
    expect((await boss.get(`/api/tax/proofs/${proofId}`)).statusCode).toBe(403);
    expect((await boss.get(`/api/tax/statement/${e.employeeId}/${FY}`)).statusCode).toBe(403);
    expect((await boss.get(`/api/tax/employees/${e.id}?financialYear=${FY}`)).statusCode).toBe(403);
    expect((await boss.get(`/api/tax/declarations?financialYear=${FY}`)).statusCode).toBe(403);
    expect((await boss.put(`/api/tax/employees/${e.id}/regime`, { financialYear: FY, regime: 'old' })).statusCode).toBe(403);
    // Their own year is their own: nothing of Kavya's in it.
    expect((await boss.get(`/api/tax/me?financialYear=${FY}`)).json()).toMatchObject({ employeeId: manager.employeeId, declarations: [] });
  });

  it('the HRA cities and the caps are rule versions an admin sees with their sources; a table is not edited by hand', async () => {
    const page = (await admin().get('/api/statutory-rules?month=2026-11')).json() as { rules: { key: string; unit: string; versions: { when: string; text?: string; value: number; source: string }[] }[] };
    const cities = page.rules.find((r) => r.key === 'tax.hraFiftyPercentCities')!;
    expect(cities.versions.find((v) => v.when === 'in-force')).toMatchObject({ text: 'Delhi, Mumbai, Kolkata, Chennai, Bengaluru, Hyderabad, Pune, Ahmedabad', source: expect.stringContaining('G.S.R. 198(E) of 20 Mar 2026') });
    expect(page.rules.find((r) => r.key === 'tax.section80CCap')!.versions.find((v) => v.when === 'in-force')).toMatchObject({ value: 150000, source: expect.stringContaining('s.123 (replaced s.80C)') });
    const refused = await t.app.inject({ method: 'POST', url: '/api/statutory-rules/versions', headers: auth(t.admin.token), payload: { key: 'tax.hraFiftyPercentCities', effectiveFrom: '2027-04-01', value: 1, source: 'A notification of 2027' } });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ msg: 'HRA exemption: cities at 50% of salary is a table: a new version of it comes with a product update' });
    // A cap is one figure: a new year's version is taken, and the declaration check reads it.
    const added = await t.app.inject({ method: 'POST', url: '/api/statutory-rules/versions', headers: auth(t.admin.token), payload: { key: 'tax.landlordPanAbove', effectiveFrom: '2027-04-01', value: 200000, source: 'Income-tax (Amendment) Rules 2027 (illustrative)' } });
    expect(added.statusCode).toBe(200);
    const e = await t.employee({ name: 'Arjun Menon', email: 'arjun@test.local' });
    const rent = { financialYear: '2027-28', section: 'rent', amount: 12000, details: { fromMonth: '2027-04', toMonth: '2028-03', city: 'pune', landlordName: 'Suresh Patil', landlordAddress: 'Baner Road, Pune 411045' } };
    // 12 × 12,000 = 1,44,000: above ₹1,00,000 but not above the company's ₹2,00,000 for 2027-28.
    expect((await as(e.token).put('/api/tax/declarations', rent)).statusCode).toBe(200);
    expect((await as(e.token).put('/api/tax/declarations', { ...rent, financialYear: FY, details: { ...rent.details, fromMonth: '2026-04', toMonth: '2027-03' } })).json()).toEqual({ msg: "landlordPan is required when the year's rent is above ₹1,00,000 (Form 124)" });
  });

  it("slips and statements use the names of the Act in force: the 1961 Act's for 2025-26, the 2025 Act's for 2026-27", async () => {
    const e = await kavya();
    await seedAttendance(t, e.id, '2026-03');
    for (const fy of ['2025-26', FY]) expect((await admin().put(`/api/tax/employees/${e.id}/regime`, { financialYear: fy, regime: 'old' })).statusCode).toBe(200);
    await approveQuietly(t, '2026-03');
    await approveQuietly(t, '2026-04');
    const pdf = async (url: string) => {
      const res = await admin().get(url);
      expect(res.statusCode).toBe(200);
      return (await pdfText(res.rawPayload)).text;
    };
    // Numbers of the 1961 Act that must not be printed for a 2026-27 month, and of the 2025 Act that are not confirmed (the HRA exemption's, the standard deduction's).
    const act1961 = /\bs\.(192|206AA|80C|80CCD|80D|10\(13A\)|24\(b\)|16\(ia\)|87A|115BAC)|Form (16|12BB|12B|24Q)\b/;
    const unconfirmed2025 = /\bs\.(19|11|10)\b|Schedule III/;

    const march = await pdf(`/api/salary/slip/${e.employeeId}/2026-03?format=pdf`);
    expect(march).toContain('Old, FY 2025-26');
    expect(march).toContain('Income tax: TDS u/s 192.');
    expect(march).not.toMatch(/Income-tax Act 2025|u\/s 392/);
    const april = await pdf(`/api/salary/slip/${e.employeeId}/2026-04?format=pdf`);
    expect(april).toContain('Old, Tax year 2026-27');
    expect(april).toContain('Income tax: TDS u/s 392, Income-tax Act 2025.');
    expect(april).not.toMatch(act1961);

    const old = await pdf(`/api/tax/statement/${e.employeeId}/2025-26`);
    for (const words of [
      'Annual tax statement, Financial year 2025-26',
      'The figures of Form 16 Part B, Income-tax Act 1961',
      'Tax regime Old (First Schedule, old rates)',
      'House rent allowance exempt (s.10(13A) with rule 2A)',
      'Standard deduction (s.16(ia))',
      'Interest on home loan, self-occupied house (s.24(b))',
      'Deduction s.80C, with employee PF',
      'Deduction s.80CCD(1B), NPS own contribution',
      'Deduction s.80D, health insurance: parents',
      'Rebate (s.87A)',
      'Tax deducted by this employer (s.192)',
      'Form 16 Part A (tax deposited, challans)',
    ]) {
      expect(old).toContain(words);
    }
    expect(old).not.toMatch(/Income-tax Act 2025|Form 130|s\.392/);
    const current = await pdf(`/api/tax/statement/${e.employeeId}/${FY}`);
    for (const words of [
      'Annual tax statement, Tax year 2026-27',
      'The figures of Form 130 (computation of income and tax), Income-tax Act 2025',
      'House rent allowance exempt',
      'Standard deduction',
      'Interest on home loan, self-occupied house (s.22(1)(b))',
      'Deduction s.123, with employee PF',
      'Deduction s.124, NPS own contribution',
      'Deduction s.126, health insurance: self and family',
      'Deduction s.126, health insurance: parents',
      'Rebate (s.156)',
      'Tax deducted by this employer (s.392)',
      'Form 130 Part A (tax deposited, challans)',
    ]) {
      expect(current).toContain(words);
    }
    expect(current).not.toMatch(act1961);
    expect(current).not.toMatch(unconfirmed2025);
    // The annexure's file carries the year's quarterly return: Form 24Q, then Form 138.
    expect((await admin().get('/api/tax/annexure/2025-26')).headers['content-disposition']).toContain('salary-annexure_2025-26_Form-24Q.csv');
    expect((await admin().get(`/api/tax/annexure/${FY}`)).headers['content-disposition']).toContain(`salary-annexure_${FY}_Form-138.csv`);
  });

  it('the admin lists are paged, searched and totalled on the server', async () => {
    const kav = await kavya();
    const arjun = await t.employee({ name: 'Arjun Menon', email: 'arjun@test.local' });
    const meera = await t.employee({ name: 'Meera Pillai', email: 'meera@test.local' });
    expect((await as(kav.token).put('/api/tax/regime', { financialYear: FY, regime: 'old' })).statusCode).toBe(200);
    for (const [who, body] of [
      [kav, RENT],
      [kav, SECTION_80C],
      [arjun, { ...SECTION_80C, amount: 100000 }],
      [arjun, { financialYear: FY, section: '80D-self', amount: 20000, details: { senior: false } }],
      [meera, { ...SECTION_80C, amount: 50000 }],
    ] as const) {
      expect((await as(who.token).put('/api/tax/declarations', body)).statusCode).toBe(200);
    }
    const page = (query: string) => admin().get(`/api/tax/declarations?financialYear=${FY}&${query}`);
    const declared = (await page('')).json();
    const id = (name: string, section: string) => declared.rows.find((d: { name: string; section: string }) => d.name === name && d.section === section)._id as string;
    expect((await admin().put(`/api/tax/declarations/${id('Arjun Menon', '80C')}/decision`, { status: 'verified', amount: 80000 })).statusCode).toBe(200);
    expect((await admin().put(`/api/tax/declarations/${id('Meera Pillai', '80C')}/decision`, { status: 'rejected', note: 'No receipt' })).statusCode).toBe(200);

    // Rent counts a year (25,000 × 12); rejected amounts do not; a verified one counts as declared and as verified.
    const first = (await page('limit=2')).json();
    expect(first).toMatchObject({ total: 3, offset: 0, limit: 2, counts: { declared: 3, verified: 1, rejected: 1 }, rupees: { declared: 570000, verified: 80000 } });
    expect(first.rows.map((d: { name: string; section: string }) => `${d.name} ${d.section}`)).toEqual(['Kavya Ramachandran rent', 'Kavya Ramachandran 80C']);
    expect((await page('limit=2&offset=2')).json().rows.map((d: { section: string }) => d.section)).toEqual(['80D-self']);
    // The search finds a name, an email or an employee ID in any case; the counts and sums follow it.
    expect((await page('q=ARJUN')).json()).toMatchObject({ total: 1, counts: { declared: 1, verified: 1, rejected: 0 }, rupees: { declared: 120000, verified: 80000 } });
    expect((await page(`q=${encodeURIComponent(meera.employeeId.toLowerCase())}&status=rejected`)).json()).toMatchObject({ total: 1, rows: [expect.objectContaining({ note: 'No receipt' })] });
    expect((await page('q=%25')).json()).toMatchObject({ total: 0, rows: [], counts: { declared: 0, verified: 0, rejected: 0 } });
    expect((await page('limit=501')).json()).toEqual({ msg: 'querystring limit must be between 1 and 500' });
    // A verified rent counts a year of the amount verified: 20,000 × 12 on top of Arjun's 80,000.
    expect((await admin().put(`/api/tax/declarations/${id('Kavya Ramachandran', 'rent')}/decision`, { status: 'verified', amount: 20000 })).statusCode).toBe(200);
    expect((await page('')).json()).toMatchObject({ counts: { declared: 2, verified: 2, rejected: 1 }, rupees: { declared: 570000, verified: 320000 } });

    const regimes = (query: string) => admin().get(`/api/tax/regimes?financialYear=${FY}&${query}`);
    const all = (await regimes('limit=2')).json();
    expect(all).toMatchObject({ total: 3, limit: 2, counts: { all: 3, old: 1, new: 2, chosen: 1 } });
    expect(all.rows.map((c: { employeeId: string }) => c.employeeId)).toEqual([kav.employeeId, arjun.employeeId, meera.employeeId].sort().slice(0, 2));
    expect((await regimes('regime=old')).json()).toMatchObject({ total: 1, rows: [expect.objectContaining({ name: 'Kavya Ramachandran', regime: 'old' })], counts: { all: 3, old: 1 } });
    expect((await regimes('q=meera@test')).json()).toMatchObject({ total: 1, counts: { all: 1, old: 0, new: 1, chosen: 0 }, rows: [expect.objectContaining({ name: 'Meera Pillai', regime: 'new', chosen: false })] });
  });

  it("a joiner's earlier employer counts in the year's TDS", async () => {
    // Joins 1 October 2026 at ₹1,50,000 (new regime); the earlier employer paid ₹9,00,000 and deducted ₹75,402.
    const e = await t.employee({ name: 'Farhan Qureshi', email: 'farhan@test.local', salaryPaise: 1_50_000_00, joinedOn: '2026-10-01' });
    expect((await admin().put(`/api/employee/edit/${e.id}`, { name: 'Farhan Qureshi', email: e.email, statutory: { pan: 'CDEFQ6789G', stateOfWork: 'KA' } })).statusCode).toBe(200);
    await seedAttendance(t, e.id, '2026-10');
    expect(await tdsIn('2026-10')).toBe(0);
    const res = await as(e.token).put('/api/tax/previous-employment', { financialYear: FY, employerName: 'Meridian Softworks Pvt Ltd', employerTan: 'BLRM12345C', salary: 900000, exemptions: 0, providentFund: 10800, professionalTax: 1200, tds: 75402 });
    expect(res.statusCode).toBe(200);
    // 18,00,000 − 75,000 = 17,25,000 → ₹1,50,800 with cess; (1,50,800 − 75,402) ÷ 6 = 12,566.33.
    expect(await tdsIn('2026-10')).toBe(12_566);
  });
});
