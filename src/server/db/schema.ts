/**
 * Table types for Kysely. Portable on purpose: timestamps are ISO-8601 text, dates YYYY-MM-DD text,
 * booleans 0/1 integers and money integer paise, so SQLite and PostgreSQL return the same values.
 */
import type { Generated } from 'kysely';

export interface UsersTable {
  id: Generated<number>;
  email: string;
  name: string;
  role: 'admin' | 'employee';
  password_hash: string | null;
  /** Bumped on password change and deactivation; tokens carry it, so older tokens stop working. */
  token_version: Generated<number>;
  active: Generated<number>;
  /** 1 until the new employee's invitation email has been sent (migration 004). */
  invite_pending: Generated<number>;
  /** Until when an instance's claim on the owed invitation holds (migration 007). */
  invite_lease_until: string | null;
  /** Failed sends of the owed invitation (migration 007). */
  invite_attempts: Generated<number>;
  /** 1 while an imported person's invitation waits for an admin's Invite (migration 040). */
  invite_held: Generated<number>;
  created_at: string;
  updated_at: string;
  /** 1: notifications come as one daily digest instead of single mails (migration 062). */
  notify_digest: Generated<number>;
  /** When the account last signed in; null for never (migration 078). */
  last_sign_in_at: string | null;
}

export interface EmployeesTable {
  user_id: number;
  employee_id: string;
  position: string;
  salary_paise: number;
  joined_on: string;
  /** The manager's users id; null for nobody (migration 060). */
  manager_id: number | null;
  /** Migration 040: the rest of the employee master. */
  phone: string | null;
  department_id: number | null;
  location_id: number | null;
  /** Migration 065: the PIN a biometric device knows the person by (digits, no leading zeros); null = none yet. */
  device_pin?: string | null;
}

/** Migration 040: a department (name, optional head). */
export interface DepartmentsTable {
  id: Generated<number>;
  name: string;
  head_user_id: number | null;
  created_at: string;
}

/** Migration 040: a place of work (state and city; the professional-tax registration there). */
export interface LocationsTable {
  id: Generated<number>;
  name: string;
  state: string | null;
  city: string | null;
  pt_registration: string | null;
  created_at: string;
}

/** Migration 040: every import kept, with its counts and each row's result (JSON). */
export interface ImportReportsTable {
  id: Generated<number>;
  kind: string;
  actor_id: number;
  file_name: string;
  mode: string;
  added: number;
  updated: number;
  unchanged: number;
  failed: number;
  rows_json: string;
  created_at: string;
}

/** Migration 040: opening balances and adjustments of leave, in days (negative takes days away). */
export interface LeaveAdjustmentsTable {
  id: Generated<number>;
  user_id: number;
  leave_type_id: number;
  kind: 'opening' | 'adjustment';
  days: number;
  as_of: string;
  reason: string;
  actor_id: number;
  created_at: string;
}

export interface CountersTable {
  name: string;
  value: number;
}

export interface PasswordTokensTable {
  id: Generated<number>;
  user_id: number;
  token_hash: string;
  purpose: 'invite' | 'reset';
  expires_at: string;
  used_at: string | null;
  created_at: string;
}

export interface AttendanceTable {
  id: Generated<number>;
  user_id: number;
  date: string;
  status: string;
  punch_in: string | null;
  punch_out: string | null;
  /** Who set the day (migration 040): 'admin', 'import', or a punch source ('web'); null reads as 'web'. */
  source?: string | null;
  /** Migration 094: counted minutes of work (breaks excluded) and beyond the normal day, as the day's rules decided. */
  worked_minutes?: number | null;
  overtime_minutes?: number | null;
  /** Migration 094: how the day was punched: 'web', 'web-site:<name>', 'web-network', 'device:<serial>'. */
  punch_method?: string | null;
  /** Migration 094: 1 when the web punch was checked (a site or an office network), 0 when not. */
  verified?: number | null;
}

/**
 * The columns of a request decided in up to two steps, by the manager (or a stand-in) and then HR:
 * leaves and attendance corrections.
 */
interface TwoStepDecisionColumns {
  /** Where a pending request waits, 'manager' or 'hr' (migration 061). */
  stage: Generated<'manager' | 'hr'>;
  /** The decider's optional remark. */
  remark: string | null;
  /** In what capacity the final decision was taken: 'admin', 'manager' or 'stand-in'. */
  decided_as: 'admin' | 'manager' | 'stand-in' | null;
  /** A two-step request's first (manager's) approval. */
  first_decided_by: number | null;
  first_decided_at: string | null;
  first_decided_as: 'manager' | 'stand-in' | null;
  /** When HR was told the request had waited too long for the manager. */
  escalated_at: string | null;
}

