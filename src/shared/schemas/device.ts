/** Biometric devices, their settings and raw punches: shapes shared by the admin screens and /api/devices. */
import { z } from 'zod';
import { isTimeZone } from '../format';
import { dateSchema, lineRule, multiLineText, nameText } from './common';

/** A device's serial number as printed on it and sent as ?SN=: letters and digits, 1-32. */
export const SERIAL_PATTERN = /^[A-Za-z0-9_-]{1,32}$/;

const serialSchema = z
  .string({ error: 'serialNumber is required' })
  .trim()
  .regex(SERIAL_PATTERN, 'serialNumber must be 1 to 32 letters, digits, dashes or underscores (as printed on the device)');

/** IPv4 a.b.c.d/n or IPv6 x::y/n; a bare address means just that one. Checked again on the server. */
const CIDR = /^(\d{1,3}(\.\d{1,3}){3}(\/\d{1,2})?|[0-9a-fA-F:]+(\/\d{1,3})?)$/;

const cidrList = z
  .array(z.string().trim().regex(CIDR, 'allowedCidrs must hold address ranges like 203.0.113.0/24 or 203.0.113.7'), { error: 'allowedCidrs must be a list' })
  .max(20, 'allowedCidrs may hold at most 20 ranges');

const timeZone = z
  .string()
  .trim()
  .refine((tz) => isTimeZone(tz), 'timeZone must be an IANA time zone such as Asia/Kolkata');

const commKey = z
  .string()
  .superRefine(lineRule('commKey', false))
  .trim()
  .max(64, 'commKey must be at most 64 characters');

export const deviceBody = z.object({
  serialNumber: serialSchema,
  name: nameText('name', 100),
  locationId: z.string().regex(/^[1-9]\d{0,15}$/, 'locationId must be a location id').nullable().optional(),
  timeZone: timeZone.nullable().optional(),
  allowedCidrs: cidrList.optional(),
  commKey: commKey.nullable().optional(),
});
export type DeviceBody = z.infer<typeof deviceBody>;

/** Any of the registration's fields but the serial number, and `enabled`: false switches the device off (its calls get no OK, so it keeps its records). */
export const deviceUpdateBody = deviceBody
  .omit({ serialNumber: true })
  .partial()
  .extend({ enabled: z.boolean({ error: 'enabled must be true or false' }).optional() });
export type DeviceUpdateBody = z.infer<typeof deviceUpdateBody>;

export const deviceSchema = z.object({
  _id: z.string(),
  serialNumber: z.string(),
  name: z.string(),
  locationId: z.string().nullable(),
  locationName: z.string().nullable(),
  timeZone: z.string().nullable(),
  allowedCidrs: z.array(z.string()),
  hasCommKey: z.boolean(),
  lastContactAt: z.string().nullable(),
  lastAddress: z.string().nullable(),
  firmware: z.string().nullable(),
  /** Seconds: a real-time punch's time minus its arrival; positive = the device's clock is ahead. */
  driftSeconds: z.number().nullable(),
  driftFlagged: z.boolean(),
  punchesToday: z.number(),
  /** Records of other tables (operation log, photos) the device sent and we ignored. */
  ignoredRecords: z.number(),
  /** Punches from this device waiting for an admin: held for review or of a PIN nobody has. */
  pendingPunches: z.number(),
  /** False once an admin switched the device off. */
  enabled: z.boolean(),
  warnings: z.array(z.string()),
});
export type Device = z.infer<typeof deviceSchema>;

export const sightingSchema = z.object({ serialNumber: z.string(), address: z.string(), firstSeenAt: z.string(), lastSeenAt: z.string(), requests: z.number() });
export type Sighting = z.infer<typeof sightingSchema>;

export const punchSettingsSchema = z.object({
  driftThresholdSeconds: z.coerce.number().int('driftThresholdSeconds must be a whole number').min(5, 'driftThresholdSeconds must be 5 to 3600').max(3600, 'driftThresholdSeconds must be 5 to 3600'),
  maxPunchAgeDays: z.coerce.number().int('maxPunchAgeDays must be a whole number').min(1, 'maxPunchAgeDays must be 1 to 400').max(400, 'maxPunchAgeDays must be 1 to 400'),
});
export type PunchSettingsBody = z.infer<typeof punchSettingsSchema>;

