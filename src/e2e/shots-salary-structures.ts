/**
 * Screenshots of the Salary structures screen (/admin/salary-structures) at 1366×768 and 390×844:
 * the empty list, then four structures (one with a long name and fixed allowances, one assigned, one
 * with a fixed Basic), the add form with its field errors, the fixed-Basic radio with its error and example, and the assignment with its preview for a dozen people with
 * long names. Not a test:
 *   flock /tmp/e2e.lock bash -c 'npx webpack --mode production && npx tsx src/e2e/shots-salary-structures.ts <dir>'
 */
import { createInvitedEmployee, signInAsAdmin } from './harness';
import { eachViewport, runShots } from './shot-kit';

const person = { name: 'Lakshmi Venkataraman Subramaniam', email: 'lakshmi.structures@shots.local', password: 'Lakshmi-Shots-2026!', salary: 24000, joiningDate: '2023-07-03' };
const MORE = [
  ['Meera Venkataraghavan Iyer', 45000],
  ['Kavya Nair', 18000],
  ['Rohan Mehta', 150000],
  ['Arjun Das', 60000],
  ['Fatima Sheikh', 32000],
  ['Siddharth Raghunathan Krishnamoorthy', 8000],
  ['Priya Sharma', 27500],
  ['Mohammed Irfan Qureshi', 41000],
  ['Ananya Bhattacharya', 52000],
  ['Gurpreet Singh Dhillon', 23000],
  ['Thenmozhi Arumugam', 19500],
] as const;

runShots('salary-structures-shots', async (kit) => {
  const { api, server } = kit;
  const { adminToken } = await createInvitedEmployee(api, server, person);
  const admin = { 'x-auth-token': adminToken };
  for (const [i, [name, salary]] of MORE.entries()) {
    const res = await api.post('/api/employee', { headers: admin, data: { name, email: `person${i}@shots.local`, position: 'Associate', salary, joiningDate: '2024-04-01' } });
    if (res.status() !== 200) throw new Error(`add ${name}: ${res.status()} ${await res.text()}`);
  }

  // The empty list first, at both sizes.
  await eachViewport(kit, async ({ page, shot, signOut }) => {
    await signInAsAdmin(page);
    await page.goto('/admin/salary-structures');
    await page.getByText('No salary structures yet').waitFor();
    await shot('salary-structures-empty');
    await signOut();
  });

  const make = async (data: object) => {
    const res = await api.post('/api/salary/structures', { headers: admin, data });
    if (res.status() !== 201) throw new Error(`structure: ${res.status()} ${await res.text()}`);
    return ((await res.json()) as { id: string }).id;
  };
  const field = await make({ name: 'Field staff', basicPercentOfGross: 45, hraPercentOfBasic: 50 });
  await make({
    name: 'Head office, metro cities (Mumbai, Delhi, Bengaluru, Chennai)',
    basicPercentOfGross: 40,
    hraPercentOfBasic: 50,
    fixedAllowances: [
      { name: 'Conveyance', monthly: 1600 },
      { name: 'Medical', monthly: 1250 },
      { name: 'Children education allowance', monthly: 200 },
    ],
  });
  await make({ name: 'Trainees', basicPercentOfGross: 60, hraPercentOfBasic: 40 });
  await make({ name: 'Drivers', basicMonthly: 12000, hraPercentOfBasic: 40, fixedAllowances: [{ name: 'Night halt', monthly: 1500 }] });
  const list = (await (await api.get('/api/employee', { headers: admin })).json()) as { _id: string }[];
  const assigned = await api.post(`/api/salary/structures/${field}/assign`, { headers: admin, data: { employeeIds: list.slice(0, 4).map((e) => e._id), effectiveFrom: '2026-12-01' } });
  if (assigned.status() !== 200) throw new Error(`assign: ${assigned.status()} ${await assigned.text()}`);

  await eachViewport(kit, async ({ page, shot, signOut }) => {
    await signInAsAdmin(page);
    await page.goto('/admin/settings');
    await page.getByRole('link', { name: 'Salary structures' }).click();
    await page.getByRole('rowheader', { name: 'Field staff' }).waitFor();
    await shot('salary-structures-list');

    // The add form with wrong values: every field marked.
    await page.getByRole('button', { name: 'Add a structure' }).click();
    await page.getByLabel('Basic, % of gross').fill('80');
    await page.getByLabel('HRA, % of Basic').fill('50');
    await page.getByLabel('Allowance 1 name').fill('Medical');
    await page.getByRole('button', { name: 'Save structure' }).click();
    await page.locator('#structure-name-error').waitFor();
    await page.getByRole('heading', { name: 'New salary structure' }).scrollIntoViewIfNeeded();
    await shot('salary-structures-add-errors');
    await page.getByRole('button', { name: 'Cancel' }).click();

    // Basic as a fixed monthly amount: the radio, its field's error, then the worked example.
    await page.getByRole('button', { name: 'Add a structure' }).click();
    await page.getByRole('radio', { name: 'A fixed monthly amount' }).check();
    await page.getByLabel('Name', { exact: true }).fill('Security staff');
    await page.getByLabel('HRA, % of Basic').fill('40');
    await page.getByRole('button', { name: 'Save structure' }).click();
    await page.locator('#structure-basicMonthly-error').waitFor();
    await page.getByRole('heading', { name: 'New salary structure' }).scrollIntoViewIfNeeded();
    await shot('salary-structures-fixed-basic-error', { fullPage: false });
    await page.getByLabel('Basic, monthly amount (₹)').fill('12000');
    await page.getByText('On ₹30,000 a month').waitFor();
    await page.getByRole('heading', { name: 'New salary structure' }).scrollIntoViewIfNeeded();
    await shot('salary-structures-fixed-basic', { fullPage: false });
    await page.getByRole('button', { name: 'Cancel' }).click();

    // Assign the metro structure to everyone shown, with the preview.
    await page.getByRole('button', { name: /^Assign Head office/ }).click();
    await page.getByRole('button', { name: 'Select all shown' }).click();
    await page.getByRole('table', { name: 'Components from the effective day, by person' }).waitFor();
    await page.getByRole('heading', { name: /^Assign Head office/ }).scrollIntoViewIfNeeded();
    await shot('salary-structures-assign');
    await page.getByRole('heading', { name: 'Who gets what' }).scrollIntoViewIfNeeded();
    await shot('salary-structures-assign-preview', { fullPage: false });
    await signOut();
  });
});
