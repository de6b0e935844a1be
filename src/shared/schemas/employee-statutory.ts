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
 *
 * The person facts the statutory rules need (payroll/statutory/pf-membership.ts says how they are used):
 * - dateOfBirth (YYYY-MM-DD, before joining): EPS stops at 58; income-tax and PT age limits.
 * - pfMember (default true): false only for an excluded employee (the server refuses it otherwise);
 *   pfFirstJoinedOn, the first day of PF membership anywhere; pfWageAtJoining, the PF wages in rupees
 *   on that day (or on joining here, for a non-member); epsEligible, null to derive it from those two,
 *   true or false to override the derivation.
 * - personWithDisability (default false): ESI's higher wage limit and professional-tax exemptions.
 * - International workers (EPF Scheme para 83) are not supported: their PF is computed as anyone's.
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
/** How a person is employed; gratuity's minimum service depends on it (fixed-term: one year under the Code on Social Security). Not set reads as permanent. */
export const EMPLOYMENT_TYPES = ['permanent', 'fixed-term', 'contract'] as const;

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

function optionalDate(field: string) {
  return z
    .union([z.string({ error: `${field} must be text` }), z.null()], { error: `${field} must be text` })
    .transform((v) => (v === null || v.trim() === '' ? null : v.trim()))
    .refine((v) => v === null || dateSchema.safeParse(v).success, `${field} must be a real date written YYYY-MM-DD`);
}

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
  leftOn: optionalDate('Leaving date'),
  dateOfBirth: optionalDate('Date of birth').refine((v) => v === null || v >= '1900-01-01', 'Date of birth must be on or after 1900-01-01'),
  pfMember: z.boolean({ error: 'pfMember must be true or false' }),
  pfFirstJoinedOn: optionalDate('First PF membership date').refine((v) => v === null || v >= '1952-03-04', 'First PF membership date cannot be before the EPF Act (1952-03-04)'),
  pfWageAtJoining: z
    // The null sits on the number (not a third member) so the OpenAPI description gives it a type.
    .union([z.number({ error: 'PF wages at joining must be a number' }).nullable(), z.literal('')], { error: 'PF wages at joining must be a number' })
    .transform((v) => (v === '' ? null : v))
    .refine((v) => v === null || (Number.isFinite(v) && v >= 0 && v <= 100_000_000), 'PF wages at joining must be 0 or more, in rupees')
    .refine((v) => v === null || Math.round(v * 100) === Number((v * 100).toFixed(6)), 'PF wages at joining can have at most 2 decimals'),
  epsEligible: z.union([z.boolean(), z.null()], { error: 'epsEligible must be true, false or null (derived)' }),
  personWithDisability: z.boolean({ error: 'personWithDisability must be true or false' }),
  employmentType: optionalChoice('employmentType', EMPLOYMENT_TYPES, "'permanent', 'fixed-term' or 'contract'"),
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
    dateOfBirth: statutoryFieldSchemas.dateOfBirth.optional(),
    pfMember: statutoryFieldSchemas.pfMember.optional(),
    pfFirstJoinedOn: statutoryFieldSchemas.pfFirstJoinedOn.optional(),
    pfWageAtJoining: statutoryFieldSchemas.pfWageAtJoining.optional(),
    epsEligible: statutoryFieldSchemas.epsEligible.optional(),
    personWithDisability: statutoryFieldSchemas.personWithDisability.optional(),
    employmentType: statutoryFieldSchemas.employmentType.optional(),
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
  dateOfBirth: z.string().nullable(),
  pfMember: z.boolean(),
  pfFirstJoinedOn: z.string().nullable(),
  /** Rupees. */
  pfWageAtJoining: z.number().nullable(),
  /** The administrator's override; null when derived. */
  epsEligible: z.boolean().nullable(),
  personWithDisability: z.boolean(),
  /** null: not recorded (read as permanent). */
  employmentType: z.enum(EMPLOYMENT_TYPES).nullable(),
  /** What payroll uses: the override, or the derivation from the first membership date and the wage then. */
  epsEligibility: z.object({ eligible: z.boolean(), reason: z.string() }),
});
export type StatutoryDetails = z.infer<typeof statutoryDetailsSchema>;
export type StatutoryField = keyof StatutoryUpdate;
export const STATUTORY_FIELDS = Object.keys(statutoryUpdateSchema.shape) as StatutoryField[];

/**
 * A record nobody has filled in: nothing given, a PF member on wages up to the ceiling, EPS left to
 * the derivation. The server reads a missing row as this; the client's tests answer with it.
 */
export const NO_STATUTORY: Readonly<Omit<StatutoryDetails, 'bankAccountMasked' | 'epsEligibility'>> = {
  stateOfWork: null,
  pan: null,
  uan: null,
  esiNumber: null,
  bankAccount: null,
  ifsc: null,
  taxRegime: null,
  gender: null,
  pfOnFullWages: false,
  leftOn: null,
  dateOfBirth: null,
  pfMember: true,
  pfFirstJoinedOn: null,
  pfWageAtJoining: null,
  epsEligible: null,
  personWithDisability: false,
  employmentType: null,
};

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
  dateOfBirth: 'Date of birth',
  pfMember: 'PF member',
  pfFirstJoinedOn: 'First PF membership date',
  pfWageAtJoining: 'PF wages at first membership (₹)',
  epsEligible: 'Pension scheme (EPS)',
  personWithDisability: 'Person with disability',
  employmentType: 'Employment type',
};
export const TAX_REGIME_LABELS = { new: 'New regime (default)', old: 'Old regime' } as const;
export const GENDER_LABELS = { female: 'Female', male: 'Male', other: 'Other' } as const;
export const EMPLOYMENT_TYPE_LABELS = { permanent: 'Permanent', 'fixed-term': 'Fixed-term', contract: 'Contract' } as const;
