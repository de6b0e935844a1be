/**
 * Screenshots of a leaver's own screen on a seeded server, at 1366×768 and 390×844: a seeded person
 * (given a long name) resigns with a last working day in the past, HR approves the settlement and
 * makes its bank file, and the leaver signs in: the read-only former-employee view, then the
 * full-and-final statement and an approved month's slip downloaded from it (the PDFs saved beside
 * the PNGs, read them with pdftoppm). Also the admin's settlement screen with the bank file made.
 * Not a test: run it by hand against a server seeded and started as src/server/test/README.md says,
 * with October approved, e.g.
 *   SHOTS_URL=http://127.0.0.1:4320 DATA_DIR=/tmp/x-data ADMIN_EMAIL=… ADMIN_PASSWORD=… npx tsx src/e2e/shots-leaver-self-service.ts <dir>
 * Seeded people have no password: the script sets one straight in the server's SQLite file.
 */
import fs from 'node:fs';
import path from 'node:path';
import { dateInZone } from '../shared/format';
import { COMPANY_ZONE, expectAccessible, signIn } from './harness';
import { eachViewport, givePassword, openDataFile, runShotsAgainst, seededAdminHeaders, shootDownloadStates, signInAsEmployee } from './shot-kit';

const URL = process.env.SHOTS_URL ?? 'http://127.0.0.1:4320';
const CODE = process.env.SHOTS_LEAVER ?? 'EMP0007';
const LAST_DAY = process.env.SHOTS_LAST_DAY ?? '2026-11-20';
const SLIP_MONTH = process.env.SHOTS_MONTH ?? '2026-10';
const PASSWORD = 'Leaver-shots-2026!';
const LONG_NAME = 'Venkata Satya Lakshmi Narasimha Subrahmanyam Chowdary';

runShotsAgainst(URL, 'leaver-self-service-shots', async (kit) => {
  const { api, out } = kit;
  const headers = await seededAdminHeaders(api);
  const db = openDataFile(process.env.DATA_DIR!);
  const person = db.prepare('select u.id, u.email from users u join employees e on e.user_id = u.id where e.employee_id = ?').get(CODE) as { id: number; email: string };
  await givePassword(db, person.id, PASSWORD);
  db.close();
  const rename = await api.put(`/api/employee/edit/${person.id}`, { headers, data: { name: LONG_NAME, email: person.email, statutory: { stateOfWork: 'AP', bankAccount: '50100987650007', ifsc: 'HDFC0004567', pan: 'AVRPC1234K', uan: '100427607307' } } });
  if (rename.status() !== 200) throw new Error(`rename: ${rename.status()} ${await rename.text()}`);

  const stateOf = async () => {
    const res = await api.get(`/api/employees/${person.id}/final-settlement`, { headers, timeout: 60_000 });
    if (res.status() !== 200) return 'none';
    const body = (await res.json()) as { state: string; batch: object | null };
    return body.state === 'approved' && body.batch ? 'in-batch' : body.state;
  };
  if (!['approved', 'paid', 'in-batch'].includes(await stateOf())) {
    const exit = await api.post(`/api/employees/${person.id}/exit`, {
      headers,
      data: { kind: 'resignation', noticeGivenOn: '2026-10-01', noticePeriodDays: 30, lastWorkingDay: LAST_DAY, reason: 'Moving back to Visakhapatnam to look after family' },
    });
    if (exit.status() !== 200) throw new Error(`exit: ${exit.status()} ${await exit.text()}`);
    const approve = await api.post(`/api/employees/${person.id}/final-settlement/approve`, { headers, timeout: 60_000 });
    if (approve.status() !== 200) throw new Error(`approve: ${approve.status()} ${await approve.text()}`);
  }
  if ((await stateOf()) === 'approved') {
    const batch = await api.post(`/api/employees/${person.id}/final-settlement/batch`, { headers, timeout: 60_000 });
    if (batch.status() !== 200) throw new Error(`batch: ${batch.status()} ${await batch.text()}`);
  }
  // Paid through the bank: the card the leaver reads then.
  if ((await stateOf()) === 'in-batch') {
    const { batch } = (await (await api.get(`/api/employees/${person.id}/final-settlement`, { headers, timeout: 60_000 })).json()) as { batch: { _id: string } };
    const paid = await api.post(`/api/salary/payments/batches/${batch._id}/paid`, { headers, data: { paidOn: dateInZone(new Date(), COMPANY_ZONE), bankReference: 'UTR2026112400731' } });
    if (paid.status() !== 200) throw new Error(`paid: ${paid.status()} ${await paid.text()}`);
  }

  await eachViewport(kit, async (view) => {
    const { page, shot, signOut } = view;
    await signIn(page, 'Admin', process.env.ADMIN_EMAIL!, process.env.ADMIN_PASSWORD!);
    await page.waitForURL((u) => u.pathname.startsWith('/admin'));
    await page.goto(`/admin/employees/${person.id}/final-settlement`);
    await page.locator('section.settlement').getByText('Statement').first().waitFor();
    await page.waitForLoadState('networkidle');
    await expectAccessible(page);
    await shot('admin-settlement-paid');
    await page.goto(`/admin/employees/edit/${person.id}`);
    await page.locator('section[aria-labelledby="exit-card-title"]').waitFor();
    await page.waitForLoadState('networkidle');
    await shot('admin-edit-employee-leaver', { fullPage: true });
    await signOut();

    await signInAsEmployee(page, { email: person.email, password: PASSWORD });
    await page.getByText(/^You left on /).waitFor();
    await page.getByRole('heading', { name: 'Available slips' }).waitFor();
    await page.waitForLoadState('networkidle');
    await expectAccessible(page);
    await shot('former-employee-home', { fullPage: true });
    const [statement] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download full-and-final statement (PDF)' }).click()]);
    await statement.saveAs(path.join(out, 'leaver-full-and-final.pdf'));
    await shootDownloadStates(view, '**/final-settlement/pdf', () => page.getByRole('button', { name: 'Download full-and-final statement (PDF)' }).click(), 'leaver-statement');
    await shootDownloadStates(view, '**/api/tax/statement/**', () => page.getByRole('button', { name: /^Download statement / }).first().click(), 'leaver-tax-statement');
    await page.getByLabel('Month').fill(SLIP_MONTH);
    const [slip] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download PDF' }).click()]);
    await slip.saveAs(path.join(out, `leaver-slip-${SLIP_MONTH}.pdf`));
    await page.waitForTimeout(500);
    await shot('former-employee-downloaded', { fullPage: false });
    // A month after the leaving date: the refusal the leaver reads.
    await page.getByLabel('Month').fill('2026-11');
    await page.getByRole('button', { name: 'Download PDF' }).click();
    await page.getByRole('region', { name: 'Salary Slip' }).getByRole('alert').waitFor();
    await expectAccessible(page);
    await shot('former-employee-refused', { fullPage: false });
    await signOut();
  });
  for (const f of fs.readdirSync(out).filter((f) => f.endsWith('.pdf'))) process.stdout.write(`${path.join(out, f)}\n`);
});
