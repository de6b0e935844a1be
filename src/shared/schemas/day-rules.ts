/** Shapes of the day's rules (minimum hours, breaks, overtime) and of the web punch policy (sites, networks). */
import { z } from 'zod';
import { nameText } from './common';

const minutes = (field: string, max: number) =>
  z
    .number({ error: `${field} must be a number of minutes` })
    .int(`${field} must be a whole number of minutes`)
    .min(1, `${field} must be from 1 to ${max} minutes`)
    .max(max, `${field} must be from 1 to ${max} minutes`);

/** Days of the week, Monday first: the first day of the week overtime counts the normal week in. */
export const WEEKDAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const;
export type Weekday = (typeof WEEKDAYS)[number];
/** The ordinary hourly rate's monthly wages (see src/shared/day-rules/README.md). */
export const OVERTIME_RATE_WAGES = ['gross', 'basic'] as const;
/** The ordinary hourly rate's days a month: the month's working days, or a fixed 26 or 30. */
export const OVERTIME_RATE_DAYS = ['working', '26', '30'] as const;

/**
 * GET/PUT /api/day-rules. Minimums in minutes of counted work (breaks excluded); null means no
 * minimum (any punched day is a full day, as before). Overtime follows the Code on Wages s.14 shape:
 * work beyond the normal day or the normal week, paid at `rate` times the ordinary rate (at least 2).
 */
export const dayRulesSchema = z
  .object({
    fullDayMinutes: minutes('fullDayMinutes', 24 * 60).nullable(),
    halfDayMinutes: minutes('halfDayMinutes', 24 * 60).nullable(),
    /** Several punches a day: a punch-in after a punch-out starts a new stretch; the gaps are breaks. */
    allowBreaks: z.boolean({ error: 'allowBreaks must be true or false' }),
    overtime: z
      .object({
        enabled: z.boolean({ error: 'enabled must be true or false' }),
        normalDayMinutes: minutes('normalDayMinutes', 24 * 60),
        normalWeekMinutes: minutes('normalWeekMinutes', 7 * 24 * 60),
        rate: z
          .number({ error: 'rate must be a number' })
          .min(2, 'rate must be at least 2 (twice the ordinary rate)')
          .max(5, 'rate must be at most 5'),
        /** Paid through payroll, or only recorded and reported. */
        payable: z.boolean({ error: 'payable must be true or false' }),
        /** The day a week of the normal week starts on (Monday when left out). */
        weekStartsOn: z.enum(WEEKDAYS, { error: `weekStartsOn must be one of ${WEEKDAYS.join(', ')}` }).optional(),
        /** The ordinary rate's monthly wages: the gross rate ('gross', the default) or basic with DA ('basic'). */
        rateWages: z.enum(OVERTIME_RATE_WAGES, { error: 'rateWages must be gross or basic' }).optional(),
        /** The ordinary rate's days a month: the month's working days (the default), or a fixed 26 or 30. */
        rateDays: z.enum(OVERTIME_RATE_DAYS, { error: 'rateDays must be working, 26 or 30' }).optional(),
      })
      .strict(),
    /**
     * Compensatory off: a day worked on a holiday or weekly off earns a day off (half for a half day)
     * once approved, to be taken within `expiryDays`. Optional in a PUT: left out, it stays as saved.
     */
    compOff: z
      .object({
        enabled: z.boolean({ error: 'enabled must be true or false' }),
        expiryDays: z
          .number({ error: 'expiryDays must be a number of days' })
          .int('expiryDays must be a whole number of days')
          .min(1, 'expiryDays must be from 1 to 365 days')
          .max(365, 'expiryDays must be from 1 to 365 days'),
      })
      .strict()
      .optional(),
  })
  .strict()
  .superRefine((r, ctx) => {
    if (r.fullDayMinutes !== null && r.halfDayMinutes !== null && r.halfDayMinutes >= r.fullDayMinutes)
      ctx.addIssue({ code: 'custom', path: ['halfDayMinutes'], message: 'halfDayMinutes must be less than fullDayMinutes' });
    if (r.overtime.normalWeekMinutes < r.overtime.normalDayMinutes)
      ctx.addIssue({ code: 'custom', path: ['overtime', 'normalWeekMinutes'], message: 'normalWeekMinutes must be at least normalDayMinutes' });
  });
export type DayRules = z.infer<typeof dayRulesSchema>;

/** No minimums, no breaks, overtime off (9 h a day, 48 h a week, twice the rate), comp-off off: the behaviour before the rules. */
export const DEFAULT_DAY_RULES: DayRules = {
  fullDayMinutes: null,
  halfDayMinutes: null,
  allowBreaks: false,
  overtime: { enabled: false, normalDayMinutes: 9 * 60, normalWeekMinutes: 48 * 60, rate: 2, payable: false, weekStartsOn: 'monday', rateWages: 'gross', rateDays: 'working' },
  compOff: { enabled: false, expiryDays: 90 },
};

