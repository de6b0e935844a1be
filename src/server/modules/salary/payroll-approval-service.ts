/**
 * Register → approve → locked month. Approving stores every employee's slip as the register showed
 * it (payroll_approved_slips), the approval and its audit entry, and the slip run's items, all in one
 * transaction; only once that has committed does the run start emailing. A month approved is locked:
 * approving it again is refused, and sending again needs a re-run with a reason, which recomputes,
 * stores the slips that changed and emails only those.
 */
import { createHash } from 'node:crypto';
import type { Transaction } from 'kysely';
import { countOf, dateInZone } from '../../../shared/format';
import { monthLabel } from '../../../shared/payroll/pay-month';
import { DEFAULT_PAYROLL_POLICY } from '../../../shared/payroll/payroll-policy';
import type { SalarySlip } from '../../../shared/payroll/salary-slip';
import type { PayrollApprovalAnswer, PayrollApprovalState } from '../../../shared/schemas/payroll-approval';
import { recordAudit } from '../../audit';
import type { AppContext } from '../../context';
import type { DB } from '../../db/schema';
import { conflict } from '../../errors';
import { isUniqueViolation } from '../employees/employee-repository';
import { approvedSlips, findApprovedMonth, requireApprovedMonth, type ApprovedMonth } from './payroll-approvals';
import { blockingProblems, forEachRegisterSlip } from './payroll-register';
import { processPayrollRun } from './payroll-runs';
import { createSalaryRepository, type SlipEmployee } from './salary-repository';

/** Rows per INSERT: 13 parameters each stays far below SQLite's and PostgreSQL's limits. */
const CHUNK = 200;

interface ComputedSlip {
  employee: SlipEmployee;
  slip: SalarySlip;
  fingerprint: string;
}

/**
 * What the slip shows, hashed: the employee's identity on it and every figure. Two computations with
 * the same fingerprint produce the same document, so a re-run emails only slips whose hash moved.
 */
function slipFingerprint(employee: SlipEmployee, slip: SalarySlip): string {
  const shown = { employeeId: employee.employeeId, name: employee.name, position: employee.position, slip };
  return createHash('sha256').update(JSON.stringify(shown)).digest('hex');
}

