/**
 * A leaving date set the way the product sets it: through the exit routes, which alone may change
 * `statutory.leftOn` (Edit Employee and the import refuse it), so a test's leaver passes the same
 * checks as a real one.
 */
import { auth, type TestApp } from './test-app';

/**
 * Records a resignation whose last working day is `lastWorkingDay`, notice given that same day with
 * no notice period, so it needs no joining date of its own and leaves no notice shortfall in a
 * settlement. Throws with the answer when the route refuses it.
 */
export async function recordExit(t: TestApp, employee: { id: number }, lastWorkingDay: string, token = t.admin.token): Promise<void> {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/employees/${employee.id}/exit`,
    headers: auth(token),
    payload: { kind: 'resignation', noticeGivenOn: lastWorkingDay, noticePeriodDays: 0, lastWorkingDay, reason: 'Moving to another city' },
  });
  if (res.statusCode !== 200) throw new Error(`recording the exit of ${employee.id} on ${lastWorkingDay}: ${res.statusCode} ${res.body}`);
}

/** Withdraws the recorded exit, clearing the leaving date; throws with the answer when refused. */
export async function withdrawExit(t: TestApp, employee: { id: number }, token = t.admin.token): Promise<void> {
  const res = await t.app.inject({ method: 'DELETE', url: `/api/employees/${employee.id}/exit`, headers: auth(token) });
  if (res.statusCode !== 200) throw new Error(`withdrawing the exit of ${employee.id}: ${res.statusCode} ${res.body}`);
}
