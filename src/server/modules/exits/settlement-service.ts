/**
 * A leaver's full-and-final settlement through the cycle payroll months follow:
 *
 * - draft: computed on every read from today's data (settlement-statement.ts) with the admin's other
 *   recoveries (PUT); nothing is locked yet;
 * - approved: POST .../approve stores the statement as computed and locks it (the exit can no longer
 *   change), audited; the leaver is emailed the PDF. Only once the last working day has passed;
 * - paid: POST .../batch makes its bank file, a payment batch of its own (month 'settlement', seq =
 *   the settlement's id, kind 'settlement'), marked paid as any batch is
 *   (POST /api/salary/payments/batches/{id}/paid). The settlement reads as paid once it is.
 *
 * The last month is paid once: when the settlement pays it (its payroll was not approved at the
 * settlement's approval), that month's payroll bank files count it as already paid
 * (`settledLastMonths`, used by payment-batches.ts).
 *
 * A leaver whose leaving date is before the company's go-live date and with no settlement row here
 * was settled in the old system (imported people who had already left): they read as
 * `before-go-live`, never open or overdue. Starting a draft for them (HR chose to settle them here)
 * makes theirs an ordinary settlement again.
 */
import { createHash } from 'node:crypto';
import type { Selectable } from 'kysely';
import { csvField } from '../../../shared/csv-text';
import { settlementDueOn } from '../../../shared/payroll/full-and-final';
import type { FinalSettlement, OwnSettlement, SettlementListItem } from '../../../shared/schemas/exit';
import { dateInZone } from '../../../shared/format';
import { recordAudit } from '../../audit';
import type { AppContext } from '../../context';
import type { FinalSettlementsTable } from '../../db/schema';
import { conflict, forbidden, notFound } from '../../errors';
import type { Caller } from '../../auth/guard';
import { SERVER_MSG } from '../../../shared/messages';
import { findEmployeeByUserId } from '../employee-records';
import { workCalendar } from '../leave-policy';
import { mailErrorReason } from '../../mail/mail-error';
import { companyToday } from '../../company-today';
import { BANK_COLUMNS, beneficiaryName } from '../salary';
import { bankFileExtension, buildTemplatedBankFile } from '../salary';
import { payrollSettings } from '../salary';
import { readGoLive } from '../go-live';
import { addDays, findExit, lockLeaver } from './exit-service';
import { renderSettlementPdf, settlementPdfFileName } from './settlement-pdf';
import { computeStatement, type Statement } from './settlement-statement';

type Row = Selectable<FinalSettlementsTable>;

/** The month key of settlement batches: never a pay month, so a month's own batches never see them. */
export const SETTLEMENT_BATCH_MONTH = 'settlement';

