/**
 * The employee roster's rules: add one, read, list, edit and deactivate. Who may call what is on the
 * routes; whose record it is (an employee sees and edits only their own) is checked here. Every
 * change is written to the audit log in the same transaction as the change itself.
 */
import { EMPLOYEE_MSG } from '../employee-records';
import { ACCOUNT_MSG, SERVER_MSG } from '../../../shared/messages';
import type { EmployeeListItem } from '../../../shared/schemas/employee';
import type { Employee, EmployeeCreate, EmployeeDetail, EmployeeUpdate } from '../../../shared/schemas/employee';
import { dateInZone } from '../../../shared/format';
import { recordAudit } from '../../audit';
import type { Caller } from '../../auth/guard';
import type { AppContext } from '../../context';
import { HttpError, badRequest, conflict, fieldError, forbidden, notFound } from '../../errors';
import { normalizePin } from '../employee-records';
import { applyUnmappedPunches } from '../punches';
import { verifyPassword } from '../../auth/passwords';
import { allocateEmployeeIds, deactivateEmployee, type EmployeeRow, findActiveEmployeeByUserId, findEmployeeByUserId, findPinHolders, findTakenEmployeeIds, insertEmployees, isEmailTaken, listActiveEmployees, lockEmployeeCounter, rupeesToPaise, toEmployee, updateEmployee } from '../employee-records';
import { isUniqueViolation } from '../../db/unique-violation';
import { type Db } from '../../db/handle';
import type { Transaction } from 'kysely';
import type { DB } from '../../db/schema';
import { assertManagerAllowed, setManager } from './reporting-line';
import { changesLeavingDate, loadStatutory, saveStatutory, statutoryView } from '../employee-records';
import { loadRuleBook } from '../statutory-rules';
import type { Invitations } from './invitations';
import { sendInBackground, type MailMessage } from '../../mail/mailer';
import { cancelEmailChangeUrl, confirmEmailChangeMail, confirmEmailUrl, emailChangeRequestedNotice, emailChangedByAdminNotice, emailInUseMail } from '../auth';
import { cancelEmailChange, requestEmailChange } from '../auth';
import { revokePasswordTokens } from '../auth';
import { recordSalaryRevision } from '../salary';
import { approvedMonthsBetween, revisionNotice } from '../approved-months';
import type { ApprovedMonthNotice } from '../../../shared/schemas/approved-month-notice';

export const EMPLOYEE_ENTITY = 'employee';

