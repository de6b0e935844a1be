/**
 * Income tax per financial year: the employee's regime, the old regime's declarations and their
 * proofs, an earlier employer's figures, and the company's tax settings. Money in rupees on the
 * wire (as the employee's salary travels), paise in the database.
 */
import { z } from 'zod';
import { HRA_CITIES } from '../payroll/statutory/tax-declarations';
import { dateSchema, lineRule, monthSchema, nameText } from './common';
import { PAN_PATTERN } from './employee-statutory';

export const TAX_REGIMES = ['new', 'old'] as const;
export const DECLARATION_SECTIONS = ['rent', '80C', '80CCD1B', '80D-self', '80D-parents', '24b'] as const;
export type DeclarationSection = (typeof DECLARATION_SECTIONS)[number];
export const DECLARATION_STATUSES = ['declared', 'verified', 'rejected'] as const;

/** Proof files: PDF or an image, kept in the database, each at most this size. */
export const PROOF_MAX_BYTES = 2 * 1024 * 1024;
export const PROOF_MAX_PER_SECTION = 10;

/** '2026-27': a financial year from 2020-21 on, its second half the year after the first. */
export const financialYearSchema = z
  .string({ error: 'financialYear is required' })
  .regex(/^20\d\d-\d\d$/, 'financialYear must be written like 2026-27')
  .refine((fy) => (Number(fy.slice(0, 4)) + 1) % 100 === Number(fy.slice(5)), 'financialYear must be two consecutive years, like 2026-27')
  .refine((fy) => Number(fy.slice(0, 4)) >= 2020, 'financialYear must be 2020-21 or later');

const line = (field: string, max = 200) => nameText(field, max);
const optionalLine = (field: string, max = 200) =>
  z
    .string()
    .superRefine(lineRule(field, false))
    .trim()
    .max(max, `${field} must be at most ${max} characters`)
    .optional();
const panSchema = (field: string) =>
  z
    .string()
    .trim()
    .toUpperCase()
    .regex(PAN_PATTERN, `${field} must be five letters, four digits and a letter, e.g. ABCDE1234F`);

/** Whole rupees and paise, 0 up to ₹10 crore, at most 2 decimals. */
export const rupeesSchema = (field: string) =>
  z
    .number({ error: `${field} must be a number of rupees` })
    .min(0, `${field} must be 0 or more`)
    .max(10_00_00_000, `${field} is too large`)
    .refine((v) => Math.round(v * 100) === Number((v * 100).toFixed(6)), `${field} can have at most 2 decimals`);

export const regimeBody = z.object({ financialYear: financialYearSchema, regime: z.enum(TAX_REGIMES, { error: "regime must be 'new' or 'old'" }) });

const rentDetails = z.object({
  fromMonth: monthSchema,
  toMonth: monthSchema,
  city: z.enum(HRA_CITIES, { error: `city must be one of ${HRA_CITIES.join(', ')}` }),
  /** The town's name when city is 'other'. */
  cityName: optionalLine('cityName', 100),
  landlordName: line('landlordName'),
  landlordAddress: line('landlordAddress', 300),
  landlordPan: panSchema('landlordPan').optional(),
  /** The declaration form (Form 12BB; Form 124 from Tax Year 2026-27) asks whether the landlord is a relative, and which. */
  landlordRelationship: optionalLine('landlordRelationship', 60),
});
const lenderDetails = z.object({ lenderName: line('lenderName'), lenderAddress: optionalLine('lenderAddress', 300), lenderPan: panSchema('lenderPan').optional() });
const seniorDetails = z.object({ senior: z.boolean({ error: 'senior must be true or false' }).default(false) });
const noteDetails = z.object({ description: optionalLine('description', 300) });

/** One declaration of a section for a year; `amount` is a month's rent for 'rent', the year's amount otherwise. */
export const declarationBody = z.discriminatedUnion('section', [
  z.object({ financialYear: financialYearSchema, section: z.literal('rent'), amount: rupeesSchema('amount'), details: rentDetails }),
  z.object({ financialYear: financialYearSchema, section: z.literal('80C'), amount: rupeesSchema('amount'), details: noteDetails.default({}) }),
  z.object({ financialYear: financialYearSchema, section: z.literal('80CCD1B'), amount: rupeesSchema('amount'), details: noteDetails.default({}) }),
  z.object({ financialYear: financialYearSchema, section: z.literal('80D-self'), amount: rupeesSchema('amount'), details: seniorDetails.default({ senior: false }) }),
  z.object({ financialYear: financialYearSchema, section: z.literal('80D-parents'), amount: rupeesSchema('amount'), details: seniorDetails.default({ senior: false }) }),
  z.object({ financialYear: financialYearSchema, section: z.literal('24b'), amount: rupeesSchema('amount'), details: lenderDetails }),
], { error: `section must be one of ${DECLARATION_SECTIONS.join(', ')}` });
export type DeclarationBody = z.infer<typeof declarationBody>;

export const decisionBody = z.object({
  status: z.enum(['verified', 'rejected'], { error: "status must be 'verified' or 'rejected'" }),
  /** The amount verified when less than declared (rupees); the declared amount when missing. */
  amount: rupeesSchema('amount').optional(),
  note: optionalLine('note', 500),
});
export type DecisionBody = z.infer<typeof decisionBody>;

export const previousEmploymentBody = z.object({
  financialYear: financialYearSchema,
  employerName: line('employerName'),
  employerTan: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{4}\d{5}[A-Z]$/, 'employerTan must be four letters, five digits and a letter, e.g. BLRA12345B')
    .optional(),
  salary: rupeesSchema('salary'),
  exemptions: rupeesSchema('exemptions'),
  providentFund: rupeesSchema('providentFund'),
  professionalTax: rupeesSchema('professionalTax'),
  tds: rupeesSchema('tds'),
});
export type PreviousEmploymentBody = z.infer<typeof previousEmploymentBody>;

