/**
 * Paying a month and releasing its slips: payment batches (each bank file made, with its rows, total,
 * SHA-256 and state), the returned payments, the release of slips to employees, and the payroll
 * settings that decide when slips go out and how the bank file is laid out.
 */
import { z } from 'zod';
import { dateSchema } from './common';

/** Control characters (C0, C1, DEL, the Unicode line and paragraph separators): never in one line of text. */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
export const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g;
const CONTROL = new RegExp(CONTROL_CHARACTERS.source);

const oneLine = (field: string, min: number, max: number) =>
  z
    .string({ error: `${field} is required` })
    .trim()
    .min(min, `${field} must be ${min} to ${max} characters`)
    .max(max, `${field} must be ${min} to ${max} characters`)
    .refine((s) => !CONTROL.test(s), `${field} must be one line of text without control characters`);

// ---- settings ----

/** When employees get their slips: emailed and shown once the month is approved, or only once an admin releases them after paying. */
export const SLIP_RELEASE = ['approval', 'release'] as const;

/**
 * What a bank file column holds. `fixed` is the same text on every row (a transaction type such as
 * "NEFT"). `accountBranch` is the first five digits of the row's account (a Finacle account number
 * begins with its branch's Sol ID); `shortNarration` is "SAL NOV 2026"; `total` the file's total;
 * `creditCount` how many credits it holds; `fileSequence` the batch's number (YYMM and the month's
 * batch, 261001). In the file header and the debit row, the account is the company's debit account
 * and the amount the file's total.
 */
export const BANK_FIELDS = [
  'beneficiaryAccount',
  'ifsc',
  'amount',
  'beneficiaryName',
  'narration',
  'shortNarration',
  'paymentDate',
  'debitAccount',
  'accountBranch',
  'employeeId',
  'email',
  'batchReference',
  'fileSequence',
  'total',
  'creditCount',
  'fixed',
] as const;
export type BankField = (typeof BANK_FIELDS)[number];

export const BANK_DATE_FORMATS = ['DD/MM/YYYY', 'DD-MM-YYYY', 'YYYY-MM-DD', 'MM/DD/YYYY', 'DDMMYYYY'] as const;

export const BANK_ALIGNS = ['left', 'right'] as const;
export const BANK_PADS = [' ', '0'] as const;
/** 'delimited': cells between separators; 'fixed': each cell padded to its column's width, nothing between them. */
export const BANK_LAYOUTS = ['delimited', 'fixed'] as const;
/** 'rupees': 12345.67; 'paise': the whole amount in paise with no point (1234567), as some fixed-width formats want it. */
export const BANK_AMOUNT_FORMATS = ['rupees', 'paise'] as const;
/** The three kinds of line a template may have, by their key in the format. */
export const BANK_LINES = ['fileHeader', 'debitRow', 'columns'] as const;
export type BankLine = (typeof BANK_LINES)[number];

export const bankColumnSchema = z.object({
  field: z.enum(BANK_FIELDS, { error: `field must be one of ${BANK_FIELDS.join(', ')}` }),
  header: oneLine('header', 1, 60),
  /** The text of a `fixed` column. */
  value: oneLine('value', 0, 60).optional(),
  /** The bank's longest value for a text column (a name, a narration, fixed text): longer text is cut. Accounts, amounts and dates are never cut. */
  maxLength: z.number({ error: 'maxLength must be a number' }).int('maxLength must be a whole number').min(1, 'maxLength must be 1 to 200').max(200, 'maxLength must be 1 to 200').optional(),
  /** Fixed-width files: the column's width in characters; a value is padded to it, and a longer one refused (or, for text, cut where truncateText says so). */
  width: z.number({ error: 'width must be a number' }).int('width must be a whole number').min(1, 'width must be 1 to 200').max(200, 'width must be 1 to 200').optional(),
  /** Fixed-width files: where the value sits in its width (default left: padded on the right). */
  align: z.enum(BANK_ALIGNS, { error: "align must be 'left' or 'right'" }).optional(),
  /** Fixed-width files: the character that fills the rest of the width (default a space; '0' for zero-padded amounts). */
  pad: z.enum(BANK_PADS, { error: "pad must be ' ' or '0'" }).optional(),
  /** Fixed-width files: the value must fill the width exactly (a 15-digit account); a shorter one is refused, not padded. */
  exact: z.boolean({ error: 'exact must be true or false' }).optional(),
});
export type BankColumn = z.infer<typeof bankColumnSchema>;

/** Between the cells of a line: a comma (CSV, quoted where needed) or a pipe (no quoting: a pipe inside a value becomes a space). */
export const BANK_SEPARATORS = [',', '|'] as const;