export interface LeavesTable extends TwoStepDecisionColumns {
  id: Generated<number>;
  user_id: number;
  start_date: string;
  end_date: string;
  reason: string;
  status: 'pending' | 'approved' | 'rejected' | 'cancelled';
  decided_by: number | null;
  decided_at: string | null;
  created_at: string;
  /** The type asked for; null on requests filed before leave types (the default type) (migration 010). */
  leave_type_id: number | null;
  /** 'first-half' or 'second-half' for a half day; null for whole days. */
  day_part: 'first-half' | 'second-half' | null;
  /** Working days the request takes, counted when filed; null on older requests (counted on read). */
  days: number | null;
  /** Who cancelled it (the requester withdrawing, an approver or HR), when and why (migration 061). */
  cancelled_by: number | null;
  cancelled_at: string | null;
  cancel_reason: string | null;
  /** The requester asked to cancel approved leave before it starts: when, and why. */
  cancel_requested_at: string | null;
  cancel_request_reason: string | null;
}

export interface LeaveTypesTable {
  id: Generated<number>;
  name: string;
  yearly_entitlement: number;
  accrual: 'monthly' | 'yearly';
  pro_rate: number;
  carry_forward_cap: number;
  half_day_allowed: number;
  paid: number;
  /** 1 for the one type a request without a type falls back to. */
  is_default: Generated<number>;
  active: Generated<number>;
  created_at: string;
  /** Who decides its requests: 'manager', 'manager-then-hr' or 'hr' (migration 061). */
  route: Generated<'manager' | 'manager-then-hr' | 'hr'>;
  /** Migration 040: the short code files use (CL, SL, EL), unique regardless of case. */
  code: string | null;
  /** Migration 051: paid out to a leaver, up to a cap, at a day's pay on a basis. */
  encashable: Generated<number>;
  encashment_cap_days: number | null;
  encashment_basis: Generated<string>;
  /** Migration 220: 1 for the compensatory-off type, whose balance is the approved comp-off credits. */
  comp_off: Generated<number>;
}

export interface HolidaysTable {
  id: Generated<number>;
  date: string;
  name: string;
  /** 1 for an optional (restricted) holiday: shown, but not a day off for everyone. */
  optional: Generated<number>;
  created_at: string;
  /** Migration 150: 1 when the holiday recurs on its day and month every year from `date` on. */
  repeats_yearly: Generated<number>;
}

/** Migration 011: an employee's statutory and bank details; null where not given. */
/** Migration 021: one version of a statutory rule (see the migration). */
export interface StatutoryRuleVersionsTable {
  id: Generated<number>;
  rule_key: string;
  effective_from: string;
  value_json: string;
  source: string;
  note: string;
  origin: string;
  created_by: number | null;
  created_at: string;
}

export interface EmployeeStatutoryTable {
  user_id: number;
  state_of_work: string | null;
  pan: string | null;
  uan: string | null;
  esi_number: string | null;
  bank_account: string | null;
  ifsc: string | null;
  tax_regime: string | null;
  gender: string | null;
  /** Migration 016: PF on full wages, 0 or 1. */
  pf_on_full_wages: number;
  /** Migration 016: the last day employed, YYYY-MM-DD; null while employed. */
  left_on: string | null;
  /** Migration 020: the person facts (see its comment). */
  date_of_birth: string | null;
  pf_member: Generated<number>;
  pf_first_joined_on: string | null;
  pf_wage_at_joining_paise: number | null;
  eps_eligible: number | null;
  person_with_disability: Generated<number>;
  /** Migration 051: 'permanent' (null reads so), 'fixed-term' or 'contract'. */
  employment_type: string | null;
  updated_at: string;
}

/** Migration 014: a person's own shift, when it differs from the company's; times HH:MM of the company's zone. */
export interface EmployeeShiftsTable {
  user_id: number;
  shift_start: string;
  shift_end: string;
  grace_minutes: number;
  updated_at: string;
}

export interface CompanySettingsTable {
  key: string;
  value_json: string;
  updated_at: string;
}

/** An employee's request to set a day's in and out times, decided once by an admin (migration 012). */
/** Migration 221: a location's web punch rule (a person's own beats it; it beats the company's). */
export interface LocationPunchRulesTable {
  location_id: number;
  web_allowed: number;
  geofence_required: number;
  network_required: number;
  updated_at: string;
}

