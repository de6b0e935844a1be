/**
 * Screenshots of going live for a reviewer: the set-up checklist on an empty company's dashboard,
 * then, with 1,200 people, the Going live screen: an opening-balances file checked (its preview with
 * row errors) and imported, a month of past attendance (1,200 people × 20 days, 5 bad rows) checked
 * and imported, and the adjustment form's field errors and history, at 1366×768 and 390×844. Not a
 * test: run it by hand against a fresh build, under the e2e lock, e.g.
 *   flock /tmp/e2e.lock bash -c 'npx webpack --mode production && npx tsx src/e2e/shots-going-live.ts <dir>'
 */
import { adminToken, signInAsAdmin } from './harness';
import { eachViewport, runShots, uploadRoster } from './shot-kit';

const PEOPLE = 1200;
const code = (i: number) => `EMP${String(i).padStart(4, '0')}`;

function balancesCsv(): string {
  const lines = ['employeeId,leaveType,days,asOf'];
  for (let i = 1; i <= PEOPLE; i++) {
    lines.push(`${code(i)},CL,${(i % 8) + 0.5},01/10/2026`);
    lines.push(`${code(i)},EL,${(i % 20) + 4},01/10/2026`);
  }
  lines.push('EMP9999,CL,4,01/10/2026', `${code(3)},XL,2,01/10/2026`, `${code(4)},SL,2.25,01/10/2026`);
  return lines.join('\n');
}

function octoberCsv(): string {
  const lines = ['employeeId,date,punchIn,punchOut,status'];
  for (let d = 1; d <= 31; d++) {
    const date = `2026-10-${String(d).padStart(2, '0')}`;
    if (new Date(`${date}T00:00:00Z`).getUTCDay() === 0 || d === 2 || d === 20) continue;
    for (let i = 1; i <= PEOPLE; i++) {
      const k = (i + d) % 25;
      if (k === 0) lines.push(`${code(i)},${date},,,A`);
      else if (k === 1) lines.push(`${code(i)},${date},,,CL`);
      else if (k === 2) lines.push(`${code(i)},${date},,,HD`);
      else lines.push(`${code(i)},${date},09:${String((i + d) % 50).padStart(2, '0')},18:${String((i * 3) % 60).padStart(2, '0')},`);
    }
  }
  lines.push(`${code(5)},31/10/2026,09:00,18:00,P`, 'EMP9999,2026-10-05,,,P', `${code(6)},10/31/2026,,,P`, `${code(7)},2026-10-06,25:00,18:00,`, `${code(8)},2026-11-30,,,P`);
  return lines.join('\n');
}

runShots('going-live-shots', async (kit) => {
  const { api } = kit;
  const token = await adminToken(api);
  const headers = { 'x-auth-token': token };

  // The empty company first: only the checklist to look at.
  await eachViewport(kit, async ({ page, shot }) => {
    await signInAsAdmin(page);
    await page.getByRole('heading', { name: 'Set up your company' }).waitFor();
    await shot('dashboard-checklist-empty');
  });

  await uploadRoster(api, token, PEOPLE, () => '2024-01-01');
  await api.put('/api/leave-settings', { headers, data: { leaveYearStartMonth: 4, weeklyOff: { weekdays: [0], saturdays: [] } } });
  await api.post('/api/holidays', { headers, data: { date: '2026-10-02', name: 'Gandhi Jayanti' } });
  const goLive = await api.put('/api/company/go-live', { headers, data: { goLiveDate: '2026-10-01', payBasis: 'attendance', inviteOnImport: 'later' } });
  if (goLive.status() !== 200) throw new Error(`go-live: ${goLive.status()} ${await goLive.text()}`);

  let first = true;
  await eachViewport(kit, async ({ page, shot, phone }) => {
    await signInAsAdmin(page);
    await page.getByRole('heading', { name: 'Set up your company' }).waitFor();
    await shot('dashboard-checklist-half');

    await page.goto('/admin/going-live');
    await page.getByRole('heading', { name: 'Going live' }).waitFor();
    await shot('going-live-empty');

    const balances = page.getByRole('region', { name: 'Opening leave balances' });
    await balances.getByLabel('File (CSV or .xlsx)').setInputFiles({ name: 'opening-balances.csv', mimeType: 'text/csv', buffer: Buffer.from(balancesCsv()) });
    await balances.getByRole('button', { name: 'Check file' }).click();
    await balances.getByRole('heading', { name: 'What the import would do' }).waitFor();
    await balances.scrollIntoViewIfNeeded();
    await shot('balances-preview', { fullPage: phone });
    if (first) {
      await balances.getByRole('button', { name: 'Import', exact: true }).click();
      await balances.getByRole('heading', { name: 'Imported' }).waitFor();
      await shot('balances-imported', { fullPage: phone });
    }

    const attendance = page.getByRole('region', { name: 'Past attendance' });
    await attendance.getByLabel('File (CSV or .xlsx)').setInputFiles({ name: 'october-2026.csv', mimeType: 'text/csv', buffer: Buffer.from(octoberCsv()) });
    await attendance.getByLabel(/All or nothing/).check();
    await attendance.getByRole('button', { name: 'Check file' }).click();
    await attendance.getByRole('heading', { name: 'What the import would do' }).waitFor({ timeout: 120_000 });
    await attendance.scrollIntoViewIfNeeded();
    await shot('attendance-preview-atomic', { fullPage: phone });
    if (first) {
      await attendance.getByLabel(/All or nothing/).uncheck();
      await attendance.getByRole('button', { name: 'Check file' }).click();
      await attendance.getByRole('heading', { name: 'What the import would do' }).waitFor({ timeout: 120_000 });
      await attendance.getByRole('button', { name: 'Import', exact: true }).click();
      await attendance.getByRole('heading', { name: 'Imported' }).waitFor({ timeout: 120_000 });
      await shot('attendance-imported', { fullPage: phone });
    }

    const adjust = page.getByRole('region', { name: 'Adjust a leave balance' });
    await adjust.getByRole('button', { name: 'Save adjustment' }).click();
    await adjust.getByText('reason is required').waitFor();
    await adjust.scrollIntoViewIfNeeded();
    await shot('adjust-errors', { fullPage: phone });
    await adjust.getByLabel('Employee ID').fill(code(12));
    await adjust.getByLabel('Leave type code').fill('EL');
    await adjust.getByLabel('Days (+ or −)').fill('-1.5');
    await adjust.getByLabel('Reason').fill('Leave on 28 Sep taken before go-live, missing from the opening balance');
    await adjust.getByRole('button', { name: 'Save adjustment' }).click();
    await adjust.getByRole('heading', { name: `History of ${code(12)}` }).waitFor();
    await shot('adjust-history', { fullPage: phone });
    first = false;
  });
});