export const bankFormatSchema = z
  .object({
    /** 'generic': the built-in CSV (account, IFSC, amount, name, narration); 'custom': the columns below. */
    template: z.enum(['generic', 'custom'], { error: "template must be 'generic' or 'custom'" }),
    columns: z.array(bankColumnSchema).max(20, 'at most 20 columns'),
    headerRow: z.boolean({ error: 'headerRow must be true or false' }),
    dateFormat: z.enum(BANK_DATE_FORMATS, { error: `dateFormat must be one of ${BANK_DATE_FORMATS.join(', ')}` }),
    separator: z.enum(BANK_SEPARATORS, { error: "separator must be ',' or '|'" }).optional(),
    /** Cells between separators (default), or fixed-width cells, each padded to its column's width. */
    layout: z.enum(BANK_LAYOUTS, { error: "layout must be 'delimited' or 'fixed'" }).optional(),
    /** How amounts are written (default rupees with two decimals). */
    amountFormat: z.enum(BANK_AMOUNT_FORMATS, { error: "amountFormat must be 'rupees' or 'paise'" }).optional(),
    /**
     * Text (names, narrations) longer than its column: cut to fit (true) or the file refused (false).
     * Default: cut in a delimited file (its maxLength always cut), refused in a fixed-width one.
     * Accounts, amounts and dates are never cut.
     */
    truncateText: z.boolean({ error: 'truncateText must be true or false' }).optional(),
    /** A first line before everything (e.g. FILEHDR, the corporate ID, the file's number). */
    fileHeader: z.array(bankColumnSchema).max(10, 'at most 10 cells in the file header').optional(),
    /** A line for the company's account, debited with the file's total, before the credits. */
    debitRow: z.array(bankColumnSchema).max(20, 'at most 20 cells in the debit row').optional(),
    /** The ready template it was started from (READY_BANK_FORMATS), shown on the settings screen. */
    ready: z.string().max(40).optional(),
    /** The company's account the salaries are paid from, for formats that carry it on every row. */
    debitAccount: z
      .string()
      .trim()
      .regex(/^\d{6,20}$/, 'debitAccount must be 6 to 20 digits')
      .nullable(),
  })
  .superRefine((f, ctx) => {
    if (f.template === 'custom' && !f.columns.length) ctx.addIssue({ code: 'custom', path: ['columns'], message: 'a custom bank format needs at least one column' });
    if (f.template === 'custom') {
      for (const need of ['beneficiaryAccount', 'amount'] as const) {
        if (!f.columns.some((c) => c.field === need)) ctx.addIssue({ code: 'custom', path: ['columns'], message: `a custom bank format needs a ${need} column` });
      }
    }
    const debitCells = [...(f.fileHeader ?? []), ...(f.debitRow ?? [])];
    const needsDebit = f.columns.some((c) => c.field === 'debitAccount') || debitCells.some((c) => ['debitAccount', 'beneficiaryAccount', 'accountBranch'].includes(c.field));
    if (needsDebit && !f.debitAccount) ctx.addIssue({ code: 'custom', path: ['debitAccount'], message: 'debitAccount is required when a column holds it' });
    (f.fileHeader ?? []).forEach((c, i) => {
      if (c.field === 'fixed' && !c.value) ctx.addIssue({ code: 'custom', path: ['fileHeader', i, 'value'], message: `the file header's ${c.header} is required` });
    });
    if (f.layout === 'fixed') {
      if (f.headerRow) ctx.addIssue({ code: 'custom', path: ['headerRow'], message: 'a fixed-width file has no header row: headerRow must be false' });
      for (const key of BANK_LINES) {
        (f[key] ?? []).forEach((c, i) => {
          if (!c.width) ctx.addIssue({ code: 'custom', path: [key, i, 'width'], message: `width is required for ${c.header} in a fixed-width file` });
          else if (c.field === 'fixed' && (c.value ?? '').length > c.width) ctx.addIssue({ code: 'custom', path: [key, i, 'value'], message: `the text of ${c.header} is longer than its width of ${c.width}` });
        });
      }
    }
  });
export type BankFormat = z.infer<typeof bankFormatSchema>;

export const GENERIC_BANK_FORMAT: BankFormat = { template: 'generic', columns: [], headerRow: true, dateFormat: 'DD/MM/YYYY', debitAccount: null };

/** A ready template: a bank layout checked against public documentation, and where it is described. */
export interface ReadyBankFormat {
  id: string;
  label: string;
  /** What the admin fills in before saving. */
  needs: string;
  source: string;
  format: BankFormat;
}

