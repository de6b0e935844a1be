/** Shapes of the company's working hours, the late-mark rule and a person's own shift. */
import { z } from 'zod';
import { clockTime } from './common';

/** Start, end and grace. An end before the start is an overnight shift (it ends the next day); an end equal to the start is refused. */
export const shiftSchema = z
  .object({
    start: clockTime('start'),
    end: clockTime('end'),
    graceMinutes: z
      .number({ error: 'graceMinutes must be a number of minutes' })
      .int('graceMinutes must be a whole number of minutes')
      .min(0, 'graceMinutes must be from 0 to 120')
      .max(120, 'graceMinutes must be from 0 to 120'),
  })
  .strict()
  .refine((s) => s.start !== s.end, { message: 'end must differ from start (an end before the start is an overnight shift)', path: ['end'] });

const count = (field: string, min: number, max: number) =>
  z
    .number({ error: `${field} must be a number` })
    .int(`${field} must be a whole number`)
    .min(min, `${field} must be from ${min} to ${max}`)
    .max(max, `${field} must be from ${min} to ${max}`);

export const lateMarkRuleSchema = z
  .object({
    enabled: z.boolean({ error: 'enabled must be true or false' }),
    freePerMonth: count('freePerMonth', 0, 31),
    marksPerStep: count('marksPerStep', 1, 31),
    daysPerStep: z
      .number({ error: 'daysPerStep must be a number of days' })
      .min(0.5, 'daysPerStep must be from 0.5 to 5 days')
      .max(5, 'daysPerStep must be from 0.5 to 5 days')
      .refine((n) => Number.isInteger(n * 2), 'daysPerStep must be a whole or half number of days'),
  })
  .strict();

/** GET/PUT /api/work-hours: the company's shift and the late-mark rule. */
export const workHoursSettingsSchema = z.object({ shift: shiftSchema, lateMarkRule: lateMarkRuleSchema }).strict();
export type WorkHoursSettings = z.infer<typeof workHoursSettingsSchema>;

/** PUT /api/work-hours/employees/:id: the person's own shift, or null to follow the company's again. */
export const employeeShiftBody = z.object({ shift: shiftSchema.nullable() }).strict();
export type EmployeeShiftBody = z.infer<typeof employeeShiftBody>;

/** The person's shift as it applies: their own when set, else the company's. */
export const employeeShiftSchema = z.object({
  employeeId: z.string(),
  name: z.string(),
  /** Their own shift, or null when they keep the company's. */
  own: shiftSchema.nullable(),
  effective: shiftSchema,
});
export type EmployeeShift = z.infer<typeof employeeShiftSchema>;
