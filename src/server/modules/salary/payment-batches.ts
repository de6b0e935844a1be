/**
 * Payment batches: every bank file made for a month is a batch with its exact bytes, their SHA-256,
 * its rows and total, and a state (created, then paid with a date and the bank's reference).
 * Downloading a batch again gives the same bytes, so uploading a file twice is the bank's duplicate
 * to catch, never a second computation.
 *
 * Money is paid once. What a person has been paid for a month is the sum of their rows in the
 * month's batches that the bank did not return; a new batch pays each person the approved net less
 * that. So the first batch pays everyone in full; after a re-run the next one holds only the extra
 * pay of those whose net went up (a difference batch), and whoever now has less is listed as a
 * recovery for HR, never paid. A row the bank returned (a wrong account) is owed again, and goes in a
 * re-payment batch once the details are fixed, which for an approved month means a re-run (the
 * files use the beneficiary details frozen at approval, beneficiary.ts).
 *
 * Arrears of an earlier month are lines of a later month's own slip, so that month's batch pays
 * them; a difference batch pays only what a re-run of its own month changed.
 *
 * A leaver's full-and-final settlement approved before their last month was pays that month's net
 * itself (exits/settlement-service.ts); the month's batches count it as paid.
 */
import { createHash } from 'node:crypto';
import type { Kysely, Selectable, Transaction } from 'kysely';
import { countOf, dateInZone } from '../../../shared/format';
import { monthLabel } from '../../../shared/payroll/pay-month';
import type { BankFormat, MonthPayments, PaymentBatch } from '../../../shared/schemas/payroll-payments';
import { maskBankAccount } from '../../../shared/schemas/employee-statutory';
import { recordAudit } from '../../audit';
import type { AppContext } from '../../context';
import type { DB, PaymentBatchesTable } from '../../db/schema';
import { badRequest, conflict, notFound } from '../../errors';
import { selectEmployees } from '../employee-records';
import { isUniqueViolation } from '../../db/unique-violation';
import { loadStatutoryByUser } from '../employee-records';
import { beneficiaryOf, frozenStatutory, type Beneficiary } from './beneficiary';
import { settledLastMonths } from '../exit-records';
import { approvedSlips, findApprovedMonth, requireApprovedMonth } from './payroll-approvals';
import { payrollSettings } from './payroll-settings';
import { bankFileExtension, buildTemplatedBankFile, type BankCredit } from './statutory-files/bank-file-format';
import { bankFileName, buildBankTransfer } from './statutory-files/bank-transfer-file';
import { filingRow, type LeftOut } from './statutory-files/filing-row';

type Db = Kysely<DB> | Transaction<DB>;
type BatchRow = Selectable<PaymentBatchesTable>;
type Purpose = PaymentBatch['kind'];

const CHUNK = 500;
const rupees = (paise: number) => paise / 100;

/** One person's line of what a new batch would do. */
interface Owed {
  userId: number;
  employeeId: string;
  email: string;
  beneficiary: Beneficiary;
  slip: Awaited<ReturnType<typeof approvedSlips>>[number]['slip'];
  owedPaise: number;
  returnedBefore: { account: string; ifsc: string } | null;
}

interface Plan {
  credits: (Owed & { purpose: Purpose })[];
  recoveries: { employeeId: string; name: string; amount: number }[];
  leftOut: LeftOut[];
}

const sortById = <T extends { employeeId: string }>(list: T[]) => list.sort((a, b) => a.employeeId.length - b.employeeId.length || a.employeeId.localeCompare(b.employeeId));

/**
 * Why the slips of an approved month cannot be released yet, or null: every bank file made for
 * it must be marked paid, and there must be one.
 */
export async function releaseBlocker(db: Db, month: string): Promise<string | null> {
  const batches = await db.selectFrom('payment_batches').select(['seq', 'state']).where('month', '=', month).orderBy('seq').execute();
  if (!batches.length) return `Pay ${monthLabel(month)} first: download its bank file, upload it to the bank, and mark the batch paid; then release the slips`;
  const open = batches.find((b) => b.state !== 'paid');
  if (open) return `Batch ${open.seq} of ${monthLabel(month)} is not marked paid yet: mark it paid (date and bank reference) before releasing the slips`;
  return null;
}