export function createEmployeeService(ctx: AppContext, invitations: Invitations) {
  const { db } = ctx.database;

  /**
   * The record a caller may see: 404 when missing or deactivated, 403 when it is someone else's. An
   * employee asking for any record but their own hears 403 before anything is looked up, so the
   * answer is the same whether that id exists, has left or never was (ids tell no headcount).
   */
  async function visibleRecord(from: Db, caller: Caller, userId: number) {
    if (caller.role !== 'admin' && userId !== caller.userId) throw forbidden(SERVER_MSG.forbidden);
    const row = await findActiveEmployeeByUserId(from, userId);
    if (!row) throw notFound(EMPLOYEE_MSG.notFound);
    if (caller.role !== 'admin' && row.user_id !== caller.userId) throw forbidden(SERVER_MSG.forbidden);
    return row;
  }

  /** Moves an employee to another manager (or none), audited on its own; the same manager again is no change. */
  async function changeManager(trx: Transaction<DB>, caller: Caller, before: EmployeeRow, managerId: number | null, now: Date) {
    const current = before.manager_id == null ? null : Number(before.manager_id);
    if (managerId === current) return;
    if (managerId !== null) await assertManagerAllowed(trx, before.user_id, managerId, now, ctx.config.timeZone);
    await setManager(trx, before.user_id, managerId);
    await recordAudit(
      trx,
      {
        actorId: caller.userId,
        action: 'employee.manager-change',
        entity: EMPLOYEE_ENTITY,
        entityId: String(before.user_id),
        before: { employeeId: before.employee_id, managerId: current === null ? null : String(current) },
        after: { employeeId: before.employee_id, managerId: managerId === null ? null : String(managerId) },
      },
      now,
    );
  }

  /**
   * Before an email change is written: every change (each mails two addresses, one of the caller's
   * choosing) counts against the account's and the client's hourly share, in the database so every
   * instance counts the same; an employee's own change also needs their current password, so that
   * a stolen session alone cannot move the account to another mailbox. Wrong passwords count
   * against the same per-account limit as change-password's.
   */
  async function checkEmailChange(caller: Caller, userId: number, input: EmployeeUpdate, client: string) {
    const current = await db.selectFrom('users').select(['email', 'password_hash']).where('id', '=', userId).executeTakeFirst();
    if (!current || input.email === current.email) return;
    // Someone else's record: the edit itself answers 403 or 404.
    if (caller.role !== 'admin' && caller.userId !== userId) return;
    const wait = await ctx.throttle.spendEmailChange(String(userId), client);
    if (wait > 0) throw new HttpError(429, ACCOUNT_MSG.tooManyEmailChanges(wait), { 'retry-after': String(wait) });
    if (caller.role === 'admin') return;
    if (!input.currentPassword) throw badRequest(ACCOUNT_MSG.currentPasswordRequired);
    const blocked = await ctx.throttle.changeGate(userId);
    if (blocked > 0) throw new HttpError(429, ACCOUNT_MSG.tooManyPasswordAttempts(blocked), { 'retry-after': String(blocked) });
    if (!current.password_hash || !(await verifyPassword(input.currentPassword, current.password_hash))) {
      await ctx.throttle.changeFailed(userId);
      throw badRequest(ACCOUNT_MSG.wrongCurrentPassword);
    }
  }

  return {
    /** Adds one employee with the next business id, then invites them once the row is committed. */
    async create(actor: Caller, input: EmployeeCreate): Promise<{ msg: string; _id: string; employeeId: string }> {
      const now = ctx.now();
      const created = await db
        .transaction()
        .execute(async (trx) => {
          // Taking the counter lock first serializes adds, so the email check below cannot race.
          await lockEmployeeCounter(trx);
          if (await isEmailTaken(trx, input.email)) throw conflict(EMPLOYEE_MSG.duplicateEmail(input.email));
          if (input.employeeId && (await findTakenEmployeeIds(trx, [input.employeeId])).size) throw conflict(EMPLOYEE_MSG.codeTaken(input.employeeId));
          const refs = await checkPlaces(trx, input);
          const devicePin = await checkPin(trx, input.devicePin);
          const managerId = input.managerId == null ? null : Number(input.managerId);
          if (managerId !== null) await assertManagerAllowed(trx, undefined, managerId, now, ctx.config.timeZone);
          const [employeeId] = input.employeeId ? [input.employeeId] : await allocateEmployeeIds(trx, 1);
          const [row] = await insertEmployees(
            trx,
            [
              {
                employeeId: employeeId!,
                name: input.name,
                email: input.email,
                position: input.position,
                salaryPaise: rupeesToPaise(input.salary),
                joinedOn: input.joiningDate ?? dateInZone(now, ctx.config.timeZone),
                phone: input.phone ?? null,
                departmentId: refs.departmentId ?? null,
                locationId: refs.locationId ?? null,
                ...(devicePin !== undefined && { devicePin }),
              },
            ],
            now,
          );
          if (managerId !== null) await setManager(trx, row!.userId, managerId);
          if (devicePin) await applyUnmappedPunches(ctx, trx, devicePin, row!.userId);
          const employee = await findEmployeeByUserId(trx, row!.userId);
          await recordAudit(trx, { actorId: actor.userId, action: 'employee.create', entity: EMPLOYEE_ENTITY, entityId: String(row!.userId), after: toEmployee(employee!) }, now);
          return row!;
        })
        .catch((err) => {
          // Another writer (the admin CLI) took the email between our check and insert.
          if (isUniqueViolation(err, 'email')) throw conflict(EMPLOYEE_MSG.duplicateEmail(input.email));
          if (isUniqueViolation(err, 'employee_id')) throw conflict(EMPLOYEE_MSG.codeTaken(input.employeeId ?? ''));
          if (isUniqueViolation(err, 'device_pin')) throw fieldError('devicePin', EMPLOYEE_MSG.pinRaced);
          throw err;
        });
      invitations.send([created]);
      return { msg: EMPLOYEE_MSG.added, _id: String(created.userId), employeeId: created.employeeId };
    },

    /**
     * Active employees in business-id order (admin list), each with where they are on the way out;
     * `which` picks current (active and on notice: the default), left, or all.
     */
    async list(which: 'current' | 'left' | 'all' = 'current'): Promise<EmployeeListItem[]> {
      const today = dateInZone(ctx.now(), ctx.config.timeZone);
      const list = await listActiveEmployees(db);
      const leftOn = await leavingDates(db, list.map((r) => Number(r.user_id)));
      return list
        .map((row) => {
          const left = leftOn.get(Number(row.user_id)) ?? null;
          const status: EmployeeListItem['status'] = left === null ? 'active' : left < today ? 'left' : 'on-notice';
          return { ...toEmployee(row), status, leftOn: left };
        })
        .filter((e) => which === 'all' || (which === 'left') === (e.status === 'left'));
    },

    /** One employee with statutory details: admins see anyone, an employee only themself (account number masked). */
    async get(caller: Caller, userId: number): Promise<EmployeeDetail> {
      const row = await visibleRecord(db, caller, userId);
      return { ...toEmployee(row), statutory: statutoryView(await loadStatutory(db, row.user_id), caller.role === 'admin', await loadRuleBook(db)) };
    },

    /** The signed-in employee's own record, the bank account number masked. */
    async me(caller: Caller): Promise<EmployeeDetail> {
      const row = await findActiveEmployeeByUserId(db, caller.userId);
      if (!row) throw notFound(EMPLOYEE_MSG.notFound);
      return { ...toEmployee(row), statutory: statutoryView(await loadStatutory(db, row.user_id), caller.role === 'admin', await loadRuleBook(db)) };
    },

    /**
     * Edits an employee. Admins may change all four fields; an employee only their own name and
     * email (the route refuses position and salary from them before the body is read).
     *
     * Email: an employee's own new email is only requested here. It takes effect
     * when the link mailed to the new address is opened, and the old address is told at once; the
     * answer names the pending address, and is the same whether another account already uses it (no
     * "already exists" oracle). An admin's change applies at once and both addresses are told.
     */
    async update(caller: Caller, userId: number, input: EmployeeUpdate, client = ''): Promise<{ msg: string; pendingEmail?: string; approvedMonth?: ApprovedMonthNotice }> {
      const now = ctx.now();
      const byAdmin = caller.role === 'admin';
      await checkEmailChange(caller, userId, input, client);
      let mails: MailMessage[] = [];
      let pendingEmail: string | undefined;
      let approvedMonth: ApprovedMonthNotice | undefined;
      await db
        .transaction()
        .execute(async (trx) => {
          // Read inside the transaction: on SQLite a query outside it would wait for it forever.
          const before = await visibleRecord(trx, caller, userId);
          // First, so a refused leaving date leaves everything else in the body unwritten too.
          if (byAdmin && input.statutory && changesLeavingDate(await loadStatutory(trx, userId), input.statutory)) {
            throw fieldError('statutory.leftOn', EMPLOYEE_MSG.leavingDateByExit);
          }
          const emailChanged = input.email !== before.email;
          if (emailChanged && byAdmin) {
            if (await isEmailTaken(trx, input.email, userId)) throw conflict(EMPLOYEE_MSG.duplicateEmail(input.email));
            // Links already mailed to the old address, and any change the employee had asked for, lapse.
            await cancelEmailChange(trx, userId);
            await revokePasswordTokens(trx, [userId], now);
            mails = [before.email, input.email].map((to) => emailChangedByAdminNotice(ctx, to, before.email, input.email));
          }
          if (emailChanged && !byAdmin) {
            const links = await requestEmailChange(trx, userId, before.email, input.email, now);
            pendingEmail = input.email;
            mails = [
              links.confirm ? confirmEmailChangeMail(ctx, input.email, confirmEmailUrl(ctx.config.publicUrl, links.confirm)) : emailInUseMail(ctx, input.email),
              emailChangeRequestedNotice(ctx, before.email, input.email, cancelEmailChangeUrl(ctx.config.publicUrl, links.cancel)),
            ];
            await recordAudit(
              trx,
              { actorId: caller.userId, action: 'employee.email-change-requested', entity: EMPLOYEE_ENTITY, entityId: String(userId), before: { email: before.email }, after: { pendingEmail: input.email } },
              now,
            );
          }
          const refs = byAdmin ? await checkPlaces(trx, input) : {};
          const devicePin = byAdmin ? await checkPin(trx, input.devicePin, userId) : undefined;
          const changes = {
            ...(input.phone !== undefined && input.phone !== before.phone && { phone: input.phone }),
            ...(byAdmin && input.joiningDate !== undefined && input.joiningDate !== before.joined_on && { joinedOn: input.joiningDate }),
            ...(refs.departmentId !== undefined && refs.departmentId !== nullableId(before.department_id) && { departmentId: refs.departmentId }),
            ...(refs.locationId !== undefined && refs.locationId !== nullableId(before.location_id) && { locationId: refs.locationId }),
            ...(devicePin !== undefined && devicePin !== (before.device_pin ?? null) && { devicePin }),
            ...(input.name !== before.name && { name: input.name }),
            ...(emailChanged && byAdmin && { email: input.email }),
            ...(caller.role === 'admin' && input.position !== undefined && input.position !== before.position && { position: input.position }),
          };
          // A changed salary is a revision from a day (salary-revisions.ts), which keeps salary_paise the salary in force today.
          const salaryChanged = byAdmin && input.salary !== undefined && rupeesToPaise(input.salary) !== Number(before.salary_paise);
          if (salaryChanged) {
            const revision = await recordSalaryRevision(
              ctx,
              trx,
              {
                userId,
                employeeId: before.employee_id,
                joinedOn: before.joined_on,
                previousPaise: Number(before.salary_paise),
                salaryPaise: rupeesToPaise(input.salary!),
                effectiveFrom: input.salaryEffectiveFrom,
                reason: input.salaryChangeReason,
                actorId: caller.userId,
              },
              now,
            );
            // Dated inside approved months: they keep their slips and the difference becomes arrears; say so now.
            if (revision.appliesFrom) {
              const months = await approvedMonthsBetween(trx, revision.effectiveFrom, revision.appliesFrom);
              approvedMonth = revisionNotice(months, revision.appliesFrom, revision.arrears.reduce((sum, l) => sum + l.amountPaise, 0));
            }
          }
          // Statutory and bank details: admins only (the route refuses them from anyone else); audited on their own.
          if (byAdmin && input.statutory) {
            await saveStatutory(trx, userId, input.statutory, { actorId: caller.userId, employeeId: before.employee_id, entity: EMPLOYEE_ENTITY }, now, { joinedOn: before.joined_on, book: await loadRuleBook(trx) });
          }
          if (byAdmin && input.managerId !== undefined) await changeManager(trx, caller, before, input.managerId === null ? null : Number(input.managerId), now);
          if (Object.keys(changes).length === 0 && !salaryChanged) return;
          if (Object.keys(changes).length) await updateEmployee(trx, userId, changes, now);
          // Punches waiting under the new PIN become this person's.
          if (changes.devicePin) await applyUnmappedPunches(ctx, trx, changes.devicePin, userId);
          const after = await findEmployeeByUserId(trx, userId);
          // Only the fields that changed, so a salary change reads as {salary: 50000} -> {salary: 60000}.
          const [beforeView, afterView] = [toEmployee(before), toEmployee(after!)];
          const changed = (Object.keys(afterView) as (keyof Employee)[]).filter((k) => beforeView[k] !== afterView[k]);
          if (!changed.length) return;
          await recordAudit(
            trx,
            {
              actorId: caller.userId,
              action: changed.includes('salary') ? 'employee.salary-change' : 'employee.update',
              entity: EMPLOYEE_ENTITY,
              entityId: String(userId),
              before: pick(beforeView, ['employeeId', ...changed]),
              after: pick(afterView, ['employeeId', ...changed]),
            },
            now,
          );
        })
        .catch((err) => {
          if (isUniqueViolation(err, 'email')) throw conflict(EMPLOYEE_MSG.duplicateEmail(input.email));
          if (isUniqueViolation(err, 'device_pin')) throw fieldError('devicePin', EMPLOYEE_MSG.pinRaced);
          throw err;
        });
      // After the commit: the change stands whatever happens to the mail.
      for (const mail of mails) sendInBackground(ctx, mail, 'email change');
      return { msg: EMPLOYEE_MSG.updated, ...(pendingEmail && { pendingEmail }), ...(approvedMonth && { approvedMonth }) };
    },

    /** Deactivates an employee (admin): out of lists, signed out, history kept. A second time is a 404. */
    async remove(actor: Caller, userId: number): Promise<{ msg: string }> {
      const now = ctx.now();
      await db.transaction().execute(async (trx) => {
        const before = await findActiveEmployeeByUserId(trx, userId);
        // Delete is for a record entered by mistake: someone who was paid leaves through their leaving date.
        if (before && (await trx.selectFrom('payroll_approved_slips').select('month').where('user_id', '=', userId).limit(1).executeTakeFirst())) {
          throw conflict(EMPLOYEE_MSG.hasPayHistory(before.name, before.employee_id));
        }
        if (!before || !(await deactivateEmployee(trx, userId, now))) throw notFound(EMPLOYEE_MSG.notFound);
        // A change of sign-in email the employee had asked for lapses with the account.
        await cancelEmailChange(trx, userId);
        await recordAudit(
          trx,
          { actorId: actor.userId, action: 'employee.delete', entity: EMPLOYEE_ENTITY, entityId: String(userId), before: toEmployee(before), after: { ...toEmployee(before), active: false } },
          now,
        );
      });
      return { msg: EMPLOYEE_MSG.deleted };
    },
  };
}

