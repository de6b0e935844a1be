/** Business constants and limits (product.md, Constants) plus the server's own limits. */

export const REQUEST_TIMEOUT_MS = 10_000;
export const ATTENDANCE_POLL_MS = 10_000;
export const INACTIVITY_TIMEOUT_MS = 600_000;
export const INACTIVITY_CHECK_MS = 1_000;
export const REDIRECT_DELAY_MS = 2_000;
export const MIN_PASSWORD_LENGTH = 8;

export const TOKEN_STORAGE_KEY = 'token';
export const TOKEN_TTL_SECONDS = 8 * 60 * 60;
export const SET_PASSWORD_TOKEN_TTL_HOURS = 72;

export const ROLES = ['admin', 'employee'] as const;
export type Role = (typeof ROLES)[number];

export const PRESENT_CODES = ['P', 'H'] as const;
export const isPresent = (status: string | null | undefined): boolean =>
  status === 'P' || status === 'H';

export const TASK_STATUSES = ['assigned', 'in-progress', 'completed'] as const;
export type TaskStatus = (typeof TASK_STATUSES)[number];

/** A task's priority, beside the spec's fields; 'normal' when none is given. */
export const TASK_PRIORITIES = ['low', 'normal', 'high'] as const;
export type TaskPriority = (typeof TASK_PRIORITIES)[number];

/** The spec's three, and 'cancelled': withdrawn by the requester, or cancelled by an approver or HR (who, when and why are kept). */
export const LEAVE_STATUSES = ['pending', 'approved', 'rejected', 'cancelled'] as const;
export type LeaveStatus = (typeof LEAVE_STATUSES)[number];

/**
 * Upload limit for the employee CSV import (documented in the README): a realistic row is about 62
 * bytes, so 10 MB admits a 100,000-person roster with room for the optional columns. The file is
 * parsed as it streams; only the parsed rows (~100 B each) are held for the one transaction.
 */
export const CSV_MAX_BYTES = 10 * 1024 * 1024;
export const JSON_BODY_LIMIT_BYTES = 1024 * 1024;

/** GET lists (leave, tasks): the spec has no pagination, so the server caps each answer (?limit=). */
export const LIST_DEFAULT_LIMIT = 500;
export const LIST_MAX_LIMIT = 2000;
/** Response header of a capped list: 'true' when rows were left off, else 'false'. */
export const LIST_HAS_MORE_HEADER = 'x-has-more';

/** Attendance: the admin list without filters covers this many days, ending today. */
export const ATTENDANCE_DEFAULT_RANGE_DAYS = 30;
/** The employee's own list without filters covers this many days, ending today. */
export const ATTENDANCE_OWN_DEFAULT_RANGE_DAYS = 366;
/**
 * Most rows of an admin list answer kept whole (serialized once, shared by every poller of that
 * version; 10,000 people x 30 days fit). A larger answer is streamed a day at a time and never held.
 */
export const ATTENDANCE_LIST_CACHED_ROWS = 400_000;
/** Longest window the present/absent chart may ask for. */
export const ATTENDANCE_SUMMARY_MAX_DAYS = 366;

/** Payroll run screen: how often a running run's progress is fetched. */
export const PAYROLL_RUN_POLL_MS = 1_000;
