/**
 * Screenshots of marking returned payments at 1366×768 and 390×844, with 1,050 people paid in one
 * batch (some with long names): the paid batch in the Payroll Register's payments, the dialog with
 * its searchable list, a search with people ticked and the bank's reason, the review with what
 * happens next, the result, and the panel's "owed again" list.
 * Not a test: run it by hand against a fresh build, under the e2e lock (src/server/test/README.md), e.g.
 *   flock /tmp/e2e.lock bash -c 'npx webpack --mode production && npx tsx src/e2e/shots-returned-payments.ts <dir>'
 * Bank details and last month's attendance are written straight into the server's SQLite file (a
 * thousand profile edits would take minutes); approving, the batch and marking it paid go through
 * the API, as an admin's would.
 */
import { dateInZone } from '../shared/format';
import { lastCompleteMonth } from '../shared/payroll/pay-month';
import { signInAsAdmin } from './harness';
import { approveMonth } from './payroll-overrides';
import { eachViewport, employeeUserIds, payrollRoster, runShots } from './shot-kit';

const EMPLOYEES = 1_050;

runShots(
  'returned-payments-shots',
  async (kit) => {
    const { api } = kit;
    const month = lastCompleteMonth(dateInZone(new Date(), 'Asia/Kolkata'));
    const { headers, db } = await payrollRoster(kit, EMPLOYEES, [month]);
    const bank = db.prepare(
      `insert into employee_statutory (user_id, state_of_work, bank_account, ifsc, updated_at) values (?, 'KA', ?, 'HDFC0000123', ?)
       on conflict (user_id) do update set state_of_work = 'KA', bank_account = excluded.bank_account, ifsc = excluded.ifsc`,
    );
    db.transaction(() => {
      for (const [i, userId] of employeeUserIds(db).entries()) bank.run(userId, String(50_100_000_000_000 + i * 7919), new Date().toISOString());
    })();
    db.close();

    await approveMonth(api, headers, month, 180_000);
    const batch = await api.post(`/api/salary/payments/${month}/batches`, { headers, timeout: 180_000 });
    if (batch.status() !== 201) throw new Error(`batch: ${batch.status()} ${await batch.text()}`);
    const { _id: id } = (await batch.json()) as { _id: string };
    const paid = await api.post(`/api/salary/payments/batches/${id}/paid`, { headers, data: { paidOn: dateInZone(new Date(), 'Asia/Kolkata'), bankReference: 'UTR HDFCN52026112600123' } });
    if (paid.status() !== 200) throw new Error(`paid: ${paid.status()} ${await paid.text()}`);

    // Each viewport marks different people, so the second still has them to tick.
    const searches = [
      ['Chandrasekharan', 'Person 7 Rao'],
      ['Iyer 1', 'Person 9 Rao'],
    ];
    let pass = 0;
    await eachViewport(kit, async ({ page, shot }) => {
      const [first, second] = searches[pass++]!;
      await signInAsAdmin(page);
      await page.goto(`/admin/payroll/register?month=${month}`);
      const payments = page.getByRole('region', { name: 'Payments' });
      await payments.getByRole('button', { name: 'Returned payments of batch 1' }).waitFor({ timeout: 60_000 }).catch(async (e: unknown) => {
        await shot('failed', { fullPage: true });
        throw e;
      });
      await payments.scrollIntoViewIfNeeded();
      await shot('payments-paid', { fullPage: false });

      await payments.getByRole('button', { name: 'Returned payments of batch 1' }).click();
      const dialog = page.getByRole('alertdialog', { name: 'Returned payments of batch 1' });
      await dialog.waitFor();
      await shot('returned-open', { fullPage: false });

      await dialog.getByLabel('Find a person').fill(first!);
      const boxes = dialog.getByRole('checkbox');
      await boxes.nth(0).check();
      await boxes.nth(1).check();
      await dialog.getByLabel('Find a person').fill(second!);
      await dialog.getByRole('checkbox', { name: new RegExp(`^${second}\\b`) }).check();
      await dialog.getByLabel("Bank's reason").selectOption('Account closed');
      await shot('returned-ticked', { fullPage: false });

      await dialog.getByRole('button', { name: 'Review' }).click();
      await dialog.getByRole('region', { name: 'Payments to mark returned' }).waitFor();
      await shot('returned-review', { fullPage: false });

      await dialog.getByRole('button', { name: 'Mark returned' }).click();
      await dialog.getByRole('button', { name: 'Close' }).waitFor();
      await shot('returned-done', { fullPage: false });
      await dialog.getByRole('button', { name: 'Close' }).click();

      const owed = payments.getByRole('heading', { name: /^Owed again:/ });
      await owed.waitFor();
      await owed.scrollIntoViewIfNeeded();
      await shot('owed-again', { fullPage: false });
    });
  },
  { COMPANY_NAME: 'Acme Analytics Pvt Ltd' },
);