/** What each person of an approved month is owed now, from the stored slips and the month's batches so far. */
async function planBatch(db: Db, month: string, first: boolean): Promise<Plan> {
  const slips = await approvedSlips(db, month);
  const rows = await db
    .selectFrom('payment_batch_rows as r')
    .innerJoin('payment_batches as b', 'b.id', 'r.batch_id')
    .select(['r.user_id', 'r.employee_id', 'r.name', 'r.account', 'r.ifsc', 'r.amount_paise', 'r.returned_at', 'b.seq'])
    .where('b.month', '=', month)
    .orderBy('b.seq')
    .execute();
  const paid = new Map<number, number>();
  const returned = new Map<number, { account: string; ifsc: string }>();
  const names = new Map<number, { employeeId: string; name: string }>();
  for (const r of rows) {
    const userId = Number(r.user_id);
    names.set(userId, { employeeId: r.employee_id, name: r.name });
    if (r.returned_at) returned.set(userId, { account: r.account, ifsc: r.ifsc });
    else paid.set(userId, (paid.get(userId) ?? 0) + Number(r.amount_paise));
  }
  // Slips stored before beneficiaries were frozen use today's details; the email column is for templates that ask for it.
  const ids = slips.map((s) => s.userId);
  const current = new Map<number, { name: string; email: string }>();
  for (let i = 0; i < ids.length; i += CHUNK) {
    for (const e of await selectEmployees(db).where('users.id', 'in', ids.slice(i, i + CHUNK)).execute()) current.set(Number(e.user_id), { name: e.name, email: e.email });
  }
  // A leaver whose full-and-final settlement paid this month's net already: only what is left is owed.
  const settled = await settledLastMonths(db, month);
  const missing = slips.filter((s) => !s.beneficiary).map((s) => s.userId);
  const statutory = missing.length ? await loadStatutoryByUser(db as Kysely<DB>, missing) : new Map();
  const plan: Plan = { credits: [], recoveries: [], leftOut: [] };
  const seen = new Set<number>();
  for (const s of slips) {
    seen.add(s.userId);
    const beneficiary = s.beneficiary ?? beneficiaryOf(current.get(s.userId)?.name ?? s.employeeId, statutory.get(s.userId));
    const owedPaise = s.netPaise - (paid.get(s.userId) ?? 0) - (settled.get(s.userId) ?? 0);
    const name = beneficiary.name;
    if (owedPaise < 0) {
      plan.recoveries.push({ employeeId: s.employeeId, name, amount: rupees(-owedPaise) });
      continue;
    }
    if (owedPaise === 0) continue;
    const returnedBefore = returned.get(s.userId) ?? null;
    if (!beneficiary.bankAccount || !beneficiary.ifsc) {
      plan.leftOut.push({ employeeId: s.employeeId, name, reason: 'no bank account and IFSC' });
      continue;
    }
    if (returnedBefore && returnedBefore.account === beneficiary.bankAccount && returnedBefore.ifsc === beneficiary.ifsc) {
      plan.leftOut.push({ employeeId: s.employeeId, name, reason: 'returned by the bank: fix the bank details and re-run the month, then pay again' });
      continue;
    }
    const purpose: Purpose = first ? 'salary' : returnedBefore ? 'repayment' : 'difference';
    plan.credits.push({ userId: s.userId, employeeId: s.employeeId, email: current.get(s.userId)?.email ?? '', beneficiary, slip: s.slip, owedPaise, returnedBefore, purpose });
  }
  // Paid in an earlier batch, and no longer paid this month (a re-run withdrew the slip).
  for (const [userId, amount] of paid) {
    if (!seen.has(userId) && amount > 0) plan.recoveries.push({ employeeId: names.get(userId)!.employeeId, name: names.get(userId)!.name, amount: rupees(amount) });
  }
  sortById(plan.recoveries);
  return plan;
}

