/**
 * Screenshots of income tax for a reviewer: the employee's Income Tax screen (empty, then with the
 * old regime, rent, 80C, 80D and home-loan declarations in every status, proofs and an earlier
 * employer, the regime after its cut-off), the admin's verification list, regimes and settings (a
 * proof's and the annexure's download busy, then refused), and page 1 of an annual tax statement, at 1366×768 and 390×844. Not a test: run it by hand against a fresh build, under the
 * e2e lock, e.g.
 *   flock /tmp/e2e.lock bash -c 'npx webpack --mode production && npx tsx src/e2e/shots-tax.ts <dir>'
 *
 * The statement needs approved months: April to October 2026 of one employee are computed with the
 * app's own slip computation and stored as approved straight in the server's SQLite file (a month's
 * attendance cannot be punched after the fact through the API).
 */
import fs from 'node:fs';
import path from 'node:path';
import Database from '../server/db/sqlite-driver';
import { computeSalarySlip } from '../shared/payroll/salary-slip';
import { datesOfMonth, weekdayOf } from '../shared/payroll/pay-month';
import { createInvitedEmployee, signInAsAdmin } from './harness';
import { eachViewport, employeeToken, renderPdfPage, runShots, shootDownloadStates, signInAsEmployee, uploadRoster } from './shot-kit';

const FY = '2026-27';
const people = [
  { name: 'Kavya Ramachandran', email: 'kavya@shots.local', password: 'Kavya-Shots-2026!', salary: 100000, joiningDate: '2024-06-10', pan: 'BCDEK5678F' },
  { name: 'Venkata Satya Lakshmi Narasimha Subrahmanyam', email: 'venkata@shots.local', password: 'Venkata-Shots-2026!', salary: 145000, joiningDate: '2023-02-01', pan: 'CDEVS6789G' },
  { name: 'Farhan Qureshi', email: 'farhan@shots.local', password: 'Farhan-Shots-2026!', salary: 150000, joiningDate: '2026-10-01', pan: 'DEFFQ7890H' },
  { name: 'Meenakshi Sundaram', email: 'meenakshi@shots.local', password: 'Meena-Shots-2026!', salary: 62000, joiningDate: '2022-08-16', pan: 'EFGMS8901J' },
];
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6360000002000154a24f5f0000000049454e44ae426082', 'hex');

