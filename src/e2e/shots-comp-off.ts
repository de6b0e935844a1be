/**
 * Screenshots of comp-off against a running server with seeded data: the setting on Attendance rules,
 * an employee's Comp-off card (the days off worked to ask for, then the request pending), the
 * manager's My Team with it among the requests, the admin's list on Leave Management with the approval
 * question, and the employee's balance and leave form afterwards, at 1366×768 and 390×844. Not a test:
 *   flock /tmp/e2e.lock npx tsx src/e2e/shots-comp-off.ts <dir> <url> <data dir> <admin email> <admin password>
 */
import type { APIRequestContext } from 'playwright-core';
import { signIn, waitForSetPasswordLink } from './harness';
import { eachViewport, runShotsAgainst } from './shot-kit';

const [, url = 'http://127.0.0.1:4229', dataDir = '/tmp/h29-data', email = 'admin@reg.local', password = 'admin-reg-password'] = process.argv.slice(2);
const PASSWORD = 'comp-off-shots-1';

async function setUp(api: APIRequestContext) {
  const login = await api.post('/api/auth/admin-login', { data: { email, password } });
  const headers = { 'x-auth-token': ((await login.json()) as { token: string }).token };
  const ok = async (res: Awaited<ReturnType<APIRequestContext['get']>>) => {
    if (res.status() >= 300) throw new Error(`${res.url()}: ${res.status()} ${await res.text()}`);
    return res.json() as Promise<Record<string, unknown>>;
  };
  const rules = await ok(await api.get('/api/day-rules', { headers }));
  await ok(await api.put('/api/day-rules', { headers, data: { ...rules, compOff: { enabled: true, expiryDays: 45 } } }));
  const stamp = Date.now().toString(36);
  const person = async (name: string, managerId?: string) => {
    const mail = `${name.split(' ')[0]!.toLowerCase()}.${stamp}@shots.local`;
    const created = await ok(await api.post('/api/employee', { headers, data: { name, email: mail, position: 'Site engineer', salary: 60000, joiningDate: '2026-06-01', ...(managerId ? { managerId } : {}) } }));
    const link = new URL(await waitForSetPasswordLink(dataDir, mail));
    await ok(await api.post('/api/auth/set-password', { data: { token: link.searchParams.get('token'), password: PASSWORD } }));
    return { email: mail, password: PASSWORD, id: String(created._id), employeeId: String(created.employeeId) };
  };
  const manager = await person('Rohan Shah');
  const worker = await person('Kavya Menon', manager.id);
  const other = await person('Imran Qureshi', manager.id);
  // Sundays (and one Sunday's half day) worked in the last weeks.
  const days: [string, string, 'P' | 'H', string, string][] = [
    [worker.employeeId, '2026-11-22', 'P', '09:40', '18:55'],
    [worker.employeeId, '2026-11-15', 'H', '10:00', '14:30'],
    [worker.employeeId, '2026-11-08', 'P', '09:15', '19:05'],
    [other.employeeId, '2026-11-22', 'P', '08:50', '17:45'],
  ];
  for (const [employeeId, date, status, punchIn, punchOut] of days)
    await ok(await api.put('/api/attendance/day', { headers, data: { employeeId, date, status, punchIn, punchOut, reason: 'Weekend site visit logged at the gate' } }));
  return { manager, worker, other };
}

