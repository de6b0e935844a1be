/**
 * The company itself, as its slips, files and emails show it: legal name, address, logo, its
 * statutory codes, the time zone its days are counted in, and its financial and leave year
 * (GET/PUT /api/company/profile; the logo on its own, /api/company/logo).
 *
 * Code formats, each as the issuing authority writes it:
 * - PF establishment code: the EPFO establishment ID, two letters of the state, three of the
 *   regional office, seven digits of the establishment and an optional three-digit extension
 *   (e.g. KNBNG0012345000; EPFO Unified Portal, establishment registration, as of 2026).
 * - ESI employer code: the 17-digit employer code number ESIC allots on registration (ESIC
 *   employer portal, registration of employers, as of 2026).
 * - TAN: four letters, five digits and a letter (Income-tax Act 1961 s.203A; Income-tax Rules
 *   r.114A; NSDL's TAN format, as of 2026).
 * The financial year is April to March (Income-tax Act 1961 s.3, "previous year"): shown, not set.
 */
import { z } from 'zod';
import { isTimeZone } from '../format';
import { lineRule, nameText } from './common';

export const LOGO_MAX_BYTES = 512 * 1024;
export const LOGO_TYPES = ['image/png', 'image/jpeg'] as const;
/** The largest side of a logo, in pixels: a slip prints it about 2 cm high, so more only costs time. */
export const LOGO_MAX_SIDE = 2000;
export const ADDRESS_MAX_LINES = 4;

/** A code: trimmed, upper-cased, '' or null clears it. */
const code = (field: string, pattern: RegExp, example: string) =>
  z
    .string({ error: `${field} must be text` })
    .superRefine(lineRule(field, false))
    .transform((s) => s.replace(/[\s/]/g, '').toUpperCase())
    .refine((s) => s === '' || pattern.test(s), `${field} must look like ${example}`)
    .transform((s) => (s === '' ? null : s))
    .nullable();

export const companyProfileBody = z.object({
  legalName: nameText('legalName', 160),
  /** Up to four lines (street, area, city and PIN, state), printed under the name. */
  address: z
    .string({ error: 'address must be text' })
    .superRefine(lineRule('address', true))
    .transform((s) =>
      s
        .split(/\r?\n/)
        .map((line) => line.trim())
        .filter(Boolean)
        .join('\n'),
    )
    .refine((s) => s.length <= 400, 'address must be at most 400 characters')
    .refine((s) => s.split('\n').length <= ADDRESS_MAX_LINES, `address must be at most ${ADDRESS_MAX_LINES} lines`)
    .transform((s) => (s === '' ? null : s))
    .nullable(),
  pfEstablishmentCode: code('pfEstablishmentCode', /^[A-Z]{5}\d{7}(\d{3})?$/, 'KNBNG0012345000 (state, office, seven digits, optional extension)'),
  esiEmployerCode: code('esiEmployerCode', /^\d{17}$/, '17 digits, e.g. 53000123450000999'),
  tan: code('tan', /^[A-Z]{4}\d{5}[A-Z]$/, 'BLRA12345B (four letters, five digits, a letter)'),
  timeZone: z.string({ error: 'timeZone is required' }).trim().refine(isTimeZone, 'timeZone must be an IANA time zone such as Asia/Kolkata'),
  /** 1: the calendar year; 4: April to March. The same setting as Leave settings'. */
  leaveYearStartMonth: z.union([z.literal(1), z.literal(4)], { error: 'leaveYearStartMonth must be 1 (January) or 4 (April)' }),
});
export type CompanyProfileBody = z.input<typeof companyProfileBody>;

export const companyLogoSchema = z.object({
  contentType: z.enum(LOGO_TYPES),
  sizeBytes: z.number(),
  sha256: z.string(),
  updatedAt: z.string(),
});
export type CompanyLogoInfo = z.infer<typeof companyLogoSchema>;

export const companyProfileSchema = z.object({
  legalName: z.string(),
  address: z.string().nullable(),
  pfEstablishmentCode: z.string().nullable(),
  esiEmployerCode: z.string().nullable(),
  tan: z.string().nullable(),
  timeZone: z.string(),
  leaveYearStartMonth: z.union([z.literal(1), z.literal(4)]),
  financialYear: z.literal('April to March'),
  logo: companyLogoSchema.nullable(),
  /** False until an admin saves the profile: the name and zone are then the server's defaults (COMPANY_NAME, APP_TIMEZONE). */
  saved: z.boolean(),
  updatedAt: z.string().nullable(),
});
export type CompanyProfile = z.infer<typeof companyProfileSchema>;
