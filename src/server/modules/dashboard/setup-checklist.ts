/**
 * The set-up checklist, computed from what is in the database (never ticked by hand, so it cannot
 * drift from the truth): a step is done when what it asks for exists.
 * - profile: the company profile has been saved;
 * - leave-policy: the leave settings were saved or a leave type was added or changed;
 * - holidays: the calendar has a holiday in the current year;
 * - employees: there is an employee;
 * - statutory: someone's statutory or bank details (PAN, UAN, bank account) are in;
 * - opening-balances: the go-live date is set and an opening balance entered;
 * - first-payroll: a payroll month has been approved.
 */
import type { SetupChecklist, SetupStep } from '../../../shared/schemas/setup-checklist';
import { dateInZone } from '../../../shared/format';
import type { AppContext } from '../../context';
import { readGoLive } from '../go-live';

const LABELS: Record<SetupStep, string> = {
  profile: 'Company profile',
  'leave-policy': 'Leave policy',
  holidays: 'Holidays',
  employees: 'Employees',
  statutory: 'Statutory details',
  'opening-balances': 'Go-live date and opening balances',
  'first-payroll': 'First payroll',
};

export async function setupChecklist(ctx: AppContext): Promise<SetupChecklist> {
  const { db } = ctx.database;
  const year = dateInZone(ctx.now(), ctx.config.timeZone).slice(0, 4);
  const exists = async (query: { executeTakeFirst(): Promise<unknown> }) => (await query.executeTakeFirst()) !== undefined;
  const [profile, leaveSettings, leaveTypeChange, holidays, employees, statutory, opening, approved, goLive] = await Promise.all([
    exists(db.selectFrom('company_settings').select('key').where('key', '=', 'profile')),
    exists(db.selectFrom('company_settings').select('key').where('key', '=', 'leave')),
    exists(db.selectFrom('audit_log').select('id').where('action', 'in', ['leave-type.create', 'leave-type.update']).limit(1)),
    exists(
      db
        .selectFrom('holidays')
        .select('id')
        .where('date', '<=', `${year}-12-31`)
        .where((eb) => eb.or([eb('date', '>=', `${year}-01-01`), eb('repeats_yearly', '=', 1)]))
        .limit(1),
    ),
    exists(db.selectFrom('employees').select('user_id').limit(1)),
    exists(db.selectFrom('employee_statutory').select('user_id').where((eb) => eb.or([eb('pan', 'is not', null), eb('uan', 'is not', null), eb('bank_account', 'is not', null)])).limit(1)),
    exists(db.selectFrom('leave_adjustments').select('id').where('kind', '=', 'opening').limit(1)),
    exists(db.selectFrom('payroll_approvals').select('month').limit(1)),
    readGoLive(db),
  ]);
  const done: Record<SetupStep, boolean> = {
    profile,
    'leave-policy': leaveSettings || leaveTypeChange,
    holidays,
    employees,
    statutory,
    'opening-balances': goLive.goLiveDate !== null && opening,
    'first-payroll': approved,
  };
  const steps = (Object.keys(LABELS) as SetupStep[]).map((key) => ({ key, label: LABELS[key], done: done[key] }));
  return { steps, complete: steps.every((s) => s.done) };
}