export function createPayrollApprovalService(ctx: AppContext) {
  const { db } = ctx.database;
  const repo = createSalaryRepository(db, ctx.database.dialect, ctx.config.timeZone);
  const policy = DEFAULT_PAYROLL_POLICY;

  /** The 409 for a second approval of a locked month. */
  const monthLocked = (a: ApprovedMonth) =>
    conflict(
      `${monthLabel(a.month)} is approved and locked (approved on ${dateInZone(new Date(a.approvedAt), ctx.config.timeZone)}${a.approvedByName ? ` by ${a.approvedByName}` : ''}); ` +
        'its slips have been sent. To send changed slips, re-run it with a reason from the Payroll Register',
    );

  /**
   * Every slip of the month as the register computes it; 400 for a month not over, 409 while the
   * register has a blocking warning (a state without a professional tax table: approving would pay
   * without the tax and file nothing for it).
   */
  async function computeMonth(month: string): Promise<ComputedSlip[]> {
    const slips: ComputedSlip[] = [];
    await forEachRegisterSlip(ctx, policy, month, (employee, _days, slip) => slips.push({ employee, slip, fingerprint: slipFingerprint(employee, slip) }));
    const blocking = blockingProblems(slips.map((s) => s.slip));
    if (blocking.length) throw conflict(`${monthLabel(month)} cannot be approved: ${blocking.join('; ')}. Add the state's professional tax table, or correct the employees' state of work`);
    return slips;
  }

  /** Drops the stored slips of `userIds` in `month` (at most CHUNK of them). */
  const dropStoredSlips = (trx: Transaction<DB>, month: string, userIds: readonly number[]) =>
    trx.deleteFrom('payroll_approved_slips').where('month', '=', month).where('user_id', 'in', userIds).execute();

  async function storeSlips(trx: Transaction<DB>, month: string, version: number, slips: readonly ComputedSlip[]) {
    for (let i = 0; i < slips.length; i += CHUNK) {
      const chunk = slips.slice(i, i + CHUNK);
      await dropStoredSlips(trx, month, chunk.map((c) => c.employee.userId));
      await trx
        .insertInto('payroll_approved_slips')
        .values(
          chunk.map(({ employee, slip, fingerprint }) => ({
            month,
            user_id: employee.userId,
            employee_id: employee.employeeId,
            fingerprint,
            changed_version: version,
            gross_paise: slip.earnings.totalPaise,
            basic_paise: slip.earnings.basicPaise,
            hra_paise: slip.earnings.hraPaise,
            pf_paise: slip.deductions.providentFundPaise,
            esi_paise: slip.deductions.esiPaise,
            pt_paise: slip.deductions.professionalTaxPaise,
            tds_paise: slip.deductions.tdsPaise,
            net_paise: slip.netPaise,
            rate_paise: slip.monthlyGrossPaise,
            carried_paise: slip.deductions.carriedForwardPaise ?? 0,
            slip_json: JSON.stringify(slip),
          })),
        )
        .execute();
    }
  }

  /** 409 while a run of the month is still sending: its items would race the new run's. */
  async function refuseWhileRunning(trx: Transaction<DB>, month: string) {
    const running = await repo.findRunningRun(trx, month);
    if (running) throw conflict(`A payroll run for ${monthLabel(month)} is still sending slips (run ${running.id}); try again once it is done`);
  }

  const netOf = (slips: readonly ComputedSlip[]) => slips.reduce((sum, s) => sum + s.slip.netPaise, 0);

  const answer = (msg: string, runId: number | null, version: number, changed: number, unchanged: number): PayrollApprovalAnswer => ({
    msg,
    runId: runId === null ? null : String(runId),
    version,
    changed,
    unchanged,
  });

  return {
    /** Whether `month` is approved, by whom and when, and its re-runs. */
    async state(month: string): Promise<PayrollApprovalState> {
      const a = await findApprovedMonth(db, month);
      return {
        month,
        approved: Boolean(a),
        approvedAt: a?.approvedAt ?? null,
        approvedBy: a?.approvedByName ?? null,
        reruns: a ? a.version - 1 : 0,
        lastRerun: a?.rerunAt ? { at: a.rerunAt, by: a.rerunByName, reason: a.rerunReason ?? '' } : null,
        runId: a?.runId == null ? null : String(a.runId),
      };
    },

    /**
     * Approves the month's register: stores every slip, the approval, its audit entry and the run's
     * items in one transaction, then starts emailing. 400 for a month not over, 409 once approved.
     */
    async approve(actorId: number, month: string): Promise<PayrollApprovalAnswer> {
      const already = await findApprovedMonth(db, month);
      if (already) throw monthLocked(already);
      const slips = await computeMonth(month);
      const at = ctx.now().toISOString();
      let runId: number;
      try {
        runId = await db.transaction().execute(async (trx) => {
          await refuseWhileRunning(trx, month);
          const net = netOf(slips);
          await trx
            .insertInto('payroll_approvals')
            .values({ month, approved_by: actorId, approved_at: at, version: 1, rerun_by: null, rerun_at: null, rerun_reason: null, run_id: null, employees: slips.length, net_paise: net })
            .execute();
          await storeSlips(trx, month, 1, slips);
          const run = await repo.createRun(trx, { month, createdBy: actorId, at, changedIn: 1 });
          await trx.updateTable('payroll_approvals').set({ run_id: run.id }).where('month', '=', month).execute();
          await recordAudit(trx, { actorId, action: 'payroll.approve', entity: 'payroll_month', entityId: month, after: { version: 1, employees: slips.length, netPaise: net, runId: run.id } }, ctx.now());
          return run.id;
        });
      } catch (err) {
        // Two approvals racing: the month's primary key lets one through.
        const winner = isUniqueViolation(err) ? await findApprovedMonth(db, month) : undefined;
        if (winner) throw monthLocked(winner);
        throw err;
      }
      void processPayrollRun(ctx, runId);
      return answer(`${monthLabel(month)} approved and locked: ${countOf(slips.length, 'salary slip')} to email`, runId, 1, slips.length, 0);
    },

    /**
     * Re-runs an approved month with a reason: recomputes every slip, stores those whose fingerprint
     * changed (or that are new) at the next version, and emails only them. The reason is audited.
     */
    async rerun(actorId: number, month: string, reason: string): Promise<PayrollApprovalAnswer> {
      await requireApprovedMonth(db, month);
      const slips = await computeMonth(month);
      const at = ctx.now().toISOString();
      const outcome = await db.transaction().execute(async (trx) => {
        const current = await requireApprovedMonth(trx, month);
        await refuseWhileRunning(trx, month);
        const version = current.version + 1;
        // Guarded by the version read: of two re-runs at once, the second finds it moved and is refused.
        const bumped = await trx
          .updateTable('payroll_approvals')
          .set({ version, rerun_by: actorId, rerun_at: at, rerun_reason: reason, employees: slips.length, net_paise: netOf(slips) })
          .where('month', '=', month)
          .where('version', '=', current.version)
          .executeTakeFirst();
        if (Number(bumped.numUpdatedRows) !== 1) throw conflict(`${monthLabel(month)} was re-run by someone else just now; reload the register and try again`);
        const storedSlips = await approvedSlips(trx, month);
        const stored = new Map(storedSlips.map((s) => [s.userId, s.fingerprint]));
        const changed = slips.filter((s) => stored.get(s.employee.userId) !== s.fingerprint);
        await storeSlips(trx, month, version, changed);
        // Someone approved before but not paid now (deactivated, a leaving date moved back): their slip
        // is withdrawn, so the register, the filing files and the bank file follow the re-run too.
        const paidNow = new Set(slips.map((s) => s.employee.userId));
        const withdrawn = storedSlips.filter((s) => !paidNow.has(s.userId));
        for (let i = 0; i < withdrawn.length; i += CHUNK) {
          await dropStoredSlips(trx, month, withdrawn.slice(i, i + CHUNK).map((s) => s.userId));
        }
        const run = changed.length ? await repo.createRun(trx, { month, createdBy: actorId, at, changedIn: version }) : null;
        await trx.updateTable('payroll_approvals').set({ run_id: run?.id ?? null }).where('month', '=', month).execute();
        await recordAudit(
          trx,
          {
            actorId,
            action: 'payroll.rerun',
            entity: 'payroll_month',
            entityId: month,
            before: { version: current.version },
            after: {
              version,
              reason,
              changed: changed.length,
              changedEmployees: changed.slice(0, 100).map((c) => c.employee.employeeId),
              withdrawnEmployees: withdrawn.slice(0, 100).map((w) => w.employeeId),
              runId: run?.id ?? null,
            },
          },
          ctx.now(),
        );
        return { version, changed: changed.length, withdrawn: withdrawn.length, runId: run?.id ?? null };
      });
      if (outcome.runId !== null) void processPayrollRun(ctx, outcome.runId);
      const unchanged = slips.length - outcome.changed;
      const withdrawn = outcome.withdrawn ? `; ${countOf(outcome.withdrawn, 'slip')} withdrawn (no longer paid this month)` : '';
      const msg =
        (outcome.changed
          ? `${monthLabel(month)} re-run: ${countOf(outcome.changed, 'salary slip')} changed and will be emailed; ${countOf(unchanged, 'unchanged slip')} not sent again`
          : `${monthLabel(month)} re-run: no salary slip changed, so none is emailed`) + withdrawn;
      return answer(msg, outcome.runId, outcome.version, outcome.changed, unchanged);
    },
  };
}