runShots('tax-shots', async (kit) => {
  const { api, server } = kit;
  let adminToken = '';
  const ids: string[] = [];
  for (const p of people) {
    const created = await createInvitedEmployee(api, server, { name: p.name, email: p.email, password: p.password, salary: p.salary, joiningDate: p.joiningDate });
    adminToken = created.adminToken;
    ids.push(created.employeeId);
  }
  const tokens = await Promise.all(people.map((p) => employeeToken(api, p)));
  const admin = { 'x-auth-token': adminToken };
  const list = (await (await api.get('/api/employee', { headers: admin })).json()) as { _id: string; employeeId: string; email: string }[];
  const recordId = (email: string) => list.find((e) => e.email === email)!._id;
  for (const p of people) {
    const res = await api.put(`/api/employee/edit/${recordId(p.email)}`, { headers: admin, data: { name: p.name, email: p.email, statutory: { pan: p.pan, stateOfWork: 'KA', dateOfBirth: p.email.startsWith('meenakshi') ? '1965-05-10' : null } } });
    if (res.status() !== 200) throw new Error(`edit ${p.email}: ${res.status()} ${await res.text()}`);
  }

  const shootEmployee = (stage: string, who: number) =>
    eachViewport(kit, async ({ page, shot, signOut }) => {
      await signInAsEmployee(page, people[who]!);
      await page.goto('/employee/tax');
      await page.getByRole('heading', { name: /Tax regime/ }).waitFor();
      await page.getByRole('heading', { name: 'Annual tax statement' }).waitFor();
      await shot(`${stage}-employee`, { fullPage: true });
      await signOut();
    });

  await shootEmployee('empty', 0);

  const as = (who: number) => ({ 'x-auth-token': tokens[who]! });
  const ok = async (res: Promise<{ status(): number; text(): Promise<string> }>, what: string) => {
    const r = await res;
    if (r.status() >= 300) throw new Error(`${what}: ${r.status()} ${await r.text()}`);
    return r;
  };
  const declare = (who: number, body: object) => ok(api.put('/api/tax/declarations', { headers: as(who), data: { financialYear: FY, ...body } }), 'declare');
  const proof = (who: number, section: string, name: string, buffer: Buffer, mimeType: string) =>
    ok(api.post(`/api/tax/proofs?financialYear=${FY}&section=${section}`, { headers: as(who), multipart: { file: { name, mimeType, buffer } } }), 'proof');

  for (const who of [0, 1, 3]) await ok(api.put('/api/tax/regime', { headers: as(who), data: { financialYear: FY, regime: 'old' } }), 'regime');
  await declare(0, { section: 'rent', amount: 25000, details: { fromMonth: '2026-04', toMonth: '2027-03', city: 'bengaluru', landlordName: 'Lakshmi Narayanan', landlordAddress: '14, 5th Cross, 4th Block, Jayanagar, Bengaluru 560041', landlordPan: 'AAAPL1234C' } });
  await declare(0, { section: '80C', amount: 150000, details: { description: 'PPF ₹1,00,000 and ELSS ₹50,000' } });
  await declare(0, { section: '80D-parents', amount: 42000, details: { senior: true } });
  await proof(0, 'rent', 'rent-receipts-apr-sep-2026.pdf', PDF, 'application/pdf');
  await proof(0, 'rent', 'rental-agreement-jayanagar.pdf', PDF, 'application/pdf');
  await proof(0, '80C', 'ppf-passbook.png', PNG, 'image/png');
  await declare(1, { section: '24b', amount: 245000, details: { lenderName: 'State Bank of India, Koramangala branch', lenderAddress: '80 Feet Road, Koramangala, Bengaluru', lenderPan: 'AAACS8577K' } });
  await declare(1, { section: '80CCD1B', amount: 50000, details: {} });
  await declare(1, { section: 'rent', amount: 38000, details: { fromMonth: '2026-04', toMonth: '2026-08', city: 'hyderabad', landlordName: 'Ramesh Chandra Reddy Gangireddygari', landlordAddress: 'Plot 221, Road No. 36, Jubilee Hills, Hyderabad 500033', landlordPan: 'ABCPR2345D', landlordRelationship: 'None' } });
  await proof(1, '24b', 'sbi-home-loan-interest-certificate-2026-27.pdf', PDF, 'application/pdf');
  await declare(3, { section: '80D-self', amount: 31000, details: { senior: false } });
  await declare(3, { section: '80C', amount: 80000, details: { description: 'LIC premium' } });
  await ok(api.put('/api/tax/previous-employment', { headers: as(2), data: { financialYear: FY, employerName: 'Meridian Softworks Private Limited', employerTan: 'BLRM12345C', salary: 900000, exemptions: 0, providentFund: 10800, professionalTax: 1200, tds: 75402 } }), 'previous');

  // Decisions: Kavya's 80C verified, her parents' 80D rejected with a note; Meenakshi's 80C verified.
  const pending = ((await (await api.get(`/api/tax/declarations?financialYear=${FY}`, { headers: admin })).json()) as { rows: { _id: string; name: string; section: string }[] }).rows;
  const find = (name: string, section: string) => pending.find((d) => d.name === name && d.section === section)!._id;
  await ok(api.put(`/api/tax/declarations/${find('Kavya Ramachandran', '80C')}/decision`, { headers: admin, data: { status: 'verified' } }), 'verify');
  await ok(api.put(`/api/tax/declarations/${find('Kavya Ramachandran', '80D-parents')}/decision`, { headers: admin, data: { status: 'rejected', note: 'The premium receipt is for 2025-26; upload the 2026-27 receipt' } }), 'reject');
  await ok(api.put(`/api/tax/declarations/${find('Meenakshi Sundaram', '80C')}/decision`, { headers: admin, data: { status: 'verified', amount: 75000 } }), 'verify');
  await ok(api.put('/api/tax/settings', { headers: admin, data: { declaredUntilProofWindowCloses: true, years: { [FY]: { regimeChoiceCloses: '2026-12-31', proofWindowCloses: '2027-01-31' } } } }), 'settings');

  await shootEmployee('filled', 0);
  await shootEmployee('joiner', 2);

  // After the year's cut-off: the choice is shown but not offered, and the server refuses a change
  // (its answer is kept beside the pictures); then the cut-off is put back for the rest.
  const cutOff = (regimeChoiceCloses: string) =>
    ok(api.put('/api/tax/settings', { headers: admin, data: { declaredUntilProofWindowCloses: true, years: { [FY]: { regimeChoiceCloses, proofWindowCloses: '2027-01-31' } } } }), 'settings');
  await cutOff('2026-11-01');
  const refused = await api.put('/api/tax/regime', { headers: as(3), data: { financialYear: FY, regime: 'new' } });
  fs.writeFileSync(path.join(kit.out, 'regime-after-cutoff.txt'), `PUT /api/tax/regime after the cut-off: ${refused.status()} ${await refused.text()}\n`);
  await eachViewport(kit, async ({ page, shotOf, signOut }) => {
    await signInAsEmployee(page, people[3]!);
    await page.goto('/employee/tax');
    await page.getByText(/The choice closed on 1 November 2026/).waitFor();
    await shotOf(page.locator('.tax__block').first(), 'regime-closed');
    await signOut();
  });
  await cutOff('2026-12-31');

  // What a person sees when a declaration is wrong: each problem under its field; then changing a saved one.
  await eachViewport(kit, async ({ page, shot, shotOf, signOut }) => {
    await signInAsEmployee(page, people[0]!);
    await page.goto('/employee/tax');
    const form = page.locator('.tax__subblock');
    await form.getByLabel('Rent a month (₹)').fill('-5');
    await form.getByLabel("Landlord's PAN").fill('NOTAPAN');
    await form.getByRole('button', { name: 'Save declaration' }).click();
    await form.locator('.form-error').first().waitFor();
    await shotOf(form, 'declaration-field-errors');
    // An empty month: named under its field by its label, not as a format the person never typed.
    await form.getByLabel('Rent a month (₹)').fill('18000');
    await form.getByLabel('Rented from').fill('');
    await form.getByRole('button', { name: 'Save declaration' }).click();
    await form.getByText('Choose the month: Rented from').waitFor();
    await shotOf(form, 'declaration-empty-month');
    await form.getByLabel('Rented from').fill('2026-04');
    await form.getByLabel('Rent a month (₹)').fill('18000');
    await form.getByLabel("Landlord's PAN").fill('');
    await form.getByLabel('Rented from').fill('2027-02');
    await form.getByLabel('Rented until').fill('2026-06');
    await form.getByLabel("Landlord's name").fill('Ramesh Chandra Reddy Gangireddygari');
    await form.getByLabel("Landlord's address").fill('Plot 221, Road No. 36, Jubilee Hills, Hyderabad 500033');
    await form.getByRole('button', { name: 'Save declaration' }).click();
    await form.getByText('Rented until must not be before Rented from').first().waitFor();
    await shotOf(form, 'declaration-server-errors');
    await page.getByRole('button', { name: /^Change House rent/ }).click();
    await page.getByRole('heading', { name: /^Change: House rent/ }).waitFor();
    await shot('declaration-change', { fullPage: true });
    await signOut();
  });

  await eachViewport(kit, async (view) => {
    const { page, shot } = view;
    await signInAsAdmin(page);
    await page.goto('/admin/tax');
    await page.getByRole('heading', { name: /Waiting for a decision/ }).waitFor();
    await page.getByRole('cell', { name: /Venkata/ }).first().waitFor();
    await shot('admin-declared', { fullPage: true });
    await shootDownloadStates(view, '**/api/tax/proofs/*', () => page.getByRole('button', { name: 'rental-agreement-jayanagar.pdf' }).click(), 'admin-proof-download');
    await page.getByText(/Regimes chosen/).click();
    await page.getByLabel('Show').selectOption('rejected');
    await page.getByText('The premium receipt is for 2025-26', { exact: false }).waitFor();
    await page.getByRole('button', { name: 'Download salary annexure (CSV)' }).waitFor();
    await shot('admin-rejected-regimes', { fullPage: true });
    await shootDownloadStates(view, '**/api/tax/annexure/*', () => page.getByRole('button', { name: 'Download salary annexure (CSV)' }).click(), 'admin-annexure-download');
    await page.getByRole('button', { name: /Switch to old/ }).first().click();
    await page.getByRole('alertdialog').waitFor();
    await shot('admin-switch-question');
    await page.getByRole('alertdialog').getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('button', { name: 'Earlier employer of Farhan Qureshi' }).click();
    await page.getByRole('heading', { name: /^Earlier employer of Farhan Qureshi/ }).waitFor();
    await shot('admin-earlier-employer', { fullPage: true });
    await page.goto('/admin/settings');
    await page.getByRole('link', { name: 'Income tax' }).waitFor();
    await shot('admin-settings-entry');
  });

  // Kavya's April to October 2026 as approved months, computed as the app computes them.
  const db = new Database(path.join(server.dataDir, 'hr-portal.sqlite'));
  const kavyaId = Number(recordId(people[0]!.email));
  const declarations = { rent: { monthlyRentPaise: 25_000_00, fromMonth: '2026-04', toMonth: '2027-03', city: 'bengaluru' as const }, section80CPaise: 1_50_000_00 };
  const paid = new Map();
  for (const month of ['2026-04', '2026-05', '2026-06', '2026-07', '2026-08', '2026-09', '2026-10']) {
    const slip = computeSalarySlip({
      month,
      monthlyGrossPaise: 1_00_000_00,
      joinedOn: '2024-06-10',
      presentDates: new Set(datesOfMonth(month).filter((d) => weekdayOf(d) !== 0)),
      approvedLeaveDates: new Set(),
      today: '2026-11-20',
      statutory: { stateOfWork: 'KA', taxRegime: 'old', declarations, paidMonths: paid },
    });
    paid.set(month, { salaryPaise: slip.earnings.totalPaise, taxPaise: slip.deductions.tdsPaise, employeePfPaise: slip.deductions.providentFundPaise, professionalTaxPaise: slip.deductions.professionalTaxPaise, basicPaise: slip.earnings.basicPaise, hraPaise: slip.earnings.hraPaise });
    db.prepare('insert or ignore into payroll_approvals (month, approved_by, approved_at, version, employees, net_paise) values (?, null, ?, 1, 1, ?)').run(month, new Date().toISOString(), slip.netPaise);
    db.prepare(
      'insert into payroll_approved_slips (month, user_id, employee_id, fingerprint, changed_version, gross_paise, basic_paise, hra_paise, pf_paise, esi_paise, pt_paise, tds_paise, net_paise, slip_json) values (?, ?, ?, ?, 1, ?, ?, ?, ?, ?, ?, ?, ?, ?)',
    ).run(month, kavyaId, ids[0], 'shots', slip.earnings.totalPaise, slip.earnings.basicPaise, slip.earnings.hraPaise, slip.deductions.providentFundPaise, slip.deductions.esiPaise, slip.deductions.professionalTaxPaise, slip.deductions.tdsPaise, slip.netPaise, JSON.stringify(slip));
  }
  db.close();
  // What the slips say, beside the statement: its TDS by month must be these.
  fs.writeFileSync(
    path.join(kit.out, 'slips-kavya-2026-27.json'),
    JSON.stringify([...paid].map(([month, m]: [string, { salaryPaise: number; taxPaise: number; employeePfPaise: number; professionalTaxPaise: number }]) => ({ month, gross: m.salaryPaise / 100, tds: m.taxPaise / 100, pf: m.employeePfPaise / 100, pt: m.professionalTaxPaise / 100 })), null, 1),
  );
  const statement = await ok(api.get(`/api/tax/statement/${ids[0]}/${FY}`, { headers: as(0) }), 'statement');
  const pdfFile = path.join(kit.out, 'statement-kavya-2026-27.pdf');
  fs.writeFileSync(pdfFile, await (statement as unknown as { body(): Promise<Buffer> }).body());
  renderPdfPage(pdfFile, path.join(kit.out, 'statement-kavya-2026-27.png'));
  const annexure = await ok(api.get(`/api/tax/annexure/${FY}`, { headers: admin }), 'annexure');
  fs.writeFileSync(path.join(kit.out, 'salary-annexure-2026-27.csv'), await annexure.text());

  // A company's worth of declarations waiting: 1,200 people with rent or 80C, straight into the store.
  await uploadRoster(api, adminToken, 1200, () => '2024-04-01');
  const many = new Database(path.join(server.dataDir, 'hr-portal.sqlite'));
  const roster = many.prepare("select u.id from users u join employees e on e.user_id = u.id where u.email like 'person.%@shots.local'").all() as { id: number }[];
  const insert = many.prepare('insert into tax_declarations (user_id, financial_year, section, amount_paise, details_json, status, updated_at) values (?, ?, ?, ?, ?, ?, ?)');
  many.transaction(() => {
    roster.forEach(({ id }, i) => {
      const rentRow = i % 3 !== 0;
      const details = rentRow ? { fromMonth: '2026-04', toMonth: '2027-03', city: i % 5 === 0 ? 'pune' : 'other', cityName: i % 5 === 0 ? undefined : 'Mysuru', landlordName: `Landlord of ${id}`, landlordAddress: 'Vijayanagar, Mysuru 570017', landlordPan: 'AAAPL1234C' } : { description: 'PPF and ELSS' };
      insert.run(id, FY, rentRow ? 'rent' : '80C', rentRow ? 12_000_00 + i * 100 : 1_00_000_00, JSON.stringify(details), 'declared', `2026-11-${String(1 + (i % 18)).padStart(2, '0')}T10:00:00.000Z`);
    });
  })();
  many.close();
  await eachViewport(kit, async ({ page, shot, shotOf }) => {
    await signInAsAdmin(page);
    await page.goto('/admin/tax');
    // Paged, searched and totalled on the server: the first 50 of 1,200 and more, the year's counts and rupees.
    const verify = page.locator('.tax__block').first();
    await verify.getByText(/^Showing 1–50 of 1,20\d/).waitFor();
    await shot('admin-1200-declared', { fullPage: false });
    await shotOf(verify.locator('tbody tr').first(), 'admin-1200-row');
    await verify.getByRole('navigation', { name: 'Pages of the declarations' }).getByRole('button', { name: 'Next' }).click();
    await verify.getByText(/^Showing 51–100 of 1,20\d/).waitFor();
    await shotOf(verify, 'admin-1200-declared-page-2');
    await page.getByLabel('Search by employee').first().fill('Person 10');
    await page.getByText(/^For the search:/).waitFor();
    await shot('admin-1200-search', { fullPage: false });
    await page.getByLabel('Search by employee').first().fill('');
    await page.getByText(/^Regimes chosen/).click();
    await page.locator('details.tax__block').getByText(/^Showing 1–50 of 1,20\d/).waitFor();
    await page.locator('details.tax__block').scrollIntoViewIfNeeded();
    await shot('admin-1200-regimes', { fullPage: false });
    await page.getByLabel('Regime', { exact: true }).selectOption('old');
    await page.locator('details.tax__block').getByText(/^Showing 1–3 of 3$/).waitFor();
    await shotOf(page.locator('details.tax__block'), 'admin-regimes-old');
    await page.getByLabel(/^(Financial|Tax) year$/).selectOption('2027-28');
    await page.getByText('No declarations to show.').waitFor();
    await shot('admin-empty-year', { fullPage: false });
  });
});