const col = (field: BankField, header: string, extra: Omit<BankColumn, 'field' | 'header'> = {}) => ({ field, header, ...extra });

/**
 * The ready templates. Only layouts whose every line and column a public document describes are
 * here; salary/README.md says which were looked for and not shipped.
 */
export const READY_BANK_FORMATS: readonly ReadyBankFormat[] = [
  {
    id: 'filehdr-text',
    label: 'Salary text file: FILEHDR line, debit row, credit rows (pipe-separated, Finacle Sol IDs)',
    needs: 'your corporate ID and the debit account',
    source: 'https://www.scribd.com/document/718087925/Sample-Salary-Format-txt-File',
    format: {
      template: 'custom',
      ready: 'filehdr-text',
      separator: '|',
      headerRow: false,
      dateFormat: 'DD/MM/YYYY',
      debitAccount: null,
      fileHeader: [col('fixed', 'File header', { value: 'FILEHDR' }), col('fixed', 'Corporate ID', { value: '', maxLength: 32 }), col('fileSequence', 'File sequence number', { maxLength: 6 })],
      debitRow: [
        col('accountBranch', 'Branch Sol ID'),
        col('debitAccount', 'Debit A/C No.'),
        col('fixed', 'Currency code', { value: 'INR' }),
        col('fixed', 'Transaction type', { value: 'DR' }),
        col('total', 'Amount'),
        col('shortNarration', 'Remarks', { maxLength: 13 }),
      ],
      columns: [
        col('accountBranch', 'Branch Sol ID'),
        col('beneficiaryAccount', 'Credit A/C No.'),
        col('fixed', 'Currency code', { value: 'INR' }),
        col('fixed', 'Transaction type', { value: 'CR' }),
        col('amount', 'Amount'),
        col('shortNarration', 'Remarks', { maxLength: 13 }),
      ],
    },
  },
  {
    id: 'union-fixed-salary',
    label: 'Union Bank of India salary upload (fixed width: account 15, D/C 1, value date 8, particulars 50, amount 18 in paise)',
    needs: 'the debit account (your 15-digit Finacle account)',
    source: 'https://www.scribd.com/document/39882683/ACCOUNTS-MAINTENANCE-SALARY-UPLOAD-22-08-2004',
    format: {
      template: 'custom',
      ready: 'union-fixed-salary',
      layout: 'fixed',
      amountFormat: 'paise',
      truncateText: false,
      headerRow: false,
      dateFormat: 'DDMMYYYY',
      debitAccount: null,
      // The debit of the company's account by the total, then a credit per employee: the file must balance.
      debitRow: [
        col('debitAccount', 'Account Number', { width: 15, exact: true }),
        col('fixed', 'Part Tran Type', { value: 'D', width: 1 }),
        col('paymentDate', 'Value Date', { width: 8 }),
        col('narration', 'Particulars', { width: 50 }),
        col('total', 'Transaction Amount', { width: 18, align: 'right', pad: '0' }),
      ],
      columns: [
        col('beneficiaryAccount', 'Account Number', { width: 15, exact: true }),
        col('fixed', 'Part Tran Type', { value: 'C', width: 1 }),
        col('paymentDate', 'Value Date', { width: 8 }),
        col('narration', 'Particulars', { width: 50 }),
        col('amount', 'Transaction Amount', { width: 18, align: 'right', pad: '0' }),
      ],
    },
  },
];

/** GET/PUT /api/salary/settings: the company's payroll settings (a PUT names only what it changes). */
export const payrollSettingsSchema = z.object({
  slipEmailAttachXlsx: z.boolean({ error: 'slipEmailAttachXlsx must be true or false' }),
  slipRelease: z.enum(SLIP_RELEASE, { error: "slipRelease must be 'approval' or 'release'" }),
  bankFormat: bankFormatSchema,
});
export type PayrollSettings = z.infer<typeof payrollSettingsSchema>;

/** POST /api/salary/settings/bank-preview: a template not yet saved, laid out with sample people. */
export const bankPreviewBody = z.object({ bankFormat: bankFormatSchema });

export const bankPreviewSchema = z.object({
  /** The first lines of the file, without line ends, as the template would write them for the sample people. */
  lines: z.array(z.string()),
  /** How many of the lines are the sample credits (the rest: file header, header row, debit row). */
  credits: z.number(),
  /** Each sample value that would not fit its column, in the words a refused file uses. */
  problems: z.array(z.string()),
  /** What the file would be called: .txt for pipe and fixed-width files, .csv for comma-separated ones. */
  extension: z.enum(['csv', 'txt']),
});
export type BankPreview = z.infer<typeof bankPreviewSchema>;

