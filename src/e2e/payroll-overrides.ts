import type { APIRequestContext } from 'playwright-core';

/**
 * The approval body the browser suites send when they approve a month through the API: every
 * blocking register warning overridden with a reason, as their seeded people have no bank account
 * or UAN and the suites are not about those warnings.
 */
export const OVERRIDE_BLOCKING = {
  overrides: [
    { kind: 'missing-bank', reason: 'Paid by cheque this month' },
    { kind: 'no-pt-table', reason: 'PT filed by the branch' },
    { kind: 'pf-without-uan', reason: 'UAN being generated' },
  ],
};

/** Approves `month`'s payroll through the API with OVERRIDE_BLOCKING. */
export async function approveMonth(api: APIRequestContext, headers: { 'x-auth-token': string }, month: string, timeout?: number): Promise<void> {
  const approved = await api.post(`/api/salary/register/${month}/approve`, { headers, data: OVERRIDE_BLOCKING, ...(timeout ? { timeout } : {}) });
  if (approved.status() !== 202) throw new Error(`approve ${month}: ${approved.status()} ${await approved.text()}`);
}

/** Types a reason into every "Reason to approve anyway" field of the Payroll Register, so its approve button opens. */
export async function fillOverrideReasons(page: import('playwright-core').Page): Promise<void> {
  const fields = page.getByLabel(/^Reason to approve anyway/);
  for (const field of await fields.all()) await field.fill('Details arrive next week; paid by cheque meanwhile');
}