/** Migration 220: a request for a day off in return for a day worked on a holiday or weekly off. */
export interface CompOffsTable {
  id: Generated<number>;
  user_id: number;
  /** The holiday or weekly off worked. */
  work_date: string;
  /** The credit: 1 day, or 0.5 for a half day worked. */
  days: number;
  worked_minutes: number | null;
  day_off: 'holiday' | 'weekly-off';
  reason: string;
  status: 'pending' | 'approved' | 'rejected' | 'withdrawn';
  stage: Generated<'manager' | 'hr'>;
  /** Set on approval: the last day the credit may be taken. */
  expires_on: string | null;
  decided_by: number | null;
  decided_at: string | null;
  decided_as: 'admin' | 'manager' | 'stand-in' | null;
  remark: string | null;
  created_at: string;
  /** Set when the request waited for its manager too long and HR was told. */
  escalated_at: string | null;
}

export interface AttendanceCorrectionsTable extends TwoStepDecisionColumns {
  id: Generated<number>;
  user_id: number;
  date: string;
  requested_in: string;
  requested_out: string;
  kind: 'missed-punch-out' | 'missed-punch-in' | 'client-site' | 'other';
  reason: string;
  status: 'pending' | 'approved' | 'rejected';
  /** 1 when the day had a record; original_* is then that record (at request, and at approval what was replaced). */
  has_original: Generated<number>;
  original_status: string | null;
  original_punch_in: string | null;
  original_punch_out: string | null;
  /** The record the approval created or corrected. */
  attendance_id: number | null;
  decided_by: number | null;
  decided_at: string | null;
  created_at: string;
}

export interface TasksTable {
  id: Generated<number>;
  user_id: number;
  title: string;
  description: string;
  status: 'assigned' | 'in-progress' | 'completed';
  assigned_by: number | null;
  created_at: string;
  updated_at: string;
  /** Migration 150: YYYY-MM-DD, or null for none. */
  due_date: string | null;
  /** Migration 150: 'normal' for tasks made before it. */
  priority: Generated<'low' | 'normal' | 'high'>;
}

export interface AuditLogTable {
  id: Generated<number>;
  actor_id: number | null;
  action: string;
  entity: string;
  entity_id: string | null;
  before_json: string | null;
  after_json: string | null;
  at: string;
}

export interface PayrollRunsTable {
  id: Generated<number>;
  month: string;
  status: 'running' | 'done';
  total: number;
  created_by: number | null;
  created_at: string;
  finished_at: string | null;
}

export interface PayrollRunItemsTable {
  run_id: number;
  user_id: number;
  status: 'pending' | 'sent' | 'failed';
  attempts: Generated<number>;
  error: string | null;
  updated_at: string;
  /** The instance working the pending item, and until when its claim holds (migration 007). */
  claimed_by: string | null;
  lease_until: string | null;
}

/** An approved (locked) payroll month (migration 015). */
export interface PayrollApprovalsTable {
  month: string;
  approved_by: number | null;
  approved_at: string;
  /** 1 at approval, +1 at each re-run. */
  version: number;
  rerun_by: number | null;
  rerun_at: string | null;
  rerun_reason: string | null;
  /** The latest slip run; null when a re-run changed no slip. */
  run_id: number | null;
  employees: number;
  net_paise: number;
  /** When the slips were released to employees (migration 055); null until then. */
  released_at: Generated<string | null>;
  released_by: Generated<number | null>;
  /** The blocking warnings overridden at approval, with their reasons (JSON). */
  overrides_json: Generated<string | null>;
}

/** One employee's slip as approved (migration 015); money in paise. */
export interface PayrollApprovedSlipsTable {
  month: string;
  user_id: number;
  employee_id: string;
  fingerprint: string;
  /** The approval version at which this slip last changed: that version's run emails it. */
  changed_version: number;
  gross_paise: number;
  pf_paise: number;
  esi_paise: number;
  pt_paise: number;
  tds_paise: number;
  net_paise: number;
  /** The whole computed SalarySlip, JSON. */
  slip_json: string;
  /** Name, bank account, IFSC, UAN, PAN and ESI number as stored at approval or the latest re-run (migration 055), JSON. */
  beneficiary_json: Generated<string | null>;
  /** When this version of the slip was stored, and the re-run's reason (null at approval). */
  changed_at: Generated<string | null>;
  change_reason: Generated<string | null>;
  /** The monthly gross rate (before LOP); null for slips approved before migration 025. */
  rate_paise: number | null;
  /** Deductions the 50% limit carried to the next month (migration 025). */
  carried_paise: Generated<number>;
  /** A digest of the slip's inputs as stored (migration 190, salary/slip-inputs.ts); null: unknown, recompute. */
  input_digest: Generated<string | null>;
  /** Basic and HRA earned (migration 030): the HRA exemption of later months; null on months approved before. */
  basic_paise: number | null;
  hra_paise: number | null;
}