export const driftCorrectionBody = z
  .object({
    from: dateSchema,
    to: dateSchema,
    seconds: z.number({ error: 'seconds must be a number' }).int('seconds must be a whole number').min(-86_400, 'seconds must be within a day').max(86_400, 'seconds must be within a day').refine((s) => s !== 0, 'seconds must not be 0'),
    reason: nameText('reason', 500),
  })
  .refine((b) => b.from <= b.to, { message: 'from must not be after to', path: ['to'] });
export type DriftCorrectionBody = z.infer<typeof driftCorrectionBody>;

export const PUNCH_STATES = ['applied', 'unmapped', 'quarantined', 'discarded'] as const;

export const punchSchema = z.object({
  _id: z.string(),
  source: z.string(),
  deviceSerial: z.string().nullable(),
  deviceName: z.string().nullable(),
  pin: z.string().nullable(),
  employeeId: z.string().nullable(),
  name: z.string().nullable(),
  sentTime: z.string(),
  punchedAt: z.string(),
  receivedAt: z.string(),
  status: z.string().nullable(),
  verifyType: z.string().nullable(),
  attendanceDate: z.string().nullable(),
  state: z.string(),
  reason: z.string().nullable(),
  correctionSeconds: z.number(),
  /** The reason the admin typed when applying or discarding a held punch, and when. */
  decisionReason: z.string().nullable(),
  decidedAt: z.string().nullable(),
});
export type Punch = z.infer<typeof punchSchema>;

/** POST /api/attendance/punches/held/:id/release and /discard: why, as the admin types it (the employee sees it). */
export const heldDecisionBody = z.object({ reason: multiLineText('reason', 500) }).strict();

/**
 * GET /api/attendance/punches/mine: the caller's punches that were held for review, waiting or
 * decided, with why they were held and the admin's reason for the decision.
 */
export const myHeldPunchSchema = z.object({
  _id: z.string(),
  punchedAt: z.string(),
  attendanceDate: z.string().nullable(),
  source: z.string(),
  deviceName: z.string().nullable(),
  /** 'quarantined' (waiting), 'applied' or 'discarded'. */
  state: z.string(),
  heldReason: z.string().nullable(),
  decisionReason: z.string().nullable(),
  decidedAt: z.string().nullable(),
});
export type MyHeldPunch = z.infer<typeof myHeldPunchSchema>;

export const punchQuery = z.object({
  from: dateSchema.optional(),
  to: dateSchema.optional(),
  q: z.string().trim().max(100, 'q must be at most 100 characters').optional(),
  state: z.enum(PUNCH_STATES, { error: `state must be one of ${PUNCH_STATES.join(', ')}` }).optional(),
  deviceId: z.string().regex(/^[1-9]\d{0,15}$/, 'deviceId must be a device id').optional(),
  limit: z.coerce.number().int().min(1, 'limit must be 1 to 500').max(500, 'limit must be 1 to 500').default(100),
  offset: z.coerce.number().int().min(0, 'offset must be 0 or more').default(0),
});

export const punchPage = z.object({ punches: z.array(punchSchema), total: z.number() });
export type PunchPage = z.infer<typeof punchPage>;

export const unmappedPinSchema = z.object({ pin: z.string(), punches: z.number(), firstAt: z.string(), lastAt: z.string(), devices: z.array(z.string()) });
export type UnmappedPin = z.infer<typeof unmappedPinSchema>;

/** A device PIN as an admin types it: 1 to 9 digits (stored without leading zeros). */
export const DEVICE_PIN_PATTERN = /^[0-9]{1,9}$/;
export const devicePinText = z.string({ error: 'devicePin must be 1 to 9 digits' }).trim().regex(DEVICE_PIN_PATTERN, 'devicePin must be 1 to 9 digits');

export const devicePinBody = z.object({ devicePin: devicePinText.nullable() });

export const mapPinBody = z.object({ employeeId: z.string({ error: 'employeeId is required' }).trim().min(1, 'employeeId is required').max(40, 'employeeId is too long') });

export const needsPinSchema = z.object({ _id: z.string(), employeeId: z.string(), name: z.string() });
export type NeedsPin = z.infer<typeof needsPinSchema>;