export function createSettlementService(ctx: AppContext) {
  const db = ctx.database.db;

  const findRow = (userId: number) => db.selectFrom('final_settlements').selectAll().where('user_id', '=', userId).executeTakeFirst();

  async function batchOf(row: Row | undefined) {
    if (!row?.batch_id) return null;
    const b = await db.selectFrom('payment_batches').select(['id', 'state', 'paid_on', 'bank_reference']).where('id', '=', row.batch_id).executeTakeFirst();
    return b ? { _id: String(b.id), state: b.state, paidOn: b.paid_on, bankReference: b.bank_reference } : null;
  }

  /** The statement: as stored once approved, else computed now. */
  async function view(userId: number): Promise<FinalSettlement> {
    const row = await findRow(userId);
    if (row && row.state !== 'draft' && row.statement_json) {
      const stored = JSON.parse(row.statement_json) as Statement['view'];
      const batch = await batchOf(row);
      const approver = row.approved_by === null ? undefined : await db.selectFrom('users').select('name').where('id', '=', row.approved_by).executeTakeFirst();
      const state = batch?.state === 'paid' ? 'paid' : 'approved';
      return { ...stored, state, overdue: state !== 'paid' && companyToday(ctx) > stored.dueOn, approvedAt: row.approved_at, approvedBy: approver?.name ?? null, batch };
    }
    const statement = await computeStatement(ctx, userId, Number(row?.other_recoveries_paise ?? 0), row?.recoveries_note ?? '');
    return { ...statement.view, state: 'draft', overdue: companyToday(ctx) > statement.view.dueOn, approvedAt: null, approvedBy: null, batch: null };
  }

  /** Whether a leaving date with no settlement row here was settled before going live; never without a go-live date. */
  async function settledBeforeGoLive(): Promise<(leftOn: string) => boolean> {
    const { goLiveDate } = await readGoLive(db);
    return (leftOn) => goLiveDate !== null && leftOn < goLiveDate;
  }

  async function employeeOf(userId: number) {
    const e = await findEmployeeByUserId(db, userId);
    if (!e) throw notFound('Employee not found');
    return e;
  }

  const service = {
    /** GET /employees/:id/final-settlement (admins). */
    get: (userId: number) => employeeOf(userId).then(() => view(userId)),

    /** PUT /employees/:id/final-settlement: the draft's other recoveries; 409 once approved. */
    async saveDraft(actorId: number, userId: number, body: { otherRecoveries: number; recoveriesNote: string }): Promise<FinalSettlement> {
      const employee = await employeeOf(userId);
      const row = await findRow(userId);
      if (row && row.state !== 'draft') throw conflict(`The full-and-final settlement of ${employee.name} is approved and locked`);
      // Computed first, so someone without a leaving date is told so (409) before anything is stored.
      await computeStatement(ctx, userId, 0, '');
      const now = ctx.now().toISOString();
      const paise = Math.round(body.otherRecoveries * 100);
      await db.transaction().execute(async (trx) => {
        await trx
          .insertInto('final_settlements')
          .values({ user_id: userId, state: 'draft', other_recoveries_paise: paise, recoveries_note: body.recoveriesNote, created_at: now, updated_at: now })
          .onConflict((oc) => oc.column('user_id').doUpdateSet({ other_recoveries_paise: paise, recoveries_note: body.recoveriesNote, updated_at: now }))
          .execute();
        await recordAudit(trx, { actorId, action: 'settlement.draft', entity: 'employee', entityId: String(userId), after: { employeeId: employee.employee_id, otherRecoveries: body.otherRecoveries, recoveriesNote: body.recoveriesNote } }, ctx.now());
      });
      return view(userId);
    },

    /** POST /employees/:id/final-settlement/approve: stores and locks the statement; emails the leaver its PDF. */
    async approve(actorId: number, userId: number): Promise<FinalSettlement> {
      const employee = await employeeOf(userId);
      const row = await findRow(userId);
      if (row && row.state !== 'draft') throw conflict(`The full-and-final settlement of ${employee.name} is already approved`);
      const leftOn = (await db.selectFrom('employee_statutory').select('left_on').where('user_id', '=', userId).executeTakeFirst())?.left_on;
      if (leftOn && leftOn >= companyToday(ctx)) throw conflict(`${employee.name}'s last working day is ${leftOn}: the settlement can be approved from the day after it`);
      // The exit the statement is worked out from, as it stood before: checked again under the
      // person's lock, so an exit changed meanwhile is never approved on its old dates.
      const exitStamp = (await findExit(db, userId))?.updated_at ?? null;
      const statement = await computeStatement(ctx, userId, Number(row?.other_recoveries_paise ?? 0), row?.recoveries_note ?? '');
      const now = ctx.now().toISOString();
      await db.transaction().execute(async (trx) => {
        await lockLeaver(trx, ctx.database.dialect, userId);
        if (((await findExit(trx, userId))?.updated_at ?? null) !== exitStamp) {
          throw conflict(`The exit of ${employee.name} changed while the settlement was being approved: open the statement again`);
        }
        const values = {
          state: 'approved' as const,
          statement_json: JSON.stringify(statement.view),
          payable_paise: statement.payablePaise,
          last_month: statement.lastMonth,
          last_month_paid_paise: statement.lastMonthPaidPaise,
          due_on: statement.view.dueOn,
          approved_by: actorId,
          approved_at: now,
          updated_at: now,
        };
        if (row) {
          // Only a draft moves: two admins approving at once, one wins.
          const moved = await trx.updateTable('final_settlements').set(values).where('user_id', '=', userId).where('state', '=', 'draft').executeTakeFirst();
          if (Number(moved.numUpdatedRows) !== 1) throw conflict(`The full-and-final settlement of ${employee.name} is already approved`);
        } else {
          await trx.insertInto('final_settlements').values({ user_id: userId, ...values, created_at: now }).execute();
        }
        await recordAudit(trx, { actorId, action: 'settlement.approve', entity: 'employee', entityId: String(userId), after: { employeeId: employee.employee_id, payable: statement.view.payable, owedByEmployee: statement.view.owedByEmployee, lastMonthIncluded: statement.lastMonthPaidPaise / 100 } }, ctx.now());
      });
      const approved = await view(userId);
      void service.emailStatement(employee.email, approved).catch((err: unknown) => ctx.log.error({ err: mailErrorReason(err), employeeId: employee.employee_id }, 'settlement statement email failed'));
      return approved;
    },

    /** Emails the leaver the approved statement as a PDF. */
    async emailStatement(to: string, s: FinalSettlement): Promise<void> {
      const pdf = await renderSettlementPdf(ctx.config.companyName, s, ctx.now());
      await ctx.mailer.send({
        to,
        subject: `${ctx.config.companyName}: your full and final settlement`,
        text: `Dear ${s.name},\n\nYour full and final settlement is attached. ${s.owedByEmployee > 0 ? `After recoveries, ₹${s.owedByEmployee.toLocaleString('en-IN')} is owed by you.` : `₹${s.payable.toLocaleString('en-IN')} will be paid to your bank account.`}\nYou can also download it after signing in.\n\nRegards,\n${ctx.config.companyName}`,
        attachments: [{ filename: settlementPdfFileName(s.employeeId), content: pdf, contentType: 'application/pdf' }],
      });
    },

    /** POST /employees/:id/final-settlement/batch: the settlement's bank file, once. */
    async makeBatch(actorId: number, userId: number): Promise<FinalSettlement> {
      const employee = await employeeOf(userId);
      const row = await findRow(userId);
      if (!row || row.state === 'draft') throw conflict(`Approve the full-and-final settlement of ${employee.name} before paying it`);
      if (row.batch_id) throw conflict(`The full-and-final settlement of ${employee.name} is already in a bank file`);
      const payable = Number(row.payable_paise ?? 0);
      if (payable <= 0) throw conflict(`Nothing to pay: the settlement of ${employee.name} is ₹0 after recoveries`);
      const bank = await db.selectFrom('employee_statutory').select(['bank_account', 'ifsc']).where('user_id', '=', userId).executeTakeFirst();
      const name = beneficiaryName(employee.name);
      if (!bank?.bank_account || !bank.ifsc) throw conflict(`${employee.name} has no bank account and IFSC: add them on Edit Employee first`);
      const narration = `F&F ${employee.employee_id}`.slice(0, 30);
      // The company's column template when it has one, as the month's bank files use it.
      const format = (await payrollSettings(ctx)).bankFormat;
      const content =
        format.template === 'generic'
          ? `${BANK_COLUMNS.map(csvField).join(',')}\r\n${[bank.bank_account, bank.ifsc, (payable / 100).toFixed(2), name, narration].map(csvField).join(',')}\r\n`
          : buildTemplatedBankFile(format, [{ employeeId: employee.employee_id, email: employee.email, name, account: bank.bank_account, ifsc: bank.ifsc, amountPaise: payable }], {
              month: companyToday(ctx).slice(0, 7),
              date: companyToday(ctx),
              batchReference: `FNF-${employee.employee_id}`,
              narration,
            });
      const now = ctx.now().toISOString();
      await db.transaction().execute(async (trx) => {
        const batch = await trx
          .insertInto('payment_batches')
          .values({
            month: SETTLEMENT_BATCH_MONTH,
            seq: Number(row.id),
            kind: 'settlement',
            approval_version: 1,
            created_by: actorId,
            created_at: now,
            rows: 1,
            total_paise: payable,
            filename: `bank-transfer_full-and-final_${employee.employee_id.replace(/[^A-Za-z0-9-]/g, '_')}.${bankFileExtension(format)}`,
            content,
            sha256: createHash('sha256').update(content, 'utf8').digest('hex'),
            recoveries_json: '[]',
            left_out_json: '[]',
            state: 'created',
            paid_on: null,
            bank_reference: null,
            paid_by: null,
            paid_at: null,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        await trx
          .insertInto('payment_batch_rows')
          .values({ batch_id: batch.id, user_id: userId, employee_id: employee.employee_id, name, account: bank.bank_account!, ifsc: bank.ifsc!, amount_paise: payable, purpose: 'settlement', returned_at: null, returned_reason: null, returned_by: null })
          .execute();
        const linked = await trx.updateTable('final_settlements').set({ batch_id: batch.id, updated_at: now }).where('user_id', '=', userId).where('batch_id', 'is', null).executeTakeFirst();
        if (Number(linked.numUpdatedRows) !== 1) throw conflict(`The full-and-final settlement of ${employee.name} is already in a bank file`);
        await recordAudit(trx, { actorId, action: 'payroll.batch.create', entity: 'payment_batch', entityId: String(batch.id), after: { settlementOf: employee.employee_id, records: 1, total: payable / 100 } }, ctx.now());
      });
      return view(userId);
    },

    /**
     * GET /employees/:id/final-settlement/pdf: admins any statement (a draft marked so); the leaver
     * their own once approved (403 for anyone else's, 409 before approval).
     */
    async pdf(caller: Caller, userId: number): Promise<{ filename: string; content: Buffer }> {
      if (caller.role !== 'admin' && caller.userId !== userId) throw forbidden(SERVER_MSG.forbidden);
      const employee = await employeeOf(userId);
      const s = await view(userId);
      if (caller.role !== 'admin' && s.state === 'draft') throw conflict('Your full and final settlement is not approved yet');
      const content = await renderSettlementPdf(ctx.config.companyName, s, ctx.now());
      await recordAudit(db, { actorId: caller.userId, action: 'settlement.pdf', entity: 'employee', entityId: String(userId), after: { employeeId: employee.employee_id, state: s.state } }, ctx.now());
      return { filename: settlementPdfFileName(employee.employee_id), content };
    },

    /**
     * GET /final-settlements/mine: the caller's own settlement as the leaver's screen shows it before
     * they download it: an approved statement as stored; a draft is not computed, since the leaver
     * sees no amount until it is approved.
     */
    async mine(userId: number): Promise<OwnSettlement> {
      const leftOn = (await db.selectFrom('employee_statutory').select('left_on').where('user_id', '=', userId).executeTakeFirst())?.left_on ?? null;
      const unknown = { leftOn, dueOn: null, approvedOn: null, paidOn: null, payable: null, owedByEmployee: null };
      if (!leftOn) return { state: 'none', ...unknown };
      const row = await findRow(userId);
      if (!row && (await settledBeforeGoLive())(leftOn)) return { state: 'before-go-live', ...unknown };
      if (!row || row.state === 'draft') return { state: 'preparing', ...unknown, dueOn: settlementDueOn(leftOn, await workCalendar(db, leftOn, addDays(leftOn, 31))) };
      const s = await view(userId);
      return {
        state: s.state === 'paid' ? 'paid' : 'approved',
        leftOn,
        dueOn: s.dueOn,
        approvedOn: s.approvedAt && dateInZone(new Date(s.approvedAt), ctx.config.timeZone),
        paidOn: s.state === 'paid' ? (s.batch?.paidOn ?? null) : null,
        payable: s.payable,
        owedByEmployee: s.owedByEmployee,
      };
    },

    /**
     * GET /final-settlements: everyone with a leaving date (on notice and left), with the state of
     * their settlement and the day it is due; `overdue` only lists those past it and not paid (the
     * admin dashboard's card shows that list). Those settled before going live are only in `all`.
     */
    async list(which: 'open' | 'overdue' | 'all'): Promise<SettlementListItem[]> {
      const rows = await db
        .selectFrom('employee_statutory as s')
        .innerJoin('employees as e', 'e.user_id', 's.user_id')
        .innerJoin('users as u', 'u.id', 's.user_id')
        .leftJoin('final_settlements as f', 'f.user_id', 's.user_id')
        .leftJoin('payment_batches as b', 'b.id', 'f.batch_id')
        .select(['s.user_id', 'e.employee_id', 'u.name', 's.left_on', 'f.state', 'f.payable_paise', 'f.due_on', 'b.state as batch_state'])
        .where('s.left_on', 'is not', null)
        .orderBy('s.left_on')
        .execute();
      if (!rows.length) return [];
      const today = companyToday(ctx);
      const first = rows[0]!.left_on!;
      const [calendar, beforeGoLive] = await Promise.all([workCalendar(db, first, addDays(rows.at(-1)!.left_on!, 31)), settledBeforeGoLive()]);
      const items: SettlementListItem[] = rows.map((r) => {
        const unstarted = beforeGoLive(r.left_on!) ? 'before-go-live' : 'not-started';
        const state = r.batch_state === 'paid' ? 'paid' : ((r.state as SettlementListItem['state'] | null) ?? unstarted);
        const dueOn = r.due_on ?? settlementDueOn(r.left_on!, calendar);
        return {
          _id: String(r.user_id),
          employeeId: r.employee_id,
          name: r.name,
          leftOn: r.left_on!,
          dueOn,
          state,
          overdue: state !== 'paid' && state !== 'before-go-live' && today > dueOn,
          payable: r.payable_paise === null ? null : Number(r.payable_paise) / 100,
        };
      });
      if (which === 'all') return items;
      if (which === 'overdue') return items.filter((i) => i.overdue);
      return items.filter((i) => i.state !== 'paid' && i.state !== 'before-go-live');
    },
  };
  return service;
}