// ---- batches ----

/** 'settlement': a leaver's full-and-final settlement, a batch of its own (month 'settlement'). */
export const BATCH_KINDS = ['salary', 'difference', 'repayment', 'settlement'] as const;

export const batchRowSchema = z.object({
  employeeId: z.string(),
  name: z.string(),
  /** Masked on screens: the full number is in the file only. */
  account: z.string(),
  ifsc: z.string(),
  amount: z.number(),
  purpose: z.enum(BATCH_KINDS),
  returned: z.object({ at: z.string(), reason: z.string() }).nullable(),
});

export const recoverySchema = z.object({ employeeId: z.string(), name: z.string(), amount: z.number() });

export const paymentBatchSchema = z.object({
  _id: z.string(),
  month: z.string(),
  /** 1 for the month's first bank file, 2 for the next… */
  seq: z.number(),
  kind: z.enum(BATCH_KINDS),
  approvalVersion: z.number(),
  createdAt: z.string(),
  createdBy: z.string().nullable(),
  rows: z.number(),
  total: z.number(),
  sha256: z.string(),
  filename: z.string(),
  state: z.enum(['created', 'paid']),
  paidOn: z.string().nullable(),
  bankReference: z.string().nullable(),
  returned: z.number(),
  /** Paid too much before (a re-run lowered their net): for HR to recover, never in a file. */
  recoveries: z.array(recoverySchema),
  leftOut: z.array(z.object({ employeeId: z.string(), name: z.string(), reason: z.string() })),
  lines: z.array(batchRowSchema),
});
export type PaymentBatch = z.infer<typeof paymentBatchSchema>;

export const monthPaymentsSchema = z.object({
  month: z.string(),
  approved: z.boolean(),
  batches: z.array(paymentBatchSchema),
  /** What a new batch would pay now: people and total (after a re-run, or once returned payments have fixed details). */
  owed: z.object({ people: z.number(), total: z.number() }),
  /** Paid more than the approved net: to recover outside the bank file. */
  recoveries: z.array(recoverySchema),
  release: z.object({ mode: z.enum(SLIP_RELEASE), releasedAt: z.string().nullable(), canRelease: z.boolean(), blockedBy: z.string().nullable() }),
});
export type MonthPayments = z.infer<typeof monthPaymentsSchema>;

export const markPaidBody = z.object({
  paidOn: dateSchema,
  bankReference: oneLine('bankReference', 1, 60),
});

export const markReturnedBody = z.object({
  employeeIds: z.array(z.string().trim().min(1, 'employeeIds must not hold an empty id').max(40, 'an employee id is too long')).min(1, 'employeeIds must name at least one employee').max(1000, 'at most 1000 employees at once'),
  reason: oneLine('reason', 3, 200),
});

// ---- re-run preview ----

export const rerunChangeSchema = z.object({
  employeeId: z.string(),
  name: z.string(),
  /** null: not in the approved slips (newly paid); for `after`: no longer paid (withdrawn). */
  netBefore: z.number().nullable(),
  netAfter: z.number().nullable(),
});
export type RerunChange = z.infer<typeof rerunChangeSchema>;

/** A slip a re-run keeps as approved: its month's statutory difference was paid as arrears in a later month. */
export const rerunKeptSchema = z.object({ employeeId: z.string(), name: z.string(), paidIn: z.array(z.string()) });
export type RerunKept = z.infer<typeof rerunKeptSchema>;

export const rerunPreviewSchema = z.object({
  month: z.string(),
  version: z.number(),
  changes: z.array(rerunChangeSchema),
  unchanged: z.number(),
  /** Unchanged slips whose bank or identity details moved since approval: a re-run brings them up to date in the files, and sends nothing. */
  refreshed: z.number(),
  /** Slips kept as approved (not in `changes`) so a difference paid as arrears is not paid twice, and the warning saying so (null when none). */
  kept: z.array(rerunKeptSchema),
  warning: z.string().nullable(),
  /** Pass it back with the re-run: the re-run is refused if what it would change is no longer this list. */
  previewHash: z.string(),
});
export type RerunPreview = z.infer<typeof rerunPreviewSchema>;

// ---- slips an employee can see ----

export const availableSlipSchema = z.object({
  month: z.string(),
  monthLabel: z.string(),
  version: z.number(),
  versions: z.array(z.object({ version: z.number(), storedAt: z.string(), reason: z.string().nullable(), net: z.number() })),
});
export const availableSlipsSchema = z.object({ employeeId: z.string(), slips: z.array(availableSlipSchema) });
export type AvailableSlips = z.infer<typeof availableSlipsSchema>;