const nullableId = (v: number | null) => (v == null ? null : Number(v));

/** The department and location a create or update names: 400 naming the field when there is none such; null clears. */
/**
 * A device PIN an admin gives (normalized: no leading zeros), refused with a field error when someone
 * else has it; undefined when the body gives none (an add then takes the code's digits), null to clear.
 */
async function checkPin(db: Db, raw: string | null | undefined, userId?: number): Promise<string | null | undefined> {
  if (raw === undefined || raw === null) return raw;
  const pin = normalizePin(raw)!;
  const holder = (await findPinHolders(db, [pin])).get(pin);
  if (holder && holder.userId !== userId) throw fieldError('devicePin', EMPLOYEE_MSG.pinTaken(pin, holder.employeeId));
  return pin;
}

async function checkPlaces(db: Db, input: { departmentId?: string | null; locationId?: string | null }): Promise<{ departmentId?: number | null; locationId?: number | null }> {
  const out: { departmentId?: number | null; locationId?: number | null } = {};
  const problems: string[] = [];
  if (input.departmentId !== undefined) {
    out.departmentId = input.departmentId === null ? null : Number(input.departmentId);
    if (out.departmentId !== null && !(await db.selectFrom('departments').select('id').where('id', '=', out.departmentId).executeTakeFirst())) problems.push('departmentId names no department');
  }
  if (input.locationId !== undefined) {
    out.locationId = input.locationId === null ? null : Number(input.locationId);
    if (out.locationId !== null && !(await db.selectFrom('locations').select('id').where('id', '=', out.locationId).executeTakeFirst())) problems.push('locationId names no location');
  }
  if (problems.length) throw badRequest(problems.join(', '));
  return out;
}

/** Leaving dates (statutory.leftOn) of some employees, by users id, 1,000 per query. */
async function leavingDates(db: Db, userIds: readonly number[]): Promise<Map<number, string>> {
  const byUser = new Map<number, string>();
  for (let i = 0; i < userIds.length; i += 1000) {
    const rows = await db.selectFrom('employee_statutory').select(['user_id', 'left_on']).where('user_id', 'in', userIds.slice(i, i + 1000)).where('left_on', 'is not', null).execute();
    for (const r of rows) byUser.set(Number(r.user_id), r.left_on!);
  }
  return byUser;
}

const pick = <T extends object, K extends keyof T>(obj: T, keys: K[]): Pick<T, K> =>
  Object.fromEntries(keys.map((k) => [k, obj[k]])) as Pick<T, K>;
