/**
 * Screenshots of the employee's side of payslips, on a seeded server, at 1366×768 and 390×844: the
 * home's latest-slip card, the Salary Slip screen with the months available and a revised month's
 * versions (a version's download busy, then refused), and the refusal of a month not approved. The
 * latest and the first version of the revised slip's PDF are saved beside the PNGs (read them with
 * pdftoppm).
 * Not a test: run it by hand against a server seeded and started as src/server/test/README.md says,
 * with the month before last approved, e.g.
 *   SHOTS_URL=http://localhost:4225 DATA_DIR=/tmp/h25-data ADMIN_EMAIL=… ADMIN_PASSWORD=… npx tsx src/e2e/shots-employee-slips.ts <dir>
 * Seeded people have no password: the script gives the first one a password straight in the server's
 * SQLite file, with the company's address and logo, the person's statutory details and a day of
 * attendance taken out of the approved month, which it then re-runs, as an admin would.
 */
import fs from 'node:fs';
import path from 'node:path';
import { sampleLogo } from '../server/test/png-fixture';
import { eachViewport, givePassword, openDataFile, runShotsAgainst, seededAdminHeaders, shootDownloadStates, signInAsEmployee } from './shot-kit';

const URL = process.env.SHOTS_URL ?? 'http://localhost:4225';
const MONTH = process.env.SHOTS_MONTH ?? '2026-10';
const UNAPPROVED = process.env.SHOTS_UNAPPROVED ?? '2026-11';
const PASSWORD = 'Slip-shots-2026!';

runShotsAgainst(URL, 'employee-slips-shots', async (kit) => {
  const { api, out } = kit;
  const headers = await seededAdminHeaders(api);
  const db = openDataFile(process.env.DATA_DIR!);
  const person = db.prepare("select u.id, u.email, u.name, e.employee_id from users u join employees e on e.user_id = u.id where e.employee_id = 'EMP0001'").get() as { id: number; email: string; name: string; employee_id: string };
  await givePassword(db, person.id, PASSWORD);

  const profile = await api.put('/api/company/profile', {
    headers,
    data: { legalName: 'Acme Analytics India Private Limited', address: '4th Floor, Block B, Prestige Tech Park\nOuter Ring Road, Marathahalli\nBengaluru 560103, Karnataka', timeZone: 'Asia/Kolkata', leaveYearStartMonth: 4 },
  });
  if (profile.status() !== 200) throw new Error(`profile: ${profile.status()} ${await profile.text()}`);
  const logo = await api.put('/api/company/logo', { headers, multipart: { file: { name: 'logo.png', mimeType: 'image/png', buffer: sampleLogo(240, 96) } } });
  if (logo.status() !== 200) throw new Error(`logo: ${logo.status()} ${await logo.text()}`);
  const statutory = { stateOfWork: 'KA', gender: 'female', pan: 'BKNPN1234K', uan: '100427607286', esiNumber: '3112345678', bankAccount: '001234567890', ifsc: 'SBIN0001234' };
  const edited = await api.put(`/api/employee/edit/${person.id}`, { headers, data: { name: person.name, email: person.email, statutory } });
  if (edited.status() !== 200) throw new Error(`statutory: ${edited.status()} ${await edited.text()}`);

  // A day of the approved month found wrong, and the month re-run: the slip's version 2.
  db.prepare(`delete from attendance where user_id = ? and date = (select min(date) from attendance where user_id = ? and date like '${MONTH}-%' and status = 'P')`).run(person.id, person.id);
  db.close();
  const preview = await api.get(`/api/salary/register/${MONTH}/rerun-preview`, { headers, timeout: 120_000 });
  const { previewHash } = (await preview.json()) as { previewHash: string };
  const rerun = await api.post(`/api/salary/register/${MONTH}/rerun`, { headers, data: { reason: 'Absence on the first working day found after approval', previewHash }, timeout: 120_000 });
  if (rerun.status() !== 202) throw new Error(`re-run: ${rerun.status()} ${await rerun.text()}`);

  const own = await api.post('/api/auth/employee-login', { data: { email: person.email, password: PASSWORD } });
  const ownHeaders = { 'x-auth-token': ((await own.json()) as { token: string }).token };
  for (const version of [undefined, 1]) {
    const pdf = await api.get(`/api/salary/slip/${person.employee_id}/${MONTH}?format=pdf${version ? `&version=${version}` : ''}`, { headers: ownHeaders });
    if (pdf.status() !== 200) throw new Error(`pdf: ${pdf.status()} ${await pdf.text()}`);
    fs.writeFileSync(path.join(out, `slip-${MONTH}-${version ? `v${version}` : 'latest'}.pdf`), await pdf.body());
  }

  await eachViewport(kit, async (view) => {
    const { page, shot } = view;
    await signInAsEmployee(page, { email: person.email, password: PASSWORD });
    await page.getByText(/Latest salary slip/).first().waitFor();
    await shot('home');
    await page.goto('/employee/salary');
    await page.getByRole('heading', { name: 'Available slips' }).waitFor();
    await page.getByText(/revised, version/).first().waitFor();
    await shot('salary-slip-available', { fullPage: true });
    await shootDownloadStates(view, '**/api/salary/slip/**', () => page.getByRole('button', { name: /^Version 1 PDF/ }).click(), 'slip-version-download');
    await page.getByLabel('Month').fill(UNAPPROVED);
    await page.getByRole('button', { name: 'Download PDF' }).click();
    await page.getByText(/not available yet|not approved/).first().waitFor();
    await shot('salary-slip-unapproved');
  });
});
