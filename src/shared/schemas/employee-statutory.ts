/**
 * An employee's statutory and bank details: what payroll needs beyond the spec's record (state of
 * work for professional tax, gender for its women's slabs, tax regime for TDS) and what the
 * statutory returns and the bank file need (PAN, UAN, ESI number, account and IFSC).
 *
 * Every field may be empty (null): employees added before these fields existed have none, and payroll
 * then uses its defaults (the company's state of work, the new tax regime). On the wire an empty
 * string clears a field; the server answers null for a field not set.
 *
 * Formats:
 * - PAN: five letters, four digits, a letter (AAAAA9999A; Income-tax Rules r.114).
 * - IFSC: four letters (the bank), a zero, six letters or digits (the branch) — RBI's format.
 * - UAN: the 12 digits EPFO issues.
 * - ESI number: the 10-digit insurance number ESIC issues.
 * - Bank account: 9 to 18 digits (the range Indian banks use).
 *
 * Two more for payroll: PF on full wages (an opt-in, EPF Scheme para 26(6); off by default) and the
 * leaving date, the last day employed (YYYY-MM-DD, not before joining; the server checks that): no slip
 * is made for a month after it, and its month is paid up to it.
 */
import { z } from 'zod';
import { dateSchema, lineRule } from './common';

/** States and union territories by ISO 3166-2:IN code (Telangana as TG, the 2023 code). */
export const INDIAN_STATES = {
  AN: 'Andaman and Nicobar Islands',
  AP: 'Andhra Pradesh',
  AR: 'Arunachal Pradesh',
  AS: 'Assam',
  BR: 'Bihar',
  CH: 'Chandigarh',
  CT: 'Chhattisgarh',
  DH: 'Dadra and Nagar Haveli and Daman and Diu',
  DL: 'Delhi',
  GA: 'Goa',
  GJ: 'Gujarat',
  HP: 'Himachal Pradesh',
  HR: 'Haryana',
  JH: 'Jharkhand',
  JK: 'Jammu and Kashmir',
  KA: 'Karnataka',
  KL: 'Kerala',
  LA: 'Ladakh',
  LD: 'Lakshadweep',
  MH: 'Maharashtra',
  ML: 'Meghalaya',
  MN: 'Manipur',
  MP: 'Madhya Pradesh',
  MZ: 'Mizoram',
  NL: 'Nagaland',
  OR: 'Odisha',
  PB: 'Punjab',
  PY: 'Puducherry',
  RJ: 'Rajasthan',
  SK: 'Sikkim',
  TG: 'Telangana',
  TN: 'Tamil Nadu',
  TR: 'Tripura',
  UK: 'Uttarakhand',
  UP: 'Uttar Pradesh',
  WB: 'West Bengal',
} as const;

export const TAX_REGIMES = ['new', 'old'] as const;
export const GENDERS = ['female', 'male', 'other'] as const;

export const PAN_PATTERN = /^[A-Z]{5}\d{4}[A-Z]$/;
export const IFSC_PATTERN = /^[A-Z]{4}0[A-Z0-9]{6}$/;
export const UAN_PATTERN = /^\d{12}$/;
export const ESI_NUMBER_PATTERN = /^\d{10}$/;
export const BANK_ACCOUNT_PATTERN = /^\d{9,18}$/;

/** '' or null clears; anything else is trimmed (and upper-cased where the format is letters) and checked. */
const optionalCode = (field: string, pattern: RegExp, format: string, opts: { upper?: boolean; compact?: boolean } = {}) =>
  z
    .union([z.string({ error: `${field} must be text` }), z.null()], { error: `${field} must be text` })
    .superRefine((v, ctx) => {
      if (v !== null) lineRule(field, false)(v, ctx);
    })
    .transform((v) => {
      if (v === null) return null;
      let s = v.trim();
      if (opts.compact) s = s.replace(/[\s-]/g, '');
      if (opts.upper) s = s.toUpperCase();
      return s === '' ? null : s;
    })
    .refine((v) => v === null || pattern.test(v), `${field} must be ${format}`);

const optionalChoice = <T extends readonly [string, ...string[]]>(field: string, choices: T, described: string) =>
  z
    .union([z.string({ error: `${field} must be text` }), z.null()], { error: `${field} must be text` })
    .transform((v) => (v === null || v.trim() === '' ? null : v.trim()))
    .refine((v): v is T[number] | null => v === null || (choices as readonly string[]).includes(v), `${field} must be ${described}`)
    .transform((v) => v as T[number] | null);

