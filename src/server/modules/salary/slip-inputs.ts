/**
 * A digest of everything a slip is computed from (`computeSlip` in salary-service.ts): the policy,
 * the employee's salary and joining date, and every part of their month (presence, leave, late
 * marks, statutory details, salary history, arrears, corrections, the tax inputs, what earlier
 * approved months paid, the calendar, the pay and statutory rules). The same inputs always give the
 * same slip, so a stored slip whose inputs have the same digest today would come out the same:
 * the register of an approved month recomputes only the people whose digest moved.
 */
import { createHash } from 'node:crypto';
import type { PayrollPolicy } from '../../../shared/payroll/payroll-policy';
import type { MonthDays, SlipEmployee } from './salary-repository';

/**
 * Bumped whenever the slip computation changes what it makes of the same inputs, so a digest stored
 * by an older computation never vouches for a slip the new one would compute differently.
 */
const COMPUTATION = 'slip-inputs/1';

/** A value as canonical JSON text: object keys sorted, Sets and Maps in order, undefined left out. */
function canonical(value: unknown): string {
  if (value === undefined || typeof value === 'function') return 'null';
  if (value === null || typeof value !== 'object') return JSON.stringify(value);
  if (value instanceof Date) return JSON.stringify(value.toISOString());
  if (value instanceof Set) return `{"set":[${[...value].map(canonical).sort().join(',')}]}`;
  if (value instanceof Map) return `{"map":[${[...value].map(([k, v]) => `[${canonical(k)},${canonical(v)}]`).sort().join(',')}]}`;
  if (ArrayBuffer.isView(value)) return `{"bytes":${JSON.stringify(Buffer.from(value.buffer, value.byteOffset, value.byteLength).toString('base64'))}}`;
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => v !== undefined && typeof v !== 'function')
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
}

/**
 * Digests of the month's inputs, one per employee. The parts every employee of a load shares (the
 * calendar, the pay rules, the statutory rule book, the policy) are digested once per object.
 */
export function slipInputDigester(policy: PayrollPolicy, month: string): (employee: SlipEmployee, days: MonthDays) => string {
  const shared = new WeakMap<object, string>();
  const once = (value: object | undefined): string => {
    if (!value) return '-';
    let digest = shared.get(value);
    if (digest === undefined) {
      digest = createHash('sha256').update(canonical(value)).digest('hex');
      shared.set(value, digest);
    }
    return digest;
  };
  const policyDigest = once(policy);
  return (employee, days) => {
    const { calendar, payRules, rules, ...own } = days;
    return createHash('sha256')
      .update(COMPUTATION)
      .update(month)
      .update(policyDigest)
      .update(once(calendar))
      .update(once(payRules))
      .update(once(rules))
      .update(canonical({ employeeId: employee.employeeId, salaryPaise: employee.salaryPaise, joinedOn: employee.joinedOn }))
      .update(canonical(own))
      .digest('hex')
      .slice(0, 40);
  };
}