export const taxSettingsSchema = z.object({
  /** Monthly TDS counts declared (not rejected) amounts until the year's proof window closes, verified ones after; false: verified only. */
  declaredUntilProofWindowCloses: z.boolean({ error: 'declaredUntilProofWindowCloses must be true or false' }),
  years: z.record(
    financialYearSchema,
    z.object({
      /** The last day an employee may choose the year's regime; null: no cut-off. */
      regimeChoiceCloses: dateSchema.nullable(),
      /** The last day proofs are taken for the year; null: open to the year's end. */
      proofWindowCloses: dateSchema.nullable(),
    }),
  ),
});
export type TaxSettings = z.infer<typeof taxSettingsSchema>;

const rupees = z.number();

export const declarationSchema = z.object({
  _id: z.string(),
  employeeId: z.string(),
  name: z.string(),
  financialYear: z.string(),
  section: z.enum(DECLARATION_SECTIONS),
  amount: rupees,
  details: z.record(z.string(), z.unknown()),
  status: z.enum(DECLARATION_STATUSES),
  verifiedAmount: rupees.nullable(),
  note: z.string().nullable(),
  decidedAt: z.string().nullable(),
  updatedAt: z.string(),
  proofs: z.array(z.object({ _id: z.string(), fileName: z.string(), contentType: z.string(), size: z.number(), uploadedAt: z.string() })),
  /** Why a declaration is incomplete (a landlord PAN missing above ₹1 lakh a year…); empty when complete. */
  problems: z.array(z.string()),
});
export type Declaration = z.infer<typeof declarationSchema>;

export const previousEmploymentSchema = previousEmploymentBody.extend({ employerTan: z.string().nullable(), updatedAt: z.string() });

/** Everything one employee's tax screens show for a year. */
export const taxYearSchema = z.object({
  financialYear: z.string(),
  employeeId: z.string(),
  name: z.string(),
  regime: z.enum(TAX_REGIMES),
  /** False until the employee (or an admin) chose: the new regime is the default. */
  regimeChosen: z.boolean(),
  regimeChoiceCloses: z.string().nullable(),
  regimeChoiceOpen: z.boolean(),
  proofWindowCloses: z.string().nullable(),
  declarations: z.array(declarationSchema),
  previousEmployment: previousEmploymentSchema.nullable(),
  /** The Act's names for the year: section and form labels; a form null where the year's Act's number is not confirmed. */
  names: z.object({ act: z.string(), declarationForm: z.string().nullable(), previousEmployerForm: z.string().nullable(), certificate: z.string(), sections: z.record(z.string(), z.string()) }),
});
export type TaxYear = z.infer<typeof taxYearSchema>;

export const regimeChoiceSchema = z.object({
  /** The employee's record id (users.id), for an admin's change. */
  _id: z.string(),
  employeeId: z.string(),
  name: z.string(),
  regime: z.enum(TAX_REGIMES),
  chosen: z.boolean(),
  chosenAt: z.string().nullable(),
  chosenByAdmin: z.boolean(),
});

/** Most rows one page of an admin tax list answers; the screens ask for a page at a time. */
export const TAX_LIST_PAGE_MAX = 500;
export const TAX_LIST_PAGE_DEFAULT = 100;

/** `?q=&offset=&limit=` of the admin tax lists: a search by name, email or employee ID, and a page. */
export const taxListQuery = z.object({
  financialYear: financialYearSchema,
  /** Part of a name, an email or an employee ID, in any case. */
  q: z.string().trim().max(100, 'q must be at most 100 characters').optional(),
  offset: z.coerce.number({ error: 'offset must be a number' }).int('offset must be a whole number').min(0, 'offset must be 0 or more').default(0),
  limit: z.coerce
    .number({ error: 'limit must be a number' })
    .int('limit must be a whole number')
    .min(1, `limit must be between 1 and ${TAX_LIST_PAGE_MAX}`)
    .max(TAX_LIST_PAGE_MAX, `limit must be between 1 and ${TAX_LIST_PAGE_MAX}`)
    .default(TAX_LIST_PAGE_DEFAULT),
});

/** GET /api/tax/regimes: one page of active employees' regimes, and the counts of everyone the search finds. */
export const regimePageSchema = z.object({
  rows: z.array(regimeChoiceSchema),
  /** Employees matching the search and the regime filter (all pages). */
  total: z.number().int(),
  offset: z.number().int(),
  limit: z.number().int(),
  /** Of everyone matching the search, whatever the regime filter: how many are on each regime, and how many chose. */
  counts: z.object({ all: z.number().int(), old: z.number().int(), new: z.number().int(), chosen: z.number().int() }),
});
export type RegimePage = z.infer<typeof regimePageSchema>;

/** GET /api/tax/declarations: one page of a status's declarations, and the year's counts and sums for the search. */
export const declarationPageSchema = z.object({
  rows: z.array(declarationSchema),
  /** Declarations of the status matching the search (all pages). */
  total: z.number().int(),
  offset: z.number().int(),
  limit: z.number().int(),
  /** Of the year's declarations matching the search: how many have each status. */
  counts: z.object({ declared: z.number().int(), verified: z.number().int(), rejected: z.number().int() }),
  /**
   * Rupees a year, of the declarations matching the search: `declared` all amounts not rejected
   * (rent as the year's rent: a month's rent times the months), `verified` the amounts verified.
   */
  rupees: z.object({ declared: z.number(), verified: z.number() }),
});
export type DeclarationPage = z.infer<typeof declarationPageSchema>;