export const statutoryFieldSchemas = {
  stateOfWork: z
    .union([z.string({ error: 'stateOfWork must be text' }), z.null()], { error: 'stateOfWork must be text' })
    .transform((v) => (v === null || v.trim() === '' ? null : v.trim().toUpperCase()))
    .refine((v) => v === null || v in INDIAN_STATES, 'stateOfWork must be a state code such as KA, MH or TN'),
  pan: optionalCode('PAN', PAN_PATTERN, 'five letters, four digits and a letter, e.g. ABCDE1234F', { upper: true }),
  uan: optionalCode('UAN', UAN_PATTERN, '12 digits', { compact: true }),
  esiNumber: optionalCode('ESI number', ESI_NUMBER_PATTERN, '10 digits', { compact: true }),
  bankAccount: optionalCode('Bank account number', BANK_ACCOUNT_PATTERN, '9 to 18 digits', { compact: true }),
  ifsc: optionalCode('IFSC', IFSC_PATTERN, 'four letters, a zero and six letters or digits, e.g. HDFC0001234', { upper: true }),
  taxRegime: optionalChoice('taxRegime', TAX_REGIMES, "'new' or 'old'"),
  gender: optionalChoice('gender', GENDERS, "'female', 'male' or 'other'"),
  pfOnFullWages: z.boolean({ error: 'pfOnFullWages must be true or false' }),
  leftOn: z
    .union([z.string({ error: 'Leaving date must be text' }), z.null()], { error: 'Leaving date must be text' })
    .transform((v) => (v === null || v.trim() === '' ? null : v.trim()))
    .refine((v) => v === null || dateSchema.safeParse(v).success, 'Leaving date must be a real date written YYYY-MM-DD'),
};

/** PUT /api/employee/edit/{id}'s optional `statutory` object (admins only): the fields sent are changed. */
export const statutoryUpdateSchema = z.strictObject(
  {
    stateOfWork: statutoryFieldSchemas.stateOfWork.optional(),
    pan: statutoryFieldSchemas.pan.optional(),
    uan: statutoryFieldSchemas.uan.optional(),
    esiNumber: statutoryFieldSchemas.esiNumber.optional(),
    bankAccount: statutoryFieldSchemas.bankAccount.optional(),
    ifsc: statutoryFieldSchemas.ifsc.optional(),
    taxRegime: statutoryFieldSchemas.taxRegime.optional(),
    gender: statutoryFieldSchemas.gender.optional(),
    pfOnFullWages: statutoryFieldSchemas.pfOnFullWages.optional(),
    leftOn: statutoryFieldSchemas.leftOn.optional(),
  },
  { error: (iss) => (iss.code === 'unrecognized_keys' ? `statutory has unknown fields: ${iss.keys.join(', ')}` : 'statutory must be an object') },
);
export type StatutoryUpdate = z.infer<typeof statutoryUpdateSchema>;

/** The details as the server answers them: null where not set; the account masked unless the caller is an admin. */
export const statutoryDetailsSchema = z.object({
  stateOfWork: z.string().nullable(),
  pan: z.string().nullable(),
  uan: z.string().nullable(),
  esiNumber: z.string().nullable(),
  bankAccount: z.string().nullable(),
  /** True when bankAccount is masked (XXXXXX1234). */
  bankAccountMasked: z.boolean(),
  ifsc: z.string().nullable(),
  taxRegime: z.enum(TAX_REGIMES).nullable(),
  gender: z.enum(GENDERS).nullable(),
  pfOnFullWages: z.boolean(),
  leftOn: z.string().nullable(),
});
export type StatutoryDetails = z.infer<typeof statutoryDetailsSchema>;
export type StatutoryField = keyof StatutoryUpdate;
export const STATUTORY_FIELDS = Object.keys(statutoryUpdateSchema.shape) as StatutoryField[];

/** 'XXXXXX1234': the last four digits only, and never the length of the number. */
export const maskBankAccount = (account: string): string => `XXXXXX${account.slice(-4)}`;

/** Labels the edit page and the profile show. */
export const STATUTORY_LABELS: Record<StatutoryField, string> = {
  stateOfWork: 'State of work',
  pan: 'PAN',
  uan: 'UAN',
  esiNumber: 'ESI number',
  bankAccount: 'Bank account number',
  ifsc: 'IFSC',
  taxRegime: 'Tax regime',
  gender: 'Gender',
  pfOnFullWages: 'PF on full wages',
  leftOn: 'Leaving date',
};
export const TAX_REGIME_LABELS = { new: 'New regime (default)', old: 'Old regime' } as const;
export const GENDER_LABELS = { female: 'Female', male: 'Male', other: 'Other' } as const;
