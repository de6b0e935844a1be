/**
 * Register → approve → locked month. Approving stores every employee's slip as the register showed
 * it (payroll_approved_slips), the approval and its audit entry, and the slip run's items, all in one
 * transaction; only once that has committed does the run start emailing. A month approved is locked:
 * approving it again is refused, and sending again needs a re-run with a reason, which recomputes,
 * stores the slips that changed and emails only those.
 */
import { createHash } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import { countOf, dateInZone } from '../../../shared/format';
import { monthLabel } from '../../../shared/payroll/pay-month';
import { DEFAULT_PAYROLL_POLICY } from '../../../shared/payroll/payroll-policy';
import type { SalarySlip } from '../../../shared/payroll/salary-slip';
import type { PayrollApprovalAnswer, PayrollApprovalState } from '../../../shared/schemas/payroll-approval';
import { recordAudit } from '../../audit';
import type { AppContext } from '../../context';
import type { DB } from '../../db/schema';
import { conflict } from '../../errors';
import { isUniqueViolation } from '../../db/unique-violation';
import type { RerunChange, RerunKept, RerunPreview } from '../../../shared/schemas/payroll-payments';
import { approvedSlips, findApprovedMonth, requireApprovedMonth, type ApprovedMonth, type ApprovedSlip } from './payroll-approvals';
import { beneficiaryChanges, beneficiaryOf, type Beneficiary } from './beneficiary';
import { releaseBlocker } from './payment-batches';
import { payrollSettings } from './payroll-settings';
import { blockingProblems, forEachRegisterSlip, registerWarnings, type WarningOverride } from './payroll-register';
import { sameMoney, slipFingerprint } from './slip-fingerprint';
import { holdLeavingDates, leavingDatesStamp, type StatutoryValues } from '../employee-records';
import { WARNING_KIND_LABELS, type RegisterWarning, type RegisterWarningKind } from '../../../shared/schemas/payroll-register';
import { processPayrollRun } from './payroll-runs';
import { createSalaryRepository, type SlipEmployee } from './salary-repository';
import { slipInputDigester } from './slip-inputs';

/** Rows per INSERT: 16 parameters each stays far below SQLite's and PostgreSQL's limits. */
const CHUNK = 200;

type Db = Kysely<DB> | Transaction<DB>;

interface ComputedSlip {
  employee: SlipEmployee;
  slip: SalarySlip;
  fingerprint: string;
  beneficiary: Beneficiary;
  statutory: StatutoryValues | undefined;
  /** What the slip was computed from, digested (slip-inputs.ts). */
  inputDigest: string;
}

/** What a re-run would do: the slips it stores anew, those it withdraws, and the list the admin is shown. */
interface RerunPlan {
  slips: ComputedSlip[];
  changed: ComputedSlip[];
  withdrawn: ApprovedSlip[];
  /** Unchanged slips whose beneficiary details moved since: refreshed, not re-sent. */
  refreshed: ComputedSlip[];
  /** Unchanged slips (same money) whose inputs digest differently now: the new digest is stored. */
  redigested: ComputedSlip[];
  changes: RerunChange[];
  /** Slips whose statutory difference of this month was already paid as arrears: kept as approved. */
  kept: RerunKept[];
  previewHash: string;
}

/** People whose statutory differences of `month` were paid as arrears, with the pay months, by users id. */
async function arrearsPaidFor(db: Db, month: string): Promise<Map<number, string[]>> {
  const [pf, other] = await Promise.all([
    db.selectFrom('payroll_pf_corrections').select(['user_id', 'pay_month']).where('for_month', '=', month).execute(),
    db.selectFrom('payroll_statutory_corrections').select(['user_id', 'pay_month']).where('for_month', '=', month).execute(),
  ]);
  const paid = new Map<number, string[]>();
  for (const r of [...pf, ...other]) {
    const list = paid.get(Number(r.user_id)) ?? [];
    if (!list.includes(r.pay_month)) list.push(r.pay_month);
    paid.set(Number(r.user_id), list.sort());
  }
  return paid;
}