export function createPaymentBatchService(ctx: AppContext) {
  const { db } = ctx.database;

  /** The file of a plan: the generic CSV, or the company's column template (409 when a value does not fit it). */
  async function render(month: string, seq: number, credits: Plan['credits'], format: BankFormat): Promise<string> {
    if (format.template === 'generic') {
      const rows = credits.map((c) => ({ ...filingRow({ employeeId: c.employeeId, name: c.beneficiary.name }, frozenStatutory(c.beneficiary, undefined), c.slip), net: rupees(c.owedPaise) }));
      return buildBankTransfer(rows, month).content;
    }
    const list: BankCredit[] = credits.map((c) => ({ employeeId: c.employeeId, email: c.email, name: c.beneficiary.name, account: c.beneficiary.bankAccount!, ifsc: c.beneficiary.ifsc!, amountPaise: c.owedPaise }));
    return buildTemplatedBankFile(format, list, {
      month,
      date: dateInZone(ctx.now(), ctx.config.timeZone),
      batchReference: `PAY-${month}-${seq}`,
      // Six digits for a file header: the month as YYMM and its batch (October 2026's first: 261001).
      fileSequence: `${month.slice(2, 4)}${month.slice(5, 7)}${String(seq).padStart(2, '0')}`,
    });
  }

  async function describe(batches: BatchRow[]): Promise<PaymentBatch[]> {
    if (!batches.length) return [];
    const ids = batches.map((b) => b.id);
    const [rows, creators] = await Promise.all([
      db.selectFrom('payment_batch_rows').selectAll().where('batch_id', 'in', ids).execute(),
      db.selectFrom('users').select(['id', 'name']).where('id', 'in', batches.map((b) => b.created_by).filter((id): id is number => id !== null)).execute(),
    ]);
    const creator = new Map(creators.map((u) => [Number(u.id), u.name]));
    return batches.map((b) => {
      const lines = sortById(
        rows
          .filter((r) => Number(r.batch_id) === Number(b.id))
          .map((r) => ({
            employeeId: r.employee_id,
            name: r.name,
            account: maskBankAccount(r.account),
            ifsc: r.ifsc,
            amount: rupees(Number(r.amount_paise)),
            purpose: r.purpose,
            returned: r.returned_at ? { at: r.returned_at, reason: r.returned_reason ?? '' } : null,
          })),
      );
      return {
        _id: String(b.id),
        month: b.month,
        seq: Number(b.seq),
        kind: b.kind,
        approvalVersion: Number(b.approval_version),
        createdAt: b.created_at,
        createdBy: b.created_by === null ? null : (creator.get(Number(b.created_by)) ?? null),
        rows: Number(b.rows),
        total: rupees(Number(b.total_paise)),
        sha256: b.sha256,
        filename: b.filename,
        state: b.state,
        paidOn: b.paid_on,
        bankReference: b.bank_reference,
        returned: lines.filter((l) => l.returned).length,
        recoveries: JSON.parse(b.recoveries_json) as PaymentBatch['recoveries'],
        leftOut: JSON.parse(b.left_out_json) as PaymentBatch['leftOut'],
        lines,
      };
    });
  }

  const findBatch = async (id: number) => {
    const batch = await db.selectFrom('payment_batches').selectAll().where('id', '=', id).executeTakeFirst();
    if (!batch) throw notFound(`No payment batch ${id}`);
    return batch;
  };

  /** The audit entry of a bank file handed out: which batch, its SHA-256, how many credits and how much. */
  const auditDownload = (actorId: number, b: BatchRow) =>
    recordAudit(
      db,
      {
        actorId,
        action: 'payroll.bank-file',
        entity: 'payment_batch',
        entityId: String(b.id),
        after: {
          month: b.month,
          batch: Number(b.seq),
          kind: b.kind,
          sha256: b.sha256,
          records: Number(b.rows),
          total: rupees(Number(b.total_paise)),
          leftOut: (JSON.parse(b.left_out_json) as LeftOut[]).map((l) => l.employeeId),
        },
      },
      ctx.now(),
    );

  /** A batch's file as stored: the same bytes every time. */
  const fileOf = (b: BatchRow) => ({
    filename: b.filename,
    // A pipe or fixed-width file is the banks' plain text, not a CSV.
    contentType: b.filename.endsWith('.txt') ? 'text/plain; charset=utf-8' : 'text/csv; charset=utf-8',
    content: b.content,
    leftOut: JSON.parse(b.left_out_json) as LeftOut[],
    batchId: String(b.id),
    sha256: b.sha256,
  });

  const service = {
    /** GET /payments/:month: the month's batches, what a new batch would pay now, the recoveries and the release state. */
    async month(month: string): Promise<MonthPayments> {
      const approval = await findApprovedMonth(db, month);
      const mode = (await payrollSettings(ctx)).slipRelease;
      const batches = await db.selectFrom('payment_batches').selectAll().where('month', '=', month).orderBy('seq').execute();
      const plan = approval ? await planBatch(db, month, batches.length === 0) : { credits: [], recoveries: [], leftOut: [] };
      const blockedBy = approval && mode === 'release' && !approval.releasedAt ? await releaseBlocker(db, month) : null;
      return {
        month,
        approved: Boolean(approval),
        batches: await describe(batches),
        owed: { people: plan.credits.length, total: rupees(plan.credits.reduce((s, c) => s + c.owedPaise, 0)) },
        recoveries: plan.recoveries,
        release: { mode, releasedAt: approval?.releasedAt ?? null, canRelease: Boolean(approval) && mode === 'release' && !approval?.releasedAt && !blockedBy, blockedBy },
      };
    },

    /**
     * POST /payments/:month/batches: makes the next batch of an approved month from what is owed
     * now, stores its bytes and rows, and audits it. 409 when nothing is owed.
     */
    async create(actorId: number, month: string): Promise<PaymentBatch> {
      let created: BatchRow;
      // Read before the transaction: on SQLite's one connection a read outside it would wait for it to end.
      const format = (await payrollSettings(ctx)).bankFormat;
      try {
        created = await db.transaction().execute(async (trx) => {
          const approval = await requireApprovedMonth(trx, month);
          const last = await trx.selectFrom('payment_batches').select((eb) => eb.fn.max('seq').as('seq')).where('month', '=', month).executeTakeFirst();
          const seq = Number(last?.seq ?? 0) + 1;
          const plan = await planBatch(trx, month, seq === 1);
          if (!plan.credits.length) {
            const why = plan.leftOut.length ? `; ${countOf(plan.leftOut.length, 'person')} left out: ${plan.leftOut.slice(0, 5).map((l) => `${l.employeeId} (${l.reason})`).join(', ')}` : '';
            throw conflict(`Nothing to pay for ${monthLabel(month)}: every approved net pay is in a batch already${why}`);
          }
          const content = await render(month, seq, plan.credits, format);
          const filename = (seq === 1 ? bankFileName(month) : bankFileName(month).replace(/\.csv$/, `_batch-${seq}.csv`)).replace(/\.csv$/, `.${bankFileExtension(format)}`);
          const kinds = new Set(plan.credits.map((c) => c.purpose));
          const kind: Purpose = seq === 1 ? 'salary' : kinds.size === 1 && kinds.has('repayment') ? 'repayment' : 'difference';
          const total = plan.credits.reduce((s, c) => s + c.owedPaise, 0);
          const batch = await trx
            .insertInto('payment_batches')
            .values({
              month,
              seq,
              kind,
              approval_version: approval.version,
              created_by: actorId,
              created_at: ctx.now().toISOString(),
              rows: plan.credits.length,
              total_paise: total,
              filename,
              content,
              sha256: createHash('sha256').update(content, 'utf8').digest('hex'),
              recoveries_json: JSON.stringify(plan.recoveries),
              left_out_json: JSON.stringify(plan.leftOut),
              state: 'created',
              paid_on: null,
              bank_reference: null,
              paid_by: null,
              paid_at: null,
            })
            .returningAll()
            .executeTakeFirstOrThrow();
          for (let i = 0; i < plan.credits.length; i += CHUNK) {
            await trx
              .insertInto('payment_batch_rows')
              .values(
                plan.credits.slice(i, i + CHUNK).map((c) => ({
                  batch_id: batch.id,
                  user_id: c.userId,
                  employee_id: c.employeeId,
                  name: c.beneficiary.name,
                  account: c.beneficiary.bankAccount!,
                  ifsc: c.beneficiary.ifsc!,
                  amount_paise: c.owedPaise,
                  purpose: c.purpose,
                  returned_at: null,
                  returned_reason: null,
                  returned_by: null,
                })),
              )
              .execute();
          }
          await recordAudit(
            trx,
            { actorId, action: 'payroll.batch.create', entity: 'payment_batch', entityId: String(batch.id), after: { month, seq, kind, records: batch.rows, total: rupees(total), sha256: batch.sha256, recoveries: plan.recoveries.length } },
            ctx.now(),
          );
          return batch;
        });
      } catch (err) {
        // Two admins making the month's next batch at once: (month, seq) lets one through.
        if (isUniqueViolation(err)) throw conflict(`Someone else made a bank file for ${monthLabel(month)} just now: reload the payments and check it before making another`);
        throw err;
      }
      return (await describe([created]))[0]!;
    },

    /**
     * GET /files/:month/bank: the month's latest batch, the same bytes on every download. Audited
     * with its SHA-256, count and total. A read never makes a batch (a link, a prefetch or a crawler
     * could): with none yet it is a 409 that says to make one, which the screen does by POST.
     */
    async bankFile(actorId: number, month: string) {
      await requireApprovedMonth(db, month);
      const latest = await db.selectFrom('payment_batches').selectAll().where('month', '=', month).orderBy('seq', 'desc').executeTakeFirst();
      if (!latest) throw conflict(`No bank file for ${monthLabel(month)} yet: make it first (Payments, "Make the bank file")`);
      await auditDownload(actorId, latest);
      return fileOf(latest);
    },

    /** GET /payments/batches/:id/file: a batch's file, as made. Audited. */
    async file(actorId: number, id: number) {
      const batch = await findBatch(id);
      await auditDownload(actorId, batch);
      return fileOf(batch);
    },

    /** POST /payments/batches/:id/paid: the bank has paid the batch on `paidOn`, under `bankReference`. Once. */
    async markPaid(actorId: number, id: number, body: { paidOn: string; bankReference: string }): Promise<PaymentBatch> {
      const batch = await findBatch(id);
      const made = dateInZone(new Date(batch.created_at), ctx.config.timeZone);
      if (body.paidOn < made) throw badRequest(`paidOn ${body.paidOn} is before the batch was made (${made})`);
      if (body.paidOn > dateInZone(ctx.now(), ctx.config.timeZone)) throw badRequest(`paidOn ${body.paidOn} is in the future`);
      await db.transaction().execute(async (trx) => {
        const marked = await trx
          .updateTable('payment_batches')
          .set({ state: 'paid', paid_on: body.paidOn, bank_reference: body.bankReference, paid_by: actorId, paid_at: ctx.now().toISOString() })
          .where('id', '=', id)
          .where('state', '=', 'created')
          .executeTakeFirst();
        if (Number(marked.numUpdatedRows) !== 1) throw conflict(`Batch ${batch.seq} of ${monthLabel(batch.month)} is already marked paid (${batch.paid_on ?? ''}, ${batch.bank_reference ?? ''})`);
        await recordAudit(trx, { actorId, action: 'payroll.batch.paid', entity: 'payment_batch', entityId: String(id), after: { month: batch.month, seq: Number(batch.seq), paidOn: body.paidOn, bankReference: body.bankReference } }, ctx.now());
      });
      return (await describe([await findBatch(id)]))[0]!;
    },

    /** POST /payments/batches/:id/returned: rows of a paid batch the bank sent back; they are owed again. */
    async markReturned(actorId: number, id: number, body: { employeeIds: string[]; reason: string }): Promise<PaymentBatch> {
      const batch = await findBatch(id);
      if (batch.state !== 'paid') throw conflict(`Batch ${batch.seq} of ${monthLabel(batch.month)} is not marked paid yet: only a paid batch has returned payments`);
      const wanted = [...new Set(body.employeeIds.map((e) => e.toUpperCase()))];
      const rows = await db.selectFrom('payment_batch_rows').select(['employee_id', 'returned_at']).where('batch_id', '=', id).where('employee_id', 'in', wanted).execute();
      const found = new Map(rows.map((r) => [r.employee_id, r]));
      const unknown = wanted.filter((e) => !found.has(e));
      if (unknown.length) throw conflict(`Not in batch ${batch.seq}: ${unknown.slice(0, 20).join(', ')}`);
      const again = wanted.filter((e) => found.get(e)!.returned_at);
      if (again.length) throw conflict(`Already marked returned: ${again.slice(0, 20).join(', ')}`);
      await db.transaction().execute(async (trx) => {
        const at = ctx.now().toISOString();
        await trx.updateTable('payment_batch_rows').set({ returned_at: at, returned_reason: body.reason, returned_by: actorId }).where('batch_id', '=', id).where('employee_id', 'in', wanted).where('returned_at', 'is', null).execute();
        await recordAudit(trx, { actorId, action: 'payroll.batch.returned', entity: 'payment_batch', entityId: String(id), after: { month: batch.month, seq: Number(batch.seq), employees: wanted, reason: body.reason } }, ctx.now());
      });
      return (await describe([await findBatch(id)]))[0]!;
    },
  };
  return service;
}