runShotsAgainst(url, 'comp-off-shots', async (kit) => {
  const { manager, worker, other } = await setUp(kit.api);

  await eachViewport(kit, async ({ page, shot, signOut, viewport }) => {
    // Imran asks for each size (his withdrawal at the end frees the day again).
    const otherToken = (await (await kit.api.post('/api/auth/employee-login', { data: { email: other.email, password: other.password } })).json()) as { token: string };
    await kit.api.post('/api/comp-off', { headers: { 'x-auth-token': otherToken.token }, data: { workDate: '2026-11-22', reason: 'Commissioning the chiller at the Baner site' } });
    await signIn(page, 'Admin', email, password);
    await page.waitForURL((u) => u.pathname === '/admin');
    await page.goto('/admin/attendance/rules');
    await page.getByLabel('Comp-off expires after (days)').waitFor();
    await page.getByLabel('Comp-off expires after (days)').scrollIntoViewIfNeeded();
    await shot('comp-off-rules', { fullPage: false });
    await signOut();

    await signIn(page, 'Employee', worker.email, worker.password);
    await page.waitForURL((u) => u.pathname === '/employee');
    await page.goto('/employee/leaves');
    const card = page.getByRole('region', { name: 'Comp-off', exact: true });
    await card.getByLabel('Day worked').waitFor();
    await card.scrollIntoViewIfNeeded();
    await shot('comp-off-employee', { fullPage: false });
    const day = viewport.name === 'desktop' ? '2026-11-22' : '2026-11-15';
    await card.getByLabel('Day worked').selectOption(day);
    await card.getByLabel('Reason').fill('Pump room shutdown over the weekend');
    await card.getByRole('button', { name: 'Request comp-off' }).click();
    await card.getByText('Comp-off requested').waitFor();
    await card.getByRole('table', { name: 'My comp-off requests' }).scrollIntoViewIfNeeded();
    await shot('comp-off-requested', { fullPage: false });
    await signOut();

    await signIn(page, 'Employee', manager.email, manager.password);
    await page.waitForURL((u) => u.pathname === '/employee');
    await page.goto('/employee/team');
    await page.getByText(/^Comp-off: /).first().waitFor();
    await shot('comp-off-team', { fullPage: false });
    await page.getByRole('button', { name: new RegExp(`^Approve comp-off of Kavya Menon`) }).first().click();
    await page.getByRole('alertdialog').waitFor();
    await shot('comp-off-team-dialog', { fullPage: false });
    await page.getByRole('alertdialog').getByRole('button', { name: 'Approve' }).click();
    await page.getByRole('alertdialog').waitFor({ state: 'detached' });
    await signOut();

    await signIn(page, 'Admin', email, password);
    await page.waitForURL((u) => u.pathname === '/admin');
    await page.goto('/admin/leaves');
    const list = page.getByRole('table', { name: 'Comp-off to decide' });
    await list.waitFor();
    await list.scrollIntoViewIfNeeded();
    await shot('comp-off-admin', { fullPage: false });
    await list.getByRole('button', { name: /^Approve comp-off of Imran Qureshi/ }).first().click();
    await page.getByRole('alertdialog').waitFor();
    await shot('comp-off-admin-dialog', { fullPage: false });
    await page.getByRole('alertdialog').getByRole('button', { name: 'Cancel' }).click();
    await signOut();

    await signIn(page, 'Employee', worker.email, worker.password);
    await page.waitForURL((u) => u.pathname === '/employee');
    await page.goto('/employee/leaves');
    await page.getByRole('region', { name: 'Comp-off', exact: true }).getByText(/^Available: /).waitFor();
    await shot('comp-off-balance');
    await signOut();

    // Imran takes his pending request back.
    await signIn(page, 'Employee', other.email, other.password);
    await page.waitForURL((u) => u.pathname === '/employee');
    await page.goto('/employee/leaves');
    const own = page.getByRole('table', { name: 'My comp-off requests' });
    await own.getByRole('button', { name: 'Withdraw comp-off request for 2026-11-22' }).click();
    await page.getByRole('alertdialog').getByLabel('Reason (optional)').fill('The chiller commissioning moved to a weekday');
    await shot('comp-off-withdraw-dialog', { fullPage: false });
    await page.getByRole('alertdialog').getByRole('button', { name: 'Withdraw' }).click();
    await own.getByText('Withdrawn').first().waitFor();
    await own.scrollIntoViewIfNeeded();
    await shot('comp-off-withdrawn', { fullPage: false });
    await signOut();
  });
});
