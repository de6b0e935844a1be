/** Employee shapes (product.md, Records): salary is rupees on the wire, paise in the database. */
import { z } from 'zod';
import { dateSchema, emailSchema, msgResponse, nameText } from './common';
import { statutoryDetailsSchema, statutoryUpdateSchema } from './employee-statutory';
import { approvedMonthNoticeSchema } from './approved-month-notice';
import { devicePinText } from './device';

// Plain decimal text only: z.coerce would turn '', null, true, [5] and '0x10' into numbers.
const decimalText = /^\s*-?\d+(\.\d+)?\s*$/;

export const salarySchema = z
  .preprocess(
    (v) => (typeof v === 'string' && decimalText.test(v) ? Number(v) : v),
    z
      .number({ error: (iss) => (iss.input === undefined ? 'salary is required' : 'salary must be a number') })
      .min(0, 'salary must be 0 or more')
      .max(100_000_000, 'salary is too large'),
  )
  .refine((v) => Math.round(v * 100) === Number((v * 100).toFixed(6)), 'salary can have at most 2 decimals');

/**
 * Admins only: the manager's `_id`. Left out, the manager stays as it is (so a spec-shaped save never
 * clears it); null clears it.
 */
const managerIdSchema = z
  .string({ error: 'managerId must be a record id or null' })
  .regex(/^[1-9]\d{0,15}$/, 'managerId must be a record id or null')
  .nullable()
  .optional();
/** The company's own employee code (ACM0001, 5, E-17): ASCII, so it travels in URLs and file names. */
export const EMPLOYEE_CODE_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_-]{0,19}$/;
export const employeeCodeSchema = z
  .string({ error: 'employeeId must be text' })
  .trim()
  .regex(EMPLOYEE_CODE_PATTERN, 'employeeId must be 1-20 letters, digits, "_" or "-", starting with a letter or digit');

/** A phone number as people write it: digits with an optional +, spaces, dashes, brackets; 7-15 digits. */
export const phoneSchema = z
  .string({ error: 'phone must be text' })
  .trim()
  .regex(/^\+?[0-9 ()-]{7,20}$/, 'phone must be digits, with an optional leading +, spaces, dashes or brackets')
  .refine((s) => {
    const digits = s.replace(/\D/g, '').length;
    return digits >= 7 && digits <= 15;
  }, 'phone must have 7 to 15 digits');

/** A department's or location's record id; null clears it. */
const refIdSchema = (field: string) => z.string({ error: `${field} must be a record id` }).regex(/^[1-9]\d{0,15}$/, `${field} must be a record id`);

/**
 * The employee master beyond the spec's four fields: on an update a field left out stays as it is,
 * and null clears it (joiningDate cannot be cleared).
 */
const masterFields = {
  joiningDate: dateSchema.optional(),
  phone: phoneSchema.nullable().optional(),
  departmentId: refIdSchema('departmentId').nullable().optional(),
  locationId: refIdSchema('locationId').nullable().optional(),
  /**
   * Admins only: the PIN biometric devices know the person by (1 to 9 digits, unique, leading zeros
   * dropped). Left out on an add: the digits of the employee code when no one has them; null: none.
   */
  devicePin: devicePinText.nullable().optional(),
};

export const employeeCreateBody = z.object({
  name: nameText('name'),
  email: emailSchema,
  position: nameText('position'),
  salary: salarySchema,
  /** Optional: without one the next code of the latest code's series (ACM0301 after ACM0300; EMP0001 first). */
  employeeId: employeeCodeSchema.optional(),
  ...masterFields,
  /** joiningDate (optional): defaults to today; payroll pays from this day. */
  managerId: managerIdSchema,
});
export type EmployeeCreate = z.infer<typeof employeeCreateBody>;

/** Admins send all four fields; an employee editing their profile sends name and email only. */
export const employeeUpdateBody = z.object({
  name: nameText('name'),
  email: emailSchema,
  /** An employee changing their own email proves it is them (a stolen session alone must not do it). */
  currentPassword: z.string({ error: 'currentPassword must be text' }).max(1024, 'currentPassword is too long').optional(),
  position: nameText('position').optional(),
  salary: salarySchema.optional(),
  /**
   * Admins only, with a changed salary: the day the new salary takes effect (from joining up to today).
   * Default: the first day of the earliest month not yet approved. A day in an approved month pays
   * the difference as arrears in the next month not yet approved; the approved month stays as it was.
   */
  salaryEffectiveFrom: dateSchema.optional(),
  /** Admins only: why the salary changed (kept with the revision; a default reason otherwise). */
  salaryChangeReason: nameText('salaryChangeReason', 200).optional(),
  /** Admins only: statutory and bank details to change (employee-statutory.ts); fields left out stay. */
  statutory: statutoryUpdateSchema.optional(),
  /** Admins only, but phone, which the employee may change too; left out stays, null clears. */
  ...masterFields,
  managerId: managerIdSchema,
});
export type EmployeeUpdate = z.infer<typeof employeeUpdateBody>;

/** POST /api/employee answers the msg and the new record's ids. */
export const employeeCreatedResponse = msgResponse.extend({ _id: z.string(), employeeId: z.string() });
export type EmployeeCreated = z.infer<typeof employeeCreatedResponse>;

/** PUT /api/employee/edit/{id}: an employee's new email waits for its link, and the answer says which it is. */
export const employeeUpdatedResponse = msgResponse.extend({ pendingEmail: z.string().optional(), approvedMonth: approvedMonthNoticeSchema.optional() });
export type EmployeeUpdated = z.infer<typeof employeeUpdatedResponse>;

export const employeeSchema = z.object({
  _id: z.string(),
  employeeId: z.string(),
  name: z.string(),
  email: z.string(),
  position: z.string(),
  salary: z.number(),
  joiningDate: z.string(),
  /** The manager's `_id`, null for none. The server always sends it; optional so spec-shaped records still parse. */
  managerId: z.string().nullable().optional(),
  // Always sent by the server; optional for clients built before the employee master grew.
  phone: z.string().nullable().optional(),
  departmentId: z.string().nullable().optional(),
  locationId: z.string().nullable().optional(),
  devicePin: z.string().nullable().optional(),
});
export type Employee = z.infer<typeof employeeSchema>;

/**
 * Where someone is on the way out, from their leaving date (statutory.leftOn, the last day employed):
 * 'active' without one, 'on-notice' while it is today or later, 'left' once it has passed.
 */
export const EMPLOYMENT_STATUSES = ['active', 'on-notice', 'left'] as const;
export const employeeListItemSchema = employeeSchema.extend({ status: z.enum(EMPLOYMENT_STATUSES), leftOn: z.string().nullable() });
export type EmployeeListItem = z.infer<typeof employeeListItemSchema>;
/** GET /api/employee?status=: current (active and on notice; the default), left, or all. */
export const employeeListQuery = z.object({ status: z.enum(['current', 'left', 'all'], { error: "status must be 'current', 'left' or 'all'" }).default('current') });

/** One employee (GET /api/employee/{id}, /me): the record with its statutory and bank details. */
export const employeeDetailSchema = employeeSchema.extend({ statutory: statutoryDetailsSchema });
export type EmployeeDetail = z.infer<typeof employeeDetailSchema>;

export const uploadResponse = z.object({ msg: z.string(), errors: z.array(z.string()) });
export type UploadResponse = z.infer<typeof uploadResponse>;
