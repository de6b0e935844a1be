/**
 * Reading the corrections a pay month carries (PF: payroll_pf_corrections, migration 026; ESI and
 * PT: payroll_statutory_corrections, migration 090; written by rule-arrears.ts): what each
 * employee's slip of that month applies.
 */
import type { Kysely, Transaction } from 'kysely';
import type { StatutoryCorrection } from '../../../shared/payroll/statutory/esi-pt-corrections';
import type { PfCorrection } from '../../../shared/payroll/statutory/pf-corrections';
import type { DB } from '../../db/schema';

type Db = Kysely<DB> | Transaction<DB>;

/** The corrections paid in `month` to some employees, by users id: what their slips apply. */
export async function pfCorrectionsByUser(db: Db, month: string, userIds: readonly number[]): Promise<Map<number, PfCorrection[]>> {
  const byUser = new Map<number, PfCorrection[]>();
  if (!userIds.length) return byUser;
  const rows = await db.selectFrom('payroll_pf_corrections').selectAll().where('pay_month', '=', month).where('user_id', 'in', userIds).orderBy('for_month').orderBy('id').execute();
  for (const r of rows) {
    const id = Number(r.user_id);
    const list = byUser.get(id) ?? [];
    list.push({
      forMonth: r.for_month,
      reason: r.reason,
      epfWagesPaise: Number(r.epf_wages_paise),
      epsWagesPaise: Number(r.eps_wages_paise),
      edliWagesPaise: Number(r.edli_wages_paise),
      employeePaise: Number(r.employee_paise),
      employerEpfPaise: Number(r.employer_epf_paise),
      employerEpsPaise: Number(r.employer_eps_paise),
      edliPaise: Number(r.edli_paise),
      adminPaise: Number(r.admin_paise),
      recoverablePaise: Number(r.recoverable_paise),
    });
    byUser.set(id, list);
  }
  return byUser;
}

/** The ESI and PT corrections paid in `month` (payroll_statutory_corrections, migration 090), by users id. */
export async function statutoryCorrectionsByUser(db: Db, month: string, userIds: readonly number[]): Promise<Map<number, StatutoryCorrection[]>> {
  const byUser = new Map<number, StatutoryCorrection[]>();
  if (!userIds.length) return byUser;
  const rows = await db.selectFrom('payroll_statutory_corrections').selectAll().where('pay_month', '=', month).where('user_id', 'in', userIds).orderBy('for_month').orderBy('id').execute();
  for (const r of rows) {
    const id = Number(r.user_id);
    const list = byUser.get(id) ?? [];
    list.push({
      scheme: r.scheme === 'pt' ? 'pt' : 'esi',
      forMonth: r.for_month,
      reason: r.reason,
      wagesPaise: Number(r.wages_paise),
      employeePaise: Number(r.employee_paise),
      employerPaise: Number(r.employer_paise),
    });
    byUser.set(id, list);
  }
  return byUser;
}
