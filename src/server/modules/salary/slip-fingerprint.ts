/** A slip's fingerprint: what it shows, hashed; a re-run compares fingerprints to tell which slips changed. */
import { createHash } from 'node:crypto';
import type { SalarySlip } from '../../../shared/payroll/salary-slip';
import type { SlipEmployee } from './salary-repository';

/**
 * What the slip shows, hashed: the employee's identity on it and every figure. Two computations with
 * the same fingerprint produce the same document, so a re-run emails only slips whose hash moved.
 */
export function slipFingerprint(employee: SlipEmployee, slip: SalarySlip): string {
  const shown = { employeeId: employee.employeeId, name: employee.name, position: employee.position, slip };
  return createHash('sha256').update(JSON.stringify(shown)).digest('hex');
}