/** An employee's monthly gross from a day on (migration 050). */
export interface SalaryRevisionsTable {
  id: Generated<number>;
  user_id: number;
  effective_from: string;
  salary_paise: number;
  reason: string;
  /** The first pay month computed with it directly; earlier approved months get arrears instead. */
  applies_from: string | null;
  created_by: number | null;
  created_at: string;
  /** Migration 091: the salary structure this revision assigns, and its rule as assigned (JSON); null for a gross change. */
  structure_id?: number | null;
  structure_json?: string | null;
}

/** Migration 091: a named split of the monthly gross (shared/payroll/salary-structure.ts). */
export interface SalaryStructuresTable {
  id: Generated<number>;
  name: string;
  /** The name trimmed and lower-cased: one structure per name. */
  name_key: string;
  /** Basic as basis points of the gross; 0 when `basic_monthly_paise` is set. */
  basic_bp: number;
  /** Basic as a fixed monthly amount (migration 116); null: the percentage. */
  basic_monthly_paise: number | null;
  hra_bp: number;
  /** `[{name, monthlyPaise}]`. */
  allowances_json: string;
  created_by: number | null;
  created_at: string;
  updated_at: string;
}

/** A line paid (or recovered, when negative) on a later month's slip (migration 050). */
export interface PayrollArrearsTable {
  id: Generated<number>;
  user_id: number;
  pay_month: string;
  for_month: string;
  component: string;
  amount_paise: number;
  pf_wages_paise: Generated<number>;
  eps_wages_paise: Generated<number>;
  reason: string;
  source: string;
  source_ref: string | null;
  created_by: number | null;
  created_at: string;
}

/** PF differences of approved months paid with a later month (migration 026). */
export interface PayrollPfCorrectionsTable {
  id: Generated<number>;
  user_id: number;
  pay_month: string;
  for_month: string;
  epf_wages_paise: number;
  eps_wages_paise: number;
  edli_wages_paise: number;
  employee_paise: number;
  employer_epf_paise: number;
  employer_eps_paise: number;
  edli_paise: number;
  admin_paise: number;
  recoverable_paise: number;
  reason: string;
  versions_json: string;
  consent_ref: string | null;
  consent_on: string | null;
  created_by: number | null;
  created_at: string;
}

/** ESI and PT differences of approved months paid with a later month (migration 090); money in paise. */
export interface PayrollStatutoryCorrectionsTable {
  id: Generated<number>;
  user_id: number;
  pay_month: string;
  for_month: string;
  /** 'esi' or 'pt'. */
  scheme: string;
  wages_paise: number;
  employee_paise: number;
  employer_paise: number;
  reason: string;
  versions_json: string;
  created_by: number | null;
  created_at: string;
}

/** Every stored version of an approved slip (migration 055). */
export interface PayrollSlipVersionsTable {
  month: string;
  user_id: number;
  version: number;
  stored_at: string;
  reason: string | null;
  net_paise: number;
  slip_json: string;
}

/** A recorded exit (migration 051). */
export interface EmployeeExitsTable {
  id: Generated<number>;
  user_id: number;
  kind: string;
  notice_given_on: string;
  notice_period_days: number;
  last_working_day: string;
  reason: string;
  notice_waived: Generated<number>;
  relieved_early: Generated<number>;
  recorded_by: number | null;
  recorded_at: string;
  updated_at: string;
}

/** A full-and-final settlement (migration 052). */
export interface FinalSettlementsTable {
  id: Generated<number>;
  user_id: number;
  state: 'draft' | 'approved' | 'paid';
  other_recoveries_paise: Generated<number>;
  recoveries_note: Generated<string>;
  statement_json: string | null;
  payable_paise: number | null;
  last_month: string | null;
  last_month_paid_paise: Generated<number>;
  due_on: string | null;
  approved_by: number | null;
  approved_at: string | null;
  batch_id: number | null;
  created_at: string;
  updated_at: string;
}

