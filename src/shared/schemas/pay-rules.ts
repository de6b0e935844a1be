/**
 * The company's pay rules: the choices the law leaves to the company, or where readings of it
 * differ, each with a default that is sound without a choice (payroll/statutory/README.md says why):
 * - halfDayPay: a half day of attendance (H, the register's HD) is paid as half a day ('half', the
 *   default: wages for the time worked, Code on Wages s.20) or as a whole day ('full', kinder, lawful).
 * - esiWages: the wages ESI is computed on: the gross ('gross', the default, the ESI Act s.2(22)
 *   wages the ESIC portal still computes on) or the Code on Social Security 2020 s.2(88) wages
 *   ('code', as ESIC's circular of 10 December 2025 asks employers to consider; contested).
 */
import { z } from 'zod';

export const HALF_DAY_PAY = ['half', 'full'] as const;
export const ESI_WAGES = ['gross', 'code'] as const;

export const payRulesSchema = z
  .object({
    halfDayPay: z.enum(HALF_DAY_PAY, { error: "halfDayPay must be 'half' or 'full'" }),
    esiWages: z.enum(ESI_WAGES, { error: "esiWages must be 'gross' or 'code'" }),
  })
  .strict();
export type PayRules = z.infer<typeof payRulesSchema>;

export const DEFAULT_PAY_RULES: PayRules = { halfDayPay: 'half', esiWages: 'gross' };
