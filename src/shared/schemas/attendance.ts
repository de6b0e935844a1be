/** Attendance shapes (product.md, Records). */
import { z } from 'zod';
import { ATTENDANCE_SUMMARY_MAX_DAYS } from '../constants';
import { ATTENDANCE_MSG } from '../messages';
import { dateSchema, listLimitSchema, SINGLE_LINE_FORBIDDEN } from './common';

/** A day nobody is expected at work: a mandatory holiday, or the company's weekly off. */
export const dayOffSchema = z.enum(['holiday', 'weekly-off']);
export type DayOff = z.infer<typeof dayOffSchema>;

export const attendanceRecordSchema = z.object({
  _id: z.string(),
  employeeId: z.string().nullable(),
  email: z.string(),
  /** The owner's name (beyond the spec's shape), so a list names people, not only addresses. */
  name: z.string().optional(),
  date: z.string(),
  status: z.string(),
  punchIn: z.string().nullable(),
  punchOut: z.string().nullable(),
  /**
   * Set when the date is a company holiday or weekly off (beyond the spec's shape): a record that
   * is not present then shows Holiday or Weekly off, not Absent. The status itself is unchanged.
   */
  dayOff: dayOffSchema.optional(),
  /** Who set the day (beyond the spec's shape): 'admin' (by hand), 'import' (a file), or 'web' (punches). */
  source: z.string().optional(),
  /**
   * Against the person's shift (beyond the spec's shape; the lists carry them, the punch answers
   * not): hours between the punches (null until both), minutes late when beyond the grace, and
   * minutes left before the shift's end. 0 when on time; never on a day off.
   */
  hoursWorked: z.number().nullable().optional(),
  lateMinutes: z.number().int().optional(),
  earlyMinutes: z.number().int().optional(),
  /** Minutes of work the day's rules counted (breaks excluded), and those beyond the normal day (overtime). */
  workedMinutes: z.number().int().optional(),
  overtimeMinutes: z.number().int().optional(),
  /** How the day was punched: 'web', 'web-site:<site>', 'web-network', 'device:<serial>'. */
  punchMethod: z.string().optional(),
  /** A web day: whether its punches were checked (a site or an office network). */
  verified: z.boolean().optional(),
});
export type AttendanceRecord = z.infer<typeof attendanceRecordSchema>;

export const attendanceQuery = z.object({
  date: dateSchema.optional(),
  startDate: dateSchema.optional(),
  endDate: dateSchema.optional(),
});
export type AttendanceQuery = z.infer<typeof attendanceQuery>;

/** What a day of the admin's paged list may be narrowed to: present, absent (a working day), late in, or left early. */
export const ATTENDANCE_SHOWS = ['present', 'absent', 'late', 'early'] as const;
export type AttendanceShow = (typeof ATTENDANCE_SHOWS)[number];

/** The most records one page of GET /api/attendance/page holds. */
export const ATTENDANCE_PAGE_MAX = 500;

/** `?q=`: a part of a name, employee ID or email to search for; everyone when blank. */
const searchText = z
  .string()
  .trim()
  .max(100, 'q must be at most 100 characters')
  .refine((s) => !SINGLE_LINE_FORBIDDEN.test(s), 'q must be one line of text without control characters')
  .default('');

/**
 * GET /api/attendance/page: the Attendance screen's range, narrowed and paged on the server, so a
 * year of a large company never travels whole. `q` is a part of a name, email or employee ID.
 */
export const attendancePageQuery = z.object({
  startDate: dateSchema.optional(),
  endDate: dateSchema.optional(),
  q: searchText,
  show: z.enum(ATTENDANCE_SHOWS, { error: `show must be one of ${ATTENDANCE_SHOWS.join(', ')}` }).optional(),
  offset: z.coerce.number({ error: 'offset must be a number' }).int('offset must be a whole number').min(0, 'offset cannot be negative').max(10_000_000, 'offset is too large').default(0),
  limit: z.coerce
    .number({ error: 'limit must be a number' })
    .int('limit must be a whole number')
    .min(1, `limit must be between 1 and ${ATTENDANCE_PAGE_MAX}`)
    .max(ATTENDANCE_PAGE_MAX, `limit must be between 1 and ${ATTENDANCE_PAGE_MAX}`)
    .default(100),
});
export type AttendancePageQuery = z.input<typeof attendancePageQuery>;
export type AttendancePageQueryParsed = z.infer<typeof attendancePageQuery>;

/** One page: the records from `offset` in the list's order, how many match (`total`) and how many the range holds (`rangeTotal`). */
export const attendancePageSchema = z.object({
  startDate: z.string(),
  endDate: z.string(),
  offset: z.number().int(),
  total: z.number().int(),
  rangeTotal: z.number().int(),
  records: z.array(attendanceRecordSchema),
});
export type AttendancePage = z.infer<typeof attendancePageSchema>;

/** ?startDate&endDate of the employee's own list and of the CSV download. */
export const attendanceRangeQuery = z.object({
  startDate: dateSchema.optional(),
  endDate: dateSchema.optional(),
});
export type AttendanceRangeQuery = z.infer<typeof attendanceRangeQuery>;

/** An inclusive range of dates, both given; YYYY-MM-DD strings order like the dates they name. */
export const dateRangeSchema = z
  .object({ startDate: dateSchema, endDate: dateSchema })
  .refine((range) => range.startDate <= range.endDate, ATTENDANCE_MSG.startAfterEnd);

/** ?days= of the present/absent chart: the last N days, today included. */
export const attendanceSummaryQuery = z.object({
  days: z.coerce
    .number({ error: 'days must be a number' })
    .int('days must be a whole number')
    .min(1, 'days must be at least 1')
    .max(ATTENDANCE_SUMMARY_MAX_DAYS, `days must be at most ${ATTENDANCE_SUMMARY_MAX_DAYS}`)
    .default(30),
});

/** One day of the chart: present = P or H records, absent = the rest of the workforce of that day (none on a day off). */
export const attendanceSummaryDaySchema = z.object({
  date: z.string(),
  present: z.number().int(),
  /** 0 on a holiday or weekly off: nobody is absent on a day off. */
  absent: z.number().int(),
  dayOff: dayOffSchema.optional(),
});
export type AttendanceSummaryDay = z.infer<typeof attendanceSummaryDaySchema>;

/** The punch answers: the spec's `{msg}` plus the record as it now stands. */
export const punchResponse = z.object({ msg: z.string(), record: attendanceRecordSchema });
export type PunchResponse = z.infer<typeof punchResponse>;

/** GET /api/attendance/absent-today: a search (part of a name, employee ID or email) and how many to list. */
export const absentTodayQuery = z.object({
  q: searchText,
  limit: listLimitSchema,
});

/**
 * The people employed today who are not in: no punch in (no P or H record) and no approved leave,
 * on a working day. On a weekly off or holiday nobody is absent (`dayOff` says which). `total`
 * counts everyone matching; `people` lists the first `limit` of them by name.
 */
export const absentTodaySchema = z.object({
  date: z.string(),
  dayOff: dayOffSchema.nullable(),
  total: z.number().int(),
  people: z.array(z.object({ employeeId: z.string(), name: z.string(), email: z.string() })),
});
export type AbsentToday = z.infer<typeof absentTodaySchema>;