/** A bank file as made and paid (migration 055). */
export interface PaymentBatchesTable {
  id: Generated<number>;
  month: string;
  /** 1, 2, … within the month. */
  seq: number;
  kind: 'salary' | 'difference' | 'repayment' | 'settlement';
  approval_version: number;
  created_by: number | null;
  created_at: string;
  rows: number;
  total_paise: number;
  filename: string;
  content: string;
  sha256: string;
  recoveries_json: string;
  left_out_json: string;
  state: 'created' | 'paid';
  paid_on: string | null;
  bank_reference: string | null;
  paid_by: number | null;
  paid_at: string | null;
}

/** One credit of a payment batch. */
export interface PaymentBatchRowsTable {
  batch_id: number;
  user_id: number;
  employee_id: string;
  name: string;
  account: string;
  ifsc: string;
  amount_paise: number;
  purpose: 'salary' | 'difference' | 'repayment' | 'settlement';
  returned_at: string | null;
  returned_reason: string | null;
  returned_by: number | null;
}

/** Failure counters, auth budgets and mail limits in fixed windows (migration 005). */
export interface AuthThrottleTable {
  scope: string;
  account: string;
  client: string;
  count: number;
  window_start: string;
  blocked_until: string | null;
  expires_at: string;
}

/** Sessions ended by logout, by token id, until the token would have expired (migration 005). */
export interface RevokedTokensTable {
  jti: string;
  expires_at: string;
}

/** An employee's own email change, pending until confirmed from the new address (migration 005). */
export interface EmailChangesTable {
  user_id: number;
  new_email: string;
  token_hash: string;
  expires_at: string;
  created_at: string;
}

export interface ApprovalStandInsTable {
  id: Generated<number>;
  manager_id: number;
  stand_in_id: number;
  from_date: string;
  to_date: string;
  created_at: string;
}

export interface NotificationMailTable {
  id: Generated<number>;
  user_id: number;
  kind: string;
  subject: string;
  body: string;
  digest: Generated<number>;
  created_at: string;
  claim_until: string | null;
  attempts: Generated<number>;
  sent_at: string | null;
  /** When the person marked it read in the app's bell; null unread (migration 097). */
  read_at: string | null;
}

/** The "it was not me" link of an email-change notice (migration 037); outlives the change it cancels. */
export interface EmailChangeCancelsTable {
  token_hash: string;
  user_id: number;
  old_email: string;
  expires_at: string;
  created_at: string;
}

/** A "forgot password" request stored before its answer, deleted once its link is stored (migration 036). */
export interface PasswordResetRequestsTable {
  id: Generated<number>;
  email: string;
  created_at: string;
}

/** An employee's regime for a financial year (migration 030); no row: the new regime, the default. */
export interface TaxRegimeChoicesTable {
  user_id: number;
  financial_year: string;
  regime: 'new' | 'old';
  chosen_by: number | null;
  chosen_at: string;
}

/** One old-regime declaration of a section for a year, and the admin's decision (migration 030). */
export interface TaxDeclarationsTable {
  id: Generated<number>;
  user_id: number;
  financial_year: string;
  section: string;
  amount_paise: number;
  details_json: string;
  status: 'declared' | 'verified' | 'rejected';
  verified_amount_paise: number | null;
  decision_note: string | null;
  decided_by: number | null;
  decided_at: string | null;
  updated_at: string;
}

/** A proof file of a declaration, kept in the database (migration 030). */
/** The company's logo for its slips, one row keyed 'logo' (migration 056). */
export interface CompanyLogoTable {
  key: string;
  content_type: string;
  size_bytes: number;
  sha256: string;
  content: Buffer;
  updated_by: number | null;
  updated_at: string;
}

export interface TaxProofsTable {
  id: Generated<number>;
  user_id: number;
  financial_year: string;
  section: string;
  file_name: string;
  content_type: string;
  size_bytes: number;
  content: Buffer;
  uploaded_by: number | null;
  uploaded_at: string;
}

/** An earlier employer's figures for the year, as on Form 12B or its 2025-Act successor (migration 030). */
export interface TaxPreviousEmploymentTable {
  user_id: number;
  financial_year: string;
  employer_name: string;
  employer_tan: string | null;
  salary_paise: number;
  exemptions_paise: number;
  pf_paise: number;
  pt_paise: number;
  tax_paise: number;
  entered_by: number | null;
  updated_at: string;
}