/** The warning a re-run preview and answer carry when slips are kept because their difference was paid as arrears. */
function keptWarning(month: string, kept: readonly RerunKept[]): string | null {
  if (!kept.length) return null;
  const months = [...new Set(kept.flatMap((k) => k.paidIn))].join(', ');
  return `${countOf(kept.length, 'slip')} of ${monthLabel(month)} stay as approved: their statutory difference for ${monthLabel(month)} was already paid as arrears in ${months}, and a re-run would pay it twice. Anything else that changed for them reaches them only as arrears in a later month.`;
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

  /** The 409 for an approval or re-run during which someone's leaving date changed (employee-records/leaving-dates.ts). */
  const leavingDatesMoved = (month: string, what: string) =>
    conflict(`A leaving date changed while ${monthLabel(month)} was being worked out: ${what} again to include it`);

  /** Inside the approval's transaction: holds off exits and refuses when a leaving date moved since `stamp`. */
  async function refuseMovedLeavingDates(trx: Transaction<DB>, month: string, stamp: string, what: string) {
    await holdLeavingDates(trx, ctx.database.dialect, 'payroll');
    if ((await leavingDatesStamp(trx)) !== stamp) throw leavingDatesMoved(month, what);
  }

  /**
   * Every slip of the month as the register computes it; 400 for a month not over, 409 while the
   * register has a blocking warning (a state without a professional tax table: approving would pay
   * without the tax and file nothing for it).
   */
  async function computeMonth(month: string): Promise<ComputedSlip[]> {
    const slips: ComputedSlip[] = [];
    const digest = slipInputDigester(policy, month);
    await forEachRegisterSlip(ctx, policy, month, (employee, days, slip) =>
      slips.push({
        employee,
        slip,
        fingerprint: slipFingerprint(employee.employeeId, slip),
        beneficiary: beneficiaryOf(employee.name, days.statutory),
        statutory: days.statutory,
        inputDigest: digest(employee, days),
      }),
    );
    const blocking = blockingProblems(slips.map((s) => s.slip));
    if (blocking.length) throw conflict(`${monthLabel(month)} cannot be approved: ${blocking.join('; ')}. Add the state's professional tax table, or correct the employees' state of work`);
    return slips;
  }

  /** Drops the stored slips of `userIds` in `month` (at most CHUNK of them). */
  const dropStoredSlips = (trx: Transaction<DB>, month: string, userIds: readonly number[]) =>
    trx.deleteFrom('payroll_approved_slips').where('month', '=', month).where('user_id', 'in', userIds).execute();

  /** Stores `slips` as the month's current ones at `version`, and each as a version an employee can read later. */
  async function storeSlips(trx: Transaction<DB>, month: string, version: number, slips: readonly ComputedSlip[], at: string, reason: string | null) {
    for (let i = 0; i < slips.length; i += CHUNK) {
      const chunk = slips.slice(i, i + CHUNK);
      await dropStoredSlips(trx, month, chunk.map((c) => c.employee.userId));
      await trx
        .insertInto('payroll_approved_slips')
        .values(
          chunk.map(({ employee, slip, fingerprint, beneficiary, inputDigest }) => ({
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
            beneficiary_json: JSON.stringify(beneficiary),
            changed_at: at,
            change_reason: reason,
            input_digest: inputDigest,
          })),
        )
        .execute();
      await trx
        .insertInto('payroll_slip_versions')
        .values(chunk.map(({ employee, slip }) => ({ month, user_id: employee.userId, version, stored_at: at, reason, net_paise: slip.netPaise, slip_json: JSON.stringify(slip) })))
        .onConflict((oc) => oc.columns(['month', 'user_id', 'version']).doNothing())
        .execute();
    }
  }

  /**
   * What a re-run of `month` would change, computed from today's data against the stored slips:
   * the re-run's dialog shows it, and the re-run itself acts on the same computation.
   */
  async function planRerun(db: Db, month: string, version: number): Promise<RerunPlan> {
    const slips = await computeMonth(month);
    const storedSlips = await approvedSlips(db, month);
    const stored = new Map(storedSlips.map((s) => [s.userId, s]));
    const moved = slips.filter((s) => {
      const before = stored.get(s.employee.userId);
      return !before || !sameMoney(before, s.fingerprint);
    });
    // A person whose PF, ESI or PT difference of this month was paid as arrears in a later month
    // keeps the slip as approved: re-pricing it would pay the difference a second time.
    const paidAsArrears = await arrearsPaidFor(db, month);
    const kept = moved
      .filter((s) => stored.has(s.employee.userId) && paidAsArrears.has(s.employee.userId))
      .map((s) => ({ employeeId: s.employee.employeeId, name: s.employee.name, paidIn: paidAsArrears.get(s.employee.userId)!.map(monthLabel) }));
    const keptIds = new Set(kept.map((k) => k.employeeId));
    const changed = moved.filter((s) => !keptIds.has(s.employee.employeeId));
    const changedIds = new Set(changed.map((c) => c.employee.userId));
    const refreshed = slips.filter((s) => {
      const before = stored.get(s.employee.userId)?.beneficiary;
      return !changedIds.has(s.employee.userId) && (!before || beneficiaryChanges(before, s.beneficiary).length > 0);
    });
    const redigested = slips.filter((s) => {
      const before = stored.get(s.employee.userId);
      return before !== undefined && !changedIds.has(s.employee.userId) && !keptIds.has(s.employee.employeeId) && before.inputDigest !== s.inputDigest;
    });
    // Someone approved before but not paid now (deactivated, a leaving date moved back): their slip
    // is withdrawn, so the register, the filing files and the bank file follow the re-run too.
    const paidNow = new Set(slips.map((s) => s.employee.userId));
    const withdrawn = storedSlips.filter((s) => !paidNow.has(s.userId));
    const changes: RerunChange[] = [
      ...changed.map((c) => ({
        employeeId: c.employee.employeeId,
        name: c.employee.name,
        netBefore: stored.has(c.employee.userId) ? stored.get(c.employee.userId)!.netPaise / 100 : null,
        netAfter: c.slip.netPaise / 100,
      })),
      ...withdrawn.map((w) => ({ employeeId: w.employeeId, name: w.beneficiary?.name ?? w.employeeId, netBefore: w.netPaise / 100, netAfter: null })),
    ].sort((a, b) => a.employeeId.length - b.employeeId.length || a.employeeId.localeCompare(b.employeeId));
    const previewHash = createHash('sha256')
      .update(JSON.stringify({ version, changes: changes.map((c) => [c.employeeId, c.netBefore, c.netAfter]), fingerprints: changed.map((c) => c.fingerprint), kept: kept.map((k) => k.employeeId) }))
      .digest('hex')
      .slice(0, 32);
    return { slips, changed, withdrawn, refreshed, redigested, changes, kept, previewHash };
  }

  /** Brings the frozen beneficiary details of unchanged slips up to today's (a re-run is how a new account reaches the files). */
  async function refreshBeneficiaries(trx: Transaction<DB>, month: string, slips: readonly ComputedSlip[]) {
    for (const s of slips) {
      await trx
        .updateTable('payroll_approved_slips')
        .set({ beneficiary_json: JSON.stringify(s.beneficiary) })
        .where('month', '=', month)
        .where('user_id', '=', s.employee.userId)
        .execute();
    }
  }

  /** Stores the digest of today's inputs with slips that came out the same from them. */
  async function storeDigests(trx: Transaction<DB>, month: string, slips: readonly ComputedSlip[]) {
    for (const s of slips) {
      await trx.updateTable('payroll_approved_slips').set({ input_digest: s.inputDigest }).where('month', '=', month).where('user_id', '=', s.employee.userId).execute();
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

  /** The 409 that lists the blocking warnings still open, grouped by kind. */
  const blockingOpen = (month: string, open: readonly RegisterWarning[]) => {
    const byKind = new Map<RegisterWarningKind, string[]>();
    for (const w of open) byKind.set(w.kind, [...(byKind.get(w.kind) ?? []), w.employeeId]);
    const list = [...byKind].map(([kind, ids]) => `${WARNING_KIND_LABELS[kind]}: ${ids.length} (${ids.slice(0, 5).join(', ')}${ids.length > 5 ? ', …' : ''})`).join('; ');
    return conflict(`${monthLabel(month)} cannot be approved while blocking warnings are open: resolve them, or override them with a reason. ${list}`);
  };

  /** Slips go out at approval unless the company releases them after paying. */
  const holdsSlips = async () => (await payrollSettings(ctx)).slipRelease === 'release';

  return {
    /** Whether `month` is approved, by whom and when, its re-runs, and whether its slips are out. */
    async state(month: string): Promise<PayrollApprovalState> {
      const a = await findApprovedMonth(db, month);
      const mode = (await payrollSettings(ctx)).slipRelease;
      return {
        month,
        approved: Boolean(a),
        approvedAt: a?.approvedAt ?? null,
        approvedBy: a?.approvedByName ?? null,
        reruns: a ? a.version - 1 : 0,
        lastRerun: a?.rerunAt ? { at: a.rerunAt, by: a.rerunByName, reason: a.rerunReason ?? '' } : null,
        runId: a?.runId == null ? null : String(a.runId),
        slipRelease: mode,
        releasedAt: a?.releasedAt ?? null,
      };
    },

    /**
     * Approves the month's register: stores every slip, the approval, its audit entry and the run's
     * items in one transaction, then starts emailing. 400 for a month not over, 409 once approved.
     * Where slips go out on release, nothing is emailed now: the release does it, once paid.
     */
    async approve(actorId: number, month: string, overrides: readonly WarningOverride[] = []): Promise<PayrollApprovalAnswer> {
      const already = await findApprovedMonth(db, month);
      if (already) throw monthLocked(already);
      const leavers = await leavingDatesStamp(db);
      const slips = await computeMonth(month);
      const open = slips.flatMap((c) => registerWarnings(c.employee, c.statutory, c.slip, overrides)).filter((w) => w.blocking && !w.overridden);
      if (open.length) throw blockingOpen(month, open);
      const overridden = slips.flatMap((c) => registerWarnings(c.employee, c.statutory, c.slip, overrides)).filter((w) => w.overridden);
      const hold = await holdsSlips();
      const at = ctx.now().toISOString();
      let runId: number | null;
      try {
        runId = await db.transaction().execute(async (trx) => {
          await refuseMovedLeavingDates(trx, month, leavers, 'approve it');
          await refuseWhileRunning(trx, month);
          const net = netOf(slips);
          await trx
            .insertInto('payroll_approvals')
            .values({
              month,
              approved_by: actorId,
              approved_at: at,
              version: 1,
              rerun_by: null,
              rerun_at: null,
              rerun_reason: null,
              run_id: null,
              employees: slips.length,
              net_paise: net,
              overrides_json: overrides.length ? JSON.stringify(overrides) : null,
            })
            .execute();
          await storeSlips(trx, month, 1, slips, at, null);
          const run = hold ? null : await repo.createRun(trx, { month, createdBy: actorId, at, changedIn: 1 });
          if (run) await trx.updateTable('payroll_approvals').set({ run_id: run.id }).where('month', '=', month).execute();
          await recordAudit(trx, { actorId, action: 'payroll.approve', entity: 'payroll_month', entityId: month, after: {
                version: 1,
                employees: slips.length,
                netPaise: net,
                runId: run?.id ?? null,
                slipsHeldForRelease: hold,
                overridden: overridden.slice(0, 200).map((w) => ({ employeeId: w.employeeId, kind: w.kind, reason: w.overridden!.reason })),
              },
            }, ctx.now());
          return run?.id ?? null;
        });
      } catch (err) {
        // Two approvals racing: the month's primary key lets one through.
        const winner = isUniqueViolation(err) ? await findApprovedMonth(db, month) : undefined;
        if (winner) throw monthLocked(winner);
        throw err;
      }
      if (runId !== null) {
        void processPayrollRun(ctx, runId);
        return answer(`${monthLabel(month)} approved and locked: ${countOf(slips.length, 'salary slip')} to email`, runId, 1, slips.length, 0);
      }
      return answer(
        `${monthLabel(month)} approved and locked: ${countOf(slips.length, 'salary slip')} held until you release them. Download the bank file, mark it paid, then release the slips`,
        null,
        1,
        slips.length,
        0,
      );
    },

    /** GET …/rerun-preview: the slips a re-run would change now (person, ID, net before and after), without storing anything. */
    async previewRerun(month: string): Promise<RerunPreview> {
      const current = await requireApprovedMonth(db, month);
      const plan = await planRerun(db, month, current.version);
      return {
        month,
        version: current.version,
        changes: plan.changes,
        unchanged: plan.slips.length - plan.changed.length,
        refreshed: plan.refreshed.length,
        kept: plan.kept,
        warning: keptWarning(month, plan.kept),
        previewHash: plan.previewHash,
      };
    },

    /**
     * Re-runs an approved month with a reason: recomputes every slip, stores those whose fingerprint
     * changed (or that are new) at the next version, and emails only them (once the slips are out).
     * With `previewHash` (from the preview the admin confirmed), a re-run that would now change
     * something else is refused (409), so what is stored is what the admin saw. The reason is audited.
     */
    async rerun(actorId: number, month: string, reason: string, previewHash?: string): Promise<PayrollApprovalAnswer> {
      const first = await requireApprovedMonth(db, month);
      const leavers = await leavingDatesStamp(db);
      const plan = await planRerun(db, month, first.version);
      if (previewHash !== undefined && previewHash !== plan.previewHash) {
        throw conflict(`What a re-run of ${monthLabel(month)} changes has moved since the list you saw (data changed meanwhile): open the re-run again to see the new list`);
      }
      const { slips, changed, withdrawn, refreshed, redigested } = plan;
      const hold = await holdsSlips();
      const at = ctx.now().toISOString();
      const outcome = await db.transaction().execute(async (trx) => {
        await refuseMovedLeavingDates(trx, month, leavers, 're-run it');
        const current = await requireApprovedMonth(trx, month);
        await refuseWhileRunning(trx, month);
        const version = current.version + 1;
        // Guarded by the version read: of two re-runs at once, the second finds it moved and is refused.
        const bumped = await trx
          .updateTable('payroll_approvals')
          .set({ version, rerun_by: actorId, rerun_at: at, rerun_reason: reason, employees: slips.length, net_paise: netOf(slips) })
          .where('month', '=', month)
          .where('version', '=', first.version)
          .executeTakeFirst();
        if (Number(bumped.numUpdatedRows) !== 1) throw conflict(`${monthLabel(month)} was re-run by someone else just now; reload the register and try again`);
        await storeSlips(trx, month, version, changed, at, reason);
        await refreshBeneficiaries(trx, month, refreshed);
        await storeDigests(trx, month, redigested);
        for (let i = 0; i < withdrawn.length; i += CHUNK) {
          await dropStoredSlips(trx, month, withdrawn.slice(i, i + CHUNK).map((s) => s.userId));
        }
        // Slips held for release are not out yet: the release sends the latest versions.
        const out = !hold || current.releasedAt !== null;
        const run = changed.length && out ? await repo.createRun(trx, { month, createdBy: actorId, at, changedIn: version }) : null;
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
              beneficiariesRefreshed: refreshed.slice(0, 100).map((r) => r.employee.employeeId),
              runId: run?.id ?? null,
            },
          },
          ctx.now(),
        );
        return { version, changed: changed.length, withdrawn: withdrawn.length, runId: run?.id ?? null, out };
      });
      if (outcome.runId !== null) void processPayrollRun(ctx, outcome.runId);
      const unchanged = slips.length - outcome.changed;
      const withdrawnText = outcome.withdrawn ? `; ${countOf(outcome.withdrawn, 'slip')} withdrawn (no longer paid this month)` : '';
      const sent = outcome.out ? 'will be emailed' : 'stored; they go out when you release the slips';
      const msg =
        (outcome.changed
          ? `${monthLabel(month)} re-run: ${countOf(outcome.changed, 'salary slip')} changed and ${sent}; ${countOf(unchanged, 'unchanged slip')} not sent again`
          : `${monthLabel(month)} re-run: no salary slip changed, so none is emailed`) + withdrawnText;
      const warning = keptWarning(month, plan.kept);
      return { ...answer(msg, outcome.runId, outcome.version, outcome.changed, unchanged), ...(warning ? { warning, kept: plan.kept } : {}) };
    },

    /**
     * Releases an approved month's slips to employees (where slips go out on release): once every
     * bank file of the month is marked paid, emails each slip and shows it on the employees' screens.
     * Once only: a second release is refused (409), so nobody gets the mail twice.
     */
    async release(actorId: number, month: string): Promise<PayrollApprovalAnswer> {
      if (!(await holdsSlips())) throw conflict('Slips go out when a month is approved (Payroll settings, "Send slips": on approval); there is nothing to release');
      const first = await requireApprovedMonth(db, month);
      if (first.releasedAt) throw conflict(`The slips of ${monthLabel(month)} were released on ${dateInZone(new Date(first.releasedAt), ctx.config.timeZone)}; they are not sent twice`);
      const blocked = await releaseBlocker(db, month);
      if (blocked) throw conflict(blocked);
      const at = ctx.now().toISOString();
      const outcome = await db.transaction().execute(async (trx) => {
        await refuseWhileRunning(trx, month);
        // Guarded on released_at: of two releases at once, one goes through.
        const marked = await trx.updateTable('payroll_approvals').set({ released_at: at, released_by: actorId }).where('month', '=', month).where('released_at', 'is', null).executeTakeFirst();
        if (Number(marked.numUpdatedRows) !== 1) throw conflict(`The slips of ${monthLabel(month)} were released just now by someone else; they are not sent twice`);
        const run = await repo.createRun(trx, { month, createdBy: actorId, at, allApproved: true });
        await trx.updateTable('payroll_approvals').set({ run_id: run.id }).where('month', '=', month).execute();
        await recordAudit(trx, { actorId, action: 'payroll.release', entity: 'payroll_month', entityId: month, after: { runId: run.id, slips: run.total } }, ctx.now());
        return run;
      });
      void processPayrollRun(ctx, outcome.id);
      return answer(`${monthLabel(month)} released: ${countOf(outcome.total, 'salary slip')} to email, and employees can download them now`, outcome.id, first.version, outcome.total, 0);
    },
  };
}