/** The overtime part of the rules with every optional choice filled in (Monday, the gross, the working days). */
export type OvertimeRules = Required<DayRules['overtime']>;
export const overtimeRulesOf = (rules: Pick<DayRules, 'overtime'>): OvertimeRules => ({
  ...rules.overtime,
  weekStartsOn: rules.overtime.weekStartsOn ?? 'monday',
  rateWages: rules.overtime.rateWages ?? 'gross',
  rateDays: rules.overtime.rateDays ?? 'working',
});

/** The comp-off part of the rules, as saved or the default (off, 90 days). */
export type CompOffRules = NonNullable<DayRules['compOff']>;
export const compOffRulesOf = (rules: DayRules): CompOffRules => rules.compOff ?? { enabled: false, expiryDays: 90 };

/** Who may punch on the web, and what must be true of the punch. */
export const punchRuleSchema = z
  .object({
    webAllowed: z.boolean({ error: 'webAllowed must be true or false' }),
    geofenceRequired: z.boolean({ error: 'geofenceRequired must be true or false' }),
    networkRequired: z.boolean({ error: 'networkRequired must be true or false' }),
  })
  .strict();
export type PunchRule = z.infer<typeof punchRuleSchema>;

const CIDR = /^(\d{1,3}(\.\d{1,3}){3}(\/\d{1,2})?|[0-9a-fA-F:]+(\/\d{1,3})?)$/;

export const geofenceSiteSchema = z
  .object({
    name: nameText('name', 100),
    latitude: z.number({ error: 'latitude must be a number' }).min(-90, 'latitude must be from -90 to 90').max(90, 'latitude must be from -90 to 90'),
    longitude: z.number({ error: 'longitude must be a number' }).min(-180, 'longitude must be from -180 to 180').max(180, 'longitude must be from -180 to 180'),
    radiusMeters: z
      .number({ error: 'radiusMeters must be a number of metres' })
      .int('radiusMeters must be a whole number of metres')
      .min(20, 'radiusMeters must be from 20 to 50000 metres')
      .max(50_000, 'radiusMeters must be from 20 to 50000 metres'),
  })
  .strict();
export type GeofenceSite = z.infer<typeof geofenceSiteSchema>;

export const officeNetworkSchema = z
  .object({
    name: nameText('name', 100),
    cidr: z.string({ error: 'cidr is required' }).trim().regex(CIDR, 'cidr must be an address range like 203.0.113.0/24 or 203.0.113.7'),
  })
  .strict();

/** GET/PUT /api/punch-policy: the company's rule, its sites and its networks. */
export const punchPolicySchema = z
  .object({
    rule: punchRuleSchema,
    sites: z.array(geofenceSiteSchema, { error: 'sites must be a list' }).max(50, 'sites may hold at most 50 sites'),
    networks: z.array(officeNetworkSchema, { error: 'networks must be a list' }).max(50, 'networks may hold at most 50 ranges'),
  })
  .strict();
export type PunchPolicy = z.infer<typeof punchPolicySchema>;

export const DEFAULT_PUNCH_POLICY: PunchPolicy = { rule: { webAllowed: true, geofenceRequired: false, networkRequired: false }, sites: [], networks: [] };

/** PUT /api/punch-policy/employees/:id: the person's own rule, or null to follow the company's. */
export const employeePunchRuleBody = z.object({ rule: punchRuleSchema.nullable() }).strict();
export type EmployeePunchRuleBody = z.infer<typeof employeePunchRuleBody>;

export const employeePunchRuleSchema = z.object({ employeeId: z.string(), name: z.string(), own: punchRuleSchema.nullable(), effective: punchRuleSchema });
export type EmployeePunchRule = z.infer<typeof employeePunchRuleSchema>;

/**
 * The optional body of the spec's punch calls (their empty body stays valid): the browser's position,
 * with its accuracy radius in metres.
 */
export const punchPositionBody = z
  .object({
    latitude: z.number({ error: 'latitude must be a number' }).min(-90, 'latitude must be from -90 to 90').max(90, 'latitude must be from -90 to 90'),
    longitude: z.number({ error: 'longitude must be a number' }).min(-180, 'longitude must be from -180 to 180').max(180, 'longitude must be from -180 to 180'),
    accuracy: z.number({ error: 'accuracy must be a number of metres' }).min(0, 'accuracy must be 0 or more metres').max(100_000, 'accuracy must be at most 100000 metres').optional(),
  })
  .strict();
export type PunchPosition = z.infer<typeof punchPositionBody>;