/** Migration 065: a biometric device registered by an admin. */
export interface DevicesTable {
  id: Generated<number>;
  serial_number: string;
  name: string;
  location_id: number | null;
  time_zone: string | null;
  /** JSON array of CIDR ranges. */
  allowed_cidrs: Generated<string>;
  comm_key: string | null;
  created_at: string;
  updated_at: string;
  last_contact_at: string | null;
  last_address: string | null;
  firmware: string | null;
  drift_seconds: number | null;
  ignored_records: Generated<number>;
  /** Migration 108: when an admin switched the device off; null while it is on. */
  disabled_at?: string | null;
}

/** Migration 065: a serial number that called without being registered. */
export interface DeviceSightingsTable {
  serial_number: string;
  address: string;
  first_seen_at: string;
  last_seen_at: string;
  requests: Generated<number>;
}

/** Migration 065: one punch as received (device, file or web), kept once by its dedupe key. */
export interface PunchesTable {
  id: Generated<number>;
  dedupe_key: string;
  source: string;
  device_id: number | null;
  device_serial: string | null;
  pin: string | null;
  user_id: number | null;
  sent_time: string;
  punched_at: string;
  received_at: string;
  status: string | null;
  verify_type: string | null;
  work_code: string | null;
  attendance_date: string | null;
  /** 'applied' (in the day's record), 'unmapped' (no person has the PIN), 'quarantined' (waits for an admin), 'discarded'. */
  state: string;
  reason: string | null;
  correction_seconds: Generated<number>;
  /** Migration 094: a web punch checked against a site or an office network (1), or not (0); null for devices. */
  verified?: number | null;
  /** Migration 125: the reason an admin typed when applying or discarding a held punch, who and when. */
  decision_reason?: string | null;
  decided_by?: number | null;
  decided_at?: string | null;
}

/** Migration 094: a person's own web punch rule, when it differs from the company's. */
export interface EmployeePunchRulesTable {
  user_id: number;
  web_allowed: number;
  geofence_required: number;
  network_required: number;
  updated_at: string;
}

/** Migration 065: request budgets of device traffic, per serial number and per address. */
export interface DeviceBudgetTable {
  key: string;
  window_start: string;
  count: number;
}

export interface DB {
  devices: DevicesTable;
  device_sightings: DeviceSightingsTable;
  punches: PunchesTable;
  employee_punch_rules: EmployeePunchRulesTable;
  device_budget: DeviceBudgetTable;
  approval_stand_ins: ApprovalStandInsTable;
  notification_mail: NotificationMailTable;
  users: UsersTable;
  employees: EmployeesTable;
  counters: CountersTable;
  password_tokens: PasswordTokensTable;
  attendance: AttendanceTable;
  departments: DepartmentsTable;
  locations: LocationsTable;
  import_reports: ImportReportsTable;
  leave_adjustments: LeaveAdjustmentsTable;
  leaves: LeavesTable;
  tasks: TasksTable;
  audit_log: AuditLogTable;
  payroll_runs: PayrollRunsTable;
  payroll_run_items: PayrollRunItemsTable;
  auth_throttle: AuthThrottleTable;
  revoked_tokens: RevokedTokensTable;
  email_changes: EmailChangesTable;
  password_reset_requests: PasswordResetRequestsTable;
  email_change_cancels: EmailChangeCancelsTable;
  leave_types: LeaveTypesTable;
  holidays: HolidaysTable;
  company_settings: CompanySettingsTable;
  company_logo: CompanyLogoTable;
  attendance_corrections: AttendanceCorrectionsTable;
  comp_offs: CompOffsTable;
  location_punch_rules: LocationPunchRulesTable;
  employee_statutory: EmployeeStatutoryTable;
  statutory_rule_versions: StatutoryRuleVersionsTable;
  employee_shifts: EmployeeShiftsTable;
  payroll_approvals: PayrollApprovalsTable;
  payroll_approved_slips: PayrollApprovedSlipsTable;
  salary_revisions: SalaryRevisionsTable;
  salary_structures: SalaryStructuresTable;
  payroll_arrears: PayrollArrearsTable;
  payroll_pf_corrections: PayrollPfCorrectionsTable;
  payroll_statutory_corrections: PayrollStatutoryCorrectionsTable;
  tax_regime_choices: TaxRegimeChoicesTable;
  tax_declarations: TaxDeclarationsTable;
  tax_proofs: TaxProofsTable;
  tax_previous_employment: TaxPreviousEmploymentTable;
  payroll_slip_versions: PayrollSlipVersionsTable;
  payment_batches: PaymentBatchesTable;
  payment_batch_rows: PaymentBatchRowsTable;
  employee_exits: EmployeeExitsTable;
  final_settlements: FinalSettlementsTable;
}
